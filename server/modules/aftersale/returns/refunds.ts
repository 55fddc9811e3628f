import { and, asc, desc, eq, isNull, ne, sql, type SQL } from "drizzle-orm";
import type { Tx } from "#server/core/db/client.ts";
import { ConflictError, NotFoundError } from "#server/core/errors.ts";
import { refunds, returnLines, returns } from "#server/modules/aftersale/schema.ts";
import type { CreditedLine } from "#server/modules/invoicing/documents.ts";
import { lockOrder } from "#server/modules/orders/fulfilment-status.ts";
import type { Order } from "#server/modules/orders/status.ts";
import { payments } from "#server/modules/payments/schema.ts";
import { REFUND_MESSAGES as M } from "./admin-schemas.ts";
import { paidForUnits } from "#server/modules/promotions/pricing.ts";

/*
 * Money back (issue 14 §4), the returns module's part: the refunds rows and the returns they settle. A received
 * return's refund_cents, or a cancelled paid order's total (issue 13's refund 'due'). MB WAY through the provider's
 * refund call on the order's paid MB WAY request; Multibanco and Payshop by a bank transfer the admin makes and then
 * confirms. The story (the provider's call, the order's refund_status, the credit note, the e-mail and the timeline,
 * in one transaction) is server/flows/cancellation-and-refund/cancellation-and-refund.ts, which explains how an MB WAY refund happens exactly
 * once: the row inserted 'pending' before the call, one live refund per return (per cancelled order) by a partial
 * unique index, and an unanswered call left 'unknown' for the admin.
 */

/** Longer than the adapter's time-out (10 s) with room to spare: after it, a 'sending' call can no longer answer. */
export const SENDING_LEASE_MS = 2 * 60_000;

export type RefundTarget = { kind: "return"; returnId: number } | { kind: "order"; orderId: number };

export type RefundRow = typeof refunds.$inferSelect;
export type ReturnRow = typeof returns.$inferSelect;

/** What became of an MB WAY refund call (refunds.provider_answer while it is pending, and after). */
export interface RefundCall {
  state: "sending" | "unknown" | "answered";
  attempts: number;
  sent_at?: string;
  reason?: string;
  code?: string;
  message?: string;
}

/** The refund asked for: the order and the return (both locked), the amount, and the live refund if any. */
export interface ResolvedRefund {
  order: Order;
  ret: ReturnRow | null;
  amountCents: number;
  live: RefundRow | undefined;
}

/** 'sending' past its lease is as unknown as a time-out. */
export function attemptState(row: Pick<RefundRow, "status" | "providerAnswer">, now = Date.now()) {
  if (row.status !== "pending") return row.status;
  const a = row.providerAnswer as Partial<RefundCall>;
  if (a.state === "sending" && a.sent_at && now - Date.parse(a.sent_at) < SENDING_LEASE_MS) return "sending";
  return "unknown";
}

async function liveRefund(tx: Tx, where: SQL): Promise<RefundRow | undefined> {
  const [row] = await tx
    .select()
    .from(refunds)
    .where(and(where, ne(refunds.status, "failed")))
    .for("update");
  return row;
}

/** The order (locked), the return (locked) and the amount; 404 when there is no such return or order. */
export async function resolveRefund(tx: Tx, target: RefundTarget): Promise<ResolvedRefund> {
  let orderId: number;
  if (target.kind === "return") {
    const [found] = await tx.select({ orderId: returns.orderId }).from(returns).where(eq(returns.id, target.returnId));
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

/** A new refund may start: the return is received (or the cancelled order owes one) and none is live; else 409. */
export function checkRefundable(r: ResolvedRefund): void {
  if (r.ret) {
    if (r.live?.status === "done" || r.ret.status === "refunded") throw new ConflictError(M.alreadyRefunded);
    if (r.ret.status === "cancelled") throw new ConflictError(M.returnCancelled);
    if (r.ret.status !== "received") throw new ConflictError(M.notReceived);
  } else if (r.order.status !== "cancelled" || r.order.refundStatus !== "due") {
    throw new ConflictError(M.noRefundDue); // none owed, or already made (issue 13's wording)
  }
  if (r.live) throw new ConflictError(attemptState(r.live) === "sending" ? M.inFlight : M.unknownPending);
}

/** The order's paid MB WAY payment's gateway request id (the refund call names it); 409 when it was not MB WAY. */
export async function paidMbwayRequestId(tx: Tx, orderId: number): Promise<string> {
  const [paid] = await tx
    .select({ requestId: payments.requestId })
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.status, "paid"), eq(payments.method, "mbway")))
    .orderBy(desc(payments.id))
    .limit(1);
  if (!paid?.requestId) throw new ConflictError(M.notMbway);
  return paid.requestId;
}

/** A new refund of `r`, 'pending' until it is done (the live-refund unique index refuses a second one). */
export async function insertRefund(
  tx: Tx,
  r: ResolvedRefund,
  values: {
    method: "mbway" | "transferencia";
    createdByUserId: number;
    providerRequestId?: string;
    providerAnswer?: Record<string, unknown>;
  },
): Promise<RefundRow> {
  const [row] = await tx
    .insert(refunds)
    .values({
      orderId: r.order.id,
      returnId: r.ret?.id ?? null,
      method: values.method,
      amountCents: r.amountCents,
      status: "pending",
      // A transfer goes to the IBAN the return holds (a cancelled order's, to the one the admin has).
      iban: values.method === "transferencia" ? (r.ret?.iban ?? null) : null,
      providerRequestId: values.providerRequestId ?? null,
      providerAnswer: values.providerAnswer ?? {},
      createdByUserId: values.createdByUserId,
    })
    .returning();
  return row!;
}

