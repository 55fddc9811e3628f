import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { PublicUser } from "../accounts/schemas.ts";
import type { Database } from "../db/client.ts";
import { colors, orderLines, orders, payments, products, sizes, variants } from "../db/schema.ts";
import { AppError, BadRequestError, ConflictError, ForbiddenError, NotFoundError } from "../http/errors.ts";
import { formatYmd } from "../payments/dates.ts";
import type { CreatedPayment, PaymentProvider } from "../payments/provider.ts";
import { recordMovements, type Tx } from "../stock/movements.ts";
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

const unavailableMessage = (name: string) => `O produto "${name}" já não está disponível. Retire-o do carrinho.`;
const variantMessage = (name: string) => `Escolha a cor e o tamanho de "${name}".`;

interface ResolvedLine {
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

export function toPaymentData(orderId: number, payment: {
  method: string;
  entity: string | null;
  reference: string | null;
  phone: string | null;
  amountCents: number;
  expiresAt: Date | null;
}): PaymentData {
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

export function createOrdersService(deps: { db: Database; provider: PaymentProvider; shipping: ShippingRates }) {
  const { db, provider } = deps;

  /** The products and variants a cart names, with prices and free stock from the database only. */
  async function loadCatalogRows(tx: Tx, productIds: number[]) {
    const productRows = await tx
      .select({ id: products.id, name: products.name, priceCents: products.priceCents, status: products.status, deletedAt: products.deletedAt })
      .from(products)
      .where(inArray(products.id, productIds));
    const variantRows = await tx
      .select({ id: variants.id, productId: variants.productId, stock: variants.stock, colorName: colors.name, sizeName: sizes.name })
      .from(variants)
      .leftJoin(colors, eq(colors.id, variants.colorId))
      .leftJoin(sizes, eq(sizes.id, variants.sizeId))
      .where(inArray(variants.productId, productIds))
      .orderBy(asc(variants.id));
    return { productRows, variantRows };
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
        ? own.find((v) => (!item.cor || same(v.colorName, item.cor)) && (!item.tamanho || same(v.sizeName, item.tamanho)))
        : own.length === 1
          ? own[0]
          : undefined;
    if (!variant) return { problem: "variant" as const, product };
    return { problem: null, product, variant };
  }

  /** Finds each item's product and variant, with prices from the database only. */
  async function resolveLines(tx: Tx, items: CreateOrderBody["items"]): Promise<ResolvedLine[]> {
    const rows = await loadCatalogRows(tx, [...new Set(items.map((i) => i.product_id))]);
    return items.map((item) => {
      const found = classifyItem(rows, item);
      if (found.problem === "unknown") throw new NotFoundError(`${M.productUnknown} (#${item.product_id}).`);
      if (found.problem === "unavailable") {
        throw new ConflictError(unavailableMessage(found.product.name), { product_id: found.product.id, reason: "unavailable" });
      }
      if (found.problem === "variant") {
        throw new BadRequestError(variantMessage(found.product.name), { product_id: found.product.id, reason: "variant" });
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

  /**
   * Locks the variants in id order (so concurrent checkouts never deadlock), checks that
   * every unit exists, and moves the units from the shelf to "reserved". Stock can never
   * go below zero: the lock serialises buyers, and the CHECK constraint backs it up.
   */
  async function reserveStock(tx: Tx, orderId: number, lines: ResolvedLine[]): Promise<void> {
    const wanted = new Map<number, number>();
    for (const l of lines) wanted.set(l.variantId, (wanted.get(l.variantId) ?? 0) + l.quantity);
    const ids = [...wanted.keys()].sort((a, b) => a - b);
    const locked = await tx
      .select({ id: variants.id, stock: variants.stock })
      .from(variants)
      .where(inArray(variants.id, ids))
      .orderBy(asc(variants.id))
      .for("update");
    const shortages = locked
      .filter((v) => v.stock < wanted.get(v.id)!)
      .map((v) => {
        const line = lines.find((l) => l.variantId === v.id)!;
        return { product_id: line.productId, variant_id: v.id, name: line.productName, available: v.stock, requested: wanted.get(v.id)! };
      });
    if (shortages.length) {
      const s = shortages[0]!;
      throw new ConflictError(
        `Stock insuficiente para "${s.name}": ${s.available === 0 ? "esgotado" : `restam ${s.available} unidade(s)`}.`,
        { reason: "stock", shortages },
      );
    }
    for (const v of locked) {
      const quantity = wanted.get(v.id)!;
      await tx
        .update(variants)
        .set({ stock: sql`${variants.stock} - ${quantity}`, reserved: sql`${variants.reserved} + ${quantity}`, updatedAt: sql`now()` })
        .where(eq(variants.id, v.id));
    }
    await recordMovements(
      tx,
      locked.map((v) => ({
        variantId: v.id,
        stockBefore: v.stock,
        stockAfter: v.stock - wanted.get(v.id)!,
        reason: `Reserva para a encomenda #${orderId}`,
        orderId,
      })),
    );
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
        .set({ stock: sql`${variants.stock} + ${quantity}`, reserved: sql`${variants.reserved} - ${quantity}`, updatedAt: sql`now()` })
        .where(eq(variants.id, v.id));
    }
    await recordMovements(
      tx,
      locked.map((v) => ({ variantId: v.id, stockBefore: v.stock, stockAfter: v.stock + Math.min(wanted.get(v.id)!, v.reserved), reason, orderId })),
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
      const rows = await loadCatalogRows(db, [...new Set(body.items.map((i) => i.product_id))]);
      const lines = body.items.map((item): CartCheckLine => {
        const found = classifyItem(rows, item);
        const base = { product_id: item.product_id, quantity: item.quantity };
        if (found.problem === "unknown") return { ...base, variant_id: null, name: null, price: null, available: 0, status: "unavailable", message: `${M.productUnknown}.` };
        const price = euros(found.product.priceCents);
        if (found.problem !== null) {
          const message = found.problem === "unavailable" ? unavailableMessage(found.product.name) : variantMessage(found.product.name);
          return { ...base, variant_id: null, name: found.product.name, price, available: 0, status: found.problem, message };
        }
        const available = found.variant.stock;
        const common = { ...base, variant_id: found.variant.id, name: found.product.name, price, available };
        if (available < item.quantity) {
          const message = available === 0 ? "Esgotado: retire este artigo do carrinho." : `Só ${available === 1 ? "resta 1 unidade" : `restam ${available} unidades`} disponíveis.`;
          return { ...common, status: "insufficient_stock", message };
        }
        if (item.price !== undefined && Math.round(item.price * 100) !== found.product.priceCents) {
          return { ...common, status: "price_changed", message: `O preço mudou para ${price.toFixed(2).replace(".", ",")} €.` };
        }
        return { ...common, status: "ok", message: null };
      });
      return { ok: lines.every((l) => l.status === "ok"), lines };
    },

    /**
     * POST /orders. Phase 1 (one transaction): claim the idempotency key, price the cart from
     * the database, reserve stock under row locks. Phase 2: ask the payment provider (outside
     * any transaction, so a slow gateway holds no locks). If the provider fails, phase 3 gives
     * the stock back and cancels the order, and the shopper sees why.
     */
    async create(actor: PublicUser, body: CreateOrderBody, headerKey?: string) {
      if (body.user_id !== undefined && body.user_id !== actor.id) throw new ForbiddenError(M.foreignUser);
      const idempotencyKey = headerKey ?? body.idempotency_key ?? null;
      const delivery = body.dados_entrega;
      const zone = zoneFor(delivery.codigo_postal);

      const phase1 = await db.transaction(async (tx) => {
        const lines = await resolveLines(tx, body.items);
        const subtotal = lines.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0);
        const shipping = shippingCents(zone, delivery.entrega_rapida, deps.shipping);
        const [order] = await tx
          .insert(orders)
          .values({
            userId: actor.id,
            paymentMethod: body.metodo_pagamento,
            mbwayPhone: body.metodo_pagamento === "mbway" ? normalisePhone(body.telemovel ?? "") : null,
            subtotalCents: subtotal,
            shippingCents: shipping,
            totalCents: subtotal + shipping,
            shippingZone: zone,
            fastDelivery: delivery.entrega_rapida,
            deliveryName: delivery.nome,
            deliveryAddress: delivery.morada,
            deliveryPostalCode: delivery.codigo_postal,
            deliveryCity: delivery.cidade,
            deliveryPhone: delivery.telefone,
            idempotencyKey,
          })
          .onConflictDoNothing({ target: [orders.userId, orders.idempotencyKey] })
          .returning({ id: orders.id, totalCents: orders.totalCents });
        if (!order) return { replayOf: idempotencyKey } as const;
        // Lock the variants before the order lines reference them: the lines' foreign keys take
        // share locks, and taking those first would let two checkouts deadlock on the upgrade.
        await reserveStock(tx, order.id, lines);
        await tx.insert(orderLines).values(lines.map((l) => ({ ...l, orderId: order.id })));
        return { order } as const;
      });

      if ("replayOf" in phase1) return this.replay(actor, phase1.replayOf!);
      const { order } = phase1;

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
        await db.transaction(async (tx) => {
          await tx.update(orders).set({ status: "cancelled" }).where(eq(orders.id, order.id));
          await releaseStock(tx, order.id, `Reserva anulada: pagamento não criado (encomenda #${order.id})`);
        });
        if (error instanceof AppError) throw error;
        throw new AppError(502, "O serviço de pagamentos não respondeu. Tente novamente dentro de momentos.");
      }

      await db.insert(payments).values({
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
      });
      return this.result(order.id);
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
      return {
        success: true,
        message: "Encomenda criada com sucesso!",
        order_id: orderId,
        pagamento: toPaymentData(orderId, {
          method: row.method,
          entity: row.entity,
          reference: row.reference,
          phone: row.phone,
          amountCents: row.amountCents!,
          expiresAt: row.expiresAt,
        }),
        total: euros(row.totalCents),
        portes: euros(row.shippingCents),
      };
    },

    /** Orders still waiting for a payment that can no longer arrive. */
    async listExpirable(limit = 100) {
      return db
        .select({ orderId: orders.id, paymentId: payments.id })
        .from(orders)
        .innerJoin(payments, eq(payments.orderId, orders.id))
        .where(and(eq(orders.status, "pending_payment"), eq(payments.status, "pending"), sql`${payments.expiresAt} < now()`, isNull(orders.paidAt)))
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
