import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { PublicUser } from "#server/modules/accounts/schemas.ts";
import type { Database } from "#server/core/db/client.ts";
import { users } from "#server/modules/accounts/schema.ts";
import { orders } from "#server/modules/orders/schema.ts";
import { paymentEvents, paymentExceptions, payments } from "#server/modules/payments/schema.ts";
import { BadRequestError, ConflictError, NotFoundError } from "#server/core/errors.ts";
import { enqueueMail, type OutgoingMail } from "#server/core/mail/outbox.ts";
import { findOrder, reinstatePaidOrder, type Order, type OrderLine } from "#server/modules/orders/status.ts";
import { ORDER_STATUS_LABELS, recordOrderEvent, type OrderStatus } from "#server/modules/orders/timeline.ts";
import type { Tx } from "#server/core/db/client.ts";
import type { GatewayCallback } from "#server/modules/payments/callback.ts";
import { parseGatewayDateTime } from "#server/core/time.ts";
import { paymentExceptionMail } from "./mails.ts";
import { EXCEPTION_KIND_LABELS, EXCEPTION_STATUS_LABELS, type ExceptionKind } from "./rules.ts";
import {
  EXCEPTION_MESSAGES,
  type ExceptionAction,
  type ExceptionsQuery,
  type PaymentExceptionItem,
  type ResolutionBody,
} from "./schemas.ts";

/*
 * 'Exceções de pagamento': money that arrived through the callback but could not be applied (after
 * its order expired, a different amount, a reference the shop does not know). The callback records
 * each one in its own transaction and every admin gets an e-mail; the admin then reinstates the
 * order (late payment of the exact amount, stock permitting) or tracks the refund, each change in
 * one transaction with who and when.
 */

type ExceptionRow = typeof paymentExceptions.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;

const euros = (cents: number) =>
  new Intl.NumberFormat("pt-PT", { style: "currency", currency: "EUR" }).format(cents / 100);

const statusLabel = (status: string) => ORDER_STATUS_LABELS[status as OrderStatus] ?? status;

/** The method a callback was for, when the payment is unknown: Multibanco carries an entity, MB WAY only a request id. */
function methodOf(cb: GatewayCallback): string | null {
  if (cb.entity) return "mb";
  if (cb.requestId && !cb.reference) return "mbway";
  return null;
}

/** The resolutions an exception allows now (the screen shows these buttons; the service enforces the same rule). */
export function allowedActions(row: ExceptionRow, orderStatus: string | null): ExceptionAction[] {
  if (row.status === "refund_due") return ["refunded", "dismissed"];
  if (row.status !== "open") return [];
  const reinstatable =
    row.kind === "late" &&
    row.expectedCents === row.amountCents &&
    (orderStatus === "expired" || orderStatus === "cancelled");
  return [...(reinstatable ? (["reinstate"] as const) : []), "refund_due", "refunded", "dismissed"];
}

/** What each resolution is called in messages and on the order's timeline. */
const RESOLUTION_TEXT: Record<ExceptionAction, string> = {
  reinstate: "encomenda reposta",
  refund_due: "marcado para reembolso",
  refunded: "reembolso feito",
  dismissed: "ignorado",
};

/** The end of "…não pode ser …" for each resolution. */
const CANNOT_BE: Record<ExceptionAction, string> = {
  reinstate: "reposta",
  refund_due: "marcada para reembolso",
  refunded: "marcada como reembolsada",
  dismissed: "ignorada",
};

const TO_STATUS = { refund_due: "refund_due", refunded: "refunded", dismissed: "dismissed" } as const;

