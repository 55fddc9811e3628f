import { asc, eq, fillPlaceholders, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Database } from "#server/core/db/client.ts";
import { isCheckViolation } from "#server/core/db/pg-errors.ts";
import { AppError, ConflictError, ForbiddenError } from "#server/core/errors.ts";
import { enqueueMail } from "#server/core/mail/outbox.ts";
import type { PublicUser } from "#server/modules/accounts/schemas.ts";
import { reservationValues, releaseReserved, reserveUnits } from "#server/modules/inventory/reservations.ts";
import { shelfShortages } from "#server/modules/inventory/shelf.ts";
import { billingColumns } from "#server/modules/orders/billing.ts";
import { DiscountCodeRefused, priceWithPromotions, shippingToPrice } from "#server/modules/orders/discounts.ts";
import { resolveLines, type ResolvedLine } from "#server/modules/orders/cart.ts";
import { holdProblem, mergeLines, pendingHold } from "#server/modules/orders/limits.ts";
import { orderVat } from "#server/modules/orders/line-vat.ts";
import {
  hasOrderWithKey,
  insertOrder,
  insertOrderLines,
  orderByKey,
  orderValues,
  shortageError,
  type NewOrder,
} from "#server/modules/orders/place-order.ts";
import type { PlacedOrder } from "#server/modules/orders/presenter.ts";
import { totalMismatch } from "#server/modules/orders/quote.ts";
import { orders } from "#server/modules/orders/schema.ts";
import { normalisePhone, ORDER_MESSAGES as M, type CreateOrderBody } from "#server/modules/orders/schemas.ts";
import { zoneFor, type ShippingRates } from "#server/modules/orders/shipping.ts";
import { claimUse, giveBackUse } from "#server/modules/promotions/at-checkout.ts";
import { CODE_MESSAGES } from "#server/modules/promotions/pricing.ts";
import { cancelUnpaidOrder, orderUnits } from "#server/modules/orders/status.ts";
import type { CreatedPayment, PaymentProvider } from "#server/modules/payments/providers/provider.ts";
import { payments } from "#server/modules/payments/schema.ts";
import { paymentInstructionsMail } from "#server/modules/payments/shopper/mails.ts";
import { insertPayment } from "#server/modules/payments/status.ts";
import type { ShopSettings } from "#server/modules/settings/schemas.ts";

/*
 * Checkout (POST /orders), across orders, inventory and payments:
 *   1. price the cart from the database and check the account's limits and the total the shopper confirmed;
 *   2. ONE statement: claim the idempotency key with the order row, reserve the units (inventory's CTEs), write
 *      the lines (placeOrder below);
 *   3. ask the payment provider, outside any transaction (a slow gateway holds no locks);
 *   4. store its answer and queue the payment instructions' e-mail, in one transaction.
 * If the provider fails (or the account went over its limits meanwhile), the order is cancelled and its units
 * return in one transaction, and the shopper sees why.
 */

/** What checkout needs from the shop. */
export interface CheckoutDeps {
  db: Database;
  provider: PaymentProvider;
  /** The delivery prices of now (the shop's settings, cached in memory: a change applies without a restart). */
  shipping: () => Promise<ShippingRates>;
  /** The shop's settings of now (IVA rates per region, default exemption code), for each line's rate. */
  settings: () => Promise<ShopSettings>;
  /** The shop's address, for the link to the order in the payment e-mail. */
  publicUrl: string;
  /** Called after a transaction that queued mail committed (wakes the mail worker). */
  onMailQueued: () => void;
  /**
   * Called once units were reserved: drops this instance's cached catalogue lists at once, so the shopper's next
   * read shows the new stock (other instances learn it from the trigger's NOTIFY, server/modules/catalog/cache.ts).
   */
  onStockChanged?: () => void;
}

/** The order CTE of the statement: every other part reads the order's id from it. */
const ORDER = sql`${sql.identifier("o")}`;

/**
 * Checkout's phase 1 in ONE statement, so in one implicit transaction and one round trip: the order (none when
 * the idempotency key was used: then nothing else is written), its reserved units with their movements (inventory,
 * variant rows locked in id order), its lines (see reserveUnits for why this is safe). A variant's row lock is held
 * only while PostgreSQL runs the rest of this statement and commits, never across a round trip to this process
 * (which, under load, waits for its turn on a busy event loop): with every order on one variant, that lock hold is
 * the whole critical section.
 *
 * Its values are named placeholders (orders' OrderValues, inventory's ReservationValues): rendered once here, then
 * prepared once per pooled connection (named), so PostgreSQL parses and plans it once, not per checkout.
 */
