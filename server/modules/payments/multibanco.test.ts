import { describe, expect, it } from "vitest";
import { amountToCents, centsToAmount } from "#server/core/money.ts";
import { formatReference, isValidMultibancoReference, multibancoReference } from "./multibanco.ts";
import { PaymentRejectedError } from "#server/modules/payments/providers/provider.ts";

/** The other formulation of payments-pt.md: chk = BigInt(s) × 100 mod 97. */
function referenceByBigInt(entity: string, subEntity: string, orderId: string, cents: number): string {
  const seed = orderId.padStart(7 - subEntity.length, "0").slice(-(7 - subEntity.length));
  const s = entity + subEntity + seed + String(cents).padStart(8, "0");
  const chk = Number((BigInt(s) * 100n) % 97n);
  return subEntity + seed + String(98 - chk).padStart(2, "0");
}

describe("multibancoReference", () => {
  it.each([
    ["99999", "999", 123, 12_300, "999012373"],
    ["99999", "999", 123, 32_100, "999012337"],
    ["12345", "123", "01", 2_000, "123000125"],
  ] as const)("test vector (%s, %s, %s, %i cents) -> %s", (entity, sub, order, cents, expected) => {
    expect(multibancoReference(entity, sub, order, cents)).toBe(expected);
  });

  it("keeps 6/5/4 seed digits for a sub-entity of 1/2/3 digits, always 9 digits", () => {
    expect(multibancoReference("11604", "1", 1234567, 1000).slice(0, 7)).toBe("1234567");
    expect(multibancoReference("11604", "12", 1234567, 1000).slice(0, 7)).toBe("1234567");
    expect(multibancoReference("11604", "123", 1234567, 1000).slice(0, 7)).toBe("1234567");
    // "0000" + "7" has only 5 digits: the seed is padded to 6, so the reference still has 9.
    expect(multibancoReference("11604", "5", 7, 1000)).toMatch(/^5000007\d{2}$/);
    expect(multibancoReference("11604", "55", 7, 1000).slice(0, 7)).toBe("5500007");
    expect(multibancoReference("11604", "555", 7, 1000)).toMatch(/^5550007\d{2}$/);
  });

  it("agrees with the BigInt × 100 mod 97 formulation", () => {
    for (const [entity, sub] of [
      ["99999", "999"],
      ["12345", "1"],
      ["11604", "42"],
      ["00001", "0"],
    ] as const) {
      for (const order of [0, 1, 99, 123, 4567, 98765, 1234567]) {
        for (const cents of [100, 101, 199, 1099, 12_345, 99_999_999]) {
          expect(multibancoReference(entity, sub, order, cents)).toBe(
            referenceByBigInt(entity, sub, String(order), cents),
          );
        }
      }
    }
  });

  it("does not truncate cents: every cent changes the check digits", () => {
    const refs = [12_300, 12_301, 12_345, 12_399].map((c) => multibancoReference("99999", "999", 123, c));
    expect(new Set(refs).size).toBe(4);
    expect(refs.every((r) => r.startsWith("9990123"))).toBe(true);
    expect(() => multibancoReference("99999", "999", 123, 12_300.5)).toThrow(PaymentRejectedError);
    expect(multibancoReference("99999", "999", 123, 10_050)).not.toBe(multibancoReference("99999", "999", 123, 10_005));
  });

  it("rejects amounts under 1 € and over 999 999,99 € with pt-PT messages", () => {
    expect(() => multibancoReference("99999", "999", 1, 99)).toThrow(
      "O valor mínimo para pagamento por Multibanco é de 1,00 €.",
    );
    expect(() => multibancoReference("99999", "999", 1, 0)).toThrow(PaymentRejectedError);
    expect(() => multibancoReference("99999", "999", 1, -100)).toThrow(PaymentRejectedError);
    expect(() => multibancoReference("99999", "999", 1, 100_000_000)).toThrow(PaymentRejectedError);
    expect(multibancoReference("99999", "999", 1, 100)).toMatch(/^\d{9}$/);
    expect(multibancoReference("99999", "999", 1, 99_999_999)).toMatch(/^\d{9}$/);
    try {
      multibancoReference("99999", "999", 1, 50);
    } catch (err) {
      expect((err as PaymentRejectedError).status).toBe(400);
      expect((err as PaymentRejectedError).reason).toBe("amount_too_small");
    }
  });

  it.each([
    ["9999", "999"],
    ["999999", "999"],
    ["9999a", "999"],
    ["99999", ""],
    ["99999", "1234"],
    ["99999", "9a"],
  ])("rejects entity %j / sub-entity %j", (entity, sub) => {
    expect(() => multibancoReference(entity, sub, 1, 1000)).toThrow(RangeError);
  });

  it.each([-1, 1.5, Number.NaN, "12a", "", "-3"])("rejects order id %j", (order) => {
    expect(() => multibancoReference("99999", "999", order, 1000)).toThrow(RangeError);
  });
});

describe("formatReference / isValidMultibancoReference", () => {
  it("formats in groups of three", () => {
    expect(formatReference("999012373")).toBe("999 012 373");
    expect(formatReference("999 012 373")).toBe("999 012 373");
  });

  it("accepts a reference only for its entity and exact amount", () => {
    expect(isValidMultibancoReference("99999", "999012373", 12_300)).toBe(true);
    expect(isValidMultibancoReference("99999", "999 012 373", 12_300)).toBe(true);
    expect(isValidMultibancoReference("99999", "999012337", 32_100)).toBe(true);
    expect(isValidMultibancoReference("12345", "123000125", 2_000)).toBe(true);
    expect(isValidMultibancoReference("99999", "999012373", 12_301)).toBe(false);
    expect(isValidMultibancoReference("99998", "999012373", 12_300)).toBe(false);
    expect(isValidMultibancoReference("99999", "999012374", 12_300)).toBe(false);
    expect(isValidMultibancoReference("99999", "99901237", 12_300)).toBe(false);
    expect(isValidMultibancoReference("99999", "999012373", 99)).toBe(false);
    expect(isValidMultibancoReference("9999", "999012373", 12_300)).toBe(false);
  });
});

describe("money", () => {
  it.each([
    [0, "0.00"],
    [5, "0.05"],
    [50, "0.50"],
    [1099, "10.99"],
    [100_000, "1000.00"],
    [99_999_999, "999999.99"],
  ])("centsToAmount(%i) = %s", (cents, text) => {
    expect(centsToAmount(cents)).toBe(text);
    expect(amountToCents(text)).toBe(cents);
  });

  it("refuses fractional or negative cents", () => {
    expect(() => centsToAmount(10.5)).toThrow(RangeError);
    expect(() => centsToAmount(-1)).toThrow(RangeError);
  });
});
