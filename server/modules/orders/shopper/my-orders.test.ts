import { asc, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#tests/support/db.ts";
import { signIn, type Session } from "#tests/support/factories.ts";
import { CALLBACK_KEY, checkout, insertOrder, payOrder, seedProduct } from "#tests/support/orders.ts";
import { orderEvents, orderLines, orders } from "#server/modules/orders/schema.ts";
import { payments } from "#server/modules/payments/schema.ts";
import type { MyOrderSummary } from "./schemas.ts";
import type { MyOrderDetail } from "#server/flows/order-views/schemas.ts";
import { recordOrderEvent } from "#server/modules/orders/timeline.ts";

/** "A minha conta": GET /api/users/me/orders and /api/users/me/orders/:id, compared with the rows. */

let t: TestApp;
let shopper: Session;
let other: Session;
/** The shopper's orders, oldest first: [old paid order, checkout (pending, 2 lines), shipped order]. */
const ids = { old: 0, pending: 0, shipped: 0, othersOrder: 0 };
const NOTE = "Cliente difícil: confirmar morada por telefone";
const TRACKING_URL = "https://appserver.ctt.pt/CustomerArea/PublicArea_Detail?ObjectCodeInput=RR123456785PT";

const get = (url: string, session: Session | null) =>
  t.app.inject({ method: "GET", url, headers: session?.headers ?? undefined });

async function lineRows(orderId: number) {
  return t.db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.id));
}

beforeAll(async () => {
  t = await createTestApp({ MB_ENTITY: "12345", MB_SUBENTITY: "123", PAYMENT_CALLBACK_KEY: CALLBACK_KEY });
  shopper = await signIn(t, "cliente");
  other = await signIn(t, "cliente");
  const hour = 3_600_000;
  const now = Date.now();

  // An older paid order written directly (three lines of different products and quantities).
  const old = await insertOrder(t, shopper.id, {
    status: "paid",
    subtotalCents: 2 * 1990 + 3 * 750 + 4500,
    shippingCents: 490,
    totalCents: 2 * 1990 + 3 * 750 + 4500 + 490,
    createdAt: new Date(now - 72 * hour),
    paidAt: new Date(now - 71 * hour),
  });
  ids.old = old.id;
  const seeded = await seedProduct(t, 1990, 5, { name: "Caneca Azulejo" });
  await t.db.insert(orderLines).values([
    { orderId: old.id, productId: seeded.product.id, productName: "Caneca Azulejo", unitPriceCents: 1990, quantity: 2 },
    { orderId: old.id, productId: seeded.product.id, productName: "Pano de Linho", unitPriceCents: 750, quantity: 3 },
    { orderId: old.id, productId: seeded.product.id, productName: "Manta Serra", unitPriceCents: 4500, quantity: 1 },
  ]);

  // A real checkout: two products at different prices and quantities, Multibanco, pending.
  const a = await seedProduct(t, 1250, 10, { name: "Camisola Sardinha" });
  const b = await seedProduct(t, 3475, 10, { name: "Saco Cortiça" });
  const res = await checkout(t, shopper.headers, {
    items: [
      { product_id: a.product.id, variant_id: a.variants[0]!.id, quantity: 3 },
      { product_id: b.product.id, variant_id: b.variants[0]!.id, quantity: 1 },
    ],
  });
  expect(res.statusCode, res.body).toBe(201);
  ids.pending = res.json().order_id;
  await t.db
    .update(orders)
    .set({ createdAt: new Date(now - 24 * hour) })
    .where(eq(orders.id, ids.pending));

  // The newest: shipped with CTT (as fulfilment leaves it), with an internal note and status events.
  const shipped = await insertOrder(t, shopper.id, {
    status: "enviada",
    createdAt: new Date(now - 2 * hour),
    paidAt: new Date(now - 2 * hour + 60_000),
    shippedAt: new Date(now - hour),
    carrier: "ctt",
    trackingNumber: "RR123456785PT",
    trackingUrl: TRACKING_URL,
  });
  ids.shipped = shipped.id;
  await t.db.insert(orderLines).values({
    orderId: shipped.id,
    productId: a.product.id,
    productName: "Camisola Sardinha",
    unitPriceCents: 1250,
    quantity: 1,
  });
  await recordOrderEvent(t.db, { orderId: shipped.id, kind: "note", actor: "system", message: NOTE });
  await recordOrderEvent(t.db, {
    orderId: shipped.id,
    kind: "status",
    actor: { userId: shopper.id, name: "Admin" },
    fromStatus: "em_preparacao",
    toStatus: "enviada",
    message: "Enviada por CTT",
  });
  await t.db
    .update(orderEvents)
    .set({ createdAt: new Date(now - hour) })
    .where(eq(orderEvents.orderId, shipped.id));

  ids.othersOrder = (await insertOrder(t, other.id, { createdAt: new Date(now) })).id;
});
afterAll(() => t.close());

