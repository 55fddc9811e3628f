import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { PublicUser } from "#server/modules/accounts/schemas.ts";
import type { Database } from "#server/core/db/client.ts";
import { users } from "#server/modules/accounts/schema.ts";
import { refunds, returnLines, returns } from "#server/modules/aftersale/schema.ts";
import { orderLines, orders } from "#server/modules/orders/schema.ts";
import { BadRequestError, ConflictError, NotFoundError } from "#server/core/errors.ts";
import { lockOrder } from "#server/modules/orders/fulfilment-status.ts";
import type { Order } from "#server/modules/orders/status.ts";
import { type Actor, recordOrderEvent } from "#server/modules/orders/timeline.ts";
import type { Tx } from "#server/core/db/client.ts";
import { returnSold } from "#server/modules/inventory/reservations.ts";
import {
  REFUND_MESSAGES as M,
  type AdminReturn,
  type OpenReturnBody,
  type OpenReturnsList,
  type OrderReturns,
  type RefundAttempt,
  type RefundResult,
} from "./admin-schemas.ts";
import { IBAN_MESSAGE, isValidPtIban, normaliseIban } from "./iban.ts";
import { attemptState, withdrawalRefund } from "./refunds.ts";
import { fileReturn } from "./request-steps.ts";
import {
  type CompletionChannel,
  FILED_LABELS,
  RETURN_STATUS_LABELS,
  WITHDRAWAL_MESSAGES,
  type ReturnChannel,
  type ReturnStatus,
} from "./schemas.ts";
import { awaitingOwner, lineStates, needsIban, paidMethodOf } from "./withdrawal-view.ts";
import { formatDateTime } from "#server/core/time.ts";
import { eurosInText } from "#server/core/money.ts";

/*
 * The admin's side of returns (the shopper's request is withdrawal.ts; the money is refunds.ts): the order page's
 * read, a request marked received (its units back on the shelf, movement reason 'Devolução') or cancelled with a
 * note, and a return opened by the shop for the shopper (channel 'admin'). Each change in one transaction under the
 * order's row lock, with its timeline event.
 */

/** The stock movement reason of returned units (what the stock history shows). */
export const RETURN_MOVEMENT_REASON = "Devolução";

/** How it was filed, as the order page says it ('formulário público' is anyone with the number and e-mail). */
const CHANNEL_LABELS: Record<ReturnChannel, string> = {
  conta: FILED_LABELS.conta,
  formulario: FILED_LABELS.formulario,
  admin: FILED_LABELS.admin,
};

/** Who filed it and how: the account or staff member when known; the public form is anyone (no session). */
function filedLabel(channel: ReturnChannel, who: string | null) {
  if (channel === "formulario")
    return `${FILED_LABELS.formulario} (sem sessão iniciada: quem sabia o número e o email)`;
  return who ? `${CHANNEL_LABELS[channel]} (${who})` : CHANNEL_LABELS[channel];
}

/** After a public declaration: how and when the owner chose the items and the refund, or that it still waits. */
function completionLabel(r: typeof returns.$inferSelect) {
  if (r.completedAt && r.completedVia) {
    return `artigos e reembolso indicados pelo cliente (${FILED_LABELS[r.completedVia as CompletionChannel]}) a ${formatDateTime(r.completedAt)}`;
  }
  if (r.channel !== "formulario") return null;
  return r.status === "requested"
    ? "a aguardar que o cliente confirme os artigos e o reembolso (ligação enviada para o email da encomenda)"
    : "o cliente não confirmou os artigos nem o reembolso";
}

const euros = (cents: number) => Math.round(cents) / 100;
const adminActor = (user: PublicUser): Actor => ({ userId: user.id, name: user.name });

/** "•••• 0154": all but the last 4 characters hidden. */
export const maskIban = (iban: string) => `•••• ${iban.slice(-4)}`;

type RefundRow = typeof refunds.$inferSelect;

function attemptView(row: RefundRow | undefined): RefundAttempt | null {
  if (!row) return null;
  const answer = row.providerAnswer as { message?: string; reason?: string; code?: string };
  const status = attemptState(row) as RefundAttempt["status"];
  const message =
    status === "failed"
      ? (answer.message ?? "Recusado pelo ifthenpay.")
      : status === "unknown"
        ? M.unknownPending
        : status === "sending"
          ? "Pedido enviado ao ifthenpay, à espera da resposta."
          : null;
  return {
    id: row.id,
    method: row.method as RefundAttempt["method"],
    status,
    amount: euros(row.amountCents),
    message,
    created_at: row.createdAt.toISOString(),
    done_at: row.doneAt?.toISOString() ?? null,
  };
}

