import { eq } from "drizzle-orm";
import type { Database, Tx } from "#server/core/db/client.ts";
import { emailOutbox } from "#server/core/db/schema.ts";
import { AppError, ConflictError, ForbiddenError, NotFoundError } from "#server/core/errors.ts";
import { formatEuros as euros } from "#server/core/money.ts";
import { enqueueMail, type OutgoingMail } from "#server/core/mail/outbox.ts";
import { users } from "#server/modules/accounts/schema.ts";
import type { PublicUser } from "#server/modules/accounts/schemas.ts";
import { sellReserved } from "#server/modules/inventory/reservations.ts";
import { takeFromShelf } from "#server/modules/inventory/shelf.ts";
import { queueInvoice } from "#server/modules/invoicing/service.ts";
import { isPaidStatus } from "#server/modules/orders/fulfilment-status.ts";
import {
  findOrder,
  linesOf,
  markOrderPaid,
  markReinstatedPaid,
  reinstatableOrder,
  setConfirmationSent,
  unitsOf,
  type NotReinstatable,
  type Order,
  type OrderLine,
} from "#server/modules/orders/status.ts";
import {
  ORDER_STATUS_LABELS,
  recordOrderEvent,
  type Actor,
  type OrderStatus,
} from "#server/modules/orders/timeline.ts";
import { parseCallback, verifyCallbackKey, type GatewayCallback } from "#server/modules/payments/callback.ts";
import {
  findAnyPayment,
  findPendingPayment,
  hadEarlierNotification,
  linkNotification,
  recordConfirmationResend,
  recordNotification,
} from "#server/modules/payments/events.ts";
import {
  lockException,
  mailAdmins,
  paidAtOf,
  recordException,
  reinstateRefusal,
  resolveException,
} from "#server/modules/payments/exceptions/service.ts";
import { EXCEPTION_KIND_LABELS, type ExceptionKind } from "#server/modules/payments/exceptions/rules.ts";
import { confirmationKey, orderConfirmationMail } from "#server/modules/payments/mails.ts";
import type { ConfirmationRequest } from "#server/modules/payments/presenter.ts";
import type { PaymentProvider } from "#server/modules/payments/providers/provider.ts";
import { lockPayment, markPaymentPaid, paidPaymentOf, type Payment } from "#server/modules/payments/status.ts";
import {
  askProvider,
  failedCheck,
  paymentByReference,
  pendingPayments,
  type PaymentCheck,
} from "#server/modules/payments/verify.ts";
import { exceptionItem } from "#server/flows/payment-exceptions/payment-exceptions.ts";
import type { PaymentExceptionItem } from "#server/flows/payment-exceptions/schemas.ts";

/*
 * A payment arrives (the gateway's callback, or the admin's 'Verificar' asking the provider): in the payment's
 * transaction the payment is paid, its order is paid, the order's reserved units are sold, its invoice is queued
 * and the buyer's confirmation e-mail is queued. Money that cannot be applied (after the order expired, another
 * amount, an unknown reference, a second payment of a paid reference) becomes a payment exception; the admin may then reinstate a late payment's
 * order, which takes its units from the shelf again. 'Enviar confirmação' sends the confirmation once more.
 */

/** What the payment flows need from the shop. */
export interface PaymentFlowDeps {
  db: Database;
  provider: PaymentProvider;
  /** The gateway's anti-phishing key (PAYMENT_CALLBACK_KEY). */
  callbackKey: string;
  /** The shop's address, for the links in the e-mails. */
  publicUrl: string;
  /** Called after a transaction that queued mail committed (wakes the mail worker). */
  onMailQueued: () => void;
}

/** What the callback answers: the gateway only retries non-200 answers. */
export interface CallbackOutcome {
  status: 200 | 403 | 503;
  result:
    | "paid"
    | "replay"
    | "late_payment"
    | "duplicate_payment"
    | "unknown_payment"
    | "amount_mismatch"
    | "ignored"
    | "forbidden"
    | "retry";
}

const NOT_FOUND = "Pedido não encontrado";
const NO_DATA = "Dados de pagamento não encontrados";

const statusLabel = (status: string) => ORDER_STATUS_LABELS[status as OrderStatus] ?? status;

