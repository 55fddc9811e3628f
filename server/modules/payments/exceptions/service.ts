import { and, eq, isNull, sql } from "drizzle-orm";
import type { Database, Tx } from "#server/core/db/client.ts";
import { ConflictError, NotFoundError } from "#server/core/errors.ts";
import { enqueueMail } from "#server/core/mail/outbox.ts";
import { formatEuros as euros } from "#server/core/money.ts";
import { parseGatewayDateTime } from "#server/core/time.ts";
import { users } from "#server/modules/accounts/schema.ts";
import type { GatewayCallback } from "#server/modules/payments/callback.ts";
import { paymentEvents, paymentExceptions } from "#server/modules/payments/schema.ts";
import type { Payment } from "#server/modules/payments/status.ts";
import { paymentExceptionMail } from "./mails.ts";
import type { ExceptionKind } from "./rules.ts";
import { EXCEPTION_MESSAGES, type ExceptionAction } from "./schemas.ts";

/*
 * 'Exceções de pagamento': money that arrived through the callback but could not be applied (after its order
 * expired, a different amount, a reference the shop does not know). The rows and their resolutions, each inside
 * the caller's transaction; what the order does with them (its timeline, a reinstatement) is the flows'
 * (server/flows/payment-received/payment-received.ts, payment-exceptions.ts).
 */

export type ExceptionRow = typeof paymentExceptions.$inferSelect;

/** The method a callback was for, when the payment is unknown: Multibanco carries an entity, MB WAY only a request id. */
function methodOf(cb: GatewayCallback): string | null {
  if (cb.entity) return "mb";
  if (cb.requestId && !cb.reference) return "mbway";
  return null;
}

/** The resolutions an exception allows now (the screen shows these buttons; the flows enforce the same rule). */
export function allowedActions(row: ExceptionRow, orderStatus: string | null): ExceptionAction[] {
  if (row.status === "refund_due") return ["refunded", "dismissed"];
  if (row.status !== "open") return [];
  const reinstatable =
    row.kind === "late" &&
    row.expectedCents === row.amountCents &&
    (orderStatus === "expired" || orderStatus === "cancelled");
  return [...(reinstatable ? (["reinstate"] as const) : []), "refund_due", "refunded", "dismissed"];
}

/**
 * Inside the callback's transaction: stores the exception once per payment event (a replay never adds one).
 * Returns the new row, or undefined when the event already had one.
 */
export async function recordException(
  tx: Tx,
  input: { kind: ExceptionKind; paymentEventId: number; cb: GatewayCallback; payment?: Payment },
): Promise<ExceptionRow | undefined> {
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
  return row;
}

/** Queues the new exception's e-mail to every admin account; `order`: its order as the admin should read it. */
export async function mailAdmins(
  tx: Tx,
  row: ExceptionRow,
  order: { statusLabel: string; reinstatable: boolean } | null,
  publicUrl: string,
): Promise<void> {
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
        kind: row.kind as ExceptionKind,
        to: admin.email,
        adminName: admin.name,
        method: row.method,
        entity: row.entity,
        reference: row.reference,
        requestId: row.requestId,
        amountCents: row.amountCents,
        expectedCents: row.expectedCents,
        orderId: row.orderId,
        orderStatus: order?.statusLabel ?? null,
        reinstatable: order?.reinstatable ?? false,
        publicUrl,
      }),
    );
  }
}

/** How many exceptions wait for the admin (the dashboard's payments toggle). */
export function countOpenExceptions(db: Database): Promise<number> {
  return db.$count(paymentExceptions, eq(paymentExceptions.status, "open"));
}

/** The exception, locked for this transaction's change. */
export async function lockException(tx: Tx, id: number): Promise<ExceptionRow> {
  const [row] = await tx.select().from(paymentExceptions).where(eq(paymentExceptions.id, id)).for("update");
  if (!row) throw new NotFoundError(EXCEPTION_MESSAGES.notFound);
  return row;
}

/** Why the exception cannot reinstate its order (not open, not a late payment of the exact amount), or null. */
export function reinstateRefusal(row: ExceptionRow): ConflictError | null {
  if (row.status !== "open") return new ConflictError("Esta exceção de pagamento já foi resolvida.");
  if (row.kind !== "late" || row.paymentId === null || row.orderId === null) {
    return new ConflictError("Só um pagamento recebido após a expiração da encomenda permite repô-la.");
  }
  if (row.expectedCents !== row.amountCents) {
    return new ConflictError(
      `O valor recebido (${euros(row.amountCents)}) não é o da encomenda (${euros(row.expectedCents ?? 0)}): marque-o para reembolso.`,
    );
  }
  return null;
}

/** When the gateway says the money arrived (the event's payload), else when the callback came. */
export async function paidAtOf(tx: Tx, row: ExceptionRow): Promise<Date> {
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

const TO_STATUS = {
  reinstate: "reinstated",
  refund_due: "refund_due",
  refunded: "refunded",
  dismissed: "dismissed",
} as const satisfies Record<ExceptionAction, string>;

/** The admin resolved the exception: its new status, who, when and the note (when there is one). */
export async function resolveException(
  tx: Tx,
  id: number,
  resolution: ExceptionAction,
  byUserId: number,
  note?: string,
): Promise<void> {
  await tx
    .update(paymentExceptions)
    .set({
      status: TO_STATUS[resolution],
      resolvedByUserId: byUserId,
      resolvedAt: sql`now()`,
      ...(note ? { resolutionNote: note } : {}),
    })
    .where(eq(paymentExceptions.id, id));
}