describe("GET /api/users/me/orders", () => {
  it("lists only the shopper's orders, newest first, each as its rows say", async () => {
    const res = await get("/api/users/me/orders", shopper);
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json() as MyOrderSummary[];
    const rows = await t.db.select().from(orders).where(eq(orders.userId, shopper.id)).orderBy(desc(orders.createdAt));
    expect(list.map((o) => o.id)).toEqual(rows.map((r) => r.id));
    expect(list.map((o) => o.id)).toEqual([ids.shipped, ids.pending, ids.old]);
    expect(res.headers["x-total-count"]).toBe("3");
    for (const [i, row] of rows.entries()) {
      const lines = await lineRows(row.id);
      expect(list[i]).toEqual({
        id: row.id,
        created_at: row.createdAt.toISOString(),
        status: row.status,
        status_label: { paid: "Paga", pending_payment: "A aguardar pagamento", enviada: "Enviada" }[row.status],
        total: row.totalCents / 100,
        item_count: lines.reduce((sum, l) => sum + l.quantity, 0),
        line_count: lines.length,
        first_item: lines[0]!.productName,
      });
    }
    expect(list.map((o) => o.item_count)).toEqual([1, 4, 6]);
  });

  it("pages through the list (limit and page), the total staying the number of all orders", async () => {
    const second = await get("/api/users/me/orders?limit=2&page=2", shopper);
    expect(second.json().map((o: MyOrderSummary) => o.id)).toEqual([ids.old]);
    expect(second.headers["x-total-count"]).toBe("3");
    const bad = await get("/api/users/me/orders?limit=0", shopper);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/Limite inválido/);
  });

  it("is empty for an account without orders, and 401 for a visitor", async () => {
    const fresh = await signIn(t, "cliente");
    const empty = await get("/api/users/me/orders", fresh);
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual([]);
    expect(empty.headers["x-total-count"]).toBe("0");
    const anonymous = await get("/api/users/me/orders", null);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().message).toBe("Tem de iniciar sessão para continuar.");
  });
});

