import { describe, expect, it } from "vitest";
import type { SandboxProvider } from "#server/modules/payments/providers/sandbox.ts";
import { useReturnsAdminApp, VALID_IBAN } from "#tests/support/returns-admin-app.ts";
import { REFUND_MESSAGES as M } from "./admin-schemas.ts";

/**
 * The admin's returns on the sandbox provider: received (units back on the shelf as 'Devolução' movements), refunded
 * by transfer or MB WAY (refunds row, return, order, credit note of the refund's amount, the shopper's .eml),
 * cancelled with a note, opened by the shop; impossible steps 409, admin only.
 */

const app = useReturnsAdminApp();
const { ctx, order, requestReturn, post, get, refund, orderRow, returnRow, refundRows, creditNotes } = app;
const { shelf, movements, events, refundMail, counts } = app;

const euros = (cents: number) =>
  new Intl.NumberFormat("pt-PT", { style: "currency", currency: "EUR" }).format(cents / 100);

describe("received", () => {
  it("puts the returned units back on the shelf as 'Devolução' movements by the admin, once", async () => {
    const o = await order();
    const returnId = await requestReturn(
      o.id,
      [
        [o.lines[0], 1],
        [o.lines[1], 2],
      ],
      VALID_IBAN,
    );
    expect(await shelf(o.variants)).toEqual([
      [o.variants[0], 8],
      [o.variants[1], 7],
    ]);
    const res = await post(`/api/returns/${returnId}/received`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(M.received);
    expect(await shelf(o.variants)).toEqual([
      [o.variants[0], 9],
      [o.variants[1], 9],
    ]);
    const back = (await movements(o.id)).filter((m) => m.reason === "Devolução");
    expect(back.map((m) => [m.variantId, m.stockBefore, m.stockAfter, m.actorUserId])).toEqual([
      [o.variants[0], 8, 9, ctx.admin.id],
      [o.variants[1], 7, 9, ctx.admin.id],
    ]);
    const row = await returnRow(returnId);
    expect(row.status).toBe("received");
    expect(row.receivedAt).toBeInstanceOf(Date);
    expect((await events(o.id)).at(-1)!.message).toBe(
      `Devolução #${returnId} recebida: 3 unidades de volta ao stock; reembolso de ${(row.refundCents / 100).toFixed(2).replace(".", ",")} € a fazer`,
    );

    const before = await counts();
    const again = await post(`/api/returns/${returnId}/received`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(M.notRequested);
    expect(await counts()).toEqual(before);
    expect(await shelf(o.variants)).toEqual([
      [o.variants[0], 9],
      [o.variants[1], 9],
    ]);
  });
});

describe("refund by bank transfer (Multibanco)", () => {
  it("only after received; then done with credit note, order refund_status, e-mail and masked IBAN", async () => {
    const o = await order({ method: "mb" });
    const returnId = await requestReturn(o.id, [[o.lines[1], 3]], VALID_IBAN);
    const early = await refund(returnId, "transfer");
    expect([early.statusCode, early.json().message]).toEqual([409, M.notReceived]);
    expect(await refundRows(o.id)).toEqual([]);

    expect((await post(`/api/returns/${returnId}/received`)).statusCode).toBe(200);
    const view = (await get(`/api/orders/${o.id}/returns`)).json();
    const shown = view.returns.find((r: { id: number }) => r.id === returnId);
    expect(shown).toMatchObject({
      status: "received",
      refund_method: "transferencia",
      iban: "•••• 0154",
      actions: { receive: false, cancel: false, refund_mbway: false, transfer_done: true },
    });
    expect(JSON.stringify(view)).not.toContain(VALID_IBAN);

    const mbway = await refund(returnId, "mbway");
    expect([mbway.statusCode, mbway.json().message]).toEqual([409, M.notMbway]);

    const res = await refund(returnId, "transfer");
    expect(res.statusCode, res.body).toBe(200);
    const ret = await returnRow(returnId);
    // 3 × 4,35 €: part of the order, so delivery is not refunded.
    expect(ret.refundCents).toBe(3 * 435);
    expect(ret.status).toBe("refunded");
    const [made] = await refundRows(o.id);
    expect(made).toMatchObject({
      returnId,
      method: "transferencia",
      status: "done",
      amountCents: ret.refundCents,
      iban: VALID_IBAN,
      createdByUserId: ctx.admin.id,
    });
    expect((await orderRow(o.id)).refundStatus).toBe("done");
    const notes = await creditNotes(o.id);
    expect(notes.map((n) => [n.refundId, n.totalCents, n.status])).toEqual([[made!.id, ret.refundCents, "pending"]]);

    const mail = await refundMail(made!.id);
    expect(mail.subject).toBe(`Reembolso de ${euros(ret.refundCents)}: encomenda #${o.id}`);
    expect(mail.text).toContain(`Valor: ${euros(ret.refundCents)}`);
    expect(mail.text).toContain("Método: Transferência bancária");
    expect(mail.text).toContain("PT50 0002 0123 1234 5678 9015 4");
    const day = new Intl.DateTimeFormat("pt-PT", {
      timeZone: "Europe/Lisbon",
      day: "2-digit",
      month: "2-digit",
      year: "numeric",
    }).format(made!.doneAt!);
    expect(mail.text).toContain(`Data: ${day}`);
    expect(mail.html).toContain(euros(ret.refundCents));

    const before = await counts();
    const again = await refund(returnId, "transfer");
    expect([again.statusCode, again.json().message]).toEqual([409, M.alreadyRefunded]);
    expect(await counts()).toEqual(before);
  });
});

describe("refund by MB WAY (sandbox)", () => {
  it("a full withdrawal refunds the whole order, delivery included, on the paid request id", async () => {
    const o = await order({ method: "mbway" });
    const returnId = await requestReturn(o.id, [
      [o.lines[0], 2],
      [o.lines[1], 3],
    ]);
    expect((await post(`/api/returns/${returnId}/received`)).statusCode).toBe(200);
    const res = await refund(returnId, "mbway");
    expect(res.statusCode, res.body).toBe(200);
    const total = (await orderRow(o.id)).totalCents;
    expect((await returnRow(returnId)).refundCents).toBe(total);
    const sandbox = ctx.t.services.paymentProvider as SandboxProvider;
    expect(sandbox.refunds.filter((r) => r.requestId === o.requestId).map((r) => r.amountCents)).toEqual([total]);
    const [made] = await refundRows(o.id);
    expect(made).toMatchObject({ method: "mbway", status: "done", providerRequestId: o.requestId, amountCents: total });
    expect((await creditNotes(o.id)).map((n) => n.totalCents)).toEqual([total]);
    const mail = await refundMail(made!.id);
    expect(mail.text).toContain("Método: MB WAY");
    expect(mail.text).toContain(`Reembolsámos ${euros(total)} da devolução dos artigos da encomenda #${o.id}.`);
  });

  it("a cancelled paid MB WAY order is refunded through the same path (POST /api/orders/:id/refund)", async () => {
    const o = await order({ method: "mbway", status: "paid" });
    expect((await post(`/api/orders/${o.id}/status`, { status: "cancelled" })).statusCode).toBe(200);
    const res = await post(`/api/orders/${o.id}/refund`, { action: "mbway" });
    expect(res.statusCode, res.body).toBe(200);
    const row = await orderRow(o.id);
    expect(row.refundStatus).toBe("done");
    const [made] = await refundRows(o.id);
    expect(made).toMatchObject({ returnId: null, method: "mbway", status: "done", amountCents: row.totalCents });
    expect((await creditNotes(o.id)).map((n) => [n.refundId, n.totalCents])).toEqual([[made!.id, row.totalCents]]);
    const again = await post(`/api/orders/${o.id}/refund`, { action: "mbway" });
    expect([again.statusCode, again.json().message]).toEqual([409, M.noRefundDue]);
  });
});

describe("cancel and open", () => {
  it("a requested return is cancelled only with a note; its units are free again; nothing more after", async () => {
    const o = await order();
    const returnId = await requestReturn(o.id, [[o.lines[0], 2]], VALID_IBAN);
    const noNote = await post(`/api/returns/${returnId}/cancel`, { note: "  " });
    expect([noNote.statusCode, noNote.json().message]).toEqual([400, M.noteRequired]);
    const res = await post(`/api/returns/${returnId}/cancel`, { note: "Cliente ficou com os artigos" });
    expect(res.statusCode, res.body).toBe(200);
    expect((await returnRow(returnId)).status).toBe("cancelled");
    expect((await events(o.id)).at(-1)!.message).toBe(
      `Pedido de devolução #${returnId} cancelado. Motivo: Cliente ficou com os artigos`,
    );
    for (const call of [post(`/api/returns/${returnId}/received`), refund(returnId, "transfer")]) {
      expect((await call).statusCode).toBe(409);
    }
    const view = (await get(`/api/orders/${o.id}/returns`)).json();
    expect(view.open_lines.map((l: { available: number }) => l.available)).toEqual([2, 3]);
  });

  it("the shop opens a return for the shopper: channel 'admin', refund from the stored prices", async () => {
    const o = await order({ method: "payshop" });
    const missing = await post(`/api/orders/${o.id}/returns`, { items: [{ order_line_id: o.lines[0], quantity: 1 }] });
    expect(missing.statusCode).toBe(400);
    const res = await post(`/api/orders/${o.id}/returns`, {
      items: [{ order_line_id: o.lines[0], quantity: 1 }],
      iban: VALID_IBAN,
      reason: "Troca recusada",
    });
    expect(res.statusCode, res.body).toBe(200);
    const view = (await get(`/api/orders/${o.id}/returns`)).json();
    expect(view.returns).toHaveLength(1);
    expect(view.returns[0]).toMatchObject({
      channel: "admin",
      refund: 12.9,
      status: "requested",
      reason: "Troca recusada",
    });
    const tooMany = await post(`/api/orders/${o.id}/returns`, {
      items: [{ order_line_id: o.lines[0], quantity: 2 }],
      iban: VALID_IBAN,
    });
    expect(tooMany.statusCode).toBe(409);
    const list = (await get("/api/returns/open")).json();
    expect(list.returns.some((r: { order_id: number }) => r.order_id === o.id)).toBe(true);
  });
});

describe("who may call", () => {
  it("anonymous 401, clientes 403 (even the buyer); unknown ids 404; nothing changes", async () => {
    const o = await order();
    const returnId = await requestReturn(o.id, [[o.lines[0], 1]], VALID_IBAN);
    const before = await counts();
    const calls = [
      (s: typeof ctx.admin | null) => get("/api/returns/open", s),
      (s: typeof ctx.admin | null) => get(`/api/orders/${o.id}/returns`, s),
      (s: typeof ctx.admin | null) => post(`/api/returns/${returnId}/received`, {}, s),
      (s: typeof ctx.admin | null) => post(`/api/returns/${returnId}/cancel`, { note: "x" }, s),
      (s: typeof ctx.admin | null) => refund(returnId, "transfer", s),
      (s: typeof ctx.admin | null) => post(`/api/orders/${o.id}/refund`, { action: "transfer" }, s),
      (s: typeof ctx.admin | null) =>
        post(`/api/orders/${o.id}/returns`, { items: [{ order_line_id: o.lines[1], quantity: 1 }] }, s),
    ];
    for (const call of calls) {
      expect((await call(null)).statusCode).toBe(401);
      expect((await call(ctx.buyer)).statusCode).toBe(403);
      expect((await call(ctx.other)).statusCode).toBe(403);
    }
    expect((await returnRow(returnId)).status).toBe("requested");
    expect(await counts()).toEqual(before);
    const unknown = await post("/api/returns/999999/received");
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, M.returnNotFound]);
    expect((await post("/api/returns/abc/received")).statusCode).toBe(400);
    expect((await refund(returnId, "cheque")).statusCode).toBe(400);
  });
});
