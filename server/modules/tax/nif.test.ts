import { describe, expect, it } from "vitest";
import { CONSUMIDOR_FINAL_NIF, isValidNif, normaliseNif } from "./nif.ts";

describe("NIF", () => {
  it.each([
    ["999999990", true], // Consumidor final
    ["123456789", true],
    ["501964843", true], // a company (5…)
    ["123456780", false], // wrong check digit
    ["12345678", false], // 8 digits
    ["1234567890", false], // 10 digits
    ["400000000", false], // 4 is not a valid first digit (and 40 not a prefix)
    ["450000001", true], // prefix 45: 4×9 + 5×8 = 76, 76 mod 11 = 10 → check 1
    ["abcdefghi", false],
  ])("%s → %s", (nif, valid) => {
    expect(isValidNif(nif)).toBe(valid);
  });

  it("the check digit is 0 when the remainder is 0 or 1", () => {
    // 10000001x: 1×9 + 1×2 = 11 → r = 0 → check 0; 10000010x: 9 + 3 = 12 → r = 1 → check 0.
    expect(isValidNif("100000010")).toBe(true);
    expect(isValidNif("100000100")).toBe(true);
    expect(isValidNif("100000011")).toBe(false);
  });

  it("accepts what people type", () => {
    expect(normaliseNif("PT 123 456 789")).toBe("123456789");
    expect(normaliseNif("123-456-789")).toBe("123456789");
    expect(isValidNif(normaliseNif(" pt123.456.789 "))).toBe(true);
    expect(CONSUMIDOR_FINAL_NIF).toBe("999999990");
  });
});