export function createPaymentExceptionsService(deps: {
  db: Database;
  publicUrl: string;
  onMailQueued: () => void;
  /** The buyer's confirmation e-mail of a paid order (payments/service.ts, the same as a normal payment). */
  confirmationMail: (tx: Tx, order: Order, lines: OrderLine[]) => Promise<OutgoingMail>;
}) {
  const { db } = deps;

  /** Reads exceptions with their order's status and who resolved them, open first, newest first. */
  function selectItems(tx: Tx) {
    return tx
      .select({ row: paymentExceptions, orderStatus: orders.status, resolvedBy: users.name })
      .from(paymentExceptions)
      .leftJoin(orders, eq(orders.id, paymentExceptions.orderId))
      .leftJoin(users, eq(users.id, paymentExceptions.resolvedByUserId))
      .$dynamic();
  }

  function present(r: { row: ExceptionRow; orderStatus: string | null; resolvedBy: string | null }) {
    const { row } = r;
    return {
      id: row.id,
      kind: row.kind as ExceptionKind,
      status: row.status as PaymentExceptionItem["status"],
      created_at: row.createdAt.toISOString(),
      method: row.method as PaymentExceptionItem["method"],
      entity: row.entity,
      reference: row.reference,
      request_id: row.requestId,
      amount: row.amountCents / 100,
      expected_amount: row.expectedCents === null ? null : row.expectedCents / 100,
      order_id: row.orderId,
      order_status: r.orderStatus as OrderStatus | null,
      resolved_at: row.resolvedAt?.toISOString() ?? null,
      resolved_by: r.resolvedBy,
      resolution_note: row.resolutionNote,
      actions: allowedActions(row, r.orderStatus),
    } satisfies PaymentExceptionItem;
  }

  async function readItem(tx: Tx, id: number): Promise<PaymentExceptionItem> {
    const [r] = await selectItems(tx).where(eq(paymentExceptions.id, id));
    if (!r) throw new NotFoundError(EXCEPTION_MESSAGES.notFound);
    return present(r);
  }

  /** The exception, locked for this transaction's change. */
  async function lockOpen(tx: Tx, id: number): Promise<ExceptionRow> {
    const [row] = await tx.select().from(paymentExceptions).where(eq(paymentExceptions.id, id)).for("update");
    if (!row) throw new NotFoundError(EXCEPTION_MESSAGES.notFound);
    return row;
  }

  /** When the gateway says the money arrived (the event's payload), else when the callback came. */
  async function paidAtOf(tx: Tx, row: ExceptionRow): Promise<Date> {
    if (row.paymentEventId !== null) {
      const [event] = await tx
        .select({ payload: paymentEvents.payload, at: paymentEvents.receivedAt })
        .from(paymentEvents)
        .where(eq(paymentEvents.id, row.paymentEventId));
      const payload = (event?.payload ?? {}) as Record<string, string | undefined>;
      const told = parseGatewayDateTime(payload.payment_datetime ?? payload.datahorapag);
      if (told) return told;
      if (event) return event.at;
    }
    return row.createdAt;
  }

  return {
    /**
     * Inside the callback's transaction: stores the exception once per payment event (a replay never
     * adds one), puts it on the order's timeline and queues the e-mail to every admin account.
     */
    async record(
      tx: Tx,
      input: { kind: ExceptionKind; paymentEventId: number; cb: GatewayCallback; payment?: PaymentRow },
    ): Promise<boolean> {
      const { kind, cb, payment } = input;
      const [row] = await tx
        .insert(paymentExceptions)
        .values({
          kind,
          paymentEventId: input.paymentEventId,
          paymentId: payment?.id ?? null,
          orderId: payment?.orderId ?? null,
          method: payment?.method ?? methodOf(cb),
          entity: cb.entity ?? payment?.entity ?? null,
          reference: cb.reference ?? payment?.reference ?? null,
          requestId: cb.requestId ?? payment?.requestId ?? null,
          amountCents: cb.amountCents,
          expectedCents: payment?.amountCents ?? null,
        })
        .onConflictDoNothing({ target: paymentExceptions.paymentEventId })
        .returning();
      if (!row) return false;
      const order = row.orderId === null ? undefined : await findOrder(tx, row.orderId);
      if (order) {
        await recordOrderEvent(tx, {
          orderId: order.id,
          kind: "payment",
          actor: "system",
          message: `${EXCEPTION_KIND_LABELS[kind]}: recebidos ${euros(row.amountCents)} (exceção de pagamento #${row.id}).`,
          data: { payment_exception_id: row.id, amount_cents: row.amountCents },
        });
      }
      const admins = await tx
        .select({ email: users.email, name: users.name })
        .from(users)
        .where(and(eq(users.function, "admin"), isNull(users.anonymisedAt)))
        .orderBy(users.id);
      for (const admin of admins) {
        await enqueueMail(
          tx,
          paymentExceptionMail({
            exceptionId: row.id,
            kind,
            to: admin.email,
            adminName: admin.name,
            method: row.method,
            entity: row.entity,
            reference: row.reference,
            requestId: row.requestId,
            amountCents: row.amountCents,
            expectedCents: row.expectedCents,
            orderId: row.orderId,
            orderStatus: order ? statusLabel(order.status) : null,
            reinstatable: order?.status === "expired" || order?.status === "cancelled",
            publicUrl: deps.publicUrl,
          }),
        );
      }
      return true;
    },

    /** GET /api/payments/exceptions: a page, open ones first, newest first. */
    async list(query: ExceptionsQuery): Promise<{ items: PaymentExceptionItem[]; total: number }> {
      const rows = await selectItems(db)
        .orderBy(
          sql`(${paymentExceptions.status} = 'open') desc`,
          desc(paymentExceptions.createdAt),
          desc(paymentExceptions.id),
        )
        .limit(query.limit)
        .offset((query.page - 1) * query.limit);
      const total = await db.$count(paymentExceptions);
      return { items: rows.map(present), total };
    },

    /** How many exceptions wait for the admin (the dashboard's payments toggle). */
    countOpen(): Promise<number> {
      return db.$count(paymentExceptions, eq(paymentExceptions.status, "open"));
    },

    /**
     * 'Repor encomenda': a late payment of the exact amount keeps the sale. In one transaction the
     * order's units leave the shelf, the order and the payment become paid, the exception is
     * 'reinstated' by the admin and the buyer's confirmation is queued. Any refusal changes nothing.
     */
    async reinstate(actor: PublicUser, id: number): Promise<PaymentExceptionItem> {
      const item = await db.transaction(async (tx) => {
        const row = await lockOpen(tx, id);
        if (row.status !== "open") throw new ConflictError("Esta exceção de pagamento já foi resolvida.");
        if (row.kind !== "late" || row.paymentId === null || row.orderId === null) {
          throw new ConflictError("Só um pagamento recebido após a expiração da encomenda permite repô-la.");
        }
        if (row.expectedCents !== row.amountCents) {
          throw new ConflictError(
            `O valor recebido (${euros(row.amountCents)}) não é o da encomenda (${euros(row.expectedCents ?? 0)}): marque-o para reembolso.`,
          );
        }
        const [payment] = await tx.select().from(payments).where(eq(payments.id, row.paymentId)).for("update");
        if (!payment || (payment.status !== "expired" && payment.status !== "failed")) {
          throw new ConflictError("Este pagamento já não está expirado: a encomenda não pode ser reposta.");
        }
        const paidAt = await paidAtOf(tx, row);
        const done = await reinstatePaidOrder(
          tx,
          row.orderId,
          paidAt,
          { userId: actor.id, name: actor.name },
          `Encomenda reposta: pagamento de ${euros(row.amountCents)} recebido após a expiração (exceção de pagamento #${row.id}).`,
        );
        if (!done.ok && done.reason === "status") {
          throw new ConflictError(
            `A encomenda #${row.orderId} está '${statusLabel(done.status)}': só uma encomenda expirada ou cancelada pode ser reposta.`,
          );
        }
        if (!done.ok) {
          const l = done.missing;
          const variant = [l.colorName, l.sizeName].filter(Boolean).join(" / ");
          throw new ConflictError(
            `Sem stock para repor a encomenda #${row.orderId}: ${l.productName}${variant ? ` (${variant})` : ""} precisa de ${l.quantity} ${l.quantity === 1 ? "unidade" : "unidades"} e há ${done.available} em stock.`,
          );
        }
        await tx
          .update(payments)
          .set({ status: "paid", paidAt, updatedAt: sql`now()` })
          .where(eq(payments.id, payment.id));
        await tx
          .update(paymentExceptions)
          .set({ status: "reinstated", resolvedByUserId: actor.id, resolvedAt: sql`now()` })
          .where(eq(paymentExceptions.id, row.id));
        await enqueueMail(tx, await deps.confirmationMail(tx, done.order, done.lines));
        return readItem(tx, row.id);
      });
      deps.onMailQueued();
      return item;
    },

    /**
     * 'Marcar para reembolso' (open → refund_due), 'Reembolso feito' (open or refund_due → refunded),
     * 'Ignorar' (open or refund_due → dismissed, only with a note): who, when and the note are kept,
     * and the order's timeline (when there is an order) says what was decided.
     */
    async resolve(actor: PublicUser, id: number, body: ResolutionBody): Promise<PaymentExceptionItem> {
      if (body.resolution === "dismissed" && !body.note) throw new BadRequestError(EXCEPTION_MESSAGES.noteRequired);
      return db.transaction(async (tx) => {
        const row = await lockOpen(tx, id);
        const order = row.orderId === null ? undefined : await findOrder(tx, row.orderId);
        if (!allowedActions(row, order?.status ?? null).includes(body.resolution)) {
          throw new ConflictError(
            row.status === "open"
              ? "Esta resolução não é possível para esta exceção de pagamento."
              : `Esta exceção de pagamento já está '${EXCEPTION_STATUS_LABELS[row.status as keyof typeof EXCEPTION_STATUS_LABELS]}': não pode ser ${CANNOT_BE[body.resolution]}.`,
          );
        }
        await tx
          .update(paymentExceptions)
          .set({
            status: TO_STATUS[body.resolution],
            resolvedByUserId: actor.id,
            resolvedAt: sql`now()`,
            ...(body.note ? { resolutionNote: body.note } : {}),
          })
          .where(eq(paymentExceptions.id, row.id));
        if (order) {
          await recordOrderEvent(tx, {
            orderId: order.id,
            kind: "payment",
            actor: { userId: actor.id, name: actor.name },
            message: `Pagamento de ${euros(row.amountCents)} (exceção de pagamento #${row.id}): ${RESOLUTION_TEXT[body.resolution]}${body.note ? `. ${body.note}` : "."}`,
            data: { payment_exception_id: row.id, resolution: body.resolution },
          });
        }
        return readItem(tx, row.id);
      });
    },
  };
}

export type PaymentExceptionsService = ReturnType<typeof createPaymentExceptionsService>;
