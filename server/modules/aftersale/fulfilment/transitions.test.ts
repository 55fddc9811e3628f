import { asc, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { emailOutbox } from "#server/core/db/schema.ts";
import { users } from "#server/modules/accounts/schema.ts";
import { variants } from "#server/modules/catalog/schema.ts";
import { stockMovements } from "#server/modules/inventory/schema.ts";
import { orderEvents } from "#server/modules/orders/schema.ts";
import { useFulfilmentApp } from "#tests/support/fulfilment-app.ts";

/*
 * POST /api/orders/:id/status: every allowed step changes the order row, writes its timeline event
 * (who, from, to) and, where the shopper cares, queues the e-mail; every impossible step is a 409 with
 * its pt-PT reason and changes nothing (order row, timeline, outbox, stock).
 */

const { ctx, order, setStatus, row, events, eml } = useFulfilmentApp();

const ship = { status: "enviada", carrier: "ctt", tracking_number: "rr 123 456 789 pt" };
const CTT_LINK = "https://www.ctt.pt/feapl_2/app/open/objectSearch/objectSearch.jspx?objects=RR123456789PT";

const outboxCount = async () => (await ctx.t.db.select({ id: emailOutbox.id }).from(emailOutbox)).length;

describe("fulfilment steps", () => {
  it("paid → em preparação → enviada (CTT) → entregue: row, timeline with who/from/to, e-mails", async () => {
    const { id } = await order();
    const before = await events(id);
    // The payment itself is in the timeline: pending_payment → paid by the system.
    expect(before.map((e) => [e.kind, e.fromStatus, e.toStatus, e.actorName, e.actorUserId])).toEqual([
      ["status", "pending_payment", "paid", "Sistema", null],
    ]);

    const prep = await setStatus(id, { status: "em_preparacao" });
    expect(prep.statusCode, prep.body).toBe(200);
    expect(prep.json()).toEqual({
      success: true,
      message: "Encomenda marcada como em preparação.",
      status: "em_preparacao",
    });
    expect((await row(id)).status).toBe("em_preparacao");

    const shipped = await setStatus(id, ship);
    expect(shipped.statusCode, shipped.body).toBe(200);
    const afterShip = await row(id);
    expect(afterShip).toMatchObject({
      status: "enviada",
      carrier: "ctt",
      trackingNumber: "RR123456789PT",
      trackingUrl: CTT_LINK,
    });
    expect(afterShip.shippedAt).toBeInstanceOf(Date);

    const delivered = await setStatus(id, { status: "entregue" });
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect((await row(id)).deliveredAt).toBeInstanceOf(Date);

    const all = await events(id);
    const statusEvents = all.filter((e) => e.kind === "status").slice(1);
    expect(statusEvents.map((e) => [e.fromStatus, e.toStatus, e.actorUserId])).toEqual([
      ["paid", "em_preparacao", ctx.admin.id],
      ["em_preparacao", "enviada", ctx.admin.id],
      ["enviada", "entregue", ctx.admin.id],
    ]);
    // The name shown is the admin's account name, as stored.
    const [adminRow] = await ctx.t.db.select().from(users).where(eq(users.id, ctx.admin.id));
    for (const e of statusEvents) expect(e.actorName).toBe(adminRow!.name);
    expect(statusEvents[1]!.data).toEqual({ carrier: "ctt", tracking_number: "RR123456789PT", tracking_url: CTT_LINK });

    // Shipped and delivered each queued one e-mail to the buyer, recorded in the timeline (preparing: none).
    const mails = all.filter((e) => e.kind === "email");
    expect(mails.map((e) => (e.data as { mail_kind: string }).mail_kind)).toEqual(["order-shipped", "order-delivered"]);
    const shippedMail = await eml((mails[0]!.data as { outbox_id: number }).outbox_id);
    expect(shippedMail.to).toEqual([ctx.buyer.email]);
    expect(shippedMail.subject).toBe(`A sua encomenda #${id} foi enviada`);
    expect(shippedMail.text).toContain("enviada por CTT");
    expect(shippedMail.text).toContain("Número de seguimento: RR123456789PT");
    expect(shippedMail.text).toContain(`Siga a entrega em: ${CTT_LINK}`);
    expect(shippedMail.html).toContain(`<a href="${CTT_LINK.replace(/&/g, "&amp;")}">`);
    const deliveredMail = await eml((mails[1]!.data as { outbox_id: number }).outbox_id);
    expect(deliveredMail.subject).toBe(`A sua encomenda #${id} foi entregue`);
    expect(deliveredMail.text).toContain(`http://localhost:3000/conta/encomendas/${id}`);
  });

  it("paid → enviada directly with 'Outra' and the shop's own https link", async () => {
    const { id } = await order();
    const link = "https://seguimento.transportes-silva.pt/envio?n=AB-77&x=1";
    const res = await setStatus(id, {
      status: "enviada",
      carrier: "outra",
      tracking_number: "AB-77",
      tracking_url: link,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await row(id)).toMatchObject({
      status: "enviada",
      carrier: "outra",
      trackingNumber: "AB-77",
      trackingUrl: link,
    });
    const mail = (await events(id)).find((e) => e.kind === "email")!;
    const parsed = await eml((mail.data as { outbox_id: number }).outbox_id);
    expect(parsed.text).toContain("enviada por Outra transportadora");
    expect(parsed.text).toContain(`Siga a entrega em: ${link}`);
  });

  it.each([
    ["dpd", "https://tracking.dpd.de/status/pt_PT/parcel/05212345678901"],
    ["gls", "https://gls-group.com/PT/pt/seguir-envio/?match=05212345678901"],
    ["ups", "https://www.ups.com/track?loc=pt_PT&tracknum=05212345678901"],
  ])("builds the %s tracking link from the number", async (carrier, link) => {
    const { id } = await order();
    const res = await setStatus(id, { status: "enviada", carrier, tracking_number: "05212345678901" });
    expect(res.statusCode, res.body).toBe(200);
    expect((await row(id)).trackingUrl).toBe(link);
  });

  it("cancel (paid): units back on the shelf with movements, refund due, e-mail; then refund marked done", async () => {
    const { id, variants: ids } = await order();
    const shelf = async () =>
      (
        await ctx.t.db
          .select()
          .from(variants)
          .where(inArray(variants.id, [...ids]))
          .orderBy(asc(variants.id))
      ).map((v) => [v.id, v.stock, v.reserved]);
    const before = await shelf();
    expect(before).toEqual([
      [ids[0], 8, 0],
      [ids[1], 7, 0],
    ]);
    const res = await setStatus(id, { status: "cancelled", reason: "Cliente desistiu" });
    expect(res.statusCode, res.body).toBe(200);
    expect(await shelf()).toEqual([
      [ids[0], 10, 0],
      [ids[1], 10, 0],
    ]);
    const moves = await ctx.t.db
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.orderId, id))
      .orderBy(asc(stockMovements.id));
    const returned = moves.filter((m) => m.stockAfter > m.stockBefore && m.actorUserId === ctx.admin.id);
    expect(returned.map((m) => [m.variantId, m.stockBefore, m.stockAfter])).toEqual([
      [ids[0], 8, 10],
      [ids[1], 7, 10],
    ]);
    const cancelled = await row(id);
    expect(cancelled).toMatchObject({ status: "cancelled", refundStatus: "due" });
    expect(cancelled.cancelledAt).toBeInstanceOf(Date);
    const all = await events(id);
    const step = all.find((e) => e.toStatus === "cancelled")!;
    expect([step.fromStatus, step.actorUserId, step.message]).toEqual([
      "paid",
      ctx.admin.id,
      "Reembolso a fazer. Motivo: Cliente desistiu",
    ]);
    const cancelMail = all.find((e) => e.kind === "email" && e.id > step.id)!;
    const mail = await eml((cancelMail.data as { outbox_id: number }).outbox_id);
    expect(mail.subject).toBe(`A sua encomenda #${id} foi cancelada`);
    expect(mail.text).toContain("Motivo: Cliente desistiu");
    // 2 × 12,90 + 3 × 4,35 + portes: the total the order stored, as the shopper reads it.
    const total = new Intl.NumberFormat("pt-PT", { style: "currency", currency: "EUR" }).format(
      cancelled.totalCents / 100,
    );
    expect(mail.text).toContain(`Vamos reembolsar o valor pago (${total})`);

    const done = await ctx.t.app.inject({
      method: "POST",
      url: `/api/orders/${id}/refund-done`,
      headers: ctx.admin.headers,
      payload: {},
    });
    expect(done.statusCode, done.body).toBe(200);
    expect((await row(id)).refundStatus).toBe("done");
    // Recorded by the returns' refund path: the transfer's refund event, then the shopper's e-mail about it.
    const [refundEvent, mailEvent] = (await events(id)).slice(-2);
    expect([refundEvent!.kind, refundEvent!.message, refundEvent!.actorUserId]).toEqual([
      "payment",
      `Reembolso de ${total.replace(/\s/g, " ").replace("€", "").trim()} € feito por transferência bancária`,
      ctx.admin.id,
    ]);
    expect(mailEvent!.kind).toBe("email");
    const again = await ctx.t.app.inject({
      method: "POST",
      url: `/api/orders/${id}/refund-done`,
      headers: ctx.admin.headers,
      payload: {},
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("Esta encomenda não tem nenhum reembolso por fazer.");
  });
});

describe("impossible steps: 409, nothing changed", () => {
  const cases: Array<[string, string[], object, string]> = [
    [
      "entregue from paid",
      [],
      { status: "entregue" },
      "Não é possível marcar como entregue uma encomenda que ainda não foi enviada.",
    ],
    [
      "entregue from em_preparacao",
      ["prep"],
      { status: "entregue" },
      "Não é possível marcar como entregue uma encomenda que ainda não foi enviada.",
    ],
    ["em_preparacao twice", ["prep"], { status: "em_preparacao" }, "A encomenda já está em preparação."],
    [
      "cancel after shipping",
      ["ship"],
      { status: "cancelled" },
      "Não é possível cancelar uma encomenda que já foi enviada.",
    ],
    [
      "em_preparacao after shipping",
      ["ship"],
      { status: "em_preparacao" },
      "Não é possível voltar a preparar uma encomenda que já foi enviada.",
    ],
    ["ship twice", ["ship"], ship, "A encomenda já foi enviada."],
    ["ship after delivery", ["ship", "deliver"], ship, "A encomenda já foi entregue."],
    [
      "cancel after delivery",
      ["ship", "deliver"],
      { status: "cancelled" },
      "Não é possível cancelar uma encomenda que já foi enviada.",
    ],
    ["ship a cancelled order", ["cancel"], ship, "A encomenda está cancelada: não pode ser alterada."],
    ["cancel twice", ["cancel"], { status: "cancelled" }, "A encomenda está cancelada: não pode ser alterada."],
  ];
  const steps: Record<string, object> = {
    prep: { status: "em_preparacao" },
    ship,
    deliver: { status: "entregue" },
    cancel: { status: "cancelled" },
  };

  it.each(cases)("%s", async (_name, path, body, message) => {
    const { id, variants: ids } = await order();
    for (const step of path) expect((await setStatus(id, steps[step]!)).statusCode).toBe(200);
    const [rowBefore, eventsBefore, outboxBefore] = [await row(id), await events(id), await outboxCount()];
    const shelfBefore = await ctx.t.db
      .select()
      .from(variants)
      .where(inArray(variants.id, [...ids]));
    const res = await setStatus(id, body);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe(message);
    expect(await row(id)).toEqual(rowBefore);
    expect(await events(id)).toEqual(eventsBefore);
    expect(await outboxCount()).toBe(outboxBefore);
    expect(
      await ctx.t.db
        .select()
        .from(variants)
        .where(inArray(variants.id, [...ids])),
    ).toEqual(shelfBefore);
  });

  it("an unpaid order cannot be prepared, shipped or cancelled here", async () => {
    const { id } = await order({ paid: false });
    for (const body of [{ status: "em_preparacao" }, ship, { status: "cancelled" }]) {
      const res = await setStatus(id, body);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe("Não é possível alterar uma encomenda que ainda não foi paga.");
    }
    expect((await row(id)).status).toBe("pending_payment");
    expect(await ctx.t.db.select().from(orderEvents).where(eq(orderEvents.orderId, id))).toEqual([]);
  });

  it("two admins shipping at once: one wins, the other gets 409, one e-mail", async () => {
    const { id } = await order();
    const answers = await Promise.all([setStatus(id, ship), setStatus(id, { ...ship, carrier: "dpd" })]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const all = await events(id);
    expect(all.filter((e) => e.toStatus === "enviada")).toHaveLength(1);
    expect(all.filter((e) => e.kind === "email")).toHaveLength(1);
    const winner = answers[0]!.statusCode === 200 ? "ctt" : "dpd";
    expect((await row(id)).carrier).toBe(winner);
  });
});

describe("after the payment", () => {
  it("an order in preparation, shipped or delivered is still paid: the admin may resend its confirmation", async () => {
    const { id } = await order();
    for (const step of [{ status: "em_preparacao" }, ship, { status: "entregue" }]) {
      expect((await setStatus(id, step)).statusCode).toBe(200);
      const res = await ctx.t.app.inject({
        method: "POST",
        url: "/api/email/send-order-confirmation",
        headers: ctx.admin.headers,
        payload: { order_id: id },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const cancelled = await order();
    await setStatus(cancelled.id, { status: "cancelled" });
    const refused = await ctx.t.app.inject({
      method: "POST",
      url: "/api/email/send-order-confirmation",
      headers: ctx.admin.headers,
      payload: { order_id: cancelled.id },
    });
    expect(refused.statusCode).toBe(409);
  });
});