const PLACE_ORDER = new PgDialect().sqlToQuery(sql`
  with ${claimUse},
  ${ORDER} as (${insertOrder}),
  ${reserveUnits(ORDER, sql`'Reserva para a encomenda #' || ${ORDER}.id`)},
  order_lines_in as (${insertOrderLines(ORDER)})
  select (select id from ${ORDER}) as id, (select count(*)::int from promotion_use) as claimed`);

/** A variant's shelf stock would go below zero (`CHECK (stock >= 0)`): a shortage, not a server error. */
const isStockCheckViolation = (error: unknown): boolean => isCheckViolation(error, "variants_stock_check");

/**
 * Phase 1 (see PLACE_ORDER). Returns null when the key was already used. A code whose last use another checkout
 * took meanwhile: 400, nothing written. A use taken for an order the key had already placed (two requests with one
 * key at once) is given back.
 */
async function placeOrder(db: Database, order: NewOrder, wanted: ReadonlyMap<number, number>) {
  const values = fillPlaceholders(PLACE_ORDER.params, { ...orderValues(order), ...reservationValues(wanted) });
  const { rows } = await db.$client.query<{ id: number | null; claimed: number }>({
    name: "orders_place",
    text: PLACE_ORDER.sql,
    values,
  });
  const row = rows[0]!;
  if (row.id !== null) return { id: row.id };
  if (order.promotionId !== null) {
    if (row.claimed > 0) await giveBackUse(db, order.promotionId);
    else if (!(order.idempotencyKey && (await hasOrderWithKey(db, order.userId, order.idempotencyKey))))
      throw new DiscountCodeRefused(CODE_MESSAGES.usedUp);
  }
  return null;
}

/**
 * Phase 1 with its shortage answer: when a variant has too few units, nothing was written and the shopper is told
 * which one (the first in id order); if the units came back meanwhile, it tries again. Null when the idempotency
 * key was already used.
 */
async function reserveAndPlace(
  db: Database,
  order: NewOrder,
  wanted: ReadonlyMap<number, number>,
): Promise<{ id: number } | null> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await placeOrder(db, order, wanted);
    } catch (error) {
      if (!isStockCheckViolation(error)) throw error;
      const shortages = await shelfShortages(db, wanted);
      if (shortages.length) throw shortageError(order.lines, shortages);
      if (attempt === 3)
        throw new ConflictError("O stock mudou durante a compra. Tente novamente.", { reason: "stock" });
    }
  }
}

/**
 * An order that never got (or will not get) a payment is cancelled and its units return, in one transaction.
 * No e-mail: the shopper reads why on the checkout screen that is still open.
 */
async function cancelUnpaid(db: Database, orderId: number, reason: string): Promise<void> {
  await db.transaction(async (tx) => {
    if (await cancelUnpaidOrder(tx, orderId, reason)) {
      await releaseReserved(tx, await orderUnits(tx, orderId), reason, orderId);
    }
  });
}

/** An order with its (first) payment, as checkout answered it. */
async function placedOrder(db: Database, orderId: number): Promise<PlacedOrder> {
  const [row] = await db
    .select({
      totalCents: orders.totalCents,
      shippingCents: orders.shippingCents,
      payment: payments,
    })
    .from(orders)
    .leftJoin(payments, eq(payments.orderId, orders.id))
    .where(eq(orders.id, orderId))
    .orderBy(asc(payments.id))
    .limit(1);
  // No payment row yet: the first request for this key is still placing the order.
  if (!row?.payment) throw new ConflictError("A encomenda está a ser processada. Aguarde um momento.");
  const { method, entity, reference, phone, amountCents, expiresAt } = row.payment;
  return {
    orderId,
    totalCents: row.totalCents,
    shippingCents: row.shippingCents,
    payment: { method, entity, reference, phone, amountCents, expiresAt },
  };
}

/** The answer to a repeated checkout: the same order and payment, never a second one. */
async function replay(db: Database, actor: PublicUser, key: string): Promise<PlacedOrder> {
  const existing = await orderByKey(db, actor.id, key);
  if (!existing) throw new ConflictError("A encomenda está a ser processada. Aguarde um momento.");
  if (existing.status === "cancelled") {
    throw new ConflictError("Esta tentativa de pagamento falhou. Tente finalizar a compra novamente.");
  }
  return placedOrder(db, existing.id);
}

/** A refusal, unless this is a retry of an order already placed with the key: then that order's answer. */
async function refuseOrReplay(
  db: Database,
  actor: PublicUser,
  key: string | null,
  problem: AppError,
): Promise<PlacedOrder> {
  if (key && (await hasOrderWithKey(db, actor.id, key))) return replay(db, actor, key);
  throw problem;
}

/** Units per variant of the (merged) lines. */
function unitsWanted(lines: readonly ResolvedLine[]): Map<number, number> {
  const wanted = new Map<number, number>();
  for (const l of lines) wanted.set(l.variantId, (wanted.get(l.variantId) ?? 0) + l.quantity);
  return wanted;
}

