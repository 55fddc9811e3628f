import { describe, expect, it } from "vitest";
import type { PublicUser } from "#server/modules/accounts/schemas.ts";
import { createIfthenpayProvider } from "#server/modules/payments/providers/ifthenpay.ts";
import { REFUND_REFUSAL_MESSAGES } from "#server/modules/payments/providers/provider.ts";
import { useReturnsAdminApp } from "#tests/support/returns-admin-app.ts";
import { REFUND_MESSAGES as M } from "./admin-schemas.ts";
import { attemptState, SENDING_LEASE_MS } from "./refunds.ts";
import { createRefundsService } from "#server/flows/cancellation-and-refund/cancellation-and-refund.ts";

/**
 * MB WAY refunds against the ifthenpay stand-in (PAYMENT_PROVIDER=ifthenpay): the request's shape, Code "1" done,
 * another code failed with a pt-PT message, and no answer (down, slow) never turned into a second refund: the
 * stand-in's own list of refunds is counted.
 */

const app = useReturnsAdminApp({ gateway: true });
const { ctx, order, requestReturn, post, get, refund, returnRow, refundRows, creditNotes, refundMail, counts } = app;

/** A delivered MB WAY order with a received return of 1 × A (12,90 €). */
async function receivedReturn() {
  const o = await order({ method: "mbway" });
  const returnId = await requestReturn(o.id, [[o.lines[0], 1]]);
  expect((await post(`/api/returns/${returnId}/received`)).statusCode).toBe(200);
  return { ...o, returnId };
}

const refundsAt = (requestId: string | null) => ctx.gw.refunds.filter((r) => r.requestId === requestId);
const refundCalls = (requestId: string | null) =>
  ctx.gw.requests.filter((r) => r.endpoint === "refund" && (r.body as { requestId?: string }).requestId === requestId);

