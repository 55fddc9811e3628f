import { afterAll, beforeAll, beforeEach } from "vitest";
import { createTestApp, type TestApp } from "./db.ts";
import { seedProduct, signIn } from "./factories.ts";
import type { AuthHeaders } from "./http.ts";

/*
 * The app of the checkout tests (server/modules/orders/orders*.test.ts): Multibanco entity 12345/123, a fresh
 * buyer before each test (one account may hold only a few unpaid orders: server/modules/orders/rules.ts) and
 * another cliente, the products factory and the raw POST /orders call.
 */

export interface Buyer {
  id: number;
  headers: AuthHeaders;
}

export interface OrdersApp {
  t: TestApp;
  buyer: Buyer;
  other: Buyer;
}

export function useOrdersApp() {
  const app = {} as OrdersApp;
  const buyer = async (t: TestApp): Promise<Buyer> => {
    const { id, headers } = await signIn(t, "cliente");
    return { id, headers };
  };
  beforeAll(async () => {
    app.t = await createTestApp({ MB_ENTITY: "12345", MB_SUBENTITY: "123" });
    app.other = await buyer(app.t);
  });
  afterAll(() => app.t.close());
  beforeEach(async () => {
    app.buyer = await buyer(app.t);
  });
  return {
    app,
    /** A product with one variant per (colour, size) and the given stock. */
    product: (priceCents: number, stock: number, opts: { status?: number; sizes?: string[] } = {}) =>
      seedProduct(app.t, priceCents, stock, opts),
    order: (headers: AuthHeaders, body: object, extraHeaders: Record<string, string> = {}) =>
      app.t.app.inject({ method: "POST", url: "/orders", headers: { ...headers, ...extraHeaders }, payload: body }),
  };
}
