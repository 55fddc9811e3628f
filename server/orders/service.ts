import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { PublicUser } from "../accounts/schemas.ts";
import type { Database } from "../db/client.ts";
import { isCheckViolation } from "../db/pg-errors.ts";
import { colors, orderLines, orders, payments, products, sizes, variants } from "../db/schema.ts";
import { AppError, BadRequestError, ConflictError, ForbiddenError, NotFoundError } from "../http/errors.ts";
import { formatYmd } from "../payments/dates.ts";
import type { CreatedPayment, PaymentProvider } from "../payments/provider.ts";
import { recordMovements, type Tx } from "../stock/movements.ts";
import { createPendingHoldQuery, holdProblem, mergeLines } from "./limits.ts";
import {
  ORDER_MESSAGES as M,
  normalisePhone,
  type CartCheck,
  type CartCheckBody,
  type CartCheckLine,
  type CreateOrderBody,
  type PaymentData,
} from "./schemas.ts";
import { shippingCents, zoneFor, type ShippingRates } from "./shipping.ts";

type CartItemInput = CartCheckBody["items"][number];

const variantMessage = (name: string) => `Escolha a cor e o tamanho de "${name}".`;

export interface ResolvedLine {
  productId: number;
  productName: string;
  unitPriceCents: number;
  variantId: number;
  colorName: string | null;
  sizeName: string | null;
  quantity: number;
}

const euros = (cents: number) => Math.round(cents) / 100;

/** A pending order without a payment this old was left by a process that died mid-checkout. */
export const ORPHAN_GRACE_MINUTES = 15;

export function toPaymentData(
  orderId: number,
  payment: {
    method: string;
    entity: string | null;
    reference: string | null;
    phone: string | null;
    amountCents: number;
    expiresAt: Date | null;
  },
): PaymentData {
  const expiresAt = payment.expiresAt ?? new Date();
  return {
    metodo: payment.method === "mb" ? "MB" : (payment.method as "mbway" | "payshop"),
    entidade: payment.entity,
    referencia: payment.reference,
    valor: euros(payment.amountCents),
    telefone: payment.phone,
    validade: payment.method === "mbway" ? null : formatYmd(expiresAt),
    expira_em: expiresAt.toISOString(),
    orderId,
    order_id: orderId,
  };
}

/**
 * Phase 1 of checkout as one statement (see placeOrder in createOrdersService). $1–$14: the order;
 * $15, $16: the variant ids in ascending order and the units wanted of each; $17–$23: the lines, in cart order.
 * Prepared once per pooled connection (named), so PostgreSQL parses and plans it once, not per checkout.
 */
const PLACE_ORDER_SQL = `
  with o as (
    insert into orders (user_id, payment_method, mbway_phone, subtotal_cents, shipping_cents, total_cents, shipping_zone,
                        fast_delivery, delivery_name, delivery_address, delivery_postal_code, delivery_city, delivery_phone,
                        idempotency_key)
    values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
    on conflict (user_id, idempotency_key) do nothing
    returning id
  ),
  wanted as (
    select w.variant_id, w.quantity from unnest($15::int[], $16::int[]) as w(variant_id, quantity)
  ),
  locked as (
    select v.id from variants v
     where v.id = any($15::int[]) and exists (select 1 from o)
     order by v.id
       for no key update
  ),
  reserved as (
    update variants v
       set stock = v.stock - w.quantity, reserved = v.reserved + w.quantity, updated_at = now()
      from locked l join wanted w on w.variant_id = l.id
     where v.id = l.id
    returning v.id, v.stock + w.quantity as stock_before, v.stock as stock_after
  ),
  movements as (
    insert into stock_movements (variant_id, stock_before, stock_after, reason, notes, order_id, created_at)
    select r.id, r.stock_before, r.stock_after, 'Reserva para a encomenda #' || o.id, '', o.id, now()
      from reserved r cross join o
     order by r.id
  ),
  order_lines_in as (
    insert into order_lines (order_id, product_id, variant_id, product_name, color_name, size_name, unit_price_cents, quantity)
    select o.id, l.product_id, l.variant_id, l.product_name, l.color_name, l.size_name, l.unit_price_cents, l.quantity
      from o cross join unnest($17::int[], $18::int[], $19::text[], $20::text[], $21::text[], $22::int[], $23::int[])
             with ordinality as l(product_id, variant_id, product_name, color_name, size_name, unit_price_cents, quantity, n)
     order by l.n
  )
  select o.id from o`;

