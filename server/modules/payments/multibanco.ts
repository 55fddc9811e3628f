import {
  MAX_AMOUNT_CENTS,
  MB_MIN_AMOUNT_CENTS,
  PaymentRejectedError,
} from "#server/modules/payments/providers/provider.ts";

/**
 * Multibanco references for an entity + sub-entity ("offline" references: no gateway call).
 *
 *   seed  = rightmost N digits of "0000" + orderId, N = 6/5/4 for a sub-entity of 1/2/3 digits
 *           (zero-padded to N: the documented prefix is one digit short for N = 6 and a 1-digit id)
 *   s     = entity(5) + subEntity + seed + cents(8)            -> always 20 digits
 *   chk   = Σ s[19−i] × W[i] mod 97  (= BigInt(s) × 100 mod 97)
 *   check = pad2(98 − chk); reference = subEntity + seed + check -> 9 digits
 *
 * The amount is part of the check digits, so a reference only "fits" its exact amount.
 * Note that the seed keeps only the last 4–6 digits of the order id: orders 123 and 10123
 * with the same amount get the same reference; match callbacks among unpaid payments only.
 */

const WEIGHTS = [3, 30, 9, 90, 27, 76, 81, 34, 49, 5, 50, 15, 53, 45, 62, 38, 89, 17, 73, 51] as const;

export function isValidEntity(entity: string): boolean {
  return /^\d{5}$/.test(entity);
}

export function isValidSubEntity(subEntity: string): boolean {
  return /^\d{1,3}$/.test(subEntity);
}

function checkAmount(amountCents: number): void {
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0) throw new PaymentRejectedError("invalid_amount");
  if (amountCents < MB_MIN_AMOUNT_CENTS) throw new PaymentRejectedError("amount_too_small");
  if (amountCents > MAX_AMOUNT_CENTS) throw new PaymentRejectedError("amount_too_large");
}

/** The two check digits for the 20-digit string (weights; equal to BigInt(s) * 100n % 97n). */
function checkDigits(twenty: string): string {
  let chk = 0;
  for (let i = 0; i < 20; i++) chk = (chk + Number(twenty[19 - i]) * WEIGHTS[i]!) % 97;
  return String(98 - chk).padStart(2, "0");
}

/**
 * The 9-digit reference (unformatted). Throws RangeError for a bad entity, sub-entity or
 * order id (configuration or programming errors) and PaymentRejectedError for an amount
 * under 1 €, over 999 999,99 € or not a whole number of cents (never truncated).
 */
export function multibancoReference(
  entity: string,
  subEntity: string,
  orderId: number | string,
  amountCents: number,
): string {
  if (!isValidEntity(entity)) throw new RangeError("Multibanco entity must be 5 digits");
  if (!isValidSubEntity(subEntity)) throw new RangeError("Multibanco sub-entity must be 1 to 3 digits");
  const id =
    typeof orderId === "number" ? (Number.isSafeInteger(orderId) && orderId >= 0 ? String(orderId) : "") : orderId;
  if (!/^\d+$/.test(id)) throw new RangeError("order id must be a non-negative integer or a string of digits");
  checkAmount(amountCents);
  const seedLength = 7 - subEntity.length;
  // Rightmost N digits of "0000" + id, padded to N: "0000" + "7" alone is too short for N = 6.
  const seed = ("0000" + id).slice(-seedLength).padStart(seedLength, "0");
  const twenty = entity + subEntity + seed + String(amountCents).padStart(8, "0");
  return subEntity + seed + checkDigits(twenty);
}

/** "999012373" -> "999 012 373" (spaces in the input are ignored). */
export function formatReference(reference: string): string {
  const digits = reference.replace(/\s+/g, "");
  return digits.replace(/(\d{3})(?=\d)/g, "$1 ");
}

/**
 * Whether a 9-digit reference (spaces allowed) carries the right check digits for this
 * entity and exact amount. The sub-entity/seed split does not matter for the check.
 */
export function isValidMultibancoReference(entity: string, reference: string, amountCents: number): boolean {
  const ref = reference.replace(/\s+/g, "");
  if (!isValidEntity(entity) || !/^\d{9}$/.test(ref)) return false;
  if (!Number.isSafeInteger(amountCents) || amountCents < MB_MIN_AMOUNT_CENTS || amountCents > MAX_AMOUNT_CENTS)
    return false;
  const twenty = entity + ref.slice(0, 7) + String(amountCents).padStart(8, "0");
  return checkDigits(twenty) === ref.slice(7);
}