/** The pending MB WAY refund is sent again: its call's new state. */
export async function setRefundCall(tx: Tx, refundId: number, call: RefundCall): Promise<void> {
  await tx.update(refunds).set({ providerAnswer: call }).where(eq(refunds.id, refundId));
}

/** A pending refund's call got no final answer (still pending, for the admin) or failed (no money moved). */
export async function settleRefundCall(
  tx: Tx,
  refundId: number,
  status: "pending" | "failed",
  answer: Record<string, unknown>,
): Promise<void> {
  await tx
    .update(refunds)
    .set({ status, providerAnswer: answer })
    .where(and(eq(refunds.id, refundId), eq(refunds.status, "pending")));
}

/** The refund is done: its row 'done' and the return it settles 'refunded'. Returns the row. */
export async function markRefundDone(
  tx: Tx,
  r: ResolvedRefund,
  refundId: number,
  answer: Record<string, unknown>,
): Promise<RefundRow> {
  const [done] = await tx
    .update(refunds)
    .set({ status: "done", doneAt: sql`now()`, providerAnswer: answer })
    .where(eq(refunds.id, refundId))
    .returning();
  if (r.ret) {
    await tx
      .update(returns)
      .set({ status: "refunded", refundedAt: sql`now()` })
      .where(and(eq(returns.id, r.ret.id), eq(returns.status, "received")));
  }
  return done!;
}

/**
 * The order lines a return gives back: what its credit note credits, each with the units of its line that earlier
 * returns (not cancelled) took first (`fromUnit`): a discounted line's units may differ by a cent (withdrawalRefund).
 */
export async function returnedLines(tx: Tx, returnId: number): Promise<CreditedLine[]> {
  const rows = await tx
    .select({
      orderLineId: returnLines.orderLineId,
      quantity: returnLines.quantity,
      fromUnit: sql<number>`coalesce((
        select sum(e.quantity) from ${returnLines} e join ${returns} r on r.id = e.return_id
         where e.order_line_id = ${returnLines.orderLineId} and e.return_id < ${returnLines.returnId}
           and r.status <> 'cancelled'), 0)::int`,
    })
    .from(returnLines)
    .where(eq(returnLines.returnId, returnId))
    .orderBy(asc(returnLines.id));
  return rows.map((r) => (r.fromUnit > 0 ? r : { orderLineId: r.orderLineId, quantity: r.quantity }));
}

/** An order line as a refund of some of its units reads it. */
export interface RefundedLine {
  id: number;
  unitPriceCents: number;
  quantity: number;
  /** The line's discount, whole line (order_lines.discount_cents; 0 before issue 20). */
  discountCents?: number;
  /** Units already in another return (not cancelled): they took the line's first units. */
  returned: number;
}

/**
 * What a withdrawal of `chosen` units refunds (issue 20, decision 0022): what was actually paid for them (the line's
 * discount shared over its units by shareOut: refunding every unit, in any number of returns, gives back the line's
 * net exactly) and, on a full withdrawal (every unit of the order returned with this one), the STANDARD delivery as
 * paid (after a free-delivery code) but not the next-day supplement: Decreto-Lei 24/2014 art. 12.º 1 and 3, as
 * /termos-e-condicoes says. A partial withdrawal keeps delivery, which the shopper still received.
 */
export function withdrawalRefund(
  order: { shippingCents: number; shippingDiscountCents?: number; expressSupplementCents?: number },
  lines: readonly RefundedLine[],
  chosen: ReadonlyArray<{ line: RefundedLine; quantity: number }>,
): { refundCents: number; includesDelivery: boolean; deliveryCents: number } {
  // The units before these are the ones other returns hold (as `lines` counts them: the caller may pass a request's
  // own line states in `chosen`), never past the line's end.
  const itemsCents = chosen.reduce((sum, c) => {
    const before = lines.find((l) => l.id === c.line.id)?.returned ?? c.line.returned;
    const from = Math.max(0, Math.min(before, c.line.quantity - c.quantity));
    const line = {
      unitPriceCents: c.line.unitPriceCents,
      quantity: c.line.quantity,
      discountCents: c.line.discountCents ?? 0,
    };
    return sum + paidForUnits(line, c.quantity, from);
  }, 0);
  const chosenOf = (id: number) => chosen.filter((c) => c.line.id === id).reduce((s, c) => s + c.quantity, 0);
  const full = lines.every((l) => l.returned + chosenOf(l.id) >= l.quantity);
  const standardPaid = Math.max(
    0,
    order.shippingCents - (order.shippingDiscountCents ?? 0) - (order.expressSupplementCents ?? 0),
  );
  const deliveryCents = full ? standardPaid : 0;
  return { refundCents: itemsCents + deliveryCents, includesDelivery: deliveryCents > 0, deliveryCents };
}
