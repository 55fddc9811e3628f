import { useSyncExternalStore } from "react";

/**
 * The cart's discount code (issue 20): the code the shopper applied, kept in this tab's sessionStorage so the
 * cart's quote, the delivery dialog's quote and POST /orders all send the same one (the server decides; one code per
 * order). Cleared with the cart when the order is placed, and when the server refuses it.
 */

const KEY = "codigoDesconto";
const CHANGED = "codigo-desconto:changed";

function session(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/** The applied code, or null (none, or on the server). */
export function readDiscountCode(): string | null {
  try {
    const value = session()?.getItem(KEY)?.trim();
    return value ? value : null;
  } catch {
    return null;
  }
}

export function writeDiscountCode(code: string | null): void {
  const s = session();
  if (!s) return;
  try {
    if (code?.trim()) s.setItem(KEY, code.trim());
    else s.removeItem(KEY);
  } catch {
    // Storage full or blocked: the code simply is not kept.
  }
  window.dispatchEvent(new Event(CHANGED));
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener(CHANGED, onChange);
  return () => window.removeEventListener(CHANGED, onChange);
}

/** The applied code, live; null on the server and during hydration. */
export function useDiscountCode(): string | null {
  return useSyncExternalStore(subscribe, readDiscountCode, () => null);
}
