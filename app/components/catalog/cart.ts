import { STORAGE_KEYS, writeCart, type CartItem } from "#app/lib/storage.ts";

/**
 * Adding a product to the browser cart (localStorage `carrinho`, read by /carrinho).
 * The item is the spec's shape plus `variant_id`, which checkout needs to reserve stock.
 */

export interface CartLine extends CartItem {
  /** The colour + size variant the shopper chose. */
  variant_id: number;
}

export type AddResult =
  | { kind: "added"; quantidade: number }
  /** Merged with an existing line; `capped` when the sum was cut down to the stock. */
  | { kind: "merged"; quantidade: number; capped: boolean }
  /** The line already holds all the stock there is. */
  | { kind: "full"; quantidade: number };

const sameLine = (a: Record<string, unknown>, b: CartItem) =>
  Number(a.id) === b.id && String(a.cor ?? "") === b.cor && String(a.tamanho ?? "") === b.tamanho;

/**
 * The stored lines as they are (readCart() in lib/storage keeps only the spec's fields,
 * and would drop variant_id of the other lines when we write the cart back).
 */
function readRawLines(): Array<Record<string, unknown>> {
  try {
    const raw = window.localStorage.getItem(STORAGE_KEYS.cart);
    const value: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(value)
      ? value.filter((v): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v))
      : [];
  } catch {
    return [];
  }
}

/**
 * Puts `item` in the cart: a line with the same id, colour and size gets the quantities
 * summed (never above `stock`); otherwise a new line is appended. Notifies the header badge.
 */
export function addToCart(item: CartLine, stock: number): AddResult {
  const lines = readRawLines();
  const index = lines.findIndex((line) => sameLine(line, item));
  let result: AddResult;
  if (index >= 0) {
    const existing = lines[index]!;
    const before = Math.max(0, Math.floor(Number(existing.quantidade) || 0));
    const wanted = before + item.quantidade;
    const quantidade = Math.min(wanted, stock);
    if (quantidade <= before) {
      result = { kind: "full", quantidade: before };
    } else {
      result = { kind: "merged", quantidade, capped: quantidade < wanted };
    }
    lines[index] = { ...existing, ...item, quantidade: Math.max(before, quantidade) };
  } else {
    const quantidade = Math.min(item.quantidade, stock);
    lines.push({ ...item, quantidade });
    result = { kind: "added", quantidade };
  }
  // writeCart stores the objects as given (variant_id included) and notifies the badge.
  writeCart(lines as unknown as CartItem[]);
  return result;
}
