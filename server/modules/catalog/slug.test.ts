import { describe, expect, it } from "vitest";
import { categorySlug } from "./slug.ts";

describe("categorySlug", () => {
  it.each([
    ["T-shirts", "t-shirts"],
    ["Canecas", "canecas"],
    ["Sabões & Velas", "saboes-velas"],
    ["  Cadernos  A5 ", "cadernos-a5"],
    ["Ç/ã/É", "c-a-e"],
  ])("%s → %s", (name, slug) => expect(categorySlug(name)).toBe(slug));
});
