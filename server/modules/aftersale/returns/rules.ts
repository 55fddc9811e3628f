/**
 * The withdrawal's rules the browser shares with the server (decision 0015): the IBAN check (no zod) and the public
 * form's first step. No database, no Node modules: /livre-resolucao and /conta's order page import this; iban.ts
 * re-exports the IBAN rule for the server's imports.
 *
 * The IBAN a Multibanco or Payshop refund is transferred to: Portuguese accounts only (PT50 + the 21 digits of the
 * NIB), checked with ISO 13616's mod-97: the country code and check digits moved to the end, letters as numbers
 * (A = 10 … Z = 35), the whole number modulo 97 must be 1.
 */

export const IBAN_MESSAGE = "IBAN inválido.";

/** "pt50 0002 0123…" → "PT500002…": spaces and dashes dropped, upper case (how it is stored). */
export const normaliseIban = (value: string) => value.replace(/[\s-]/g, "").toUpperCase();

/** ISO 13616 check: rearranged, letters to numbers, remainder 1 (computed piecewise: no big integers). */
function mod97(iban: string): number {
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const code = char >= "A" && char <= "Z" ? String(char.charCodeAt(0) - 55) : char;
    for (const digit of code) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder;
}

/** A Portuguese IBAN (after normaliseIban): PT50, 21 digits, mod-97 remainder 1. */
export function isValidPtIban(value: string): boolean {
  const iban = normaliseIban(value);
  return /^PT50\d{21}$/.test(iban) && mod97(iban) === 1;
}

/** "PT50 0002 0123 1234 5678 9015 4": groups of four, as banks print it. */
export const formatIban = (iban: string) => normaliseIban(iban).replace(/(.{4})(?=.)/g, "$1 ");

export const LOOKUP_INCOMPLETE = "Indique o número da encomenda e o email da conta com que comprou.";

/** "#1234", " 1234 " → "1234"; anything but one to nine digits → null. */
export function orderNumberOf(raw: string): string | null {
  const number = raw.trim().replace(/^#/, "");
  return /^\d{1,9}$/.test(number) ? number : null;
}
