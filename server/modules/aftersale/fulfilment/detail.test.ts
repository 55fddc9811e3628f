import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { orderLines, orders } from "#server/modules/orders/schema.ts";
import { paymentEvents, payments } from "#server/modules/payments/schema.ts";
import { readTimeline } from "#server/modules/orders/timeline.ts";
import { useFulfilmentApp } from "#tests/support/fulfilment-app.ts";

/*
 * GET /api/orders/:id/detail and POST /api/orders/:id/notes: admin only (cliente 403, anonymous 401),
 * unknown ids 404, bad ids and bodies 400; the detail compared with the rows it is read from; notes
 * stay with the shop (never in the shopper's timeline).
 */

const { ctx, order, get, post, setStatus, events } = useFulfilmentApp();

describe("who may call", () => {
  it("anonymous 401, cliente 403 (even the buyer), admin 200; nothing changes on refusal", async () => {
    const { id } = await order();
    const calls = [
      (s: typeof ctx.admin | null) => get(`/api/orders/${id}/detail`, s),
      (s: typeof ctx.admin | null) => setStatus(id, { status: "em_preparacao" }, s),
      (s: typeof ctx.admin | null) => post(`/api/orders/${id}/notes`, { message: "Olá" }, s),
      (s: typeof ctx.admin | null) => post(`/api/orders/${id}/refund-done`, {}, s),
    ];
    for (const call of calls) {
      expect((await call(null)).statusCode).toBe(401);
      expect((await call(ctx.buyer)).statusCode).toBe(403);
      expect((await call(ctx.other)).statusCode).toBe(403);
    }
    const [row] = await ctx.t.db.select().from(orders).where(eq(orders.id, id));
    expect(row!.status).toBe("paid");
    expect((await events(id)).map((e) => e.toStatus)).toEqual(["paid"]);
  });

  it("unknown order 404 with its message; malformed id and body 400", async () => {
    for (const res of [
      await get("/api/orders/999999/detail"),
      await setStatus(999999, { status: "em_preparacao" }),
      await post("/api/orders/999999/notes", { message: "x" }),
      await post("/api/orders/999999/refund-done", {}),
    ]) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().message).toBe("Encomenda não encontrada.");
    }
    expect((await get("/api/orders/abc/detail")).statusCode).toBe(400);
    const { id } = await order();
    const bad: Array<[object, string]> = [
      [{ status: "voando" }, "Estado inválido: use em_preparacao, enviada, entregue ou cancelled."],
      [
        { status: "enviada", carrier: "chronopost", tracking_number: "AB1234" },
        "Transportadora inválida: escolha CTT, DPD, GLS, UPS ou Outra.",
      ],
      [
        { status: "enviada", carrier: "ctt", tracking_number: "<x>" },
        "Número de seguimento inválido: use entre 4 e 40 letras, algarismos ou hífenes.",
      ],
      [
        { status: "enviada", carrier: "outra", tracking_number: "AB1234" },
        "Indique o link de seguimento da transportadora.",
      ],
      [
        { status: "enviada", carrier: "outra", tracking_number: "AB1234", tracking_url: "http://x.pt/a" },
        "Link de seguimento inválido: indique um endereço https:// completo.",
      ],
      [
        { status: "enviada", carrier: "outra", tracking_number: "AB1234", tracking_url: "javascript:alert(1)" },
        "Link de seguimento inválido: indique um endereço https:// completo.",
      ],
    ];
    for (const [body, message] of bad) {
      const res = await setStatus(id, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const empty = await post(`/api/orders/${id}/notes`, { message: "   " });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe("Escreva a nota.");
    const [row] = await ctx.t.db.select().from(orders).where(eq(orders.id, id));
    expect([row!.status, row!.carrier]).toEqual(["paid", null]);
  });
});