describe("MB WAY refund through ifthenpay", () => {
  it("sends backofficekey, the paid request id and the amount in euros; Code 1 → done, credit note, e-mail", async () => {
    ctx.gw.setMode("ok");
    const o = await receivedReturn();
    const res = await refund(o.returnId, "mbway");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe("Reembolso de 12,90 € feito por MB WAY.");
    const calls = refundCalls(o.requestId);
    expect(calls.map((c) => [c.method, c.path, c.body])).toEqual([
      [
        "POST",
        "/api/endpoint/payments/refund",
        { backofficekey: ctx.gw.keys.backofficeKey, requestId: o.requestId, amount: "12.90" },
      ],
    ]);
    expect(refundsAt(o.requestId).map((r) => r.amountCents)).toEqual([1290]);
    const [made] = await refundRows(o.id);
    expect(made).toMatchObject({ status: "done", method: "mbway", providerRequestId: o.requestId, amountCents: 1290 });
    expect(made!.providerAnswer).toMatchObject({ code: "1", message: "Successful refunded" });
    expect((await returnRow(o.returnId)).status).toBe("refunded");
    expect((await creditNotes(o.id)).map((n) => [n.refundId, n.totalCents])).toEqual([[made!.id, 1290]]);
    expect((await refundMail(made!.id)).text).toContain("Método: MB WAY");
  });

  it("Code ≠ 1: failed with the pt-PT message, nothing documented; later it can be tried again", async () => {
    ctx.gw.setMode("ok");
    const o = await receivedReturn();
    ctx.gw.setMode("error", "refund");
    const before = await counts();
    const res = await refund(o.returnId, "mbway");
    expect([res.statusCode, res.json().message]).toEqual([409, REFUND_REFUSAL_MESSAGES.refused]);
    const [failed] = await refundRows(o.id);
    expect(failed).toMatchObject({ status: "failed", amountCents: 1290 });
    expect(failed!.providerAnswer).toMatchObject({ code: "0" });
    expect((await returnRow(o.returnId)).status).toBe("received");
    const after = await counts();
    expect([after.notes, after.mails]).toEqual([before.notes, before.mails]);
    const view = (await get(`/api/orders/${o.id}/returns`)).json().returns[0];
    expect(view.refund_attempt).toMatchObject({ status: "failed", message: REFUND_REFUSAL_MESSAGES.refused });
    expect(view.actions).toMatchObject({ refund_mbway: true, transfer_done: true, resend_mbway: false });

    ctx.gw.setMode("ok");
    expect((await refund(o.returnId, "mbway")).statusCode).toBe(200);
    expect(refundsAt(o.requestId).map((r) => r.amountCents)).toEqual([1290]);
    expect((await refundRows(o.id)).map((r) => r.status)).toEqual(["failed", "done"]);
  });

  it("down: unknown outcome, kept pending and never resent on its own; an explicit resend refunds once", async () => {
    ctx.gw.setMode("ok");
    const o = await receivedReturn();
    ctx.gw.setMode("down", "refund");
    const res = await refund(o.returnId, "mbway");
    expect([res.statusCode, res.json().message]).toEqual([502, M.unknownNow]);
    const [pending] = await refundRows(o.id);
    expect(pending).toMatchObject({ status: "pending" });
    expect(pending!.providerAnswer).toMatchObject({ state: "unknown", reason: "network", attempts: 1 });
    const view = (await get(`/api/orders/${o.id}/returns`)).json().returns[0];
    expect(view.refund_attempt.status).toBe("unknown");
    expect(view.actions).toMatchObject({
      refund_mbway: false,
      transfer_done: false,
      resend_mbway: true,
      confirm_mbway: true,
    });

    ctx.gw.setMode("ok");
    // A plain second click does not call again: it is told to check first.
    const click = await refund(o.returnId, "mbway");
    expect([click.statusCode, click.json().message]).toEqual([409, M.unknownPending]);
    expect(refundCalls(o.requestId)).toHaveLength(1);

    const resend = await refund(o.returnId, "resend");
    expect(resend.statusCode, resend.body).toBe(200);
    expect(refundCalls(o.requestId)).toHaveLength(2);
    expect(refundsAt(o.requestId).map((r) => r.amountCents)).toEqual([1290]);
    const rows = await refundRows(o.id);
    expect(rows.map((r) => [r.id, r.status])).toEqual([[pending!.id, "done"]]);
    expect((await creditNotes(o.id)).map((n) => n.totalCents)).toEqual([1290]);
  });

  it("slow: ifthenpay refunds but the shop times out; a click does not resend, a resend is refused, the admin confirms: one refund", async () => {
    ctx.gw.setMode("ok");
    // The whole order back (delivery included): the amount paid, so ifthenpay itself refuses a second refund of it.
    const o = await order({ method: "mbway" });
    const returnId = await requestReturn(o.id, [
      [o.lines[0], 2],
      [o.lines[1], 3],
    ]);
    expect((await post(`/api/returns/${returnId}/received`)).statusCode).toBe(200);
    const total = (await returnRow(returnId)).refundCents;
    ctx.gw.setMode("slow", "refund");
    // The same service with a short time-out (the app's adapter waits 10 s).
    const hasty = createRefundsService({
      db: ctx.t.db,
      provider: createIfthenpayProvider({
        mbwayKey: ctx.gw.keys.mbwayKey,
        backofficeKey: ctx.gw.keys.backofficeKey,
        baseUrl: ctx.gw.url,
        refundUrl: ctx.gw.refundUrl,
        timeoutMs: 300,
      }),
      publicUrl: ctx.t.config.publicUrl,
      onMailQueued: () => {},
    });
    const target = { kind: "return", returnId: returnId } as const;
    const admin = { id: ctx.admin.id, name: "Admin", email: ctx.admin.email } as PublicUser;
    await expect(hasty.refund(admin, target, "mbway")).rejects.toThrow(M.unknownNow);
    expect(refundsAt(o.requestId).map((r) => r.amountCents)).toEqual([total]);

    ctx.gw.setMode("ok");
    const click = await refund(returnId, "mbway");
    expect([click.statusCode, click.json().message]).toEqual([409, M.unknownPending]);
    const resend = await refund(returnId, "resend");
    expect([resend.statusCode, resend.json().message]).toEqual([409, M.refusedOnResend]);
    expect(refundsAt(o.requestId)).toHaveLength(1);
    const [pending] = await refundRows(o.id);
    expect(pending!.status).toBe("pending");

    const confirm = await refund(returnId, "confirm_mbway");
    expect(confirm.statusCode, confirm.body).toBe(200);
    expect((await refundRows(o.id)).map((r) => r.status)).toEqual(["done"]);
    expect((await returnRow(returnId)).status).toBe("refunded");
    expect(refundsAt(o.requestId).map((r) => r.amountCents)).toEqual([total]);
  });

  it("two admins at once: one call, one refund; the other gets 409", async () => {
    ctx.gw.setMode("ok");
    const o = await receivedReturn();
    ctx.gw.setSlowMs(300);
    ctx.gw.setMode("slow", "refund");
    const [a, b] = await Promise.all([refund(o.returnId, "mbway"), refund(o.returnId, "mbway")]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect(refundCalls(o.requestId)).toHaveLength(1);
    expect(refundsAt(o.requestId)).toHaveLength(1);
    expect((await refundRows(o.id)).map((r) => r.status)).toEqual(["done"]);
    ctx.gw.setSlowMs(1_500);
    ctx.gw.setMode("ok");
  });
});

describe("a call in flight", () => {
  it("is 'sending' during its lease, then as unknown as a time-out (a crash mid-call cannot block the refund)", () => {
    const sentAt = Date.parse("2026-11-24T10:00:00Z");
    const row = {
      status: "pending",
      providerAnswer: { state: "sending", attempts: 1, sent_at: new Date(sentAt).toISOString() },
    };
    expect(attemptState(row, sentAt + 1_000)).toBe("sending");
    expect(attemptState(row, sentAt + SENDING_LEASE_MS + 1)).toBe("unknown");
    expect(attemptState({ status: "done", providerAnswer: {} })).toBe("done");
  });
});
