import { describe, expect, it } from "vitest";
import type { StoredCartLine } from "#app/lib/storage.ts";
import { cartTotalCents, cartUnits, clampQuantity, lineKey, lineTotalCents } from "./cart-lines.ts";

const line = (over: Partial<StoredCartLine>): StoredCartLine => ({
  id: 1,
  name: "Artigo",
  image: "a.jpg",
  price: 1,
  cor: "",
  tamanho: "",
  quantidade: 1,
  ...over,
});

describe("cart sums (cents)", () => {
  it("adds price × quantity of every line in whole cents, without float drift", () => {
    const lines = [
      line({ id: 1, price: 0.1, quantidade: 3 }),
      line({ id: 2, price: 0.2, quantidade: 1 }),
      line({ id: 3, price: 19.99, quantidade: 7 }),
    ];
    // 0.1 * 3 + 0.2 is 0.5000000000000001 in floats; 19.99 * 7 is 139.92999999999998.
    expect(lines.map(lineTotalCents)).toEqual([30, 20, 13_993]);
    expect(cartTotalCents(lines)).toBe(14_043);
    expect(cartUnits(lines)).toBe(11);
    expect(cartTotalCents([])).toBe(0);
  });

  it("keeps quantities whole and between 1 and 99", () => {
    expect([clampQuantity(0), clampQuantity(-4), clampQuantity(2.9), clampQuantity(99), clampQuantity(150)]).toEqual([
      1, 1, 2, 99, 99,
    ]);
  });

  it("tells lines apart by product, colour, size and variant", () => {
    const a = line({ id: 5, cor: "Azul", tamanho: "M", variant_id: 9 });
    expect(lineKey(a)).toBe("5|Azul|M|9");
    expect(lineKey({ ...a, variant_id: undefined })).toBe("5|Azul|M|");
    expect(new Set([a, { ...a, cor: "Preto" }, { ...a, tamanho: "L" }, { ...a, id: 6 }].map(lineKey)).size).toBe(4);
  });
});
