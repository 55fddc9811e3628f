/**
 * Display formats of the shop: prices in pt-PT with the euro symbol after the number (every price shown).
 */

// Built on first use: constructing it costs a throttled phone a few hundred milliseconds, which a page that shows
// only server-formatted prices (the home page) should not pay while it hydrates.
let eur: Intl.NumberFormat | undefined;
const EUR = () => (eur ??= new Intl.NumberFormat("pt-PT", { style: "currency", currency: "EUR" }));

/** No-break space: the price and its symbol never wrap apart. */
const NBSP = "\u00a0";

/**
 * 12.5 -> "12,50 €", 1234567.8 -> "1 234 567,80 €" (pt-PT digits, always 2 decimals).
 *
 * The number part comes from Intl (pt-PT grouping and decimal comma); the symbol is
 * always placed after it with a no-break space, whatever the runtime's locale data,
 * so the server and the browser render the very same text (no hydration mismatch).
 */
export function formatEuros(value: number): string {
  if (!Number.isFinite(value)) return `—${NBSP}€`;
  const number = EUR()
    .formatToParts(value)
    .filter((part) => part.type !== "currency" && part.type !== "literal")
    .map((part) => (part.type === "group" ? NBSP : part.value))
    .join("");
  return `${number}${NBSP}€`;
}

/**
 * The shop's clock: admin tables render on the server, so dates are shown in Lisbon time whatever the
 * server's or the browser's own time zone (the same text on both sides, no hydration mismatch).
 */
export const SHOP_TIME_ZONE = "Europe/Lisbon";

/** A date and time in pt-PT, Lisbon time, e.g. 03/05/2025, 14:07:09; `fallback` when missing or invalid. */
export function formatShopDateTime(iso: string | null | undefined, fallback = "—"): string {
  const date = iso ? new Date(iso) : null;
  if (!date || Number.isNaN(date.getTime())) return fallback;
  return date.toLocaleString("pt-PT", { timeZone: SHOP_TIME_ZONE });
}