/** What may be done with the money now, from the latest refund and how the order was paid. */
function refundActions(owed: boolean, method: "mbway" | "transferencia", latest: RefundAttempt | null) {
  const live = latest && latest.status !== "failed" ? latest : null;
  const unknown = live?.status === "unknown" && live.method === "mbway";
  return {
    refund_mbway: owed && !live && method === "mbway",
    // A refused MB WAY refund may still be paid by transfer (the admin then has the IBAN from the shopper).
    transfer_done: owed && !live && (method === "transferencia" || latest?.status === "failed"),
    resend_mbway: owed && unknown,
    confirm_mbway: owed && unknown,
  };
}

/** A returned line with what the order line says about it (name, colour, size, unit price). */
const returnLineColumns = {
  returnId: returnLines.returnId,
  orderLineId: returnLines.orderLineId,
  quantity: returnLines.quantity,
  name: orderLines.productName,
  color: orderLines.colorName,
  size: orderLines.sizeName,
  unitPriceCents: orderLines.unitPriceCents,
};

/** The return and its order, both locked (order first, like every writer of orders). */
async function lockedReturn(tx: Tx, returnId: number) {
  const [found] = await tx.select({ orderId: returns.orderId }).from(returns).where(eq(returns.id, returnId));
  if (!found) throw new NotFoundError(M.returnNotFound);
  const order = (await lockOrder(tx, found.orderId))!;
  const [ret] = await tx.select().from(returns).where(eq(returns.id, returnId)).for("update");
  return { order, ret: ret! };
}

/** The order page's 'Devoluções e reembolsos' of an order read in `tx`. */
async function readOrderReturns(tx: Tx, order: Order): Promise<OrderReturns> {
  const rows = await tx.select().from(returns).where(eq(returns.orderId, order.id)).orderBy(asc(returns.id));
  const ids = rows.map((r) => r.id);
  const lines = ids.length
    ? await tx
        .select(returnLineColumns)
        .from(returnLines)
        .innerJoin(orderLines, eq(orderLines.id, returnLines.orderLineId))
        .where(inArray(returnLines.returnId, ids))
        .orderBy(asc(returnLines.orderLineId))
    : [];
  const refundRows = await tx.select().from(refunds).where(eq(refunds.orderId, order.id)).orderBy(desc(refunds.id));
  const filerIds = [...new Set(rows.flatMap((r) => (r.filedByUserId === null ? [] : [r.filedByUserId])))];
  const filers = filerIds.length
    ? await tx.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, filerIds))
    : [];
  const filerName = (id: number | null) => filers.find((f) => f.id === id)?.name ?? null;
  const paidMethod = await paidMethodOf(tx, order);
  const method = needsIban(paidMethod) ? "transferencia" : "mbway";
  const view: AdminReturn[] = rows.map((r) => {
    const status = r.status as ReturnStatus;
    const latest = attemptView(refundRows.find((f) => f.returnId === r.id));
    return {
      id: r.id,
      status,
      status_label: RETURN_STATUS_LABELS[status],
      channel: r.channel as ReturnChannel,
      channel_label: CHANNEL_LABELS[r.channel as ReturnChannel],
      filed_label: filedLabel(r.channel as ReturnChannel, filerName(r.filedByUserId)),
      completion_label: completionLabel(r),
      awaiting_owner: awaitingOwner(r),
      reason: r.reason,
      requested_at: r.requestedAt.toISOString(),
      received_at: r.receivedAt?.toISOString() ?? null,
      refunded_at: r.refundedAt?.toISOString() ?? null,
      refund: euros(r.refundCents),
      refund_method: r.iban ? "transferencia" : method,
      iban: r.iban ? maskIban(r.iban) : null,
      lines: lines
        .filter((l) => l.returnId === r.id)
        .map((l) => ({
          order_line_id: l.orderLineId,
          name: l.name,
          variant: [l.color, l.size].filter(Boolean).join(" / "),
          quantity: l.quantity,
          unit_price: euros(l.unitPriceCents),
        })),
      refund_attempt: latest,
      actions: {
        receive: status === "requested",
        cancel: status === "requested",
        ...refundActions(status === "received", r.iban ? "transferencia" : method, latest),
      },
    };
  });
  const cancellation = refundRows.find((f) => f.returnId === null);
  const owed = order.status === "cancelled" && order.refundStatus === "due";
  const latest = attemptView(cancellation);
  const states = await lineStates(tx, order.id);
  const left = states.filter((l) => l.quantity > l.returned);
  return {
    order_id: order.id,
    returns: view,
    cancellation_refund:
      order.refundStatus && order.status === "cancelled"
        ? {
            amount: euros(order.totalCents),
            refund_method: method,
            refund_attempt: latest,
            actions: refundActions(owed, method, latest),
          }
        : null,
    can_open: ["enviada", "entregue"].includes(order.status) && left.length > 0,
    iban_required: needsIban(paidMethod),
    open_lines: left.map((l) => ({
      order_line_id: l.id,
      name: [l.name, [l.color, l.size].filter(Boolean).join(" / ")].filter(Boolean).join(" — "),
      available: l.quantity - l.returned,
      unit_price: euros(l.unitPriceCents),
    })),
  };
}

