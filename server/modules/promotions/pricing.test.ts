import { describe, expect, it } from "vitest";
import {
  CODE_MESSAGES,
  codeRefusal,
  paidForUnits,
  priceCart,
  shareOut,
  unitNets,
  unitSplit,
  type CartLineToPrice,
  type PromotionRule,
} from "./pricing.ts";

const NOW = new Date("2026-11-26T12:00:00Z");

function rule(over: Partial<PromotionRule>): PromotionRule {
  return {
    id: 1,
    name: "Promo",
    code: null,
    kind: "percentagem",
    percent: null,
    amountCents: null,
    minimumCents: null,
    categoryIds: [],
    productIds: [],
    combinesWithAutomatic: false,
    startsAt: null,
    endsAt: null,
    maxUses: null,
    maxUsesPerCustomer: null,
    uses: 0,
    ...over,
  };
}

const line = (
  key: string,
  productId: number,
  categoryId: number | null,
  unit: number,
  qty: number,
): CartLineToPrice => ({
  key,
  productId,
  categoryId,
  unitPriceCents: unit,
  quantity: qty,
});

const noShipping = { standardCents: 0, supplementCents: 0 };

describe("shareOut", () => {
  it("shares in proportion, largest remainder, adding up to the whole", () => {
    expect(shareOut(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(shareOut(1000, [1999, 3998, 1])).toEqual([333, 667, 0]);
    expect(shareOut(7, [2, 2, 3])).toEqual([2, 2, 3]);
    expect(shareOut(5, [0, 0])).toEqual([3, 2]);
    expect(shareOut(0, [5, 5])).toEqual([0, 0]);
    expect(shareOut(-10, [1, 2])).toEqual([-3, -7]);
  });
  it("always adds up exactly", () => {
    for (let total = 0; total < 400; total += 37) {
      const weights = [13, 0, 999, 1, 250, 77];
      const parts = shareOut(total, weights);
      expect(parts.reduce((s, p) => s + p, 0)).toBe(total);
      parts.forEach((p, i) => expect(Math.abs(p - (total * weights[i]!) / 1339)).toBeLessThan(1));
    }
  });
  it("refuses non-integers", () => {
    expect(() => shareOut(1.5, [1])).toThrow(RangeError);
    expect(() => shareOut(1, [])).toThrow(RangeError);
  });
});

describe("automatic reductions", () => {
  it("takes the best reduction per line, percent half up per unit, a fixed amount never below zero", () => {
    const autos = [
      rule({ id: 1, kind: "percentagem", percent: 15, categoryIds: [7] }),
      rule({ id: 2, kind: "valor", amountCents: 200, productIds: [10] }),
      rule({ id: 3, kind: "valor", amountCents: 5000, productIds: [11] }),
    ];
    // 15 % of 1999 = 299.85 → 300; 2 € off 1999 = 200 → the 15 % wins for product 10 in category 7.
    const cart = priceCart(
      [line("a", 10, 7, 1999, 2), line("b", 11, null, 1500, 1), line("c", 12, 8, 1000, 1)],
      autos,
      null,
      noShipping,
      NOW,
    );
    const [a, b, c] = cart.lines;
    expect(a).toMatchObject({
      automaticUnitReductionCents: 300,
      automaticPromotionId: 1,
      discountCents: 600,
      netCents: 3398,
    });
    expect(b).toMatchObject({
      automaticUnitReductionCents: 1500,
      automaticPromotionId: 3,
      discountCents: 1500,
      netCents: 0,
    });
    expect(c).toMatchObject({
      automaticUnitReductionCents: 0,
      automaticPromotionId: null,
      discountCents: 0,
      netCents: 1000,
    });
    expect(cart).toMatchObject({ subtotalCents: 6498, discountCents: 2100, totalCents: 4398 });
  });
  it("ignores promotions out of their period or inactive", () => {
    const autos = [
      rule({ id: 1, percent: 50, startsAt: new Date("2026-11-27T00:00:00Z") }),
      rule({ id: 2, percent: 40, endsAt: NOW }),
      rule({ id: 3, percent: 30, active: false }),
      rule({ id: 4, percent: 10, endsAt: new Date(NOW.getTime() + 1) }),
    ];
    const cart = priceCart([line("a", 1, null, 1000, 1)], autos, null, noShipping, NOW);
    expect(cart.lines[0]).toMatchObject({ automaticPromotionId: 4, discountCents: 100 });
  });
});

describe("codes", () => {
  it("a percent applies to the eligible lines' net, shared by net, adding up", () => {
    const code = rule({ id: 9, code: "NATAL10", kind: "percentagem", percent: 10, categoryIds: [1] });
    const cart = priceCart(
      [line("a", 1, 1, 333, 3), line("b", 2, 1, 1001, 1), line("c", 3, 2, 5000, 1)],
      [],
      code,
      noShipping,
      NOW,
    );
    // eligible net 999 + 1001 = 2000 → 200, shared 999:1001 → 100 + 100 (largest remainder)
    expect(cart.lines.map((l) => l.codeDiscountCents)).toEqual([100, 100, 0]);
    expect(cart).toMatchObject({ subtotalCents: 7000, discountCents: 200, totalCents: 6800, codePromotion: code });
  });
  it("a fixed amount is capped at the eligible net and shared by net", () => {
    const code = rule({ id: 9, code: "MENOS5", kind: "valor", amountCents: 500 });
    const cart = priceCart([line("a", 1, null, 100, 1), line("b", 2, null, 200, 1)], [], code, noShipping, NOW);
    expect(cart.lines.map((l) => l.codeDiscountCents)).toEqual([100, 200]);
    expect(cart.totalCents).toBe(0);
    const shared = priceCart([line("a", 1, null, 1000, 1), line("b", 2, null, 2000, 1)], [], code, noShipping, NOW);
    expect(shared.lines.map((l) => l.codeDiscountCents)).toEqual([167, 333]);
    expect(shared.totalCents).toBe(2500);
  });
  it("skips lines with an automatic reduction unless the code combines", () => {
    const auto = rule({ id: 1, kind: "percentagem", percent: 20, productIds: [1] });
    const lines = [line("a", 1, null, 1000, 1), line("b", 2, null, 1000, 1)];
    const alone = rule({ id: 9, code: "X", kind: "valor", amountCents: 300 });
    const both = { ...alone, combinesWithAutomatic: true };
    expect(priceCart(lines, [auto], alone, noShipping, NOW).lines.map((l) => l.discountCents)).toEqual([200, 300]);
    // combining: shared over nets 800 and 1000 → 133 + 167
    expect(priceCart(lines, [auto], both, noShipping, NOW).lines.map((l) => l.discountCents)).toEqual([333, 167]);
    expect(codeRefusal(alone, [lines[0]!], NOW, 0, [auto])).toBe(CODE_MESSAGES.notForCart);
    expect(codeRefusal(both, [lines[0]!], NOW, 0, [auto])).toBeNull();
  });
  it("free delivery takes off the standard rate, never the next-day supplement", () => {
    const code = rule({ id: 9, code: "PORTES", kind: "portes_gratis" });
    const cart = priceCart([line("a", 1, null, 1000, 1)], [], code, { standardCents: 499, supplementCents: 500 }, NOW);
    expect(cart).toMatchObject({
      shippingCents: 999,
      shippingDiscountCents: 499,
      totalCents: 1500,
      standardShippingCents: 0,
      supplementCents: 500,
      discountCents: 0,
    });
  });
  it("the free-delivery threshold compares the subtotal after discounts", () => {
    const code = rule({ id: 9, code: "X", kind: "valor", amountCents: 100 });
    const ship = { standardCents: 499, supplementCents: 0, freeFromCents: 5000 };
    expect(priceCart([line("a", 1, null, 5000, 1)], [], null, ship, NOW)).toMatchObject({
      shippingCents: 0,
      totalCents: 5000,
    });
    expect(priceCart([line("a", 1, null, 5000, 1)], [], code, ship, NOW)).toMatchObject({
      shippingCents: 499,
      totalCents: 5399,
    });
  });
  it("answers each refusal in pt-PT", () => {
    const lines = [line("a", 1, 3, 1000, 2)];
    const base = rule({ id: 9, code: "C", kind: "percentagem", percent: 10 });
    expect(codeRefusal(null, lines, NOW, 0)).toBe("Código de desconto desconhecido.");
    expect(codeRefusal({ ...base, active: false }, lines, NOW, 0)).toBe("Código de desconto desconhecido.");
    expect(codeRefusal({ ...base, endsAt: NOW }, lines, NOW, 0)).toBe("Este código de desconto já expirou.");
    expect(codeRefusal({ ...base, startsAt: new Date(NOW.getTime() + 1000) }, lines, NOW, 0)).toBe(
      "Este código de desconto ainda não está em vigor.",
    );
    expect(codeRefusal({ ...base, minimumCents: 2001 }, lines, NOW, 0)).toBe(
      "Este código de desconto exige um mínimo de 20,01 € em compras.",
    );
    expect(codeRefusal({ ...base, minimumCents: 2000 }, lines, NOW, 0)).toBeNull();
    expect(codeRefusal({ ...base, maxUses: 5, uses: 5 }, lines, NOW, 0)).toBe(
      "Este código de desconto já foi totalmente utilizado.",
    );
    expect(codeRefusal({ ...base, maxUses: 5, uses: 4 }, lines, NOW, 0)).toBeNull();
    expect(codeRefusal({ ...base, maxUsesPerCustomer: 1 }, lines, NOW, 1)).toBe(
      "Já utilizou este código de desconto o número máximo de vezes.",
    );
    expect(codeRefusal({ ...base, categoryIds: [4] }, lines, NOW, 0)).toBe(
      "Este código de desconto não se aplica aos artigos do carrinho.",
    );
  });
  it("the minimum counts the eligible lines after automatic reductions", () => {
    const auto = rule({ id: 1, percent: 50, productIds: [1] });
    const code = rule({ id: 9, code: "C", percent: 10, minimumCents: 1000, combinesWithAutomatic: true });
    expect(codeRefusal(code, [line("a", 1, null, 1000, 1)], NOW, 0, [auto])).toBe(CODE_MESSAGES.minimum(1000));
    expect(codeRefusal(code, [line("a", 1, null, 1000, 2)], NOW, 0, [auto])).toBeNull();
  });
});

describe("units of a discounted line", () => {
  const l = { unitPriceCents: 1000, quantity: 3, discountCents: 100 };
  it("shares the discount over the units, adding up to the net", () => {
    expect(unitNets(l)).toEqual([966, 967, 967]);
    expect(paidForUnits(l, 1)).toBe(966);
    expect(paidForUnits(l, 2, 1)).toBe(1934);
    expect(paidForUnits(l, 1) + paidForUnits(l, 1, 1) + paidForUnits(l, 1, 2)).toBe(2900);
    expect(() => paidForUnits(l, 2, 2)).toThrow(RangeError);
  });
  it("splits into document items that add up exactly", () => {
    expect(unitSplit(l)).toEqual([
      { quantity: 1, unitPriceCents: 966 },
      { quantity: 2, unitPriceCents: 967 },
    ]);
    expect(unitSplit({ unitPriceCents: 1000, quantity: 4, discountCents: 400 })).toEqual([
      { quantity: 4, unitPriceCents: 900 },
    ]);
    expect(unitSplit(l, 2, 1)).toEqual([{ quantity: 2, unitPriceCents: 967 }]);
  });
});
