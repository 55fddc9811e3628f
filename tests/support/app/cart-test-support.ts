import { vi } from "vitest";
import type { StoredCartLine } from "#app/lib/storage.ts";
import type {
  CartCheck,
  CartCheckLine,
  CartQuote,
  CartQuoteBody,
  SavedDelivery,
} from "#server/modules/orders/schemas.ts";

/** Component tests of the cart /carrinho: the stored cart and a stand-in for the API behind fetch. */

/** Stores `lines` as they are (garbage included: the page must cope with what it finds). */
export function storeCart(lines: readonly unknown[]) {
  localStorage.setItem("carrinho", JSON.stringify(lines));
}

export function storedCart(): StoredCartLine[] {
  return JSON.parse(localStorage.getItem("carrinho") ?? "null") as StoredCartLine[];
}

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

type CheckItem = CartQuoteBody["items"][number];

/** The stand-in server's delivery rates (cents): mainland, islands, next-day surcharge. */
export const STAND_IN_RATES = { mainland: 390, islands: 790, fast: 290 };

/** What the stand-in server quotes for `check`'s lines and the delivery choices of `body` (sums in cents). */
export function standInQuote(check: CartCheck, body: CartQuoteBody): CartQuote {
  const subtotal = check.lines.reduce((s, l) => (l.price === null ? s : s + Math.round(l.price * 100) * l.quantity), 0);
  const prefix = Number(body.codigo_postal?.slice(0, 4) ?? 0);
  const zona = body.codigo_postal
    ? prefix >= 9000 && prefix <= 9399
      ? "madeira"
      : prefix >= 9500
        ? "acores"
        : "continente"
    : null;
  const shipping =
    (zona === "madeira" || zona === "acores" ? STAND_IN_RATES.islands : STAND_IN_RATES.mainland) +
    (body.entrega_rapida ? STAND_IN_RATES.fast : 0);
  return {
    ...check,
    lines: check.lines.map((l) => ({ ...l, preco_original: l.price, desconto: 0, desconto_automatico: 0 })),
    subtotal: subtotal / 100,
    portes: shipping / 100,
    desconto: 0,
    desconto_automatico: 0,
    portes_desconto: 0,
    codigo_desconto: null,
    total: (subtotal + shipping) / 100,
    zona,
    entrega_rapida: body.entrega_rapida,
  };
}

/** A cart check line that says the item is fine at the price the shopper saw. */
export const okLine = (item: CheckItem, name = `Produto ${item.product_id}`): CartCheckLine => ({
  product_id: item.product_id,
  variant_id: item.variant_id ?? null,
  name,
  price: item.price ?? null,
  quantity: item.quantity,
  available: 100,
  status: "ok",
  message: null,
});

export interface ApiStandIn {
  fetch: ReturnType<typeof vi.fn>;
  /** Items of every POST /api/cart/quote (the cart page's check and the dialog's quotes). */
  checks: CheckItem[][];
  /** Bodies of every POST /api/cart/quote. */
  quotes: CartQuoteBody[];
  /** Bodies and headers of every POST /orders. */
  orders: Array<{ body: unknown; headers: Headers }>;
}

/**
 * Replaces global fetch: /api/cart/quote answers `answer`'s lines (by default every line ok) with the sums of
 * standInQuote (or `quote`'s answer), /orders with `order` (by default 201 with a Multibanco reference),
 * /api/users/me/delivery with `saved` (by default null).
 */
export function standInApi({
  answer = (items) => ({ ok: true, lines: items.map((item) => okLine(item)) }),
  quote = (body, check) => json(200, standInQuote(check, body)),
  order = () => json(201, { order_id: 77, pagamento: { metodo: "MB", entidade: "12345", referencia: "999000111" } }),
  saved = null,
}: {
  answer?: (items: CheckItem[]) => CartCheck;
  quote?: (body: CartQuoteBody, check: CartCheck) => Response;
  order?: (body: unknown) => Response;
  saved?: SavedDelivery;
} = {}): ApiStandIn {
  const stand: ApiStandIn = { fetch: vi.fn(), checks: [], quotes: [], orders: [] };
  stand.fetch.mockImplementation(async (path: string, init: RequestInit = {}) => {
    const body: unknown = typeof init.body === "string" ? JSON.parse(init.body) : null;
    if (path === "/api/cart/quote") {
      const quoteBody = body as CartQuoteBody;
      stand.checks.push(quoteBody.items);
      stand.quotes.push(quoteBody);
      return quote(quoteBody, answer(quoteBody.items));
    }
    if (path === "/api/users/me/delivery") return json(200, saved);
    if (path === "/orders") {
      stand.orders.push({ body, headers: new Headers(init.headers) });
      return order(body);
    }
    return json(404, { message: "Não encontrado" });
  });
  vi.stubGlobal("fetch", stand.fetch);
  return stand;
}
