import { and, asc, eq } from "drizzle-orm";
import type { PublicUser } from "#server/modules/accounts/schemas.ts";
import type { Database } from "#server/core/db/client.ts";
import { orders } from "./schema.ts";
import { payments } from "#server/modules/payments/schema.ts";
import { AppError, ConflictError, ForbiddenError } from "#server/core/errors.ts";
import { enqueueMail } from "#server/core/mail/outbox.ts";
import type { CreatedPayment, PaymentProvider } from "#server/modules/payments/providers/provider.ts";
import { paymentInstructionsMail } from "#server/modules/payments/shopper/mails.ts";
import type { ShopSettings } from "#server/modules/settings/schemas.ts";
import { createCartReader } from "./cart.ts";
import { billingColumns } from "./billing.ts";
import { createOrderExpiry } from "./expiry.ts";
import { createPendingHoldQuery, holdProblem, mergeLines } from "./limits.ts";
import { orderVat } from "./line-vat.ts";
import { createMyDelivery } from "#server/modules/orders/shopper/my-delivery.ts";
import { reserveAndPlace } from "./place-order.ts";
import type { PlacedOrder } from "./presenter.ts";
import { createQuoter, totalMismatch } from "./quote.ts";
import { normalisePhone, ORDER_MESSAGES as M, type CreateOrderBody } from "./schemas.ts";
import { shippingCents, zoneFor, type ShippingRates } from "./shipping.ts";
import { cancelOrder } from "./status.ts";
import { recordOrderEvent } from "./timeline.ts";

/*
 * Checkout and the cart check. Modules of this domain:
 *   cart.ts         the cart as the database sees it (POST /api/cart/check, checkout's prices)
 *   quote.ts        the price before the order button (POST /api/cart/quote) and the total check of POST /orders
 *   my-delivery.ts  the account's last delivery data and newest NIF (GET /api/users/me/delivery)
 *   billing.ts      the NIF and billing data (dados_faturacao), the 'Faturação' view and the invoice's buyer
 *   place-order.ts  phase 1: order, lines and stock reservation in one statement
 *   limits.ts       limits against stock hoarding
 *   status.ts       an order's status changes inside a caller's transaction (payments uses them)
 *   expiry.ts       unpaid orders whose payment can no longer arrive
 *   presenter.ts    the API's bodies (POST /orders)
 */

/** What checkout answers about a placed order: its totals and its (first) payment's instructions. */
const placedColumns = {
  totalCents: orders.totalCents,
  shippingCents: orders.shippingCents,
  method: payments.method,
  entity: payments.entity,
  reference: payments.reference,
  phone: payments.phone,
  amountCents: payments.amountCents,
  expiresAt: payments.expiresAt,
};

