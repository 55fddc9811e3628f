/**
 * Display formats of the web app, from the shop's one euro formatter (server/core/money.ts) and one Lisbon
 * date module (server/core/time.ts): both pure, so the browser runs the very code the server and the e-mails
 * run (the same text on both sides, no hydration mismatch).
 */
import { formatDateTime } from "#server/core/time.ts";

export { SHOP_TIME_ZONE } from "#server/core/time.ts";

/** 12.5 -> "12,50 €", 1234567.8 -> "1 234 567,80 €": the API's amounts are in euros. */
export { formatEuroAmount as formatEuros } from "#server/core/money.ts";

/** A date and time in pt-PT, Lisbon time, e.g. 03/05/2025, 14:07:09; `fallback` when missing or invalid. */
export function formatShopDateTime(iso: string | null | undefined, fallback = "—"): string {
  const date = iso ? new Date(iso) : null;
  if (!date || Number.isNaN(date.getTime())) return fallback;
  return formatDateTime(date);
}