describe("GET /api/orders/:id/detail", () => {
  it("is the order as stored: customer, delivery, lines and sums, payment with its events, timeline, actions", async () => {
    const { id } = await order();
    const res = await get(`/api/orders/${id}/detail`);
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json();
    const [o] = await ctx.t.db.select().from(orders).where(eq(orders.id, id));
    const lines = await ctx.t.db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, id))
      .orderBy(asc(orderLines.id));
    const [p] = await ctx.t.db.select().from(payments).where(eq(payments.orderId, id));
    const gateway = await ctx.t.db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, p!.id));

    expect(d.cliente).toEqual({ id: ctx.buyer.id, nome: expect.any(String), email: ctx.buyer.email });
    expect(d.dados_entrega).toEqual({
      nome: o!.deliveryName,
      morada: o!.deliveryAddress,
      codigo_postal: o!.deliveryPostalCode,
      cidade: o!.deliveryCity,
      telefone: o!.deliveryPhone,
      zona: o!.shippingZone,
      entrega_rapida: o!.fastDelivery,
    });
    expect(
      d.lines.map((l: { product_name: string; quantity: number; unit_price: number; line_total: number }) => [
        l.product_name,
        l.quantity,
        l.unit_price,
        l.line_total,
      ]),
    ).toEqual(
      lines.map((l) => [l.productName, l.quantity, l.unitPriceCents / 100, (l.unitPriceCents * l.quantity) / 100]),
    );
    expect(d.lines.map((l: { quantity: number; unit_price: number }) => [l.quantity, l.unit_price])).toEqual([
      [2, 12.9],
      [3, 4.35],
    ]);
    // The sums: the lines add up to the subtotal, subtotal + portes to the total (as stored in cents).
    const linesCents = lines.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0);
    expect(linesCents).toBe(o!.subtotalCents);
    expect([d.subtotal, d.shipping, d.total]).toEqual([
      o!.subtotalCents / 100,
      o!.shippingCents / 100,
      o!.totalCents / 100,
    ]);
    expect(o!.subtotalCents + o!.shippingCents).toBe(o!.totalCents);

    expect(d.payments).toHaveLength(1);
    expect(d.payments[0]).toMatchObject({
      id: p!.id,
      method: "mb",
      status: "paid",
      amount: p!.amountCents / 100,
      entity: "12345",
      reference: p!.reference,
      paid_at: p!.paidAt!.toISOString(),
    });
    expect(d.payments[0].events.map((e: { id: number }) => e.id)).toEqual(gateway.map((e) => e.id));
    expect(gateway.length).toBeGreaterThan(0);

    expect(
      d.timeline.map((e: { from_status: string; to_status: string; actor_name: string }) => [
        e.from_status,
        e.to_status,
        e.actor_name,
      ]),
    ).toEqual([["pending_payment", "paid", "Sistema"]]);
    expect(d.actions).toEqual({ targets: ["em_preparacao", "enviada", "cancelled"], refund_done: false });
    expect(d.envio).toBeNull();

    await setStatus(id, { status: "enviada", carrier: "ups", tracking_number: "1Z999AA10123456784" });
    const shipped = (await get(`/api/orders/${id}/detail`)).json();
    expect(shipped.envio).toEqual({
      carrier: "ups",
      tracking_number: "1Z999AA10123456784",
      tracking_url: "https://www.ups.com/track?loc=pt_PT&tracknum=1Z999AA10123456784",
    });
    expect(shipped.actions).toEqual({ targets: ["entregue"], refund_done: false });
  });
});

describe("internal notes", () => {
  it("are kept with who and when, shown to the admin, never in the shopper's timeline", async () => {
    const { id } = await order();
    const res = await post(`/api/orders/${id}/notes`, { message: "  Cliente pediu embrulho para oferta.  " });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, message: "Nota adicionada.", status: "paid" });
    const stored = (await events(id)).filter((e) => e.kind === "note");
    expect(stored.map((e) => [e.message, e.actorUserId])).toEqual([
      ["Cliente pediu embrulho para oferta.", ctx.admin.id],
    ]);
    const d = (await get(`/api/orders/${id}/detail`)).json();
    expect(d.notes.map((n: { message: string; id: number }) => [n.id, n.message])).toEqual(
      stored.map((e) => [e.id, e.message]),
    );
    expect(d.timeline.some((e: { kind: string }) => e.kind === "note")).toBe(false);
    const shopper = await readTimeline(ctx.t.db, id, "shopper");
    expect(shopper.some((e) => e.kind === "note")).toBe(false);
    expect(shopper).toHaveLength((await events(id)).length - 1);
  });
});
