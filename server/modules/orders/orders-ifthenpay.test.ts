import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#tests/support/db.ts";
import { createUser, login, type AuthHeaders } from "#tests/support/http.ts";
import { colors, products, variants } from "#server/modules/catalog/schema.ts";
import { orders } from "./schema.ts";
import { payments } from "#server/modules/payments/schema.ts";
import { startGatewayStandIn, type GatewayStandIn } from "#tests/support/gateway-standin.ts";

/** Checkout on the real ifthenpay adapter, against the local stand-in of the gateway. */
let t: TestApp;
let gw: GatewayStandIn;
let buyer: AuthHeaders;
const delivery = {
  nome: "Rui",
  morada: "Rua A, 1",
  codigo_postal: "4000-001",
  cidade: "Porto",
  telefone: "912345678",
  entrega_rapida: false,
};

async function variant(stock: number) {
  const [p] = await t.db.insert(products).values({ name: "T-shirt", priceCents: 1999 }).returning();
  const [c] = await t.db
    .insert(colors)
    .values({ name: `Preto ${p!.id}` })
    .returning();
  const [v] = await t.db.insert(variants).values({ productId: p!.id, colorId: c!.id, stock }).returning();
  return { productId: p!.id, variantId: v!.id };
}
const checkout = (method: string, item: { productId: number; variantId: number }) =>
  t.app.inject({
    method: "POST",
    url: "/orders",
    headers: buyer,
    payload: {
      metodo_pagamento: method,
      telemovel: "912345678",
      dados_entrega: delivery,
      items: [{ product_id: item.productId, quantity: 1, variant_id: item.variantId }],
    },
  });

beforeAll(async () => {
  gw = await startGatewayStandIn({ slowMs: 3000 });
  t = await createTestApp({
    PAYMENT_PROVIDER: "ifthenpay",
    PAYMENT_CALLBACK_KEY: "chave-anti-phishing-1234",
    IFTHENPAY_MB_KEY: gw.keys.mbKey,
    IFTHENPAY_MBWAY_KEY: gw.keys.mbwayKey,
    IFTHENPAY_PAYSHOP_KEY: gw.keys.payshopKey,
    IFTHENPAY_API_URL: gw.url,
    IFTHENPAY_PAYSHOP_URL: gw.payshopUrl,
  });
  const u = await createUser(t.db, "cliente");
  buyer = await login(t.app, u.email, u.password);
});
afterAll(async () => {
  await t.close();
  await gw.close();
});

describe("checkout on ifthenpay", () => {
  it.each(["mb", "mbway", "payshop"])("creates a %s payment at the gateway", async (method) => {
    gw.setMode("ok");
    const res = await checkout(method, await variant(3));
    expect(res.statusCode, res.body).toBe(201);
    const [payment] = await t.db.select().from(payments).where(eq(payments.orderId, res.json().order_id));
    expect(payment?.provider).toBe("ifthenpay");
    expect(gw.requests.length).toBeGreaterThan(0);
    if (method === "mbway") expect(JSON.stringify(gw.requests.at(-1))).toContain("351#912345678");
  });

  it.each([["down"], ["http500"], ["invalid_key"]] as const)(
    "fails cleanly when the gateway is %s: a pt-PT message, the order cancelled, no stock held",
    async (mode) => {
      gw.setMode(mode);
      const item = await variant(2);
      const res = await checkout("mb", item);
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).not.toBe(500);
      expect(res.json().message).toMatch(/pagamento/i);
      const [v] = await t.db.select().from(variants).where(eq(variants.id, item.variantId));
      expect(v).toMatchObject({ stock: 2, reserved: 0 });
      const cancelled = await t.db.select().from(orders).where(eq(orders.status, "cancelled"));
      expect(cancelled.length).toBeGreaterThan(0);
      gw.setMode("ok");
    },
  );
});
