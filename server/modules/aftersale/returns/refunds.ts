import { and, desc, eq, isNull, ne, sql } from "drizzle-orm";
import type { PublicUser } from "#server/modules/accounts/schemas.ts";
import type { Database } from "#server/core/db/client.ts";
import { PG_UNIQUE_VIOLATION, pgErrorCode } from "#server/core/db/pg-errors.ts";
import { users } from "#server/modules/accounts/schema.ts";
import { refunds, returns } from "#server/modules/aftersale/schema.ts";
import { payments } from "#server/modules/payments/schema.ts";
import { AppError, ConflictError, NotFoundError } from "#server/core/errors.ts";
import { queueCreditNote } from "#server/modules/invoicing/service.ts";
import { enqueueMail } from "#server/core/mail/outbox.ts";
import { lockOrder, recordRefundMade } from "#server/modules/orders/fulfilment-status.ts";
import type { Order } from "#server/modules/orders/status.ts";
import { type Actor, recordOrderEvent } from "#server/modules/orders/timeline.ts";
import {
  PaymentDataIncompleteError,
  PaymentGatewayError,
  PaymentRejectedError,
  type PaymentProvider,
  type RefundOutcome,
} from "#server/modules/payments/providers/provider.ts";
import type { Tx } from "#server/core/db/client.ts";
import { REFUND_MESSAGES as M, type RefundAction, type RefundResult } from "./admin-schemas.ts";
import { refundDoneMail } from "./refund-mails.ts";

/*
 * Money back (issue 14 §4): a received return's refund_cents, or a cancelled paid order's total (issue 13's
 * refund 'due'). MB WAY through the provider's refund call on the order's paid MB WAY request; Multibanco and
 * Payshop by a bank transfer the admin makes and then confirms here. Each refund done, in one transaction: the
 * refunds row 'done', the return 'refunded', the order's refund_status 'done', the credit note queued, the
 * shopper's e-mail and the timeline events.
 *
 * Exactly once for MB WAY. ifthenpay's refund call has no idempotency key: sent twice, it refunds twice (up to the
 * amount paid). So:
 *  1. The refunds row is inserted 'pending' (state 'sending') and committed BEFORE the call, under the order's row
 *     lock, and a partial unique index allows one pending-or-done refund per return (per cancelled order): a second
 *     click, tab or instance gets a 409 instead of a second call.
 *  2. The call is made outside any transaction (no lock held over the network) and its answer stored after it:
 *     Code "1" → done; another code → failed (no money moved; the admin may try again or pay by transfer).
 *  3. No answer (time-out, connection lost, 5xx, not JSON) means nobody knows whether the money moved: the row
 *     stays 'pending' in state 'unknown' and nothing resends it on its own (no job, no automatic retry). The admin
 *     checks ifthenpay's backoffice, then either confirms it was made ('confirm_mbway': done without a call) or
 *     explicitly resends it ('resend'), which reuses the same row (never a second one). A resend the gateway
 *     refuses is not taken as "failed": the first request may be why (ifthenpay refuses more than paid minus
 *     refunded), so it stays 'unknown' for the admin to confirm. A crash mid-call leaves 'sending', which counts as
 *     'unknown' once SENDING_LEASE_MS has passed.
 */

/** Longer than the adapter's time-out (10 s) with room to spare: after it, a 'sending' call can no longer answer. */
export const SENDING_LEASE_MS = 2 * 60_000;

export type RefundTarget = { kind: "return"; returnId: number } | { kind: "order"; orderId: number };

type RefundRow = typeof refunds.$inferSelect;
type ReturnRow = typeof returns.$inferSelect;

interface Attempt {
  state: "sending" | "unknown" | "answered";
  attempts: number;
  sent_at?: string;
  reason?: string;
  code?: string;
  message?: string;
}

interface Resolved {
  order: Order;
  ret: ReturnRow | null;
  amountCents: number;
  live: RefundRow | undefined;
}

const euros = (cents: number) => `${(cents / 100).toFixed(2).replace(".", ",")} €`;
const adminActor = (user: PublicUser): Actor => ({ userId: user.id, name: user.name });

/** 'sending' past its lease is as unknown as a time-out. */
export function attemptState(row: Pick<RefundRow, "status" | "providerAnswer">, now = Date.now()) {
  if (row.status !== "pending") return row.status;
  const a = row.providerAnswer as Partial<Attempt>;
  if (a.state === "sending" && a.sent_at && now - Date.parse(a.sent_at) < SENDING_LEASE_MS) return "sending";
  return "unknown";
}