/** The confirmation e-mail of a paid order, to its buyer. */
async function confirmationMail(
  tx: Tx,
  order: Order,
  lines: OrderLine[] | undefined,
  publicUrl: string,
): Promise<OutgoingMail> {
  const [user] = await tx
    .select({ email: users.email, name: users.name })
    .from(users)
    .where(eq(users.id, order.userId));
  return orderConfirmationMail({
    orderId: order.id,
    to: user!.email,
    customerName: order.deliveryName || user!.name,
    method: order.paymentMethod,
    subtotalCents: order.subtotalCents,
    shippingCents: order.shippingCents,
    discountCents: order.discountCents + order.shippingDiscountCents,
    discountCode: order.discountCode,
    shippingDiscountCents: order.shippingDiscountCents,
    totalCents: order.totalCents,
    shippingVatRateBp: order.shippingVatRateBp,
    delivery: {
      name: order.deliveryName,
      address: order.deliveryAddress,
      postalCode: order.deliveryPostalCode,
      city: order.deliveryCity,
      phone: order.deliveryPhone,
      fast: order.fastDelivery,
    },
    lines: lines ?? (await linesOf(tx, order.id)),
    publicUrl,
  });
}

/**
 * pending → paid, exactly once (the caller holds the payment's row lock): the payment and its order are paid, the
 * order's reserved units sold, its invoice queued (exactly once: invoicing) and the buyer's confirmation queued.
 */
export async function applyPayment(tx: Tx, payment: Payment, paidAt: Date, publicUrl: string): Promise<void> {
  await markPaymentPaid(tx, payment.id, paidAt);
  const { order, lines } = await markOrderPaid(tx, payment.orderId, paidAt);
  await sellReserved(tx, unitsOf(lines));
  await queueInvoice(tx, payment.orderId);
  await enqueueMail(tx, await confirmationMail(tx, order, lines, publicUrl));
}

/**
 * Inside the callback's transaction: the exception is stored once per payment event (a replay never adds one),
 * put on the order's timeline, and every admin gets an e-mail.
 */
async function recordPaymentException(
  tx: Tx,
  input: { kind: ExceptionKind; paymentEventId: number; cb: GatewayCallback; payment?: Payment },
  publicUrl: string,
): Promise<void> {
  const row = await recordException(tx, input);
  if (!row) return;
  const order = row.orderId === null ? undefined : await findOrder(tx, row.orderId);
  if (order) {
    await recordOrderEvent(tx, {
      orderId: order.id,
      kind: "payment",
      actor: "system",
      message: `${EXCEPTION_KIND_LABELS[input.kind]}: recebidos ${euros(row.amountCents)} (exceção de pagamento #${row.id}).`,
      data: { payment_exception_id: row.id, amount_cents: row.amountCents },
    });
  }
  const facts = order
    ? {
        statusLabel: statusLabel(order.status),
        reinstatable: order.status === "expired" || order.status === "cancelled",
      }
    : null;
  await mailAdmins(tx, row, facts, publicUrl);
}

/**
 * GET /api/payments/callback. The anti-phishing key is compared in constant time; each notification is recorded
 * once (payment_events), so replays change nothing; the amount is compared in integer cents. Permanent problems
 * answer 200 (the gateway must stop retrying); a failure on our side answers 503 so the gateway retries.
 */
