import { describe, expect, it } from "vitest";
import { defaultSettings, vatRateBp } from "#server/modules/settings/schemas.ts";
import { orderVat } from "#server/modules/orders/line-vat.ts";
import {
  formatRate,
  shippingVat,
  storedShipping,
  vatBreakdown,
  vatGroupLabel,
  vatIncluded,
  type VatLine,
} from "./vat.ts";

const line = (quantity: number, unitPriceCents: number, vatRateBp: number, code: string | null = null): VatLine => ({
  quantity,
  unitPriceCents,
  vatRateBp,
  vatExemptionCode: code,
});

/** The same cart in every region: 2 × 24,60 € normal, 1 × 15,90 € reduzida, 1 × 10,00 € isento (M10). */
const cart = (normal: number, reduced: number) => [
  line(2, 2460, normal),
  line(1, 1590, reduced),
  line(1, 1000, 0, "M10"),
];

describe("vatBreakdown", () => {
  it("mainland: 23 % + 6 % + exempt, delivery 4,99 € at 23 %", () => {
    const b = vatBreakdown(cart(2300, 600), { cents: 499, vatRateBp: 2300, vatExemptionCode: null });
    // 23 %: 4920 + 499 = 5419; 5419 × 23 / 123 = 1013,31 → 1013 IVA, base 5419 − 1013 = 4406.
    // 6 %: 1590 × 6 / 106 = 90,00 → 90 IVA, base 1500.  Isento M10: 1000, IVA 0.
    expect(b.groups).toEqual([
      { rateBp: 2300, exemptionCode: null, baseCents: 4406, vatCents: 1013, totalCents: 5419, includesShipping: true },
      { rateBp: 600, exemptionCode: null, baseCents: 1500, vatCents: 90, totalCents: 1590, includesShipping: false },
      { rateBp: 0, exemptionCode: "M10", baseCents: 1000, vatCents: 0, totalCents: 1000, includesShipping: false },
    ]);
    // 4920 + 1590 + 1000 + 499 = 8009; IVA 1013 + 90 = 1103; base 4406 + 1500 + 1000 = 6906.
    expect(b).toMatchObject({ totalCents: 8009, vatCents: 1103, baseCents: 6906 });
  });

  it("Madeira: 22 % + 4 % + exempt, delivery 6,99 € at 22 %", () => {
    const b = vatBreakdown(cart(2200, 400), { cents: 699, vatRateBp: 2200, vatExemptionCode: null });
    // 22 %: 4920 + 699 = 5619; 5619 × 22 / 122 = 1013,26 → 1013, base 4606.
    // 4 %: 1590 × 4 / 104 = 61,15 → 61, base 1529.  Isento: 1000.
    expect(b.groups.map((g) => [g.rateBp, g.baseCents, g.vatCents, g.totalCents])).toEqual([
      [2200, 4606, 1013, 5619],
      [400, 1529, 61, 1590],
      [0, 1000, 0, 1000],
    ]);
    // 4920 + 1590 + 1000 + 699 = 8209; IVA 1013 + 61 = 1074.
    expect(b).toMatchObject({ totalCents: 8209, vatCents: 1074, baseCents: 7135 });
  });

  it("Açores: 16 % + 4 % + exempt, delivery 6,99 € at 16 %", () => {
    const b = vatBreakdown(cart(1600, 400), { cents: 699, vatRateBp: 1600, vatExemptionCode: null });
    // 16 %: 5619 × 16 / 116 = 775,03 → 775, base 4844.  4 %: 61, base 1529.  Isento: 1000.
    expect(b.groups.map((g) => [g.rateBp, g.baseCents, g.vatCents, g.totalCents, g.includesShipping])).toEqual([
      [1600, 4844, 775, 5619, true],
      [400, 1529, 61, 1590, false],
      [0, 1000, 0, 1000, false],
    ]);
    // IVA 775 + 61 = 836; total 8209 as in Madeira (same prices: the shopper pays the same, IVA included).
    expect(b).toMatchObject({ totalCents: 8209, vatCents: 836, baseCents: 7373 });
  });

  it("takes IVA from each group's total, not line by line", () => {
    // Three lines of 0,03 € at 23 %: per line 3 × 23 / 123 = 0,56 → 1 cent each = 3; on the group's 9 cents:
    // 9 × 23 / 123 = 1,68 → 2 cents. The group rule gives 2, not 3 × 1.
    const b = vatBreakdown([line(1, 3, 2300), line(1, 3, 2300), line(1, 3, 2300)], {
      cents: 0,
      vatRateBp: 2300,
      vatExemptionCode: null,
    });
    expect(b.groups).toEqual([
      { rateBp: 2300, exemptionCode: null, baseCents: 7, vatCents: 2, totalCents: 9, includesShipping: false },
    ]);
  });

  it("keeps exemption codes apart, and a free delivery adds no group", () => {
    const b = vatBreakdown([line(1, 500, 0, "M10"), line(2, 300, 0, "M01"), line(1, 1000, 0, "M10")], {
      cents: 0,
      vatRateBp: 0,
      vatExemptionCode: "M10",
    });
    expect(b.groups.map((g) => [g.exemptionCode, g.totalCents, g.vatCents])).toEqual([
      ["M01", 600, 0],
      ["M10", 1500, 0],
    ]);
    expect(b.totalCents).toBe(2100);
  });

  it("rounds half up in integers", () => {
    // At 100 %: 1 cent → 0,5 → 1; 3 cents → 1,5 → 2; 4 → 2.
    expect([vatIncluded(1, 10_000), vatIncluded(3, 10_000), vatIncluded(4, 10_000)]).toEqual([1, 2, 2]);
    expect(vatIncluded(12_300, 2300)).toBe(2300); // 123,00 € at 23 %: exactly 23,00 € of IVA
    expect(vatIncluded(999, 0)).toBe(0);
  });

  it("adds up exactly for many random carts (fixed seed)", () => {
    // mulberry32: the same carts on every run.
    let seed = 20261124;
    const random = () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]!;
    const rates = [2300, 1300, 600, 2200, 1200, 400, 1600, 900, 0];
    for (let n = 0; n < 2000; n++) {
      const lines = Array.from({ length: 1 + Math.floor(random() * 8) }, () => {
        const rate = pick(rates);
        return line(
          1 + Math.floor(random() * 5),
          1 + Math.floor(random() * 50_000),
          rate,
          rate ? null : pick(["M10", "M07"]),
        );
      });
      const shipping = { cents: pick([0, 499, 699, 1299]), vatRateBp: pick(rates), vatExemptionCode: "M10" };
      const b = vatBreakdown(lines, shipping);
      const charged = lines.reduce((s, l) => s + l.quantity * l.unitPriceCents, 0) + shipping.cents;
      expect(b.totalCents).toBe(charged);
      expect(b.baseCents + b.vatCents).toBe(charged);
      for (const g of b.groups) {
        expect(g.baseCents + g.vatCents).toBe(g.totalCents);
        // Within half a cent of the exact IVA of the group's gross.
        expect(Math.abs(g.vatCents - (g.totalCents * g.rateBp) / (10_000 + g.rateBp))).toBeLessThanOrEqual(0.5);
        // The group's gross is the sum of its lines (and the delivery when it is in it).
        const own = lines
          .filter((l) => l.vatRateBp === g.rateBp && (g.rateBp > 0 || l.vatExemptionCode === g.exemptionCode))
          .reduce((s, l) => s + l.quantity * l.unitPriceCents, 0);
        expect(g.totalCents).toBe(own + (g.includesShipping ? shipping.cents : 0));
      }
    }
  });
});

