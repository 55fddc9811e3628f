import type { Database } from "#server/core/db/client.ts";
import { AppError, ConflictError, NotFoundError } from "#server/core/errors.ts";
import { enqueueMail } from "#server/core/mail/outbox.ts";
import type { PublicUser } from "#server/modules/accounts/schemas.ts";
import { toPaymentData } from "#server/modules/orders/presenter.ts";
import { findOrder, lockOrder, recipientOf, setPaymentMethod, type Order } from "#server/modules/orders/status.ts";
import { ORDER_STATUS_LABELS, recordOrderEvent, type OrderStatus } from "#server/modules/orders/timeline.ts";
import type { CreatedPayment, PaymentProvider } from "#server/modules/payments/providers/provider.ts";
import { paymentInstructionsMail } from "#server/modules/payments/shopper/mails.ts";
import {
  expirePayment,
  insertPayment,
  lockPaymentsOf,
  paymentsOf,
  type Payment,
} from "#server/modules/payments/status.ts";
import type { ShopperOrderStatus } from "./schemas.ts";

/*
 * The payment page follows the shopper's order on the server: GET /api/users/me/orders/:id/status (where the
 * payment stands, polled by /pagamento) and POST /api/users/me/orders/:id/pay-multibanco (a failed or expired
 * MB WAY request becomes a Multibanco reference for the SAME order; its stock stays reserved, orders/expiry.ts
 * keeps such an order waiting MBWAY_SWITCH_GRACE_MINUTES). A shopper only ever reaches their own orders:
 * anyone else's is 404, as if it did not exist.
 */

const NOT_FOUND = "Encomenda não encontrada.";
const PAID_STATUSES: readonly string[] = ["paid", "em_preparacao", "enviada", "entregue"];

export const SWITCH_MESSAGES = {
  paid: "Esta encomenda já está paga.",
  expired: "O prazo de pagamento desta encomenda terminou. Faça uma nova encomenda.",
  cancelled: "Esta encomenda foi cancelada. Faça uma nova encomenda.",
  mbwayPending:
    "O pedido MB WAY ainda está pendente. Aceite-o na app MB WAY ou aguarde que o prazo termine para pagar por Multibanco.",
  notMbway: "Só é possível pagar por Multibanco quando o pagamento MB WAY não foi concluído.",
} as const;

/** The MB WAY request can no longer be accepted: declined, expired, or past its 4 minutes. */
const mbwayOver = (p: Payment, now: Date) =>
  p.status === "failed" || p.status === "expired" || (p.expiresAt !== null && p.expiresAt.getTime() <= now.getTime());

/** Why the order cannot switch to Multibanco now, or null when it can. */
function switchRefusal(order: Order, current: Payment | undefined, now: Date): string | null {
  if (PAID_STATUSES.includes(order.status)) return SWITCH_MESSAGES.paid;
  if (order.status === "expired") return SWITCH_MESSAGES.expired;
  if (order.status !== "pending_payment") return SWITCH_MESSAGES.cancelled;
  if (!current || current.method !== "mbway") return SWITCH_MESSAGES.notMbway;
  if (!mbwayOver(current, now)) return SWITCH_MESSAGES.mbwayPending;
  return null;
}

/** The order already switched to Multibanco and waits on that reference: every further click answers it. */
const switched = (order: Order, rows: Payment[]) =>
  order.status === "pending_payment" &&
  rows[0]?.method === "mb" &&
  rows[0].status === "pending" &&
  rows.some((p) => p.method === "mbway");

function statusBody(order: Order, payment: Payment | undefined, now: Date): ShopperOrderStatus {
  const status = order.status as OrderStatus;
  return {
    order_id: order.id,
    estado: status,
    estado_texto: ORDER_STATUS_LABELS[status] ?? order.status,
    pago: PAID_STATUSES.includes(order.status),
    pagamento: payment ? toPaymentData(order.id, payment) : null,
    pagamento_estado: payment ? (payment.status as ShopperOrderStatus["pagamento_estado"]) : null,
    pode_pagar_multibanco: switchRefusal(order, payment, now) === null,
    agora: now.toISOString(),
  };
}

