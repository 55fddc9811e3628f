/*
 * Tax rules the browser shares with the server (pure: decision 0016). Portuguese tax numbers (NIF for people, NIPC
 * for companies): 9 digits, a known first digit or two-digit prefix, and a mod-11 check digit; used by the checkout's
 * billing form, the settings' NIPC, the invoice adapters and their stand-ins. And how a rate is written.
 */

/** The NIF invoices use when the customer gives none. */
export const CONSUMIDOR_FINAL_NIF = "999999990";

const ONE_DIGIT_PREFIXES = new Set(["1", "2", "3", "5", "6", "8", "9"]);
const TWO_DIGIT_PREFIXES = new Set(["45", "70", "71", "72", "74", "75", "77", "79", "90", "91", "98", "99"]);

/** Digits only: "PT 123 456 789" and "123-456-789" are typed by people; the stored form is "123456789". */
export function normaliseNif(input: string): string {
  return input.replace(/^\s*PT/i, "").replace(/[\s.-]/g, "");
}

/** True for a well-formed NIF/NIPC (length, prefix, check digit). Expects the normalised form. */
export function isValidNif(nif: string): boolean {
  if (!/^\d{9}$/.test(nif)) return false;
  if (!ONE_DIGIT_PREFIXES.has(nif[0]!) && !TWO_DIGIT_PREFIXES.has(nif.slice(0, 2))) return false;
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += Number(nif[i]) * (9 - i);
  const r = sum % 11;
  const check = r < 2 ? 0 : 11 - r;
  return check === Number(nif[8]);
}

export const NIF_MESSAGE = "NIF inválido.";

/** 2300 -> "23 %", 650 -> "6,5 %": a rate as pt-PT writes it. */
export function formatRate(rateBp: number): string {
  return `${(rateBp / 100).toLocaleString("pt-PT", { maximumFractionDigits: 2 })} %`;
}
