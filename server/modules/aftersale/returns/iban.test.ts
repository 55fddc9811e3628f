import { describe, expect, it } from "vitest";
import { formatIban, isValidPtIban, normaliseIban } from "./iban.ts";

/** IBAN vectors: Portuguese (PT50 + 21 digits) with the ISO 13616 mod-97 check. */

describe("isValidPtIban", () => {
  it("accepts valid Portuguese IBANs, typed with spaces or in lower case", () => {
    // The example account banks publish for Portugal, as it is written or typed.
    for (const iban of [
      "PT50000201231234567890154",
      "pt50 0002 0123 1234 5678 9015 4",
      "PT50-0002-0123-1234-5678-9015-4",
    ])
      expect(isValidPtIban(iban), iban).toBe(true);
  });

  it("refuses a wrong check (any one digit changed), a wrong length, another country or other check digits", () => {
    const valid = "PT50000201231234567890154";
    for (let i = 4; i < valid.length; i++) {
      const digit = Number(valid[i]);
      const changed = valid.slice(0, i) + String((digit + 1) % 10) + valid.slice(i + 1);
      expect(isValidPtIban(changed), changed).toBe(false);
    }
    for (const iban of [
      "PT5000020123123456789015", // 20 digits
      "PT500002012312345678901540", // 22 digits
      "ES9121000418450200051332", // valid Spanish IBAN
      "PT51000201231234567890154",
      "PT50000201231234567890AB4",
      "",
    ])
      expect(isValidPtIban(iban), iban).toBe(false);
  });

  it("normalises and groups for display", () => {
    expect(normaliseIban(" pt50 0002-0123 1234 5678 9015 4 ")).toBe("PT50000201231234567890154");
    expect(formatIban("PT50000201231234567890154")).toBe("PT50 0002 0123 1234 5678 9015 4");
  });
});
