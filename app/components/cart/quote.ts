import { apiPost } from "#app/lib/api.ts";
import type { StoredCartLine } from "#app/lib/storage.ts";
import type { CartQuote, CartQuoteBody } from "#server/modules/orders/schemas.ts";

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

/** The body of POST /api/cart/quote for the stored lines (the price is what the shopper saw, to flag a change). */
export function quoteBody(
  lines: readonly StoredCartLine[],
  delivery: { codigoPostal?: string; entregaRapida?: boolean } = {},
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
  };
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