export async function handleCallback(deps: PaymentFlowDeps, query: Record<string, unknown>): Promise<CallbackOutcome> {
  const parsed = parseCallback(query);
  if (!parsed.ok) {
    return parsed.problem === "missing_key" ? { status: 403, result: "forbidden" } : { status: 200, result: "ignored" };
  }
  if (!verifyCallbackKey(parsed.key, deps.callbackKey)) return { status: 403, result: "forbidden" };
  const cb = parsed.callback;
  if (cb.kind !== "payment") return { status: 200, result: "ignored" };
  try {
    const outcome = await deps.db.transaction(async (tx) => {
      const eventId = await recordNotification(tx, deps.provider.name, cb);
      if (eventId === undefined) return "replay" as const;
      const payment = await findPendingPayment(tx, cb);
      if (!payment) {
        // Not waiting for it: after its order expired or failed (late), or a reference nobody issued.
        const known = await findAnyPayment(tx, cb);
        if (known && (known.status === "expired" || known.status === "failed")) {
          await linkNotification(tx, eventId, known.id);
          await recordPaymentException(
            tx,
            { kind: "late", paymentEventId: eventId, cb, payment: known },
            deps.publicUrl,
          );
          return "late_payment" as const;
        }
        if (known?.status === "paid") {
          // Another notice (a replay of the same one never gets here: its event key is taken) for a payment already
          // paid is a second payment of the reference, unless it is the first notice of a payment the admin's
          // 'Verificar' applied. The money must go back: an exception, once per event.
          const earlier = await hadEarlierNotification(tx, {
            paymentId: known.id,
            provider: deps.provider.name,
            eventId,
          });
          await linkNotification(tx, eventId, known.id);
          if (!earlier) return "replay" as const;
          await recordPaymentException(
            tx,
            { kind: "duplicate", paymentEventId: eventId, cb, payment: known },
            deps.publicUrl,
          );
          return "duplicate_payment" as const;
        }
        if (!known) {
          await recordPaymentException(tx, { kind: "unknown_reference", paymentEventId: eventId, cb }, deps.publicUrl);
        }
        return "unknown_payment" as const;
      }
      await linkNotification(tx, eventId, payment.id);
      if (payment.amountCents !== cb.amountCents) {
        await recordPaymentException(
          tx,
          { kind: "amount_mismatch", paymentEventId: eventId, cb, payment },
          deps.publicUrl,
        );
        return "amount_mismatch" as const;
      }
      await applyPayment(tx, payment, cb.paidAt ?? new Date(), deps.publicUrl);
      return "paid" as const;
    });
    if (outcome !== "replay") deps.onMailQueued();
    return { status: 200, result: outcome };
  } catch {
    return { status: 503, result: "retry" };
  }
}

/** Asks the provider about one payment (never the client) and applies a confirmed payment once. */
async function verifyPayment(deps: PaymentFlowDeps, payment: Payment): Promise<PaymentCheck> {
  const verdict = await askProvider(deps.provider, payment);
  if (!("confirmed" in verdict)) return verdict;
  try {
    const applied = await deps.db.transaction(async (tx) => {
      const locked = await lockPayment(tx, payment.id, ["pending"]);
      if (!locked) return false;
      await applyPayment(tx, locked, verdict.paidAt, deps.publicUrl);
      return true;
    });
    if (applied) deps.onMailQueued();
    return { status: "paid", payment: verdict.payment };
  } catch (error) {
    return failedCheck(payment, error);
  }
}

/** GET /api/payments/verify/{reference}: by Multibanco/Payshop reference, MB WAY request id or order id. */
export async function verify(deps: PaymentFlowDeps, reference: string): Promise<PaymentCheck> {
  const clean = reference.replace(/\s+/g, "");
  const payment = await paymentByReference(deps.db, clean);
  if (!payment) {
    const order = /^\d{1,9}$/.test(clean) ? await findOrder(deps.db, Number(clean)) : undefined;
    return { status: "no_data", problem: order ? NO_DATA : NOT_FOUND };
  }
  return verifyPayment(deps, payment);
}

/** GET /api/payments/verify-all: every pending payment (the newest 100), checked with the provider. */
export async function verifyAll(deps: PaymentFlowDeps): Promise<PaymentCheck[]> {
  const checks: PaymentCheck[] = [];
  for (const p of await pendingPayments(deps.db)) checks.push(await verifyPayment(deps, p));
  return checks;
}

/**
 * POST /api/email/send-order-confirmation, only for paid orders (the payment itself queued the first copy). The
 * admin's 'Enviar confirmação' queues one more copy per call, recorded as a payment event (who, when, which
 * e-mail). The buyer's payment page gets the truth about the copy the payment queued and never a second one.
 */
