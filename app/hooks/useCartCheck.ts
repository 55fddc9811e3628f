import { useCallback, useEffect, useState } from "react";
import { lineKey, toCents } from "#app/components/cart/cart-lines.ts";
import { apiPost } from "#app/lib/api.ts";
import { readCartLines, writeCart, type StoredCartLine } from "#app/lib/storage.ts";
import type { CartCheck, CartCheckLine } from "#server/orders/schemas.ts";

/** A stored price the cart check brought up to date (euros). */
export interface PriceChange {
  name: string;
  before: number;
  after: number;
}

export interface CartCheckOutcome {
  check: CartCheck;
  /** Prices written back into the stored cart. */
  changes: PriceChange[];
  /** The lines that cannot be bought, by line key, with their reason. */
  blocking: Map<string, CartCheckLine>;
}

/** Asks the server how the cart stands now (prices, stock, removed products); null when it cannot say. */
async function fetchCartCheck(lines: StoredCartLine[]): Promise<CartCheck | null> {
  const items = lines.map((l) => ({
    product_id: l.id,
    quantity: l.quantidade,
    price: l.price,
    ...(l.variant_id ? { variant_id: l.variant_id } : {}),
    cor: l.cor || undefined,
    tamanho: l.tamanho || undefined,
  }));
  try {
    const res = await apiPost<CartCheck>("/api/cart/check", { items });
    return res.ok && res.data ? res.data : null;
  } catch {
    return null;
  }
}

/**
 * Checks the stored cart against the database and writes the current prices back into it (so the total
 * shown is the total charged). Null when the cart is empty or the server could not say.
 */
export async function checkStoredCart(): Promise<CartCheckOutcome | null> {
  const current = readCartLines();
  if (current.length === 0) return null;
  const check = await fetchCartCheck(current);
  if (!check) return null;
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
  return { check, changes, blocking };
}

/**
 * Cart /carrinho: revalidates the cart whenever its items or quantities change, and on demand before checkout
 * (`recheck`). Every price change is kept to be told to the shopper; lines that cannot be bought carry their reason.
 * `lines` is null until the cart is read (before hydration): nothing is checked then.
 */
export function useCartCheck(lines: readonly StoredCartLine[] | null) {
  const [problems, setProblems] = useState<ReadonlyMap<string, CartCheckLine>>(() => new Map());
  const [priceChanges, setPriceChanges] = useState<PriceChange[]>([]);

  const apply = useCallback((outcome: CartCheckOutcome | null): CartCheck | null => {
    if (!outcome) return null;
    if (outcome.changes.length > 0) setPriceChanges((previous) => [...previous, ...outcome.changes]);
    setProblems(outcome.blocking);
    return outcome.check;
  }, []);

  const recheck = useCallback(() => checkStoredCart().then(apply), [apply]);

  // Only items and quantities matter: a price written back by the check must not trigger another.
  const signature = lines === null ? null : lines.map((l) => `${lineKey(l)}:${l.quantidade}`).join(",");
  useEffect(() => {
    if (signature !== null) void checkStoredCart().then(apply);
  }, [signature, apply]);

  return { problems, priceChanges, recheck };
}