/** The checkout's answer: the order, its payment data and its amounts. */
function answer(
  orderId: number,
  amounts: { totalCents: number; shippingCents: number },
  payment: Parameters<typeof toPaymentData>[1],
) {
  return {
    success: true,
    message: "Encomenda criada com sucesso!",
    order_id: orderId,
    pagamento: toPaymentData(orderId, payment),
    total: euros(amounts.totalCents),
    portes: euros(amounts.shippingCents),
  };
}

/** True for the error PostgreSQL raises when an update would leave a variant's stock below zero. */
/** A variant's shelf stock would go below zero (`CHECK (stock >= 0)`): a shortage, not a server error. */
const isStockCheckViolation = (error: unknown): boolean => isCheckViolation(error, "variants_stock_check");

export function createOrdersService(deps: { db: Database; provider: PaymentProvider; shipping: ShippingRates }) {
  const { db, provider } = deps;

  /** The products a cart names, left-joined to their variants (in id order); prepared once per pooled connection. */
  const catalogQuery = db
    .select({
      id: products.id,
      name: products.name,
      priceCents: products.priceCents,
      status: products.status,
      deletedAt: products.deletedAt,
      variantId: variants.id,
      stock: variants.stock,
      colorName: colors.name,
      sizeName: sizes.name,
    })
    .from(products)
    .leftJoin(variants, eq(variants.productId, products.id))
    .leftJoin(colors, eq(colors.id, variants.colorId))
    .leftJoin(sizes, eq(sizes.id, variants.sizeId))
    .where(sql`${products.id} = any(${sql.placeholder("productIds")}::int[])`)
    .orderBy(asc(variants.id))
    .prepare("orders_catalog");

  const pendingHold = createPendingHoldQuery(db);

  /** Cancels an order that never got (or will not get) a payment and gives its units back. */
  async function cancelUnpaid(orderId: number, reason: string): Promise<void> {
    await db.transaction(async (tx) => {
      await tx.update(orders).set({ status: "cancelled" }).where(eq(orders.id, orderId));
      await releaseStock(tx, orderId, reason);
    });
  }

  /** The products and variants a cart names, with prices and free stock from the database only, in one query. */
  async function loadCatalogRows(productIds: number[]) {
    const rows = await catalogQuery.execute({ productIds });
    const productRows = new Map<
      number,
      { id: number; name: string; priceCents: number; status: number; deletedAt: Date | null }
    >();
    const variantRows: {
      id: number;
      productId: number;
      stock: number;
      colorName: string | null;
      sizeName: string | null;
    }[] = [];
    for (const r of rows) {
      if (!productRows.has(r.id))
        productRows.set(r.id, {
          id: r.id,
          name: r.name,
          priceCents: r.priceCents,
          status: r.status,
          deletedAt: r.deletedAt,
        });
      if (r.variantId !== null && r.stock !== null) {
        variantRows.push({
          id: r.variantId,
          productId: r.id,
          stock: r.stock,
          colorName: r.colorName,
          sizeName: r.sizeName,
        });
      }
    }
    return { productRows: [...productRows.values()], variantRows };
  }

  /**
   * What the database says about one cart item: its product, its variant (by id, by colour +
   * size, or the only one), or why it cannot be bought. Shared by checkout and the cart check.
   */
  function classifyItem(rows: Awaited<ReturnType<typeof loadCatalogRows>>, item: CartItemInput) {
    const product = rows.productRows.find((p) => p.id === item.product_id);
    if (!product) return { problem: "unknown" as const };
    if (product.status !== 1 || product.deletedAt) return { problem: "unavailable" as const, product };
    const own = rows.variantRows.filter((v) => v.productId === product.id);
    const same = (a: string | null | undefined, b: string | null | undefined) =>
      (a ?? "").trim().toLowerCase() === (b ?? "").trim().toLowerCase();
    const variant = item.variant_id
      ? own.find((v) => v.id === item.variant_id)
      : item.cor || item.tamanho
        ? own.find(
            (v) => (!item.cor || same(v.colorName, item.cor)) && (!item.tamanho || same(v.sizeName, item.tamanho)),
          )
        : own.length === 1
          ? own[0]
          : undefined;
    if (!variant) return { problem: "variant" as const, product };
    return { problem: null, product, variant };
  }

  /** Finds each item's product and variant, with prices from the database only. */
  async function resolveLines(items: CreateOrderBody["items"]): Promise<ResolvedLine[]> {
    const rows = await loadCatalogRows([...new Set(items.map((i) => i.product_id))]);
    return items.map((item) => {
      const found = classifyItem(rows, item);
      if (found.problem === "unknown") throw new NotFoundError(`${M.productUnknown} (#${item.product_id}).`);
      if (found.problem === "unavailable") {
        throw new ConflictError(M.unavailable, { product_id: found.product.id, reason: "unavailable" });
      }
      if (found.problem === "variant") {
        throw new BadRequestError(variantMessage(found.product.name), {
          product_id: found.product.id,
          reason: "variant",
        });
      }
      const { product, variant } = found;
      return {
        productId: product.id,
        productName: product.name,
        unitPriceCents: product.priceCents,
        variantId: variant.id,
        colorName: variant.colorName,
        sizeName: variant.sizeName,
        quantity: item.quantity,
      };
    });
  }

  /** The shortage answer: the first variant (in id order) with fewer free units than the cart wants, and all of them. */
  async function findShortages(lines: ResolvedLine[], wanted: Map<number, number>) {
    const rows = await db
      .select({ id: variants.id, stock: variants.stock })
      .from(variants)
      .where(inArray(variants.id, [...wanted.keys()]))
      .orderBy(asc(variants.id));
    const shortages = rows
      .filter((v) => v.stock < wanted.get(v.id)!)
      .map((v) => {
        const line = lines.find((l) => l.variantId === v.id)!;
        return {
          product_id: line.productId,
          variant_id: v.id,
          name: line.productName,
          available: v.stock,
          requested: wanted.get(v.id)!,
        };
      });
    if (!shortages.length) return null;
    const s = shortages[0]!;
    return new ConflictError(
      `Stock insuficiente para "${s.name}": ${s.available === 0 ? "esgotado" : `restam ${s.available} unidade(s)`}.`,
      { reason: "stock", shortages },
    );
  }

  /**
   * Phase 1 of checkout in ONE statement, so in one implicit transaction and one round trip:
   * claim the idempotency key (insert the order, or nothing when the key was used), lock the
   * variants in id order, move the units from the shelf to "reserved", record the movements and
   * insert the lines. Returns null when the key was already used (nothing else is written then).
   *
   * Why one statement: a variant's row lock is held only while PostgreSQL runs the rest of this
   * statement and commits, never across a round trip to this process (which, under load, waits
   * for its turn on a busy event loop). With every order on one variant, that lock hold is the
   * whole critical section.
   *
   * Why this is safe:
   * - No oversell: the units are subtracted under the row lock, and `CHECK (stock >= 0)` aborts
   *   the whole statement (order, lines, movements included) when a variant has too few units;
   *   the caller turns that into the shortage answer.
   * - No deadlock: `locked` takes the variant rows FOR NO KEY UPDATE in id order before anything
   *   else touches them; the FK checks of order_lines and stock_movements (FOR KEY SHARE, at the
   *   end of the statement) then only meet rows this transaction already holds. Locking in id
   *   order is what every other writer of variants does (releaseStock, payment callback, stock edit).
   * - Movements have the true before/after: RETURNING gives the row as this update left it.
   */
  async function placeOrder(values: {
    userId: number;
    paymentMethod: string;
    mbwayPhone: string | null;
    subtotalCents: number;
    shippingCents: number;
    totalCents: number;
    shippingZone: string;
    fastDelivery: boolean;
    delivery: CreateOrderBody["dados_entrega"];
    idempotencyKey: string | null;
    lines: ResolvedLine[];
    wanted: Map<number, number>;
  }): Promise<{ id: number } | null> {
    const ids = [...values.wanted.keys()].sort((a, b) => a - b);
    const quantities = ids.map((id) => values.wanted.get(id)!);
    const { lines, delivery } = values;
    const { rows } = await db.$client.query<{ id: number }>({
      name: "orders_place",
      text: PLACE_ORDER_SQL,
      values: [
        values.userId,
        values.paymentMethod,
        values.mbwayPhone,
        values.subtotalCents,
        values.shippingCents,
        values.totalCents,
        values.shippingZone,
        values.fastDelivery,
        delivery.nome,
        delivery.morada,
        delivery.codigo_postal,
        delivery.cidade,
        delivery.telefone,
        values.idempotencyKey,
        ids,
        quantities,
        lines.map((l) => l.productId),
        lines.map((l) => l.variantId),
        lines.map((l) => l.productName),
        lines.map((l) => l.colorName),
        lines.map((l) => l.sizeName),
        lines.map((l) => l.unitPriceCents),
        lines.map((l) => l.quantity),
      ],
    });
    return rows[0] ? { id: rows[0].id } : null;
  }

  /** Returns reserved units to the shelf (payment failed, expired or cancelled). */
  async function releaseStock(tx: Tx, orderId: number, reason: string): Promise<void> {
    const lines = await tx
      .select({ variantId: orderLines.variantId, quantity: orderLines.quantity })
      .from(orderLines)
      .where(eq(orderLines.orderId, orderId));
    const wanted = new Map<number, number>();
    for (const l of lines) if (l.variantId) wanted.set(l.variantId, (wanted.get(l.variantId) ?? 0) + l.quantity);
    if (wanted.size === 0) return;
    const ids = [...wanted.keys()].sort((a, b) => a - b);
    const locked = await tx
      .select({ id: variants.id, stock: variants.stock, reserved: variants.reserved })
      .from(variants)
      .where(inArray(variants.id, ids))
      .orderBy(asc(variants.id))
      .for("update");
    for (const v of locked) {
      const quantity = Math.min(wanted.get(v.id)!, v.reserved);
      await tx
        .update(variants)
        .set({
          stock: sql`${variants.stock} + ${quantity}`,
          reserved: sql`${variants.reserved} - ${quantity}`,
          updatedAt: sql`now()`,
        })
        .where(eq(variants.id, v.id));
    }
    await recordMovements(
      tx,
      locked.map((v) => ({
        variantId: v.id,
        stockBefore: v.stock,
        stockAfter: v.stock + Math.min(wanted.get(v.id)!, v.reserved),
        reason,
        orderId,
      })),
    );
  }

  async function paymentResponse(orderId: number) {
    const [row] = await db
      .select({
        orderStatus: orders.status,
        totalCents: orders.totalCents,
        shippingCents: orders.shippingCents,
        method: payments.method,
        entity: payments.entity,
        reference: payments.reference,
        phone: payments.phone,
        amountCents: payments.amountCents,
        expiresAt: payments.expiresAt,
      })
      .from(orders)
      .leftJoin(payments, eq(payments.orderId, orders.id))
      .where(eq(orders.id, orderId))
      .orderBy(asc(payments.id))
      .limit(1);
    return row;
  }

  return {
    releaseStock,

    /**
     * POST /api/cart/check: the cart as the database sees it now, line by line (current price,
     * free units, or why it cannot be bought), so the cart page shows changes before checkout
     * instead of charging them silently. Reads only; reserves nothing.
     */
    async checkCart(body: CartCheckBody): Promise<CartCheck> {
      const rows = await loadCatalogRows([...new Set(body.items.map((i) => i.product_id))]);
      const lines = body.items.map((item): CartCheckLine => {
        const found = classifyItem(rows, item);
        const base = { product_id: item.product_id, quantity: item.quantity };
        // A hidden or deleted product answers exactly like an unknown id: a visitor learns neither its name nor its price.
        if (found.problem === "unknown" || found.problem === "unavailable") {
          return {
            ...base,
            variant_id: null,
            name: null,
            price: null,
            available: 0,
            status: "unavailable",
            message: M.unavailable,
          };
        }
        const price = euros(found.product.priceCents);
        if (found.problem !== null) {
          return {
            ...base,
            variant_id: null,
            name: found.product.name,
            price,
            available: 0,
            status: found.problem,
            message: variantMessage(found.product.name),
          };
        }
        const available = found.variant.stock;
        const common = { ...base, variant_id: found.variant.id, name: found.product.name, price, available };
        if (available < item.quantity) {
          const message =
            available === 0
              ? "Esgotado: retire este artigo do carrinho."
              : `Só ${available === 1 ? "resta 1 unidade" : `restam ${available} unidades`} disponíveis.`;
          return { ...common, status: "insufficient_stock", message };
        }
        if (item.price !== undefined && Math.round(item.price * 100) !== found.product.priceCents) {
          return {
            ...common,
            status: "price_changed",
            message: `O preço mudou para ${price.toFixed(2).replace(".", ",")} €.`,
          };
        }
        return { ...common, status: "ok", message: null };
      });
      return { ok: lines.every((l) => l.status === "ok"), lines };
    },

    /**
     * POST /orders. Price the cart from the database (one read), then phase 1 (one statement,
     * see placeOrder): claim the idempotency key, reserve stock under row locks, write the order.
     * Phase 2: ask the payment provider (outside any transaction, so a slow gateway holds no
     * locks) and store its answer. If the provider fails, phase 3 gives the stock back and
     * cancels the order, and the shopper sees why.
     */
    async create(actor: PublicUser, body: CreateOrderBody, headerKey?: string) {
      if (body.user_id !== undefined && body.user_id !== actor.id) throw new ForbiddenError(M.foreignUser);
      const idempotencyKey = headerKey ?? body.idempotency_key ?? null;
      const delivery = body.dados_entrega;
      const zone = zoneFor(delivery.codigo_postal);

      // Staff accounts are not limited: they can set the stock directly anyway.
      const limited = actor.function !== "admin";
      // The cart's prices and the account's unpaid hold are read side by side (one round trip of latency).
      const [resolved, held] = await Promise.all([resolveLines(body.items), limited ? pendingHold(actor.id) : null]);
      const lines = mergeLines(resolved);
      const units = lines.reduce((sum, l) => sum + l.quantity, 0);
      if (held) {
        const problem = holdProblem(held, { orders: 1, units });
        if (problem) {
          // A retry of an order already placed answers that order, whatever the account holds now.
          if (idempotencyKey && (await this.hasKey(actor, idempotencyKey))) return this.replay(actor, idempotencyKey);
          throw problem;
        }
      }
      const subtotal = lines.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0);
      const shipping = shippingCents(zone, delivery.entrega_rapida, deps.shipping);
      const wanted = new Map<number, number>();
      for (const l of lines) wanted.set(l.variantId, (wanted.get(l.variantId) ?? 0) + l.quantity);
      const values = {
        userId: actor.id,
        paymentMethod: body.metodo_pagamento,
        mbwayPhone: body.metodo_pagamento === "mbway" ? normalisePhone(body.telemovel ?? "") : null,
        subtotalCents: subtotal,
        shippingCents: shipping,
        totalCents: subtotal + shipping,
        shippingZone: zone,
        fastDelivery: delivery.entrega_rapida,
        delivery,
        idempotencyKey,
        lines,
        wanted,
      };
      let placed: { id: number } | null = null;
      for (let attempt = 1; ; attempt++) {
        try {
          placed = await placeOrder(values);
          break;
        } catch (error) {
          if (!isStockCheckViolation(error)) throw error;
          // Nothing was written. Name the short variant; if the units came back meanwhile, try again.
          const shortage = await findShortages(lines, wanted);
          if (shortage) throw shortage;
          if (attempt === 3)
            throw new ConflictError("O stock mudou durante a compra. Tente novamente.", { reason: "stock" });
        }
      }
      if (!placed) return this.replay(actor, idempotencyKey!);
      const order = { id: placed.id, totalCents: values.totalCents };
      if (limited) {
        // Checkouts of one account running at the same time all passed the check above; now that
        // this order is stored, the account's hold counts every one that committed. Over the
        // limit, this order is undone (the last to look undoes itself), so the limit holds.
        const problem = holdProblem(await pendingHold(actor.id), { orders: 0, units: 0 });
        if (problem) {
          await cancelUnpaid(order.id, `Reserva anulada: limite de encomendas por pagar (encomenda #${order.id})`);
          throw problem;
        }
      }

      let created: CreatedPayment;
      try {
        created = await provider.create({
          orderId: order.id,
          amountCents: order.totalCents,
          method: body.metodo_pagamento,
          phone: body.metodo_pagamento === "mbway" ? normalisePhone(body.telemovel ?? "") : undefined,
          email: actor.email,
          description: `Encomenda #${order.id}`,
        });
      } catch (error) {
        await cancelUnpaid(order.id, `Reserva anulada: pagamento não criado (encomenda #${order.id})`);
        if (error instanceof AppError) throw error;
        throw new AppError(502, "O serviço de pagamentos não respondeu. Tente novamente dentro de momentos.");
      }

      const [payment] = await db
        .insert(payments)
        .values({
          orderId: order.id,
          provider: provider.name,
          method: body.metodo_pagamento,
          amountCents: order.totalCents,
          entity: created.entity ?? null,
          reference: created.reference ?? null,
          requestId: created.requestId ?? null,
          phone: created.phone ?? null,
          expiresAt: created.expiresAt,
          providerData: created.providerData,
        })
        .returning();
      return answer(order.id, { totalCents: values.totalCents, shippingCents: values.shippingCents }, payment!);
    },

    /** True when this account already used this idempotency key. */
    async hasKey(actor: PublicUser, key: string): Promise<boolean> {
      return (await db.$count(orders, and(eq(orders.userId, actor.id), eq(orders.idempotencyKey, key)))) > 0;
    },

    /** The answer to a repeated checkout: the same order and payment, never a second one. */
    async replay(actor: PublicUser, key: string) {
      const [existing] = await db
        .select({ id: orders.id, status: orders.status })
        .from(orders)
        .where(and(eq(orders.userId, actor.id), eq(orders.idempotencyKey, key)))
        .limit(1);
      if (!existing) throw new ConflictError("A encomenda está a ser processada. Aguarde um momento.");
      if (existing.status === "cancelled") {
        throw new ConflictError("Esta tentativa de pagamento falhou. Tente finalizar a compra novamente.");
      }
      return this.result(existing.id);
    },

    async result(orderId: number) {
      const row = await paymentResponse(orderId);
      if (!row || !row.method) throw new ConflictError("A encomenda está a ser processada. Aguarde um momento.");
      return answer(orderId, row, {
        method: row.method,
        entity: row.entity,
        reference: row.reference,
        phone: row.phone,
        amountCents: row.amountCents!,
        expiresAt: row.expiresAt,
      });
    },

    /** Orders still waiting for a payment that can no longer arrive. */
    async listExpirable(limit = 100) {
      return db
        .select({ orderId: orders.id, paymentId: payments.id })
        .from(orders)
        .innerJoin(payments, eq(payments.orderId, orders.id))
        .where(
          and(
            eq(orders.status, "pending_payment"),
            eq(payments.status, "pending"),
            sql`${payments.expiresAt} < now()`,
            isNull(orders.paidAt),
          ),
        )
        .limit(limit);
    },

    /**
     * Pending orders that never got a payment: the process died between reserving the stock and
     * storing the gateway's answer (phase 2 of create()). Older than ORPHAN_GRACE_MINUTES, no
     * checkout can still be working on them (the gateway call times out in seconds).
     */
    async listOrphaned(limit = 100) {
      const rows = await db
        .select({ orderId: orders.id })
        .from(orders)
        .where(
          and(
            eq(orders.status, "pending_payment"),
            sql`${orders.createdAt} < now() - make_interval(mins => ${ORPHAN_GRACE_MINUTES})`,
            sql`not exists (select 1 from ${payments} where ${payments.orderId} = ${orders.id})`,
          ),
        )
        .limit(limit);
      return rows.map((r) => r.orderId);
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