export async function requestConfirmation(
  deps: PaymentFlowDeps,
  actor: PublicUser,
  orderId: number,
): Promise<ConfirmationRequest> {
  const { db } = deps;
  const order = await findOrder(db, orderId);
  if (!order) throw new NotFoundError(NOT_FOUND);
  const staff = actor.function === "admin";
  if (order.userId !== actor.id && !staff) throw new ForbiddenError();
  // Paid and still standing: preparing, shipped and delivered orders were paid too.
  if (!isPaidStatus(order.status)) throw new AppError(409, "Apenas pagamentos confirmados podem ser notificados.");
  if (!staff) {
    const [first] = await db
      .select({ status: emailOutbox.status })
      .from(emailOutbox)
      .where(eq(emailOutbox.dedupeKey, confirmationKey(order.id)));
    if (!first) {
      // Not expected (the payment queues it), but then the buyer gets it now, once.
      await enqueueMail(db, await confirmationMail(db, order, undefined, deps.publicUrl));
      deps.onMailQueued();
      return { outcome: "queued" };
    }
    return { outcome: first.status === "sent" ? "sent" : "waiting" };
  }
  const to = await db.transaction(async (tx) => {
    const mail = await confirmationMail(tx, order, undefined, deps.publicUrl);
    // No dedupe key: each resend is its own e-mail.
    const outboxId = await enqueueMail(tx, { ...mail, dedupeKey: undefined });
    const at = await recordConfirmationResend(tx, {
      orderId: order.id,
      paymentId: await paidPaymentOf(tx, order.id),
      byUserId: actor.id,
      byEmail: actor.email,
      outboxId,
    });
    await setConfirmationSent(tx, order.id, at);
    return mail.to;
  });
  deps.onMailQueued();
  return { outcome: "resent", orderId: order.id, to };
}

/** What reinstating an expired or cancelled order did (see reinstatePaidOrder). */
export type Reinstatement = { ok: true; order: Order; lines: OrderLine[] } | NotReinstatable;

/**
 * A payment arrived after its order expired or was cancelled and the admin keeps the sale: the order's units come
 * off the shelf again (all or nothing, as stock movements by the admin), the order becomes 'paid' at `paidAt` (its
 * confirmation counts as sent: the caller queues it in this transaction), the timeline records who did it and
 * the invoice is queued. Refused, with nothing changed, when the order is in another status or a line's variant
 * lacks the units (a deleted variant has none).
 */
export async function reinstatePaidOrder(
  tx: Tx,
  orderId: number,
  paidAt: Date,
  actor: Extract<Actor, { userId: number }>,
  message: string,
): Promise<Reinstatement> {
  const found = await reinstatableOrder(tx, orderId);
  if (!found.ok) return found;
  const { lines } = found;
  const [short] = await takeFromShelf(
    tx,
    unitsOf(lines),
    `Encomenda #${orderId} reposta (pagamento recebido após expiração)`,
    orderId,
    actor.userId,
  );
  if (short) {
    return {
      ok: false,
      reason: "stock",
      missing: lines.find((l) => l.variantId === short.variantId)!,
      available: short.available,
    };
  }
  const order = await markReinstatedPaid(tx, found.order, paidAt, actor, message);
  await queueInvoice(tx, orderId);
  return { ok: true, order, lines };
}

/**
 * 'Repor encomenda' (POST /api/payments/exceptions/{id}/reinstate): a late payment of the exact amount keeps the
 * sale. In one transaction the order's units leave the shelf, the order and the payment become paid, the
 * exception is 'reinstated' by the admin and the buyer's confirmation is queued. Any refusal changes nothing.
 */
export async function reinstateLatePayment(
  deps: PaymentFlowDeps,
  actor: PublicUser,
  exceptionId: number,
): Promise<PaymentExceptionItem> {
  const item = await deps.db.transaction(async (tx) => {
    const row = await lockException(tx, exceptionId);
    const refusal = reinstateRefusal(row);
    if (refusal) throw refusal;
    const payment = await lockPayment(tx, row.paymentId!, ["expired", "failed"]);
    if (!payment) {
      throw new ConflictError("Este pagamento já não está expirado: a encomenda não pode ser reposta.");
    }
    const paidAt = await paidAtOf(tx, row);
    const done = await reinstatePaidOrder(
      tx,
      row.orderId!,
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
    await markPaymentPaid(tx, payment.id, paidAt);
    await resolveException(tx, row.id, "reinstate", actor.id);
    await enqueueMail(tx, await confirmationMail(tx, done.order, done.lines, deps.publicUrl));
    return exceptionItem(tx, row.id);
  });
  deps.onMailQueued();
  return item;
}