describe("GET /api/users/me/orders/:id", () => {
  it("someone else's order is 404 like an unknown one, and says nothing of it", async () => {
    const theirs = await get(`/api/users/me/orders/${ids.othersOrder}`, shopper);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe("Encomenda não encontrada.");
    expect(theirs.body).not.toContain("Rua das Flores");
    const unknown = await get("/api/users/me/orders/999999", shopper);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe("Encomenda não encontrada.");
    // The owner reads it.
    expect((await get(`/api/users/me/orders/${ids.othersOrder}`, other)).statusCode).toBe(200);
  });

  it("a visitor gets 401, a malformed id 400", async () => {
    expect((await get(`/api/users/me/orders/${ids.pending}`, null)).statusCode).toBe(401);
    const bad = await get("/api/users/me/orders/abc", shopper);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("Número de encomenda inválido.");
  });

  it("totals equal the sum of the lines plus shipping, as stored", async () => {
    for (const id of [ids.pending, ids.old]) {
      const body = (await get(`/api/users/me/orders/${id}`, shopper)).json() as MyOrderDetail;
      const [row] = await t.db.select().from(orders).where(eq(orders.id, id));
      const lines = await lineRows(id);
      const sumCents = lines.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0);
      expect(body.lines).toEqual(
        lines.map((l) => ({
          product_id: l.productId,
          name: l.productName,
          color: l.colorName,
          size: l.sizeName,
          quantity: l.quantity,
          unit_price: l.unitPriceCents / 100,
          line_total: (l.unitPriceCents * l.quantity) / 100,
        })),
      );
      expect(Math.round(body.subtotal * 100)).toBe(sumCents);
      expect(Math.round(body.portes * 100)).toBe(row!.shippingCents);
      expect(Math.round(body.total * 100)).toBe(sumCents + row!.shippingCents);
      expect(Math.round(body.total * 100)).toBe(row!.totalCents);
      expect(body.dados_entrega).toEqual({
        nome: row!.deliveryName,
        morada: row!.deliveryAddress,
        codigo_postal: row!.deliveryPostalCode,
        cidade: row!.deliveryCity,
        telefone: row!.deliveryPhone,
        entrega_rapida: row!.fastDelivery,
      });
    }
  });

  it("a pending order shows the payment row's entity, reference and amount; no tracking yet", async () => {
    const body = (await get(`/api/users/me/orders/${ids.pending}`, shopper)).json() as MyOrderDetail;
    const [payment] = await t.db.select().from(payments).where(eq(payments.orderId, ids.pending));
    expect(body.status).toBe("pending_payment");
    expect(body.status_label).toBe("A aguardar pagamento");
    expect(body.payment).toMatchObject({ method: "mb", method_label: "Multibanco", status: "pending" });
    expect(body.payment.pagamento).toMatchObject({
      metodo: "MB",
      entidade: payment!.entity,
      referencia: payment!.reference,
      valor: payment!.amountCents / 100,
      expira_em: payment!.expiresAt!.toISOString(),
      order_id: ids.pending,
    });
    expect(payment!.reference).toMatch(/^\d{9}$/);
    expect(body.tracking).toBeNull();
    expect(body.timeline.map((s) => s.title)).toEqual(["Encomenda criada"]);
  });

  it("a paid order shows no payment instructions; its timeline dates the payment from the order", async () => {
    const body = (await get(`/api/users/me/orders/${ids.old}`, shopper)).json() as MyOrderDetail;
    const [row] = await t.db.select().from(orders).where(eq(orders.id, ids.old));
    expect(body.payment.pagamento).toBeNull();
    expect(body.payment.paid_at).toBe(row!.paidAt!.toISOString());
    expect(body.timeline.map((s) => [s.title, s.at])).toEqual([
      ["Encomenda criada", row!.createdAt.toISOString()],
      ["Pagamento recebido", row!.paidAt!.toISOString()],
    ]);
  });

  it("a shipped order shows the carrier, number and tracking link; internal notes never appear", async () => {
    const res = await get(`/api/users/me/orders/${ids.shipped}`, shopper);
    const body = res.json() as MyOrderDetail;
    const [row] = await t.db.select().from(orders).where(eq(orders.id, ids.shipped));
    expect(body.tracking).toEqual({
      carrier: "ctt",
      carrier_label: "CTT",
      tracking_number: row!.trackingNumber,
      tracking_url: row!.trackingUrl,
      shipped_at: row!.shippedAt!.toISOString(),
      delivered_at: null,
    });
    expect(body.tracking!.tracking_url).toBe(TRACKING_URL);
    // The note is stored (the admin sees it) but is nowhere in the shopper's answer.
    const events = await t.db.select().from(orderEvents).where(eq(orderEvents.orderId, ids.shipped));
    expect(events.map((e) => e.kind).sort()).toEqual(["note", "status"]);
    expect(res.body).not.toContain("Cliente difícil");
    expect(res.body).not.toContain("Enviada por CTT"); // the event's staff message
    expect(body.timeline.map((s) => [s.kind, s.title, s.detail])).toEqual([
      ["created", "Encomenda criada", null],
      ["status", "Pagamento recebido", null],
      ["status", "Enviada", "CTT, n.º de seguimento RR123456785PT"],
    ]);
    // The shipped step is the event's (no second one from shipped_at).
    expect(body.timeline[2]!.at).toBe(events.find((e) => e.kind === "status")!.createdAt.toISOString());
  });

  it("follows the order through payment and the admin's shipping (fulfilment API): same link as the row", async () => {
    const admin = await signIn(t, "admin");
    const a = await seedProduct(t, 2290, 4, { name: "Avental Bordado" });
    const placed = await checkout(t, shopper.headers, {
      metodo_pagamento: "payshop",
      items: [{ product_id: a.product.id, variant_id: a.variants[0]!.id, quantity: 2 }],
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const id = placed.json().order_id as number;
    await payOrder(t, id);
    const post = (url: string, payload: object) =>
      t.app.inject({ method: "POST", url, headers: admin.headers, payload });
    expect((await post(`/api/orders/${id}/status`, { status: "em_preparacao" })).statusCode).toBe(200);
    expect(
      (await post(`/api/orders/${id}/notes`, { message: "Embrulhar para oferta, não dizer o preço" })).statusCode,
    ).toBe(200);
    const shipped = await post(`/api/orders/${id}/status`, {
      status: "enviada",
      carrier: "ctt",
      tracking_number: "RR987654321PT",
    });
    expect(shipped.statusCode, shipped.body).toBe(200);

    const res = await get(`/api/users/me/orders/${id}`, shopper);
    const body = res.json() as MyOrderDetail;
    const [row] = await t.db.select().from(orders).where(eq(orders.id, id));
    expect(body.status).toBe("enviada");
    expect(body.payment.pagamento).toBeNull();
    expect(body.tracking).toMatchObject({ carrier: "ctt", tracking_number: row!.trackingNumber });
    expect(body.tracking!.tracking_url).toBe(row!.trackingUrl);
    expect(row!.trackingUrl).toContain("RR987654321PT");
    expect(res.body).not.toContain("Embrulhar para oferta");
    // The statuses reached, one step each; the e-mail events and the staff's messages are not the shopper's.
    expect(body.timeline.map((s) => [s.status, s.title])).toEqual([
      ["pending_payment", "Encomenda criada"],
      ["paid", "Pagamento recebido"],
      ["em_preparacao", "Em preparação"],
      ["enviada", "Enviada"],
    ]);
    expect(body.timeline[3]!.detail).toBe(`CTT, n.º de seguimento ${row!.trackingNumber}`);
    expect(res.body).not.toContain("E-mail ao cliente");
    // Oldest first.
    const times = body.timeline.map((s) => Date.parse(s.at));
    expect(times).toEqual([...times].sort((x, y) => x - y));
  });
});