/** GET /api/orders/:id/returns: the order page's 'Devoluções e reembolsos'. */
export async function orderReturns(db: Database, orderId: number): Promise<OrderReturns> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw new NotFoundError(M.orderNotFound);
  return readOrderReturns(db, order);
}

/** GET /api/returns: the returns still to handle (requested or received), oldest first. */
export async function openReturns(db: Database): Promise<OpenReturnsList> {
  const rows = await db
    .select({
      id: returns.id,
      orderId: returns.orderId,
      status: returns.status,
      requestedAt: returns.requestedAt,
      refundCents: returns.refundCents,
      customer: sql<string>`coalesce(nullif(${orders.deliveryName}, ''), ${users.name})`,
    })
    .from(returns)
    .innerJoin(orders, eq(orders.id, returns.orderId))
    .innerJoin(users, eq(users.id, orders.userId))
    .where(inArray(returns.status, ["requested", "received"]))
    .orderBy(asc(returns.requestedAt), asc(returns.id))
    .limit(200);
  return {
    returns: rows.map((r) => ({
      id: r.id,
      order_id: r.orderId,
      status: r.status as ReturnStatus,
      status_label: RETURN_STATUS_LABELS[r.status as ReturnStatus],
      customer: r.customer,
      requested_at: r.requestedAt.toISOString(),
      refund: euros(r.refundCents),
    })),
  };
}

/** POST /api/returns/:id/received: requested → received; the units go back on the shelf ('Devolução'). */
export async function markReturnReceived(db: Database, admin: PublicUser, returnId: number): Promise<RefundResult> {
  await db.transaction(async (tx) => {
    const { order, ret } = await lockedReturn(tx, returnId);
    if (ret.status !== "requested") throw new ConflictError(M.notRequested);
    await tx
      .update(returns)
      .set({ status: "received", receivedAt: sql`now()` })
      .where(and(eq(returns.id, ret.id), eq(returns.status, "requested")));
    const units = await tx
      .select({ variantId: orderLines.variantId, quantity: returnLines.quantity })
      .from(returnLines)
      .innerJoin(orderLines, eq(orderLines.id, returnLines.orderLineId))
      .where(eq(returnLines.returnId, ret.id));
    const byVariant = new Map<number, number>();
    for (const u of units) {
      // A deleted variant (null) takes nothing back, as when a paid order is cancelled.
      if (u.variantId !== null) byVariant.set(u.variantId, (byVariant.get(u.variantId) ?? 0) + u.quantity);
    }
    await returnSold(tx, byVariant, RETURN_MOVEMENT_REASON, order.id, admin.id);
    const count = units.reduce((n, u) => n + u.quantity, 0);
    await recordOrderEvent(tx, {
      orderId: order.id,
      kind: "payment",
      actor: adminActor(admin),
      message: `Devolução #${ret.id} recebida: ${count} ${count === 1 ? "unidade" : "unidades"} de volta ao stock; reembolso de ${eurosInText(ret.refundCents)} a fazer`,
      data: { return_id: ret.id, return_status: "received" },
    });
  });
  return { success: true, message: M.received };
}