/** Gateway failures where the request certainly was not acted on: nothing moved, the refund may simply fail. */
function notSent(err: unknown): boolean {
  if (err instanceof PaymentGatewayError) return ["not_configured", "invalid_key", "rate_limited"].includes(err.reason);
  return err instanceof PaymentRejectedError || err instanceof PaymentDataIncompleteError;
}

export function createRefundsService(deps: {
  db: Database;
  provider: PaymentProvider;
  publicUrl: string;
  onMailQueued: () => void;
}) {
  const { db, provider, publicUrl } = deps;

  /** The order (locked), the return (locked) and the amount; 404/409 when nothing may be refunded. */
  async function resolve(tx: Tx, target: RefundTarget): Promise<Resolved> {
    let orderId: number;
    if (target.kind === "return") {
      const [found] = await tx
        .select({ orderId: returns.orderId })
        .from(returns)
        .where(eq(returns.id, target.returnId));
      if (!found) throw new NotFoundError(M.returnNotFound);
      orderId = found.orderId;
    } else orderId = target.orderId;
    const order = await lockOrder(tx, orderId);
    if (!order) throw new NotFoundError(M.orderNotFound);
    if (target.kind === "return") {
      const [ret] = await tx.select().from(returns).where(eq(returns.id, target.returnId)).for("update");
      const live = await liveRefund(tx, eq(refunds.returnId, ret!.id));
      return { order, ret: ret!, amountCents: ret!.refundCents, live };
    }
    const live = await liveRefund(tx, and(eq(refunds.orderId, order.id), isNull(refunds.returnId))!);
    return { order, ret: null, amountCents: order.totalCents, live };
  }

  async function liveRefund(tx: Tx, where: ReturnType<typeof eq>) {
    const [row] = await tx
      .select()
      .from(refunds)
      .where(and(where, ne(refunds.status, "failed")))
      .for("update");
    return row;
  }

  /** A new refund may start: the return is received (or the cancelled order owes one) and none is live. */
  function checkRefundable(r: Resolved) {
    if (r.ret) {
      if (r.live?.status === "done" || r.ret.status === "refunded") throw new ConflictError(M.alreadyRefunded);
      if (r.ret.status === "cancelled") throw new ConflictError(M.returnCancelled);
      if (r.ret.status !== "received") throw new ConflictError(M.notReceived);
    } else if (r.order.status !== "cancelled" || r.order.refundStatus !== "due") {
      throw new ConflictError(M.noRefundDue); // none owed, or already made (issue 13's wording)
    }
    if (r.live) throw new ConflictError(attemptState(r.live) === "sending" ? M.inFlight : M.unknownPending);
  }

  /** The order's paid MB WAY payment's gateway request id. */
  async function paidMbwayRequestId(tx: Tx, orderId: number): Promise<string> {
    const [paid] = await tx
      .select({ requestId: payments.requestId })
      .from(payments)
      .where(and(eq(payments.orderId, orderId), eq(payments.status, "paid"), eq(payments.method, "mbway")))
      .orderBy(desc(payments.id))
      .limit(1);
    if (!paid?.requestId) throw new ConflictError(M.notMbway);
    return paid.requestId;
  }

  /** Runs `work` in a transaction; the live-refund unique index's violation is the same 409 as the check's. */
  async function inTx<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    try {
      return await db.transaction(work);
    } catch (err) {
      if (pgErrorCode(err) === PG_UNIQUE_VIOLATION) throw new ConflictError(M.inFlight);
      throw err;
    }
  }

  /** The refund is done: row, return, order, credit note, e-mail, timeline (inside the caller's transaction). */
  async function complete(tx: Tx, r: Resolved, refund: RefundRow, actor: Actor, answer: Record<string, unknown>) {
    const [done] = await tx
      .update(refunds)
      .set({ status: "done", doneAt: sql`now()`, providerAnswer: answer })
      .where(eq(refunds.id, refund.id))
      .returning();
    if (r.ret) {
      await tx
        .update(returns)
        .set({ status: "refunded", refundedAt: sql`now()` })
        .where(and(eq(returns.id, r.ret.id), eq(returns.status, "received")));
    }
    await recordRefundMade(tx, r.order.id);
    await queueCreditNote(tx, {
      orderId: r.order.id,
      refundId: refund.id,
      amountCents: refund.amountCents,
      reason: r.ret ? "Devolução de artigos (livre resolução)" : "Anulação da encomenda",
    });
    const how =
      refund.method === "mbway"
        ? "por MB WAY"
        : `por transferência bancária${refund.iban ? ` (IBAN terminado em ${refund.iban.slice(-4)})` : ""}`;
    await recordOrderEvent(tx, {
      orderId: r.order.id,
      kind: "payment",
      actor,
      message: `Reembolso de ${euros(refund.amountCents)} feito ${how}${r.ret ? ` (devolução #${r.ret.id})` : ""}`,
      data: { refund_id: refund.id, return_id: r.ret?.id ?? null, method: refund.method, refund_status: "done" },
    });
    const [owner] = await tx
      .select({ email: users.email, name: users.name, anonymisedAt: users.anonymisedAt })
      .from(users)
      .where(eq(users.id, r.order.userId));
    if (!owner || owner.anonymisedAt) return false; // RGPD: an anonymised account gets nothing more
    const mail = refundDoneMail({
      refundId: refund.id,
      to: owner.email,
      customerName: r.order.deliveryName || owner.name,
      orderId: r.order.id,
      amountCents: refund.amountCents,
      method: refund.method as "mbway" | "transferencia",
      iban: refund.iban,
      cause: r.ret ? "return" : "cancelled",
      doneAt: done!.doneAt ?? new Date(),
      orderUrl: `${publicUrl}/conta/encomendas/${r.order.id}`,
    });
    const outboxId = await enqueueMail(tx, mail);
    await recordOrderEvent(tx, {
      orderId: r.order.id,
      kind: "email",
      actor,
      message: `E-mail ao cliente: ${mail.subject}`,
      data: { outbox_id: outboxId, mail_kind: mail.kind },
    });
    return true;
  }

  /** Stores what became of a call that got no final answer, or a resend's refusal: still pending, for the admin. */
  async function markUnknown(refundId: number, orderId: number, actor: Actor, attempt: Attempt) {
    await db.transaction(async (tx) => {
      await lockOrder(tx, orderId);
      await tx
        .update(refunds)
        .set({ providerAnswer: attempt })
        .where(and(eq(refunds.id, refundId), eq(refunds.status, "pending")));
      await recordOrderEvent(tx, {
        orderId,
        kind: "payment",
        actor,
        message:
          attempt.code !== undefined
            ? `Novo pedido de reembolso MB WAY recusado pelo ifthenpay (código ${attempt.code}): reembolso por confirmar no backoffice`
            : `Pedido de reembolso MB WAY sem resposta do ifthenpay (${attempt.reason}): reembolso por confirmar no backoffice`,
        data: { refund_id: refundId, attempt },
      });
    });
  }

  async function markFailed(refundId: number, orderId: number, actor: Actor, answer: Record<string, unknown>) {
    await db.transaction(async (tx) => {
      await lockOrder(tx, orderId);
      await tx
        .update(refunds)
        .set({ status: "failed", providerAnswer: answer })
        .where(and(eq(refunds.id, refundId), eq(refunds.status, "pending")));
      await recordOrderEvent(tx, {
        orderId,
        kind: "payment",
        actor,
        message: `Reembolso MB WAY não feito: ${String(answer.message ?? answer.reason ?? "recusado")}`,
        data: { refund_id: refundId, answer },
      });
    });
  }

  /** MB WAY: a new call ('mbway') or the same pending refund sent again after an unknown outcome ('resend'). */
  async function refundByMbway(admin: PublicUser, target: RefundTarget, resend: boolean): Promise<RefundResult> {
    const actor = adminActor(admin);
    const claim = await inTx(async (tx) => {
      const r = await resolve(tx, target);
      const requestId = await paidMbwayRequestId(tx, r.order.id);
      const sentAt = new Date().toISOString();
      if (resend) {
        if (!r.live || r.live.method !== "mbway" || r.live.status !== "pending") throw new ConflictError(M.noUnknown);
        if (attemptState(r.live) === "sending") throw new ConflictError(M.inFlight);
        const attempts = ((r.live.providerAnswer as Partial<Attempt>).attempts ?? 1) + 1;
        const answer: Attempt = { state: "sending", attempts, sent_at: sentAt };
        await tx.update(refunds).set({ providerAnswer: answer }).where(eq(refunds.id, r.live.id));
        return { refund: r.live, requestId, attempts, orderId: r.order.id };
      }
      checkRefundable(r);
      const [row] = await tx
        .insert(refunds)
        .values({
          orderId: r.order.id,
          returnId: r.ret?.id ?? null,
          method: "mbway",
          amountCents: r.amountCents,
          status: "pending",
          providerRequestId: requestId,
          providerAnswer: { state: "sending", attempts: 1, sent_at: sentAt } satisfies Attempt,
          createdByUserId: admin.id,
        })
        .returning();
      return { refund: row!, requestId, attempts: 1, orderId: r.order.id };
    });

    let outcome: RefundOutcome;
    try {
      outcome = await provider.refund({ requestId: claim.requestId, amountCents: claim.refund.amountCents });
    } catch (err) {
      if (notSent(err) && claim.attempts === 1) {
        const reason = err instanceof PaymentGatewayError ? err.reason : "invalid";
        await markFailed(claim.refund.id, claim.orderId, actor, { state: "answered", reason, message: M.notSent });
        throw new AppError(502, M.notSent);
      }
      const reason = err instanceof PaymentGatewayError ? err.reason : "error";
      await markUnknown(claim.refund.id, claim.orderId, actor, { state: "unknown", attempts: claim.attempts, reason });
      if (err instanceof AppError) throw new AppError(502, M.unknownNow);
      throw err;
    }

    if (outcome.status === "refused") {
      const answer = { state: "answered", attempts: claim.attempts, ...outcome.answer } as const;
      if (claim.attempts > 1) {
        await markUnknown(claim.refund.id, claim.orderId, actor, { ...answer, state: "unknown" });
        throw new ConflictError(M.refusedOnResend);
      }
      await markFailed(claim.refund.id, claim.orderId, actor, { ...answer, message: outcome.message });
      throw new ConflictError(outcome.message);
    }

    const mailed = await db.transaction(async (tx) => {
      const r = await resolve(tx, target);
      const answer = { state: "answered", attempts: claim.attempts, ...outcome.answer };
      return complete(tx, r, claim.refund, actor, answer);
    });
    if (mailed) deps.onMailQueued();
    return { success: true, message: `Reembolso de ${euros(claim.refund.amountCents)} feito por MB WAY.` };
  }

  /** The admin checked ifthenpay's backoffice: the unanswered MB WAY refund was made. No call. */
  async function confirmMbway(admin: PublicUser, target: RefundTarget): Promise<RefundResult> {
    const actor = adminActor(admin);
    const result = await db.transaction(async (tx) => {
      const r = await resolve(tx, target);
      if (!r.live || r.live.method !== "mbway" || r.live.status !== "pending") throw new ConflictError(M.noUnknown);
      if (attemptState(r.live) === "sending") throw new ConflictError(M.inFlight);
      const answer = { ...(r.live.providerAnswer as object), state: "confirmed", confirmed_by: admin.id };
      return { mailed: await complete(tx, r, r.live, actor, answer), cents: r.live.amountCents };
    });
    if (result.mailed) deps.onMailQueued();
    return { success: true, message: `Reembolso de ${euros(result.cents)} por MB WAY confirmado.` };
  }

  /** 'Transferência feita': the admin transferred the money (to the return's IBAN); recorded as done at once. */
  async function confirmTransfer(admin: PublicUser, target: RefundTarget): Promise<RefundResult> {
    const actor = adminActor(admin);
    const result = await inTx(async (tx) => {
      const r = await resolve(tx, target);
      checkRefundable(r);
      const [row] = await tx
        .insert(refunds)
        .values({
          orderId: r.order.id,
          returnId: r.ret?.id ?? null,
          method: "transferencia",
          amountCents: r.amountCents,
          status: "pending",
          iban: r.ret?.iban ?? null,
          createdByUserId: admin.id,
        })
        .returning();
      return { mailed: await complete(tx, r, row!, actor, { confirmed_by: admin.id }), cents: r.amountCents };
    });
    if (result.mailed) deps.onMailQueued();
    return { success: true, message: `Reembolso de ${euros(result.cents)} por transferência registado.` };
  }

  return {
    /** POST /api/returns/:id/refund and /api/orders/:id/refund: one of the refund actions. */
    refund(admin: PublicUser, target: RefundTarget, action: RefundAction): Promise<RefundResult> {
      switch (action) {
        case "mbway":
          return refundByMbway(admin, target, false);
        case "resend":
          return refundByMbway(admin, target, true);
        case "confirm_mbway":
          return confirmMbway(admin, target);
        case "transfer":
          return confirmTransfer(admin, target);
      }
    },
  };
}

export type RefundsService = ReturnType<typeof createRefundsService>;
