import { asc, inArray } from "drizzle-orm";
import type { Database } from "#server/core/db/client.ts";
import { isCheckViolation } from "#server/core/db/pg-errors.ts";
import { variants } from "#server/modules/catalog/schema.ts";
import { ConflictError } from "#server/core/errors.ts";
import type { ResolvedLine } from "./cart.ts";
import type { CreateOrderBody } from "./schemas.ts";

/* Checkout's phase 1: the order, its lines and its stock reservation written in one statement. */

/**
 * Phase 1 of checkout as one statement (see placeOrder below). $1–$14 and $24–$29: the order (billing data and
 * delivery IVA after the rest); $15, $16: the variant ids in ascending order and the units wanted of each;
 * $17–$23 and $30, $31 (each line's IVA): the lines, in cart order.
 * Prepared once per pooled connection (named), so PostgreSQL parses and plans it once, not per checkout.
 */
const PLACE_ORDER_SQL = `
  with o as (
    insert into orders (user_id, payment_method, mbway_phone, subtotal_cents, shipping_cents, total_cents, shipping_zone,
                        fast_delivery, delivery_name, delivery_address, delivery_postal_code, delivery_city, delivery_phone,
                        idempotency_key, billing_nif, billing_name, billing_address, billing_postal_code, billing_city,
                        shipping_vat_rate_bp)
    values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $24, $25, $26, $27, $28, $29)
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
    insert into order_lines (order_id, product_id, variant_id, product_name, color_name, size_name, unit_price_cents, quantity,
                             vat_rate_bp, vat_exemption_code)
    select o.id, l.product_id, l.variant_id, l.product_name, l.color_name, l.size_name, l.unit_price_cents, l.quantity,
           l.vat_rate_bp, l.vat_exemption_code
      from o cross join unnest($17::int[], $18::int[], $19::text[], $20::text[], $21::text[], $22::int[], $23::int[],
                               $30::int[], $31::text[])
             with ordinality as l(product_id, variant_id, product_name, color_name, size_name, unit_price_cents, quantity,
                                  vat_rate_bp, vat_exemption_code, n)
     order by l.n
  )
  select o.id from o`;

/** A variant's shelf stock would go below zero (`CHECK (stock >= 0)`): a shortage, not a server error. */
const isStockCheckViolation = (error: unknown): boolean => isCheckViolation(error, "variants_stock_check");

export interface NewOrder {
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
  /** What goes on the invoice when it is not the delivery data; a null NIF is 'Consumidor final'. */
  billing: {
    nif: string | null;
    name: string | null;
    address: string | null;
    postalCode: string | null;
    city: string | null;
  };
  /** IVA on delivery, basis points (2300 = 23 %). */
  shippingVatRateBp: number;
  /** Lines with the IVA rate each is sold at (basis points) and, when exempt, the reason code. */
  lines: Array<ResolvedLine & { vatRateBp: number; vatExemptionCode: string | null }>;
  /** Units per variant id. */
  wanted: Map<number, number>;
}

/** The shortage answer: the first variant (in id order) with fewer free units than the cart wants, and all of them. */
async function findShortages(db: Database, lines: ResolvedLine[], wanted: Map<number, number>) {
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
 *   order is what every other writer of variants does (stock/reservations.ts, the stock edit).
 * - Movements have the true before/after: RETURNING gives the row as this update left it.
 */
async function placeOrder(db: Database, values: NewOrder): Promise<{ id: number } | null> {
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
      values.billing.nif,
      values.billing.name,
      values.billing.address,
      values.billing.postalCode,
      values.billing.city,
      values.shippingVatRateBp,
      lines.map((l) => l.vatRateBp),
      lines.map((l) => l.vatExemptionCode),
    ],
  });
  return rows[0] ? { id: rows[0].id } : null;
}

/**
 * Phase 1 with its shortage answer: when a variant has too few units, nothing was written and the
 * shopper is told which one (the first in id order); if the units came back meanwhile, it tries again.
 * Returns null when the idempotency key was already used.
 */
export async function reserveAndPlace(db: Database, order: NewOrder): Promise<{ id: number } | null> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await placeOrder(db, order);
    } catch (error) {
      if (!isStockCheckViolation(error)) throw error;
      const shortage = await findShortages(db, order.lines, order.wanted);
      if (shortage) throw shortage;
      if (attempt === 3)
        throw new ConflictError("O stock mudou durante a compra. Tente novamente.", { reason: "stock" });
    }
  }
}