export function createOrdersService(deps: {
  db: Database;
  provider: PaymentProvider;
  /** The delivery prices of now (the shop's settings, cached in memory: a change applies without a restart). */
  shipping: () => Promise<ShippingRates>;
  /** The shop's settings of now (IVA rates per region, default exemption code), for each line's rate. */
  settings: () => Promise<ShopSettings>;
  /** The shop's address, for the link to the order in the payment e-mail. */
  publicUrl?: string;
  /** Called after a transaction that queued mail committed (wakes the mail worker). */
  onMailQueued?: () => void;
}) {
  const { db, provider } = deps;
  const cart = createCartReader({ db });
  const pendingHold = createPendingHoldQuery(db);

  /** Cancels an order that never got (or will not get) a payment and gives its units back. */
  async function cancelUnpaid(orderId: number, reason: string): Promise<void> {
    await db.transaction(async (tx) => {
      await cancelOrder(tx, orderId, reason);
      // No e-mail: the shopper reads why on the checkout screen that is still open.
      await recordOrderEvent(tx, {
        orderId,
        kind: "status",
        actor: "system",
        fromStatus: "pending_payment",
        toStatus: "cancelled",
        message: reason,
      });
    });
  }

  /** True when this account already used this idempotency key. */
  async function hasKey(actor: PublicUser, key: string): Promise<boolean> {
    return (await db.$count(orders, and(eq(orders.userId, actor.id), eq(orders.idempotencyKey, key)))) > 0;
  }

  /** An order with its (first) payment, as checkout answered it. */
  async function result(orderId: number): Promise<PlacedOrder> {
    const [row] = await db
      .select(placedColumns)
      .from(orders)
      .leftJoin(payments, eq(payments.orderId, orders.id))
      .where(eq(orders.id, orderId))
      .orderBy(asc(payments.id))
      .limit(1);
    if (!row || !row.method) throw new ConflictError("A encomenda está a ser processada. Aguarde um momento.");
    const { totalCents, shippingCents, method, entity, reference, phone, amountCents, expiresAt } = row;
    return {
      orderId,
      totalCents,
      shippingCents,
      payment: { method, entity, reference, phone, amountCents: amountCents!, expiresAt },
    };
  }

  /** The answer to a repeated checkout: the same order and payment, never a second one. */
  async function replay(actor: PublicUser, key: string): Promise<PlacedOrder> {
    const [existing] = await db
      .select({ id: orders.id, status: orders.status })
      .from(orders)
      .where(and(eq(orders.userId, actor.id), eq(orders.idempotencyKey, key)))
      .limit(1);
    if (!existing) throw new ConflictError("A encomenda está a ser processada. Aguarde um momento.");
    if (existing.status === "cancelled") {
      throw new ConflictError("Esta tentativa de pagamento falhou. Tente finalizar a compra novamente.");
    }
    return result(existing.id);
  }

  return {
    checkCart: cart.checkCart,
    ...createQuoter({ checkCart: cart.checkCart, shipping: deps.shipping }),
    ...createMyDelivery({ db }),
    hasKey,
    replay,
    result,
    ...createOrderExpiry({ db, publicUrl: deps.publicUrl }),

    /**
     * POST /orders. Price the cart from the database (one read), then phase 1 (one statement,
     * see place-order.ts): claim the idempotency key, reserve stock under row locks, write the order.
     * Phase 2: ask the payment provider (outside any transaction, so a slow gateway holds no
     * locks) and store its answer. If the provider fails, phase 3 gives the stock back and
     * cancels the order, and the shopper sees why.
     */
    async create(actor: PublicUser, body: CreateOrderBody, headerKey?: string): Promise<PlacedOrder> {
      if (body.user_id !== undefined && body.user_id !== actor.id) throw new ForbiddenError(M.foreignUser);
      const idempotencyKey = headerKey ?? body.idempotency_key ?? null;
      const delivery = body.dados_entrega;
      const zone = zoneFor(delivery.codigo_postal);

      // Staff accounts are not limited: they can set the stock directly anyway.
      const limited = actor.function !== "admin";
      // The cart's prices and the account's unpaid hold are read side by side (one round trip of latency).
      const [resolved, held, rates, settings] = await Promise.all([
        cart.resolveLines(body.items),
        limited ? pendingHold(actor.id) : null,
        deps.shipping(),
        deps.settings(),
      ]);
      const lines = mergeLines(resolved);
      const units = lines.reduce((sum, l) => sum + l.quantity, 0);
      if (held) {
        const problem = holdProblem(held, { orders: 1, units });
        if (problem) {
          // A retry of an order already placed answers that order, whatever the account holds now.
          if (idempotencyKey && (await hasKey(actor, idempotencyKey))) return replay(actor, idempotencyKey);
          throw problem;
        }
      }
      const subtotal = lines.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0);
      const shipping = shippingCents(zone, delivery.entrega_rapida, rates, subtotal);
      const wanted = new Map<number, number>();
      for (const l of lines) wanted.set(l.variantId, (wanted.get(l.variantId) ?? 0) + l.quantity);
      const mbwayPhone = body.metodo_pagamento === "mbway" ? normalisePhone(body.telemovel ?? "") : null;
      const totalCents = subtotal + shipping;
      // The shopper confirmed a total (POST /api/cart/quote): charge exactly it, or say what it is now.
      const changed = totalMismatch(body.total_esperado, { subtotalCents: subtotal, shippingCents: shipping });
      if (changed) {
        if (idempotencyKey && (await hasKey(actor, idempotencyKey))) return replay(actor, idempotencyKey);
        throw changed;
      }
      const placed = await reserveAndPlace(db, {
        userId: actor.id,
        paymentMethod: body.metodo_pagamento,
        mbwayPhone,
        subtotalCents: subtotal,
        shippingCents: shipping,
        totalCents,
        shippingZone: zone,
        fastDelivery: delivery.entrega_rapida,
        delivery,
        idempotencyKey,
        // The invoice's buyer from the form (billing.ts).
        billing: billingColumns(body.dados_faturacao),
        // Each line's IVA at the delivery region's rate of its product's category (line-vat.ts, decision 0013).
        ...orderVat(settings, zone, lines),
        wanted,
      });
      if (!placed) return replay(actor, idempotencyKey!);
      const orderId = placed.id;
      if (limited) {
        // Checkouts of one account running at the same time all passed the check above; now that
        // this order is stored, the account's hold counts every one that committed. Over the
        // limit, this order is undone (the last to look undoes itself), so the limit holds.
        const problem = holdProblem(await pendingHold(actor.id), { orders: 0, units: 0 });
        if (problem) {
          await cancelUnpaid(orderId, `Reserva anulada: limite de encomendas por pagar (encomenda #${orderId})`);
          throw problem;
        }
      }

      let created: CreatedPayment;
      try {
        created = await provider.create({
          orderId,
          amountCents: totalCents,
          method: body.metodo_pagamento,
          phone: mbwayPhone ?? undefined,
          email: actor.email,
          description: `Encomenda #${orderId}`,
        });
      } catch (error) {
        await cancelUnpaid(orderId, `Reserva anulada: pagamento não criado (encomenda #${orderId})`);
        if (error instanceof AppError) throw error;
        throw new AppError(502, "O serviço de pagamentos não respondeu. Tente novamente dentro de momentos.");
      }

      // The payment and the e-mail with its data (entity, reference, validity; MB WAY: what to do) in one transaction.
      const payment = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(payments)
          .values({
            orderId,
            provider: provider.name,
            method: body.metodo_pagamento,
            amountCents: totalCents,
            entity: created.entity ?? null,
            reference: created.reference ?? null,
            requestId: created.requestId ?? null,
            phone: created.phone ?? null,
            expiresAt: created.expiresAt,
            providerData: created.providerData,
          })
          .returning();
        const to = { orderId, to: actor.email, name: delivery.nome, publicUrl: deps.publicUrl ?? "" };
        await enqueueMail(tx, paymentInstructionsMail(to, row!));
        return row!;
      });
      deps.onMailQueued?.();
      return { orderId, totalCents, shippingCents: shipping, payment };
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
