import { apiPost, messageFrom } from "#app/lib/api.ts";
import type { StoredCartLine } from "#app/lib/storage.ts";
import type { CartQuote, CartQuoteBody } from "#server/modules/orders/schemas.ts";
import { readDiscountCode } from "./discount-code.ts";

/**
 * Cart /carrinho and its delivery dialog: the price before the order button, asked of the server
 * (POST /api/cart/quote: subtotal, delivery for the postal code typed, total to pay, and each line's state).
 */

export type { CartQuote };

/** Where the delivery goes, as the shopper reads it; null: no postal code yet (priced as the mainland). */
export const ZONE_LABELS: Record<NonNullable<CartQuote["zona"]>, string> = {
  continente: "Portugal continental",
  madeira: "Madeira",
  acores: "Açores",
};

/**
 * The body of POST /api/cart/quote for the stored lines (the price is what the shopper saw, to flag a change), with
 * the applied discount code (discount-code.ts) unless `code` says otherwise.
 */
export function quoteBody(
  lines: readonly StoredCartLine[],
  delivery: { codigoPostal?: string; entregaRapida?: boolean } = {},
  code: string | null = readDiscountCode(),
): CartQuoteBody {
  return {
    items: lines.map((l) => ({
      product_id: l.id,
      quantity: l.quantidade,
      price: l.price,
      ...(l.variant_id ? { variant_id: l.variant_id } : {}),
      cor: l.cor || undefined,
      tamanho: l.tamanho || undefined,
    })),
    ...(delivery.codigoPostal ? { codigo_postal: delivery.codigoPostal } : {}),
    entrega_rapida: delivery.entregaRapida ?? false,
    ...(code ? { codigo_desconto: code } : {}),
  };
}

/**
 * The quote, or why the server refused the discount code sent with it: a 400 for a body with a code whose retry
 * without the code is answered (the code was the reason; the refusal is its pt-PT message). Null: no quote at all.
 */
export async function fetchQuoteOrRefusal(
  body: CartQuoteBody,
  signal?: AbortSignal,
): Promise<{ quote: CartQuote; refusal: string | null } | null> {
  const code = (body as { codigo_desconto?: string | null }).codigo_desconto;
  try {
    const res = await apiPost<CartQuote>("/api/cart/quote", body, { signal });
    if (res.ok && res.data) return { quote: res.data, refusal: null };
    if (res.status !== 400 || !code) return null;
    const { codigo_desconto: _dropped, ...without } = body as CartQuoteBody & { codigo_desconto?: unknown };
    const retry = await fetchQuote(without as CartQuoteBody, signal);
    return retry ? { quote: retry, refusal: messageFrom(res.data) ?? "Código de desconto desconhecido." } : null;
  } catch {
    return null;
  }
}

/** Asks the server for the quote; null when it cannot say (no answer, or an error). */
export async function fetchQuote(body: CartQuoteBody, signal?: AbortSignal): Promise<CartQuote | null> {
  try {
    const res = await apiPost<CartQuote>("/api/cart/quote", body, { signal });
    return res.ok && res.data ? res.data : null;
  } catch {
    return null;
  }
}

/** The quote's discounts (issue 20), euros: zero and null when the server gives none. */
export interface QuoteDiscounts {
  /** Every discount, lines and delivery. */
  total: number;
  /** The automatic reductions' part of it (shown on each line too); the rest is the code's. */
  automatic: number;
  /** The delivery's part of it. */
  delivery: number;
  /** The code applied, or null. */
  code: string | null;
}

export function quoteDiscounts(quote: CartQuote | null): QuoteDiscounts {
  const q = (quote ?? {}) as {
    desconto?: unknown;
    desconto_automatico?: unknown;
    portes_desconto?: unknown;
    codigo_desconto?: unknown;
  };
  return {
    total: typeof q.desconto === "number" ? q.desconto : 0,
    automatic: typeof q.desconto_automatico === "number" ? q.desconto_automatico : 0,
    delivery: typeof q.portes_desconto === "number" ? q.portes_desconto : 0,
    code: typeof q.codigo_desconto === "string" ? q.codigo_desconto : null,
  };
}

/** A line's unit list price and its automatic reduction, whole line, as quoted (euros). */
export interface LineDiscount {
  unitList: number;
  discount: number;
}

/**
 * A quoted line's automatic reduction, or null when it has none. The line shows the price the product page shows;
 * the code's share is the summary's own line ('Desconto (código X)'), not spread over the lines.
 */
export function lineDiscount(line: unknown): LineDiscount | null {
  const l = (line ?? {}) as { preco_original?: unknown; desconto_automatico?: unknown };
  if (typeof l.preco_original !== "number" || typeof l.desconto_automatico !== "number" || l.desconto_automatico <= 0)
    return null;
  return { unitList: l.preco_original, discount: l.desconto_automatico };
}
