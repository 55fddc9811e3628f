import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { PublicUser } from "#server/modules/accounts/schemas.ts";
import type { Database } from "#server/core/db/client.ts";
import { emailOutbox } from "#server/core/db/schema.ts";
import { users } from "#server/modules/accounts/schema.ts";
import { paymentEvents, payments } from "./schema.ts";
import { AppError, ForbiddenError, NotFoundError } from "#server/core/errors.ts";
import { enqueueMail } from "#server/core/mail/outbox.ts";
import { expireOrder } from "#server/modules/orders/expiry.ts";
import { isPaidStatus } from "#server/modules/orders/fulfilment-status.ts";
import type { OrdersService } from "#server/modules/orders/service.ts";
import {
  findOrder,
  linesOf,
  markOrderPaid,
  setConfirmationSent,
  type Order,
  type OrderLine,
} from "#server/modules/orders/status.ts";
import type { Tx } from "#server/core/db/client.ts";
import { parseCallback, verifyCallbackKey, type GatewayCallback } from "./callback.ts";
import { createPaymentExceptionsService } from "#server/modules/payments/exceptions/service.ts";
import { confirmationKey, orderConfirmationMail } from "./mails.ts";
import { orderExpiredMail, recipientOf } from "#server/modules/payments/shopper/mails.ts";
import {
  SandboxOnlyError,
  simulateSandboxPayment,
  type SimulatedOutcome,
  type SimulationTarget,
} from "#server/modules/payments/providers/sandbox-simulator.ts";
import {
  PaymentDataIncompleteError,
  type PaymentMethod,
  type PaymentProvider,
} from "#server/modules/payments/providers/provider.ts";

export type { VerifyAllResult, VerifyResult } from "./schemas.ts";

/** What the provider said about one payment (presenter.ts turns it into the API's body). */
export type PaymentCheck =
  | { status: "paid" | "pending"; payment: CheckedPayment }
  | { status: "incomplete_data"; payment: CheckedPayment; problem: string }
  | { status: "no_data"; payment?: undefined; problem: string }
  | { status: "error"; payment: CheckedPayment; problem: string; errorName: string | undefined };

/** The payment a check is about: its order and its reference (MB WAY: the request id). */
export interface CheckedPayment {
  orderId: number;
  reference: string | null;
}

/** What the admin's or the buyer's 'Enviar confirmação' did. */
export type ConfirmationRequest =
  { outcome: "queued" | "sent" | "waiting" } | { outcome: "resent"; orderId: number; to: string };

const NOT_FOUND = "Pedido não encontrado";
const NO_DATA = "Dados de pagamento não encontrados";

/** What the callback answers: the gateway only retries non-200 answers. */
export interface CallbackOutcome {
  status: 200 | 403 | 503;
  result:
    "paid" | "replay" | "late_payment" | "unknown_payment" | "amount_mismatch" | "ignored" | "forbidden" | "retry";
}

/** Which payments a callback names: entity + reference (MB), reference (Payshop) or request id (MB WAY). */
function callbackMatch(cb: GatewayCallback) {
  const byRequest = cb.requestId ? eq(payments.requestId, cb.requestId) : undefined;
  const byReference = cb.reference
    ? cb.entity
      ? and(eq(payments.entity, cb.entity), eq(payments.reference, cb.reference))
      : eq(payments.reference, cb.reference)
    : undefined;
  return byReference ?? byRequest;
}

