import { desc, eq, sql } from "drizzle-orm";
import type { Database, Tx } from "#server/core/db/client.ts";
import { BadRequestError, ConflictError, NotFoundError } from "#server/core/errors.ts";
import { formatEuros as euros } from "#server/core/money.ts";
import { users } from "#server/modules/accounts/schema.ts";
import type { PublicUser } from "#server/modules/accounts/schemas.ts";
import { orders } from "#server/modules/orders/schema.ts";
import { findOrder } from "#server/modules/orders/status.ts";
import { recordOrderEvent, type OrderStatus } from "#server/modules/orders/timeline.ts";
import { EXCEPTION_STATUS_LABELS, type ExceptionKind } from "#server/modules/payments/exceptions/rules.ts";
import {
  EXCEPTION_MESSAGES,
  type ExceptionAction,
  type ExceptionsQuery,
  type ResolutionBody,
} from "#server/modules/payments/exceptions/schemas.ts";
import {
  allowedActions,
  countOpenExceptions,
  lockException,
  resolveException,
  type ExceptionRow,
} from "#server/modules/payments/exceptions/service.ts";
import { paymentExceptions } from "#server/modules/payments/schema.ts";
import type { PaymentExceptionItem } from "./schemas.ts";

/*
 * 'Exceções de pagamento' on /payment-status (admin): each exception read with its order's status (which decides
 * what the admin may do) and resolved with a line on the order's timeline. Recording them and 'Repor encomenda'
 * happen where payments arrive: payment-received.ts.
 */

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

interface ExceptionRead {
  row: ExceptionRow;
  orderStatus: string | null;
  resolvedBy: string | null;
}

/** Reads exceptions with their order's status and who resolved them. */
function selectItems(tx: Tx) {
  return tx
    .select({ row: paymentExceptions, orderStatus: orders.status, resolvedBy: users.name })
    .from(paymentExceptions)
    .leftJoin(orders, eq(orders.id, paymentExceptions.orderId))
    .leftJoin(users, eq(users.id, paymentExceptions.resolvedByUserId))
    .$dynamic();
}

function present(r: ExceptionRead): PaymentExceptionItem {
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
  };
}

/** One exception as the admin's screen reads it (404 when there is none). */
export async function exceptionItem(tx: Tx, id: number): Promise<PaymentExceptionItem> {
  const [r] = await selectItems(tx).where(eq(paymentExceptions.id, id));
  if (!r) throw new NotFoundError(EXCEPTION_MESSAGES.notFound);
  return present(r);
}

/** GET /api/payments/exceptions: a page, open ones first, newest first. */
export async function listPaymentExceptions(
  db: Database,
  query: ExceptionsQuery,
): Promise<{ items: PaymentExceptionItem[]; total: number }> {
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
}

/**
 * 'Marcar para reembolso' (open → refund_due), 'Reembolso feito' (open or refund_due → refunded), 'Ignorar' (open
 * or refund_due → dismissed, only with a note): who, when and the note are kept, and the order's timeline (when
 * there is an order) says what was decided.
 */
export async function resolvePaymentException(
  db: Database,
  actor: PublicUser,
  id: number,
  body: ResolutionBody,
): Promise<PaymentExceptionItem> {
  if (body.resolution === "dismissed" && !body.note) throw new BadRequestError(EXCEPTION_MESSAGES.noteRequired);
  return db.transaction(async (tx) => {
    const row = await lockException(tx, id);
    const order = row.orderId === null ? undefined : await findOrder(tx, row.orderId);
    if (!allowedActions(row, order?.status ?? null).includes(body.resolution)) {
      throw new ConflictError(
        row.status === "open"
          ? "Esta resolução não é possível para esta exceção de pagamento."
          : `Esta exceção de pagamento já está '${EXCEPTION_STATUS_LABELS[row.status as keyof typeof EXCEPTION_STATUS_LABELS]}': não pode ser ${CANNOT_BE[body.resolution]}.`,
      );
    }
    await resolveException(tx, row.id, body.resolution, actor.id, body.note);
    if (order) {
      await recordOrderEvent(tx, {
        orderId: order.id,
        kind: "payment",
        actor: { userId: actor.id, name: actor.name },
        message: `Pagamento de ${euros(row.amountCents)} (exceção de pagamento #${row.id}): ${RESOLUTION_TEXT[body.resolution]}${body.note ? `. ${body.note}` : "."}`,
        data: { payment_exception_id: row.id, resolution: body.resolution },
      });
    }
    return exceptionItem(tx, row.id);
  });
}

/** The admin's exceptions bound to one database: the loaders' `services.payments.exceptions`. */
export interface PaymentExceptionsReads {
  list(query: ExceptionsQuery): Promise<{ items: PaymentExceptionItem[]; total: number }>;
  countOpen(): Promise<number>;
}

export function paymentExceptionsReads(db: Database): PaymentExceptionsReads {
  return { list: (query) => listPaymentExceptions(db, query), countOpen: () => countOpenExceptions(db) };
}