/** POST /orders: see the steps at the top of this file. */
export async function checkout(
  deps: CheckoutDeps,
  actor: PublicUser,
  body: CreateOrderBody,
  headerKey?: string,
): Promise<PlacedOrder> {
  const { db, provider } = deps;
  if (body.user_id !== undefined && body.user_id !== actor.id) throw new ForbiddenError(M.foreignUser);
  const idempotencyKey = headerKey ?? body.idempotency_key ?? null;
  const delivery = body.dados_entrega;
  const zone = zoneFor(delivery.codigo_postal);

  // Staff accounts are not limited: they can set the stock directly anyway.
  const limited = actor.function !== "admin";
  // The cart's prices and the account's unpaid hold are read side by side (one round trip of latency).
  const [resolved, held, rates, settings] = await Promise.all([
    resolveLines(db, body.items),
    limited ? pendingHold(db, actor.id) : null,
    deps.shipping(),
    deps.settings(),
  ]);
  const lines = mergeLines(resolved);
  const units = lines.reduce((sum, l) => sum + l.quantity, 0);
  if (held) {
    const problem = holdProblem(held, { orders: 1, units });
    // A retry of an order already placed answers that order, whatever the account holds now.
    if (problem) return refuseOrReplay(db, actor, idempotencyKey, problem);
  }
  // Automatic reductions always; the code when it applies (else 400, or this key's order when it is a retry).
  let priced;
  try {
    priced = await priceWithPromotions(db, {
      lines: lines.map((l, i) => ({ ...l, key: String(i) })),
      code: body.codigo_desconto,
      userId: actor.id,
      shipping: shippingToPrice(zone, delivery.entrega_rapida, rates),
    });
  } catch (error) {
    if (error instanceof DiscountCodeRefused) return refuseOrReplay(db, actor, idempotencyKey, error);
    throw error;
  }
  const subtotal = priced.subtotalCents;
  const shipping = priced.shippingCents;
  const mbwayPhone = body.metodo_pagamento === "mbway" ? normalisePhone(body.telemovel ?? "") : null;
  const totalCents = priced.totalCents;
  // The shopper confirmed a total (POST /api/cart/quote): charge exactly it, or say what it is now.
  const changed = totalMismatch(body.total_esperado, priced);
  if (changed) return refuseOrReplay(db, actor, idempotencyKey, changed);
  const vat = orderVat(settings, zone, lines);

  const placed = await reserveAndPlace(
    db,
    {
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
      // Each line's IVA at the delivery region's rate of its product's category (line-vat.ts, decision 0013),
      // with its discount (IVA is on the net: decision 0022).
      shippingVatRateBp: vat.shippingVatRateBp,
      lines: vat.lines.map((l, i) => ({
        ...l,
        discountCents: priced.lines[i]!.discountCents,
        automaticDiscountCents: priced.lines[i]!.automaticUnitReductionCents * priced.lines[i]!.quantity,
        automaticPromotionId: priced.lines[i]!.automaticPromotionId,
      })),
      promotionId: priced.codePromotion?.id ?? null,
      discountCode: priced.codePromotion?.code ?? null,
      discountCents: priced.discountCents,
      shippingDiscountCents: priced.shippingDiscountCents,
      expressSupplementCents: priced.supplementCents,
    },
    unitsWanted(lines),
  );
  if (!placed) return replay(db, actor, idempotencyKey!);
  deps.onStockChanged?.();
  const orderId = placed.id;
  if (limited) {
    // Checkouts of one account running at the same time all passed the check above; now that
    // this order is stored, the account's hold counts every one that committed. Over the
    // limit, this order is undone (the last to look undoes itself), so the limit holds.
    const problem = holdProblem(await pendingHold(db, actor.id), { orders: 0, units: 0 });
    if (problem) {
      await cancelUnpaid(db, orderId, `Reserva anulada: limite de encomendas por pagar (encomenda #${orderId})`);
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
    await cancelUnpaid(db, orderId, `Reserva anulada: pagamento não criado (encomenda #${orderId})`);
    if (error instanceof AppError) throw error;
    throw new AppError(502, "O serviço de pagamentos não respondeu. Tente novamente dentro de momentos.");
  }

  // The payment and the e-mail with its data (entity, reference, validity; MB WAY: what to do) in one transaction.
  const payment = await db.transaction(async (tx) => {
    const row = await insertPayment(tx, {
      orderId,
      provider: provider.name,
      method: body.metodo_pagamento,
      amountCents: totalCents,
      created,
      phone: created.phone ?? null,
    });
    const to = { orderId, to: actor.email, name: delivery.nome, publicUrl: deps.publicUrl };
    await enqueueMail(tx, paymentInstructionsMail(to, row));
    return row;
  });
  deps.onMailQueued();
  return { orderId, totalCents, shippingCents: shipping, payment };
}