export function createPaymentsService(deps: {
  db: Database;
  provider: PaymentProvider;
  orders: OrdersService;
  callbackKey: string;
  publicUrl: string;
  onMailQueued: () => void;
}) {
  const { db } = deps;

  /** The unpaid payment a callback is about: by entity + reference (MB), reference (Payshop) or request id (MB WAY). */
  async function findPendingPayment(tx: Tx, cb: GatewayCallback) {
    const match = callbackMatch(cb);
    if (!match) return undefined;
    const [row] = await tx
      .select()
      .from(payments)
      .where(and(match, eq(payments.status, "pending")))
      .orderBy(desc(payments.id))
      .limit(1)
      .for("update");
    return row;
  }

  /** The newest payment a callback names, whatever its status (a late payment finds its expired one here). */
  async function findAnyPayment(tx: Tx, cb: GatewayCallback) {
    const match = callbackMatch(cb);
    if (!match) return undefined;
    const [row] = await tx.select().from(payments).where(match).orderBy(desc(payments.id)).limit(1).for("update");
    return row;
  }

  // Money that arrived but could not be applied: recorded by the callback, resolved by the admin.
  const exceptions = createPaymentExceptionsService({
    db,
    publicUrl: deps.publicUrl,
    onMailQueued: deps.onMailQueued,
    confirmationMail: (tx, order, lines) => confirmationMail(tx, order, lines),
  });

  /** pending → paid, exactly once; the order is paid and its reserved units sold (orders domain); the confirmation is queued. */
  async function markPaid(tx: Tx, payment: { id: number; orderId: number }, paidAt: Date): Promise<void> {
    await tx
      .update(payments)
      .set({ status: "paid", paidAt, updatedAt: sql`now()` })
      .where(eq(payments.id, payment.id));
    const { order, lines } = await markOrderPaid(tx, payment.orderId, paidAt);
    await enqueueMail(tx, await confirmationMail(tx, order, lines));
  }

  /** The confirmation e-mail of a paid order, to its buyer. */
  async function confirmationMail(tx: Tx | Database, order: Order, lines?: OrderLine[]) {
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
      publicUrl: deps.publicUrl,
    });
  }

  /** Asks the provider about one payment (never the client) and applies a confirmed payment once. */
  async function verifyPayment(payment: typeof payments.$inferSelect): Promise<PaymentCheck> {
    const checked = { orderId: payment.orderId, reference: payment.reference ?? payment.requestId };
    if (payment.status === "paid") return { status: "paid", payment: checked };
    const method = payment.method as PaymentMethod;
    const incomplete =
      method === "mbway"
        ? !payment.requestId
        : method === "mb"
          ? !payment.entity || !payment.reference
          : !payment.reference;
    if (incomplete) {
      return { status: "incomplete_data", payment: checked, problem: new PaymentDataIncompleteError(method).message };
    }
    try {
      const check = await deps.provider.check({ ...payment, method, createdAt: payment.createdAt });
      if (check.status === "paid" && check.amountCents === payment.amountCents) {
        const applied = await db.transaction(async (tx) => {
          const [locked] = await tx
            .select()
            .from(payments)
            .where(and(eq(payments.id, payment.id), eq(payments.status, "pending")))
            .for("update");
          if (!locked) return false;
          await markPaid(tx, locked, check.paidAt);
          return true;
        });
        if (applied) deps.onMailQueued();
        return { status: "paid", payment: checked };
      }
      return { status: "pending", payment: checked };
    } catch (error) {
      return {
        status: "error",
        payment: checked,
        problem: error instanceof AppError ? error.message : "Erro ao verificar o pagamento.",
        errorName: error instanceof AppError ? error.name : undefined,
      };
    }
  }

  return {
    /** 'Exceções de pagamento' (exceptions.ts): the admin's list and resolutions. */
    exceptions,

    /** GET /api/payments/verify/{reference}: by Multibanco/Payshop reference, MB WAY request id or order id. */
    async verify(reference: string): Promise<PaymentCheck> {
      const clean = reference.replace(/\s+/g, "");
      const byOrder = /^\d{1,9}$/.test(clean) ? eq(payments.orderId, Number(clean)) : undefined;
      const [payment] = await db
        .select()
        .from(payments)
        .where(
          byOrder
            ? sql`${payments.reference} = ${clean} or ${payments.requestId} = ${clean} or ${byOrder}`
            : sql`${payments.reference} = ${clean} or ${payments.requestId} = ${clean}`,
        )
        .orderBy(desc(payments.id))
        .limit(1);
      if (!payment) {
        const order = byOrder ? await findOrder(db, Number(clean)) : undefined;
        return { status: "no_data", problem: order ? NO_DATA : NOT_FOUND };
      }
      return verifyPayment(payment);
    },

    /**
     * POST /api/payments/sandbox/simulate (admin): the sandbox gateway calls this shop's callback
     * over HTTP for the payment, as the real gateway would. Refused on a real provider.
     */
    async simulate(target: SimulationTarget, outcome: SimulatedOutcome, shopUrl: string) {
      if (deps.provider.name !== "sandbox") throw new SandboxOnlyError();
      return simulateSandboxPayment({ db, shopUrl, callbackKey: deps.callbackKey, target, outcome });
    },

    /** GET /api/payments/verify-all: every pending payment (the newest 100), checked with the provider. */
    async verifyAll(): Promise<PaymentCheck[]> {
      const pending = await db
        .select()
        .from(payments)
        .where(eq(payments.status, "pending"))
        .orderBy(desc(payments.id))
        .limit(100);
      const checks: PaymentCheck[] = [];
      for (const p of pending) checks.push(await verifyPayment(p));
      return checks;
    },

    /**
     * POST /api/email/send-order-confirmation, only for paid orders (the payment itself queued the
     * first copy). The admin's 'Enviar confirmação' queues one more copy per call, recorded as a
     * payment event (who, when, which e-mail). The buyer's payment page gets the truth about the
     * copy the payment queued and never a second one.
     */
    async requestConfirmation(actor: PublicUser, orderId: number): Promise<ConfirmationRequest> {
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
          await enqueueMail(db, await confirmationMail(db, order));
          deps.onMailQueued();
          return { outcome: "queued" };
        }
        return { outcome: first.status === "sent" ? "sent" : "waiting" };
      }
      const to = await db.transaction(async (tx) => {
        const mail = await confirmationMail(tx, order);
        // No dedupe key: each resend is its own e-mail.
        const outboxId = await enqueueMail(tx, { ...mail, dedupeKey: undefined });
        const [payment] = await tx
          .select({ id: payments.id })
          .from(payments)
          .where(and(eq(payments.orderId, order.id), eq(payments.status, "paid")))
          .orderBy(desc(payments.id))
          .limit(1);
        const [event] = await tx
          .insert(paymentEvents)
          .values({
            provider: "loja",
            eventKey: `confirmation-resend:${order.id}:${outboxId}`,
            paymentId: payment?.id ?? null,
            payload: {
              type: "confirmation_resend",
              order_id: order.id,
              by_user_id: actor.id,
              by_email: actor.email,
              outbox_id: outboxId,
            },
          })
          .returning({ at: paymentEvents.receivedAt });
        await setConfirmationSent(tx, order.id, event!.at);
        return mail.to;
      });
      deps.onMailQueued();
      return { outcome: "resent", orderId: order.id, to };
    },

    /**
     * GET /api/payments/callback. The anti-phishing key is compared in constant time; each
     * notification is recorded once (payment_events), so replays change nothing; the amount is
     * compared in integer cents. Permanent problems answer 200 (the gateway must stop retrying);
     * a failure on our side answers 503 so the gateway retries.
     */
    async handleCallback(query: Record<string, unknown>): Promise<CallbackOutcome> {
      const parsed = parseCallback(query);
      if (!parsed.ok) {
        return parsed.problem === "missing_key"
          ? { status: 403, result: "forbidden" }
          : { status: 200, result: "ignored" };
      }
      if (!verifyCallbackKey(parsed.key, deps.callbackKey)) return { status: 403, result: "forbidden" };
      const cb = parsed.callback;
      if (cb.kind !== "payment") return { status: 200, result: "ignored" };
      try {
        const outcome = await db.transaction(async (tx) => {
          const [event] = await tx
            .insert(paymentEvents)
            .values({ provider: deps.provider.name, eventKey: cb.eventKey, payload: cb.payload })
            .onConflictDoNothing()
            .returning({ id: paymentEvents.id });
          if (!event) return "replay" as const;
          const payment = await findPendingPayment(tx, cb);
          if (!payment) {
            // Not waiting for it: after its order expired or failed (late), or a reference nobody issued.
            const known = await findAnyPayment(tx, cb);
            if (known && (known.status === "expired" || known.status === "failed")) {
              await tx.update(paymentEvents).set({ paymentId: known.id }).where(eq(paymentEvents.id, event.id));
              await exceptions.record(tx, { kind: "late", paymentEventId: event.id, cb, payment: known });
              return "late_payment" as const;
            }
            // A second notice for a payment already paid is left as before (no kind of exception fits it).
            if (!known) await exceptions.record(tx, { kind: "unknown_reference", paymentEventId: event.id, cb });
            return "unknown_payment" as const;
          }
          await tx.update(paymentEvents).set({ paymentId: payment.id }).where(eq(paymentEvents.id, event.id));
          if (payment.amountCents !== cb.amountCents) {
            await exceptions.record(tx, { kind: "amount_mismatch", paymentEventId: event.id, cb, payment });
            return "amount_mismatch" as const;
          }
          await markPaid(tx, payment, cb.paidAt ?? new Date());
          return "paid" as const;
        });
        if (outcome !== "replay") deps.onMailQueued();
        return { status: 200, result: outcome };
      } catch {
        return { status: 503, result: "retry" };
      }
    },

    /**
     * Payments whose validity passed: the payment and its order expire, the reserved stock
     * returns to the shelf and the shopper's e-mail is queued, in one transaction per payment (the
     * payment row locked first; MB WAY after the switch grace, orders/expiry.ts). Also cancels orders
     * left without any payment by a process that died mid-checkout.
     */
    async expireDue(): Promise<number> {
      let expired = 0;
      for (const { orderId, paymentId } of await deps.orders.listExpirable()) {
        const done = await db.transaction(async (tx) => {
          const [payment] = await tx
            .select({ id: payments.id, status: payments.status })
            .from(payments)
            .where(and(eq(payments.id, paymentId), inArray(payments.status, ["pending", "failed"])))
            .for("update");
          if (!payment) return false;
          // A declined MB WAY keeps its 'failed'; a pending one that ran out is 'expired'.
          if (payment.status === "pending") {
            await tx
              .update(payments)
              .set({ status: "expired", updatedAt: sql`now()` })
              .where(eq(payments.id, paymentId));
          }
          if (!(await expireOrder(tx, orderId))) return false;
          const to = await recipientOf(tx, orderId);
          if (to) await enqueueMail(tx, orderExpiredMail({ orderId, ...to, publicUrl: deps.publicUrl }));
          return true;
        });
        if (done) expired++;
      }
      const orphans = await deps.orders.cancelOrphans();
      if (expired + orphans > 0) deps.onMailQueued();
      return expired + orphans;
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