/** POST /api/returns/:id/cancel: a request not yet received is cancelled, with the admin's note (its units free again). */
export async function cancelReturn(
  db: Database,
  admin: PublicUser,
  returnId: number,
  note: string,
): Promise<RefundResult> {
  await db.transaction(async (tx) => {
    const { order, ret } = await lockedReturn(tx, returnId);
    if (ret.status !== "requested") throw new ConflictError(M.notRequested);
    await tx.update(returns).set({ status: "cancelled" }).where(eq(returns.id, ret.id));
    await recordOrderEvent(tx, {
      orderId: order.id,
      kind: "payment",
      actor: adminActor(admin),
      message: `Pedido de devolução #${ret.id} cancelado. Motivo: ${note}`,
      data: { return_id: ret.id, return_status: "cancelled", note },
    });
  });
  return { success: true, message: M.cancelled };
}

/**
 * POST /api/orders/:id/returns: the shop opens a return for the shopper (by phone, at the counter, after the 14
 * days as a courtesy): a shipped or delivered order's units not in another return. Refund as withdrawal.ts
 * computes it: the units' prices, plus delivery when this return completes the order.
 */
export async function openReturn(
  db: Database,
  admin: PublicUser,
  orderId: number,
  body: OpenReturnBody,
): Promise<RefundResult> {
  await db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order) throw new NotFoundError(M.orderNotFound);
    if (!["enviada", "entregue"].includes(order.status)) throw new ConflictError(M.notReturnable);
    const lines = await lineStates(tx, order.id);
    const chosen = body.items.map((item) => {
      const line = lines.find((l) => l.id === item.order_line_id);
      if (!line) throw new BadRequestError(WITHDRAWAL_MESSAGES.unknownLine);
      if (item.quantity > line.quantity) throw new BadRequestError(WITHDRAWAL_MESSAGES.tooMany);
      if (item.quantity > line.quantity - line.returned) throw new ConflictError(WITHDRAWAL_MESSAGES.alreadyRequested);
      return { line, quantity: item.quantity };
    });
    let iban: string | null = null;
    if (needsIban(await paidMethodOf(tx, order))) {
      if (!body.iban) throw new BadRequestError(WITHDRAWAL_MESSAGES.ibanRequired);
      if (!isValidPtIban(body.iban)) throw new BadRequestError(IBAN_MESSAGE);
      iban = normaliseIban(body.iban);
    }
    // What was paid for these units; the standard delivery on a full withdrawal (refunds.ts, issue 20).
    const { refundCents } = withdrawalRefund(order, lines, chosen);
    const row = await fileReturn(
      tx,
      { orderId: order.id, channel: "admin", filedByUserId: admin.id, reason: body.reason ?? "", iban, refundCents },
      chosen,
    );
    const units = chosen.reduce((n, c) => n + c.quantity, 0);
    await recordOrderEvent(tx, {
      orderId: order.id,
      kind: "payment",
      actor: adminActor(admin),
      message:
        `Devolução #${row!.id} aberta pela loja: ${units} ${units === 1 ? "unidade" : "unidades"}, reembolso de ${eurosInText(refundCents)}` +
        (body.reason ? `. Motivo: ${body.reason}` : ""),
      data: { return_id: row!.id, refund_cents: refundCents, channel: "admin" },
    });
  });
  return { success: true, message: M.opened };
}

/** The admin's side of returns bound to the database (server/services.ts; the web app's loaders call it). */
export interface ReturnsAdminService {
  orderReturns(orderId: number): Promise<OrderReturns>;
  openReturns(): Promise<OpenReturnsList>;
  markReceived(admin: PublicUser, returnId: number): Promise<RefundResult>;
  cancel(admin: PublicUser, returnId: number, note: string): Promise<RefundResult>;
  open(admin: PublicUser, orderId: number, body: OpenReturnBody): Promise<RefundResult>;
}

export function createReturnsAdminService(deps: { db: Database }): ReturnsAdminService {
  const { db } = deps;
  return {
    orderReturns: (orderId) => orderReturns(db, orderId),
    openReturns: () => openReturns(db),
    markReceived: (admin, returnId) => markReturnReceived(db, admin, returnId),
    cancel: (admin, returnId, note) => cancelReturn(db, admin, returnId, note),
    open: (admin, orderId, body) => openReturn(db, admin, orderId, body),
  };
}
