import { useCallback, useEffect, useRef, useState } from "react";
import { lineKey, toCents } from "#app/components/cart/cart-lines.ts";
import { readDiscountCode, useDiscountCode, writeDiscountCode } from "#app/components/cart/discount-code.ts";
import { fetchQuoteOrRefusal, quoteBody, type CartQuote } from "#app/components/cart/quote.ts";
import { readCartLines, writeCart, type StoredCartLine } from "#app/lib/storage.ts";
import type { CartCheckLine } from "#server/modules/orders/schemas.ts";

/** A stored price the cart check brought up to date (euros). */
export interface PriceChange {
  name: string;
  before: number;
  after: number;
}

export interface CartCheckOutcome {
  /** The server's quote: each line's state, and subtotal, delivery (mainland until a postal code) and total. */
  check: CartQuote;
  /** Prices written back into the stored cart. */
  changes: PriceChange[];
  /** The lines that cannot be bought, by line key, with their reason. */
  blocking: Map<string, CartCheckLine>;
  /** The discount code sent, if any, and the server's pt-PT refusal of it (then it is no longer applied). */
  code: string | null;
  codeRefusal: string | null;
}

/**
 * Checks the stored cart against the database (POST /api/cart/quote, which answers the lines as
 * /api/cart/check does, with the sums) and writes the current prices back into it (so the prices shown are
 * the prices charged). Null when the cart is empty or the server could not say.
 */
export async function checkStoredCart(): Promise<CartCheckOutcome | null> {
  const current = readCartLines();
  if (current.length === 0) return null;
  const code = readDiscountCode();
  const answer = await fetchQuoteOrRefusal(quoteBody(current, {}, code));
  if (!answer) return null;
  const check = answer.quote;
  // A refused code is dropped: the figures shown are the quote without it, and the field says why.
  if (answer.refusal && readDiscountCode() === code) writeDiscountCode(null);
  const changes: PriceChange[] = [];
  const next = current.map((line, i) => {
    const checked = check.lines[i];
    if (checked?.price == null || toCents(checked.price) === toCents(line.price)) return line;
    changes.push({ name: checked.name ?? line.name, before: line.price, after: checked.price });
    return { ...line, price: checked.price };
  });
  if (changes.length > 0) writeCart(next);
  const blocking = new Map<string, CartCheckLine>();
  current.forEach((line, i) => {
    const checked = check.lines[i];
    if (checked && checked.status !== "ok" && checked.status !== "price_changed") blocking.set(lineKey(line), checked);
  });
  return { check, changes, blocking, code, codeRefusal: answer.refusal };
}

/**
 * What a check depends on: items, quantities and the discount code (a price written back by the check must not
 * trigger another).
 */
const cartSignature = (lines: readonly StoredCartLine[], code: string | null) =>
  lines.map((l) => `${lineKey(l)}:${l.quantidade}`).join(",") + (code ? `|${code}` : "");

/**
 * Cart /carrinho: revalidates the cart whenever its items or quantities change, and on demand before checkout
 * (`recheck`). Every price change is kept to be told to the shopper; lines that cannot be bought carry their reason;
 * `quote` holds the server's subtotal, delivery and total for the summary (the latest answer only).
 * `lines` is null until the cart is read (before hydration): nothing is checked then.
 */
export function useCartCheck(lines: readonly StoredCartLine[] | null) {
  const [problems, setProblems] = useState<ReadonlyMap<string, CartCheckLine>>(() => new Map());
  const [priceChanges, setPriceChanges] = useState<PriceChange[]>([]);
  // The server's refusal of the last code applied (shown next to the field until another code is applied).
  const [codeMessage, setCodeMessage] = useState<string | null>(null);
  const code = useDiscountCode();
  // The last quote, the cart it answered (items and quantities) and whether the last attempt failed.
  const [answer, setAnswer] = useState<{ signature: string; quote: CartQuote | null; failed: boolean } | null>(null);
  const signature = lines === null ? null : cartSignature(lines, code);
  // Answers can arrive out of order: only the newest request's answer is shown.
  const latest = useRef(0);

  const apply = useCallback((ticket: number, asked: string, outcome: CartCheckOutcome | null): CartQuote | null => {
    // A refusal is told even when a newer check is on its way: dropping the code started that newer check.
    if (outcome?.codeRefusal) setCodeMessage(outcome.codeRefusal);
    if (ticket !== latest.current) return outcome?.check ?? null;
    setAnswer((previous) => ({ signature: asked, quote: outcome?.check ?? previous?.quote ?? null, failed: !outcome }));
    if (!outcome) return null;
    if (outcome.changes.length > 0) setPriceChanges((previous) => [...previous, ...outcome.changes]);
    if (outcome.code && !outcome.codeRefusal) setCodeMessage(null);
    setProblems(outcome.blocking);
    return outcome.check;
  }, []);

  const run = useCallback((): Promise<CartQuote | null> => {
    const ticket = ++latest.current;
    const asked = cartSignature(readCartLines(), readDiscountCode());
    return checkStoredCart().then((outcome) => apply(ticket, asked, outcome));
  }, [apply]);

  useEffect(() => {
    if (signature !== null && !signature.startsWith("|") && signature !== "") void run();
  }, [signature, run]);

  return {
    problems,
    priceChanges,
    recheck: run,
    /** The server's last quote (kept while a newer one is on its way). */
    quote: answer?.quote ?? null,
    /** The quote shown is not yet the answer for the cart as it is now. */
    updating: signature !== null && answer?.signature !== signature,
    /** The last attempt got no answer. */
    failed: answer?.signature === signature && answer.failed,
    /** Why the server refused the code last applied (pt-PT), or null. */
    codeMessage,
    clearCodeMessage: () => setCodeMessage(null),
  };
}
