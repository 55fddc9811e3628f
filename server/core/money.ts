/**
 * Money crosses the gateway boundary as decimal strings ("10.99") and comes back as strings
 * or JSON numbers. Inside the shop it is always an integer number of cents; these two
 * functions convert without ever multiplying a float (the "0.5" vs "0.50" class of bugs).
 */

/** 1099 -> "10.99", 5 -> "0.05". Throws on anything but a non-negative safe integer. */
export function centsToAmount(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError("amount in cents must be a non-negative integer");
  const rest = cents % 100;
  return `${(cents - rest) / 100}.${String(rest).padStart(2, "0")}`;
}

const DECIMAL = /^(\d{1,9})(?:[.,](\d{1,2}))?$/;

/**
 * "10.5", "10.50", "10,50", 10.5 -> 1050; "10" -> 1000. Anything else (three decimals,
 * signs, exponents, thousands separators, empty, non-strings) -> null. Never rounds.
 */
export function amountToCents(value: unknown): number | null {
  let text: string;
  if (typeof value === "number") {
    if (!Number.isFinite(value) || value < 0) return null;
    text = String(value);
  } else if (typeof value === "string") {
    text = value.trim();
  } else {
    return null;
  }
  const match = DECIMAL.exec(text);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}