/** What the payment page's calls need: the shop's database and gateway, and where its links point. */
export interface PaymentPageDeps {
  db: Database;
  provider: PaymentProvider;
  publicUrl: string;
  /** Called after a transaction that queued mail committed (wakes the mail worker). */
  onMailQueued: () => void;
}

/** The actor's own order, or 404 (someone else's order is not revealed). */
async function ownOrder(db: Database, actor: PublicUser, orderId: number): Promise<Order> {
  const order = await findOrder(db, orderId);
  if (!order || order.userId !== actor.id) throw new NotFoundError(NOT_FOUND);
  return order;
}

/** GET /api/users/me/orders/:id/status. */
export async function orderPaymentStatus(
  db: Database,
  actor: PublicUser,
  orderId: number,
): Promise<ShopperOrderStatus> {
  const order = await ownOrder(db, actor, orderId);
  const [current] = await paymentsOf(db, orderId);
  return statusBody(order, current, new Date());
}

/**
 * POST /api/users/me/orders/:id/pay-multibanco. Idempotent: while the order waits on a Multibanco
 * reference, every call answers that reference. The provider is asked outside any transaction (a slow
 * gateway holds no locks); then, with the order's payments and the order locked (payments first, as the
 * callback and the expiry job lock them), the MB WAY request is retired, the reference stored, the
 * order's method set to 'mb', the switch recorded in the timeline and the Multibanco e-mail queued.
 */
export async function payByMultibanco(
  deps: PaymentPageDeps,
  actor: PublicUser,
  orderId: number,
): Promise<ShopperOrderStatus> {
  const { db } = deps;
  const order = await ownOrder(db, actor, orderId);
  const before = await paymentsOf(db, orderId);
  if (switched(order, before)) return statusBody(order, before[0], new Date());
  const refusal = switchRefusal(order, before[0], new Date());
  if (refusal) throw new ConflictError(refusal);

  let created: CreatedPayment;
  try {
    created = await deps.provider.create({
      orderId,
      amountCents: order.totalCents,
      method: "mb",
      email: actor.email,
      description: `Encomenda #${orderId}`,
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError(502, "O serviço de pagamentos não respondeu. Tente novamente dentro de momentos.");
  }

  const outcome = await db.transaction(async (tx) => {
    await lockPaymentsOf(tx, orderId);
    const locked = (await lockOrder(tx, orderId))!;
    // Read again after the locks (a new statement sees what a concurrent click committed meanwhile).
    const rows = await paymentsOf(tx, orderId);
    const current = rows[0];
    const now = new Date();
    // A click that arrived at the same time already switched: the same reference for both.
    if (switched(locked, rows)) return { order: locked, payment: current!, queued: false };
    const problem = switchRefusal(locked, current, now);
    if (problem) throw new ConflictError(problem);
    // The retired request's late success finds no pending payment, so it can never pay the order a second
    // time (and at most one payment per order is pending: payments_one_pending_per_order).
    if (current!.status === "pending") await expirePayment(tx, current!.id);
    const payment = await insertPayment(tx, {
      orderId,
      provider: deps.provider.name,
      method: "mb",
      amountCents: locked.totalCents,
      created,
      phone: null,
    });
    await setPaymentMethod(tx, orderId, "mb");
    await recordOrderEvent(tx, {
      orderId,
      kind: "payment",
      actor: "customer",
      message: "MB WAY não concluído: pagamento alterado para Multibanco (stock mantido reservado)",
      data: {
        from_payment_id: current!.id,
        payment_id: payment.id,
        entity: payment.entity,
        reference: payment.reference,
      },
    });
    const to = await recipientOf(tx, orderId);
    if (to) await enqueueMail(tx, paymentInstructionsMail({ orderId, ...to, publicUrl: deps.publicUrl }, payment));
    return { order: { ...locked, paymentMethod: "mb" }, payment, queued: true };
  });
  if (outcome.queued) deps.onMailQueued();
  return statusBody(outcome.order, outcome.payment, new Date());
}
