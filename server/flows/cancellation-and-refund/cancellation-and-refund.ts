import { eq } from "drizzle-orm";
import type { Database, Tx } from "#server/core/db/client.ts";
import { PG_UNIQUE_VIOLATION, pgErrorCode } from "#server/core/db/pg-errors.ts";
import { AppError, ConflictError } from "#server/core/errors.ts";
import { enqueueMail } from "#server/core/mail/outbox.ts";
import { users } from "#server/modules/accounts/schema.ts";
import type { PublicUser } from "#server/modules/accounts/schemas.ts";
import { returnSold } from "#server/modules/inventory/reservations.ts";
import { queueCreditNote } from "#server/modules/invoicing/service.ts";
import { orders } from "#server/modules/orders/schema.ts";
import { lockOrder, markPaidOrderCancelled, recordRefundMade } from "#server/modules/orders/fulfilment-status.ts";
import { orderUnits } from "#server/modules/orders/status.ts";
import { type Actor, type OrderStatus, recordOrderEvent } from "#server/modules/orders/timeline.ts";
import {
  PaymentDataIncompleteError,
  PaymentGatewayError,
  PaymentRejectedError,
  type PaymentProvider,
  type RefundOutcome,
} from "#server/modules/payments/providers/provider.ts";
import { cancelledMail } from "#server/modules/aftersale/fulfilment/mails.ts";
import {
  adminActor,
  FULFILMENT_DONE,
  lockedOrder,
  notifyShopper,
  type ChangeResult,
  type FulfilmentDeps,
} from "#server/modules/aftersale/fulfilment/service.ts";
import { canMove, refusal } from "#server/modules/aftersale/fulfilment/transitions.ts";
import {
  REFUND_MESSAGES as M,
  type RefundAction,
  type RefundResult,
} from "#server/modules/aftersale/returns/admin-schemas.ts";
import { refundDoneMail } from "#server/modules/aftersale/returns/refund-mails.ts";
import {
  attemptState,
  checkRefundable,
  insertRefund,
  markRefundDone,
  paidMbwayRequestId,
  resolveRefund,
  returnedLines,
  setRefundCall,
  settleRefundCall,
  type RefundCall,
  type RefundRow,
  type RefundTarget,
  type ResolvedRefund,
} from "#server/modules/aftersale/returns/refunds.ts";
import { eurosInText } from "#server/core/money.ts";

/*
 * Cancelling a paid order and giving money back, across orders, inventory, payments, invoicing and aftersale.
 *
 * A paid order cancelled before shipping (the admin's 'Cancelar encomenda'), in one transaction under the order's row
 * lock: the order 'cancelled' with its refund 'due' (orders), its sold units back on the shelf (inventory), the
 * timeline event and the shopper's e-mail.
 *
 * A refund (a received return's refund_cents, or a cancelled paid order's total): MB WAY through the payment
 * provider's refund call on the order's paid MB WAY request; Multibanco and Payshop by a bank transfer the admin makes
 * and then confirms here. Each refund done, in one transaction: the refunds row 'done' and the return 'refunded'
 * (aftersale), the order's refund_status 'done' (orders), the credit note queued with the lines it credits
 * (invoicing), the timeline events and the shopper's e-mail.
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

/** What a refund needs: fulfilment's (database, links, mail nudge) and the payment provider that refunds MB WAY. */
export interface RefundDeps extends FulfilmentDeps {
  provider: PaymentProvider;
}

/** A refund action bound to its dependencies (server/services.ts; tests with their own provider). */
export interface RefundsService {
  refund(admin: PublicUser, target: RefundTarget, action: RefundAction): Promise<RefundResult>;
}

// ---------- cancelling a paid order ----------

/**
 * POST /api/orders/:id/status { status: 'cancelled' }: a paid order cancelled before shipping, its refund due and its
 * units back on the shelf (one stock movement per variant, by the admin who cancelled); 409 when it may not be now.
 */
export async function cancelPaidOrder(
  deps: FulfilmentDeps,
  admin: PublicUser,
  orderId: number,
  reason?: string,
): Promise<ChangeResult> {
  const actor = adminActor(admin);
  const mailed = await deps.db.transaction(async (tx) => {
    const order = await lockedOrder(tx, orderId);
    const from = order.status as OrderStatus;
    if (!canMove(from, "cancelled")) throw new ConflictError(refusal(from, "cancelled"));
    const cancelled = await markPaidOrderCancelled(tx, order.id, from);
    await returnSold(
      tx,
      await orderUnits(tx, order.id),
      `Encomenda #${order.id} cancelada: unidades devolvidas ao stock`,
      order.id,
      admin.id,
    );
    await recordOrderEvent(tx, {
      orderId: order.id,
      kind: "status",
      actor,
      fromStatus: from,
      toStatus: "cancelled",
      message: reason ? `Reembolso a fazer. Motivo: ${reason}` : "Reembolso a fazer",
      data: { refund_status: "due", ...(reason ? { reason } : {}) },
    });
    return notifyShopper(tx, deps.publicUrl, cancelled, actor, (r) =>
      cancelledMail({ ...r, totalCents: cancelled.totalCents, reason }),
    );
  });
  if (mailed) deps.onMailQueued();
  return { success: true, message: FULFILMENT_DONE.cancelled, status: "cancelled" };
}

