import { vi } from "vitest";
import type { StoredCartLine } from "#app/lib/storage.ts";
import type { CartCheck, CartCheckBody, CartCheckLine } from "#server/orders/schemas.ts";

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

type CheckItem = CartCheckBody["items"][number];

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
  /** Bodies of every POST /api/cart/check. */
  checks: CheckItem[][];
  /** Bodies and headers of every POST /orders. */
  orders: Array<{ body: unknown; headers: Headers }>;
}

/**
 * Replaces global fetch: /api/cart/check answers with `answer` (by default every line ok), /orders with
 * `order` (by default 201 with a Multibanco reference).
 */
export function standInApi({
  answer = (items) => ({ ok: true, lines: items.map((item) => okLine(item)) }),
  order = () => json(201, { order_id: 77, pagamento: { metodo: "MB", entidade: "12345", referencia: "999000111" } }),
}: {
  answer?: (items: CheckItem[]) => CartCheck;
  order?: (body: unknown) => Response;
} = {}): ApiStandIn {
  const stand: ApiStandIn = { fetch: vi.fn(), checks: [], orders: [] };
  stand.fetch.mockImplementation(async (path: string, init: RequestInit = {}) => {
    const body: unknown = typeof init.body === "string" ? JSON.parse(init.body) : null;
    if (path === "/api/cart/check") {
      const items = (body as { items: CheckItem[] }).items;
      stand.checks.push(items);
      return json(200, answer(items));
    }
    if (path === "/orders") {
      stand.orders.push({ body, headers: new Headers(init.headers) });
      return order(body);
    }
    return json(404, { message: "Não encontrado" });
  });
  vi.stubGlobal("fetch", stand.fetch);
  return stand;
}