describe("delivery rate and labels", () => {
  const settings = defaultSettings({ mainlandCents: 499, islandsCents: 699, fastCents: 300 });

  it("delivery follows the goods' one rate, else the region's normal rate", () => {
    expect(shippingVat([line(1, 1, 600), line(2, 1, 600)], 2300)).toEqual({ vatRateBp: 600, vatExemptionCode: null });
    expect(shippingVat([line(1, 1, 0, "M10")], 1600)).toEqual({ vatRateBp: 0, vatExemptionCode: "M10" });
    expect(shippingVat([line(1, 1, 600), line(1, 1, 2300)], 2200)).toEqual({ vatRateBp: 2200, vatExemptionCode: null });
    expect(shippingVat([line(1, 1, 0, "M10"), line(1, 1, 0, "M01")], 1600).vatRateBp).toBe(1600);
    expect(storedShipping([line(1, 1, 0, "M10")], 499, 0)).toEqual({
      cents: 499,
      vatRateBp: 0,
      vatExemptionCode: "M10",
    });
  });

  it("checkout rates each line by its category in the delivery's region", () => {
    const lines = [
      { vatCategory: "normal" as const, vatExemptionCode: null },
      { vatCategory: "reduzida" as const, vatExemptionCode: null },
      { vatCategory: "isenta" as const, vatExemptionCode: null },
      { vatCategory: "isenta" as const, vatExemptionCode: "M07" },
    ];
    for (const zone of ["continente", "madeira", "acores"] as const) {
      const vat = orderVat(settings, zone, lines);
      expect(vat.lines.map((l) => [l.vatRateBp, l.vatExemptionCode])).toEqual([
        [vatRateBp(settings, zone, "normal"), null],
        [vatRateBp(settings, zone, "reduzida"), null],
        [0, settings.vat.defaultExemptionCode],
        [0, "M07"],
      ]);
      expect(vat.shippingVatRateBp).toBe(settings.vat.rates[zone].normal);
    }
  });

  it("writes rates as pt-PT does", () => {
    expect(formatRate(2300)).toBe("23 %");
    expect(formatRate(650)).toBe("6,5 %");
    expect(vatGroupLabel({ rateBp: 600, exemptionCode: null })).toBe("IVA 6 %");
    expect(vatGroupLabel({ rateBp: 0, exemptionCode: "M10" })).toBe("Isento (M10)");
  });
});