// ---------- refunds ----------

/** Gateway failures where the request certainly was not acted on: nothing moved, the refund may simply fail. */
function notSent(err: unknown): boolean {
  if (err instanceof PaymentGatewayError) return ["not_configured", "invalid_key", "rate_limited"].includes(err.reason);
  return err instanceof PaymentRejectedError || err instanceof PaymentDataIncompleteError;
}

/** Runs `work` in a transaction; the live-refund unique index's violation is the same 409 as the check's. */
async function inTx<T>(db: Database, work: (tx: Tx) => Promise<T>): Promise<T> {
  try {
    return await db.transaction(work);
  } catch (err) {
    if (pgErrorCode(err) === PG_UNIQUE_VIOLATION) throw new ConflictError(M.inFlight);
    throw err;
  }
}

/** The refund is done: its row and return, the order, the credit note, the timeline and the e-mail (in `tx`). */
async function completeRefund(
  tx: Tx,
  publicUrl: string,
  r: ResolvedRefund,
  refund: RefundRow,
  actor: Actor,
  answer: Record<string, unknown>,
): Promise<boolean> {
  const done = await markRefundDone(tx, r, refund.id, answer);
  await recordRefundMade(tx, r.order.id);
  await queueCreditNote(tx, {
    orderId: r.order.id,
    refundId: refund.id,
    amountCents: refund.amountCents,
    // A return credits its lines; a cancelled order's refund, the whole order (no lines).
    ...(r.ret ? { lines: await returnedLines(tx, r.ret.id) } : {}),
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
    message: `Reembolso de ${eurosInText(refund.amountCents)} feito ${how}${r.ret ? ` (devolução #${r.ret.id})` : ""}`,
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
    doneAt: done.doneAt ?? new Date(),
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
async function markUnknown(db: Database, refundId: number, orderId: number, actor: Actor, call: RefundCall) {
  await db.transaction(async (tx) => {
    await lockOrder(tx, orderId);
    await settleRefundCall(tx, refundId, "pending", { ...call });
    await recordOrderEvent(tx, {
      orderId,
      kind: "payment",
      actor,
      message:
        call.code !== undefined
          ? `Novo pedido de reembolso MB WAY recusado pelo ifthenpay (código ${call.code}): reembolso por confirmar no backoffice`
          : `Pedido de reembolso MB WAY sem resposta do ifthenpay (${call.reason}): reembolso por confirmar no backoffice`,
      data: { refund_id: refundId, attempt: call },
    });
  });
}

async function markFailed(
  db: Database,
  refundId: number,
  orderId: number,
  actor: Actor,
  answer: Record<string, unknown>,
) {
  await db.transaction(async (tx) => {
    await lockOrder(tx, orderId);
    await settleRefundCall(tx, refundId, "failed", answer);
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
async function refundByMbway(
  deps: RefundDeps,
  admin: PublicUser,
  target: RefundTarget,
  resend: boolean,
): Promise<RefundResult> {
  const actor = adminActor(admin);
  const claim = await inTx(deps.db, async (tx) => {
    const r = await resolveRefund(tx, target);
    const requestId = await paidMbwayRequestId(tx, r.order.id);
    const sentAt = new Date().toISOString();
    if (resend) {
      if (!r.live || r.live.method !== "mbway" || r.live.status !== "pending") throw new ConflictError(M.noUnknown);
      if (attemptState(r.live) === "sending") throw new ConflictError(M.inFlight);
      const attempts = ((r.live.providerAnswer as Partial<RefundCall>).attempts ?? 1) + 1;
      await setRefundCall(tx, r.live.id, { state: "sending", attempts, sent_at: sentAt });
      return { refund: r.live, requestId, attempts, orderId: r.order.id };
    }
    checkRefundable(r);
    const row = await insertRefund(tx, r, {
      method: "mbway",
      providerRequestId: requestId,
      providerAnswer: { state: "sending", attempts: 1, sent_at: sentAt } satisfies RefundCall,
      createdByUserId: admin.id,
    });
    return { refund: row, requestId, attempts: 1, orderId: r.order.id };
  });

  let outcome: RefundOutcome;
  try {
    outcome = await deps.provider.refund({ requestId: claim.requestId, amountCents: claim.refund.amountCents });
  } catch (err) {
    if (notSent(err) && claim.attempts === 1) {
      const reason = err instanceof PaymentGatewayError ? err.reason : "invalid";
      await markFailed(deps.db, claim.refund.id, claim.orderId, actor, {
        state: "answered",
        reason,
        message: M.notSent,
      });
      throw new AppError(502, M.notSent);
    }
    const reason = err instanceof PaymentGatewayError ? err.reason : "error";
    await markUnknown(deps.db, claim.refund.id, claim.orderId, actor, {
      state: "unknown",
      attempts: claim.attempts,
      reason,
    });
    if (err instanceof AppError) throw new AppError(502, M.unknownNow);
    throw err;
  }

  if (outcome.status === "refused") {
    const answer = { state: "answered", attempts: claim.attempts, ...outcome.answer } as const;
    if (claim.attempts > 1) {
      await markUnknown(deps.db, claim.refund.id, claim.orderId, actor, { ...answer, state: "unknown" });
      throw new ConflictError(M.refusedOnResend);
    }
    await markFailed(deps.db, claim.refund.id, claim.orderId, actor, { ...answer, message: outcome.message });
    throw new ConflictError(outcome.message);
  }

  const mailed = await deps.db.transaction(async (tx) => {
    const r = await resolveRefund(tx, target);
    const answer = { state: "answered", attempts: claim.attempts, ...outcome.answer };
    return completeRefund(tx, deps.publicUrl, r, claim.refund, actor, answer);
  });
  if (mailed) deps.onMailQueued();
  return { success: true, message: `Reembolso de ${eurosInText(claim.refund.amountCents)} feito por MB WAY.` };
}

/** The admin checked ifthenpay's backoffice: the unanswered MB WAY refund was made. No call. */
async function confirmMbway(deps: RefundDeps, admin: PublicUser, target: RefundTarget): Promise<RefundResult> {
  const actor = adminActor(admin);
  const result = await deps.db.transaction(async (tx) => {
    const r = await resolveRefund(tx, target);
    if (!r.live || r.live.method !== "mbway" || r.live.status !== "pending") throw new ConflictError(M.noUnknown);
    if (attemptState(r.live) === "sending") throw new ConflictError(M.inFlight);
    const answer = { ...(r.live.providerAnswer as object), state: "confirmed", confirmed_by: admin.id };
    return { mailed: await completeRefund(tx, deps.publicUrl, r, r.live, actor, answer), cents: r.live.amountCents };
  });
  if (result.mailed) deps.onMailQueued();
  return { success: true, message: `Reembolso de ${eurosInText(result.cents)} por MB WAY confirmado.` };
}

/** 'Transferência feita': the admin transferred the money (to the return's IBAN); recorded as done at once. */
async function confirmTransfer(deps: RefundDeps, admin: PublicUser, target: RefundTarget): Promise<RefundResult> {
  const actor = adminActor(admin);
  const result = await inTx(deps.db, async (tx) => {
    const r = await resolveRefund(tx, target);
    checkRefundable(r);
    const row = await insertRefund(tx, r, { method: "transferencia", createdByUserId: admin.id });
    const answer = { confirmed_by: admin.id };
    return { mailed: await completeRefund(tx, deps.publicUrl, r, row, actor, answer), cents: r.amountCents };
  });
  if (result.mailed) deps.onMailQueued();
  return { success: true, message: `Reembolso de ${eurosInText(result.cents)} por transferência registado.` };
}

/** POST /api/returns/:id/refund and /api/orders/:id/refund: one of the refund actions. */
export function refund(
  deps: RefundDeps,
  admin: PublicUser,
  target: RefundTarget,
  action: RefundAction,
): Promise<RefundResult> {
  switch (action) {
    case "mbway":
      return refundByMbway(deps, admin, target, false);
    case "resend":
      return refundByMbway(deps, admin, target, true);
    case "confirm_mbway":
      return confirmMbway(deps, admin, target);
    case "transfer":
      return confirmTransfer(deps, admin, target);
  }
}

/**
 * POST /api/orders/:id/refund-done: 'Marcar reembolso como feito' ('due' → 'done'): the bank transfer the admin made
 * for a cancelled order, recorded like any refund by transfer (the refunds row, the order's refund_status, the credit
 * note of the total and the shopper's e-mail, in one transaction). A cancelled MB WAY order's refund call is
 * POST /api/orders/:id/refund.
 */
export async function markCancelledOrderRefunded(
  deps: RefundDeps,
  admin: PublicUser,
  orderId: number,
): Promise<ChangeResult> {
  await refund(deps, admin, { kind: "order", orderId }, "transfer");
  const [order] = await deps.db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
  return { success: true, message: "Reembolso marcado como feito.", status: order!.status as OrderStatus };
}

/** The refund actions bound to `deps`. */
export function createRefundsService(deps: RefundDeps): RefundsService {
  return { refund: (admin, target, action) => refund(deps, admin, target, action) };
}
