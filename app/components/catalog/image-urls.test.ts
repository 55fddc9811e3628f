import { afterEach, describe, expect, it } from "vitest";
import { uploadPath, uploadSrcSet } from "./image-urls.ts";

/* UPLOADS_PUBLIC_URL: pictures' URLs point at a CDN when set, at the shop's /uploads/ otherwise. */

afterEach(() => {
  delete process.env.UPLOADS_PUBLIC_URL;
});

describe("picture URLs", () => {
  it("are the shop's /uploads/ without UPLOADS_PUBLIC_URL", () => {
    expect(uploadPath("a b.jpg")).toBe("/uploads/a%20b.jpg");
    expect(uploadPath("")).toBe("/images/default.jpg");
  });

  it("start with UPLOADS_PUBLIC_URL (its trailing slash dropped) when set, srcset included", () => {
    process.env.UPLOADS_PUBLIC_URL = "https://cdn.loja.pt/fotos/";
    expect(uploadPath("abc.jpg")).toBe("https://cdn.loja.pt/fotos/abc.jpg");
    expect(uploadSrcSet("abc.jpg").split(", ")[0]).toBe("https://cdn.loja.pt/fotos/abc-320.webp 320w");
  });
});
