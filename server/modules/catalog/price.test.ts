import { describe, expect, it } from "vitest";
import { CATALOG_MESSAGES as M, formatPriceInput, parsePriceCents } from "./schemas.ts";

/**
 * The one price parser of the admin forms and the API (issue 11, 2.5). The rule: a comma or a
 * point separates 1 or 2 decimals; thousands may be grouped with spaces only ("1 234,50").
 * A point or comma followed by exactly three digits, or both marks at once, could be a thousands
 * separator: refused as ambiguous rather than guessed.
 */
describe("parsePriceCents", () => {
  it.each([
    ["15,5", 1550],
    ["15.5", 1550],
    ["15,50", 1550],
    ["15.05", 1505],
    ["15", 1500],
    ["0,99", 99],
    ["1234,5", 123450],
    ["1234.5", 123450],
    ["1 234,50", 123450],
    ["1\u00a0234,50", 123450],
    ["1\u202f234,50 €", 123450],
    ["123 456", 12_345_600],
    [" 19,90 € ", 1990],
    ["007,10", 710],
    [12.5, 1250],
    [19.9, 1990],
  ])("%j -> %i cents", (text, cents) => {
    expect(parsePriceCents(text)).toEqual({ ok: true, cents });
  });

  it.each([
    ["1.234", M.priceAmbiguous],
    ["1,234", M.priceAmbiguous],
    ["12,345", M.priceAmbiguous],
    ["1.234,5", M.priceAmbiguous],
    ["1,234.50", M.priceAmbiguous],
    ["1,234,5", M.priceAmbiguous],
    ["1.234.567", M.priceAmbiguous],
    ["15,5555", M.priceDecimals],
    ["1 23,50", M.priceInvalid],
    ["12 34", M.priceInvalid],
    ["15,", M.priceInvalid],
    [",5", M.priceInvalid],
    ["abc", M.priceInvalid],
    ["1e5", M.priceInvalid],
    ["", M.required],
    ["0,00", M.priceZero],
    ["-1,50", M.priceNegative],
    ["1 000 000,01", M.priceTooHigh],
  ])("%j is refused: %s", (text, message) => {
    expect(parsePriceCents(text)).toEqual({ ok: false, message });
  });

  it("the ambiguous message is pt-PT and shows the accepted ways", () => {
    expect(M.priceAmbiguous).toMatch(/separador de milhares/);
    expect(M.priceAmbiguous).toContain("1234,50");
  });
});

describe("formatPriceInput", () => {
  it.each([
    [1550, "15,50"],
    [1505, "15,05"],
    [99, "0,99"],
    [123450, "1234,50"],
    [100_000_000, "1000000,00"],
  ])("%i cents -> %j, which parses back to the same cents", (cents, text) => {
    expect(formatPriceInput(cents)).toBe(text);
    expect(parsePriceCents(text)).toEqual({ ok: true, cents });
  });
});
