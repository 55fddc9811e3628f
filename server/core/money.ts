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

/** No-break space: the number's groups and its euro symbol never wrap apart. */
const NBSP = "\u00a0";

// Built on first use: constructing it costs a throttled phone a few hundred milliseconds, which a page that shows
// only server-formatted prices (the home page) should not pay while it hydrates.
let eurFormat: Intl.NumberFormat | undefined;

/**
 * An amount in euros as the shop shows it: 12.5 -> "12,50 €", 1234567.8 -> "1 234 567,80 €" (pt-PT digits,
 * always 2 decimals, no-break spaces). For amounts that arrive in euros (the API's prices); cents go through
 * `formatEuros`.
 *
 * The number part comes from Intl (pt-PT grouping and decimal comma); the symbol is always placed after it
 * with a no-break space, whatever the runtime's locale data, so the server, the browser and the e-mails
 * show the very same text (no hydration mismatch).
 */
export function formatEuroAmount(euros: number): string {
  if (!Number.isFinite(euros)) return `—${NBSP}€`;
  eurFormat ??= new Intl.NumberFormat("pt-PT", { style: "currency", currency: "EUR" });
  const number = eurFormat
    .formatToParts(euros)
    .filter((part) => part.type !== "currency" && part.type !== "literal")
    .map((part) => (part.type === "group" ? NBSP : part.value))
    .join("");
  return `${number}${NBSP}€`;
}

/** The shop's euro formatter: 1250 -> "12,50 €" (cents, as the shop keeps money; see `formatEuroAmount`). */
export function formatEuros(cents: number): string {
  return formatEuroAmount(cents / 100);
}

/**
 * An amount in cents as the shop's messages and order history write it: 1250 -> "12,50 €" (plain space,
 * no thousands groups). The API's pt-PT answers and the timeline events have always used this form;
 * prices on screen and in e-mails use `formatEuros`.
 */
export function eurosInText(cents: number): string {
  return `${(cents / 100).toFixed(2).replace(".", ",")} €`;
}
