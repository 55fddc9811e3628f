import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import pino from "pino";
import { emailOutbox } from "#server/core/db/schema.ts";
import { colors, products, sizes, variants } from "#server/modules/catalog/schema.ts";
import { orders } from "#server/modules/orders/schema.ts";
import { payments } from "#server/modules/payments/schema.ts";
import { createMailTransport } from "#server/core/mail/transport.ts";
import { drainOutbox } from "#server/core/mail/worker.ts";
import type { TestApp } from "./db.ts";
import type { AuthHeaders } from "./http.ts";
import { parseMail, type ReadMail } from "./mail.ts";
import { sendPaidCallback } from "./payments.ts";

/**
 * Factories for products and orders: products with their own variants (straight into the database),
 * a delivery address, the checkout call (POST /orders), the gateway's paid notification, and an order row
 * written directly for tests that need one without a checkout.
 */

export const delivery = {
  nome: "Ana Cliente",
  morada: "Rua das Flores, 12",
  codigo_postal: "1100-123",
  cidade: "Lisboa",
  telefone: "912345678",
  entrega_rapida: false,
};

/** A product with one variant per size (one colour of its own) and `stock` units each. */
export async function seedProduct(
  t: TestApp,
  priceCents: number,
  stock: number,
  opts: { status?: number; sizes?: string[]; name?: string } = {},
) {
  const [p] = await t.db
    .insert(products)
    .values({
      name: opts.name ?? `Produto ${Math.random().toString(36).slice(2, 7)}`,
      priceCents,
      status: opts.status ?? 1,
      sizes: (opts.sizes ?? ["M"]).join(","),
    })
    .returning();
  const [color] = await t.db
    .insert(colors)
    .values({ name: `Cor ${p!.id}` })
    .returning();
  const created = [];
  for (const name of opts.sizes ?? ["M"]) {
    const [size] = await t.db
      .insert(sizes)
      .values({ name: `${name}-${p!.id}` })
      .onConflictDoNothing()
      .returning();
    const [v] = await t.db
      .insert(variants)
      .values({ productId: p!.id, colorId: color!.id, sizeId: size!.id, stock })
      .returning();
    created.push(v!);
  }
  return { product: p!, variants: created, colorName: color!.name };
}

export const checkout = (t: TestApp, headers: AuthHeaders, body: object) =>
  t.app.inject({
    method: "POST",
    url: "/orders",
    headers,
    payload: { metodo_pagamento: "mb", dados_entrega: delivery, ...body },
  });

export const CALLBACK_KEY = "chave-anti-phishing-de-teste";

/** Plays the gateway: the paid notification of the order's payment (needs createTestApp({ PAYMENT_CALLBACK_KEY: CALLBACK_KEY })). */
export async function payOrder(t: TestApp, orderId: number) {
  const res = await sendPaidCallback(t, orderId, CALLBACK_KEY);
  if (res.statusCode !== 200) throw new Error(`callback: ${res.statusCode} ${res.body}`);
  const [order] = await t.db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
  if (order?.status !== "paid") throw new Error(`order ${orderId} is ${order?.status} after the callback`);
}

/** An order row written directly (no checkout, no lines): for tests that only need an order to exist. */
export async function insertOrder(t: TestApp, userId: number, values: Partial<typeof orders.$inferInsert> = {}) {
  const [order] = await t.db
    .insert(orders)
    .values({
      userId,
      paymentMethod: "mb",
      subtotalCents: 1250,
      shippingCents: 350,
      totalCents: 1600,
      shippingZone: "continente",
      deliveryName: delivery.nome,
      deliveryAddress: delivery.morada,
      deliveryPostalCode: delivery.codigo_postal,
      deliveryCity: delivery.cidade,
      deliveryPhone: delivery.telefone,
      ...values,
    })
    .returning();
  return order!;
}

/**
 * A product of one variant (`stock` units at `priceCents`) and an order of `quantity` of it through POST /orders,
 * paid by `method`: the order id, the payment the checkout created and the variant id.
 */
export async function orderWithPayment(
  t: TestApp,
  headers: AuthHeaders,
  opts: { method: "mb" | "payshop" | "mbway"; priceCents: number; stock: number; quantity: number },
) {
  const {
    product,
    variants: [variant],
  } = await seedProduct(t, opts.priceCents, opts.stock);
  const res = await checkout(t, headers, {
    metodo_pagamento: opts.method,
    telemovel: "912345678",
    items: [{ product_id: product.id, quantity: opts.quantity, variant_id: variant!.id }],
  });
  if (res.statusCode !== 201) throw new Error(`checkout: ${res.statusCode} ${res.body}`);
  const orderId = res.json().order_id as number;
  const [payment] = await t.db.select().from(payments).where(eq(payments.orderId, orderId));
  return { orderId, payment: payment!, variantId: variant!.id };
}

/**
 * Pays the order (gateway callback), delivers the outbox as the running shop's mail job does (signed from the
 * settings) and reads the payment confirmation's .eml.
 */
export async function paidConfirmationMail(t: TestApp, orderId: number): Promise<ReadMail> {
  await payOrder(t, orderId);
  const [queued] = await t.db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(eq(emailOutbox.dedupeKey, `order-confirmation:${orderId}`));
  await drainOutbox(t.db, createMailTransport(t.config), pino({ level: "silent" }), {
    shop: async () => (await t.services.settings.get()).identity,
  });
  const dir = path.join(t.config.dataDir, "mail");
  const file = readdirSync(dir).find((f) => f.includes(`Z-${queued!.id}-`) && f.endsWith(".eml"));
  return parseMail(readFileSync(path.join(dir, file!)));
}
