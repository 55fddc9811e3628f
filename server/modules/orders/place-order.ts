import { and, eq, sql, type SQL } from "drizzle-orm";
import type { Tx } from "#server/core/db/client.ts";
import { ConflictError } from "#server/core/errors.ts";
import type { ResolvedLine } from "./cart.ts";
import { orderLines, orders } from "./schema.ts";
import type { CreateOrderBody } from "./schemas.ts";

/*
 * The order's part of checkout's one statement (server/flows/checkout/checkout.ts composes it with inventory's
 * reservation): the order row, claimed by its idempotency key, and its lines. Both read named values
 * (sql.placeholder, filled by orderValues), so the statement is rendered once and prepared once per connection.
 */

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
  /** The code's promotion (its use is taken in the same statement: promotions' claimUse), and the code typed. */
  promotionId: number | null;
  discountCode: string | null;
  /** Σ the lines' discounts; the delivery's discount (free-delivery code); the next-day supplement in shippingCents. */
  discountCents: number;
  shippingDiscountCents: number;
  expressSupplementCents: number;
  /** Lines with the IVA rate each is sold at (basis points) and, when exempt, the reason code, and their discount. */
  lines: Array<
    ResolvedLine & {
      vatRateBp: number;
      vatExemptionCode: string | null;
      discountCents: number;
      /** The automatic reduction's part of discountCents (the rest is the code's share). */
      automaticDiscountCents: number;
      automaticPromotionId: number | null;
    }
  >;
}

/** The named values insertOrder and insertOrderLines read. */
export interface OrderValues {
  userId: number;
  paymentMethod: string;
  mbwayPhone: string | null;
  subtotalCents: number;
  shippingCents: number;
  totalCents: number;
  shippingZone: string;
  fastDelivery: boolean;
  deliveryName: string;
  deliveryAddress: string;
  deliveryPostalCode: string;
  deliveryCity: string;
  deliveryPhone: string;
  idempotencyKey: string | null;
  billingNif: string | null;
  billingName: string | null;
  billingAddress: string | null;
  billingPostalCode: string | null;
  billingCity: string | null;
  shippingVatRateBp: number;
  promotionId: number | null;
  discountCode: string | null;
  discountCents: number;
  shippingDiscountCents: number;
  expressSupplementCents: number;
  lineProductIds: number[];
  lineVariantIds: number[];
  lineProductNames: string[];
  lineColorNames: Array<string | null>;
  lineSizeNames: Array<string | null>;
  lineUnitPriceCents: number[];
  lineQuantities: number[];
  lineVatRatesBp: number[];
  lineVatExemptionCodes: Array<string | null>;
  lineDiscountCents: number[];
  lineAutomaticDiscountCents: number[];
  lineAutomaticPromotionIds: Array<number | null>;
}

/** The values of `order` under the names insertOrder and insertOrderLines read. */
export function orderValues(order: NewOrder): OrderValues {
  const { delivery, billing, lines } = order;
  return {
    userId: order.userId,
    paymentMethod: order.paymentMethod,
    mbwayPhone: order.mbwayPhone,
    subtotalCents: order.subtotalCents,
    shippingCents: order.shippingCents,
    totalCents: order.totalCents,
    shippingZone: order.shippingZone,
    fastDelivery: order.fastDelivery,
    deliveryName: delivery.nome,
    deliveryAddress: delivery.morada,
    deliveryPostalCode: delivery.codigo_postal,
    deliveryCity: delivery.cidade,
    deliveryPhone: delivery.telefone,
    idempotencyKey: order.idempotencyKey,
    billingNif: billing.nif,
    billingName: billing.name,
    billingAddress: billing.address,
    billingPostalCode: billing.postalCode,
    billingCity: billing.city,
    shippingVatRateBp: order.shippingVatRateBp,
    promotionId: order.promotionId,
    discountCode: order.discountCode,
    discountCents: order.discountCents,
    shippingDiscountCents: order.shippingDiscountCents,
    expressSupplementCents: order.expressSupplementCents,
    lineProductIds: lines.map((l) => l.productId),
    lineVariantIds: lines.map((l) => l.variantId),
    lineProductNames: lines.map((l) => l.productName),
    lineColorNames: lines.map((l) => l.colorName),
    lineSizeNames: lines.map((l) => l.sizeName),
    lineUnitPriceCents: lines.map((l) => l.unitPriceCents),
    lineQuantities: lines.map((l) => l.quantity),
    lineVatRatesBp: lines.map((l) => l.vatRateBp),
    lineVatExemptionCodes: lines.map((l) => l.vatExemptionCode),
    lineDiscountCents: lines.map((l) => l.discountCents),
    lineAutomaticDiscountCents: lines.map((l) => l.automaticDiscountCents),
    lineAutomaticPromotionIds: lines.map((l) => l.automaticPromotionId),
  };
}

const value = (name: keyof OrderValues) => sql.placeholder(name);

/**
 * The order row, or none when this account already used the idempotency key (then the statement writes nothing
 * else: every other part depends on this one's row), or when its code's use could not be taken: the CTE
 * `promotion_use` (promotions' claimUse) must have a row whenever `promotionId` is set. Returns its `id`.
 */
export const insertOrder: SQL = sql`
  insert into ${orders} (user_id, payment_method, mbway_phone, subtotal_cents, shipping_cents, total_cents,
                      shipping_zone, fast_delivery, delivery_name, delivery_address, delivery_postal_code,
                      delivery_city, delivery_phone, idempotency_key, billing_nif, billing_name, billing_address,
                      billing_postal_code, billing_city, shipping_vat_rate_bp, promotion_id, discount_code,
                      discount_cents, shipping_discount_cents, express_supplement_cents)
  select ${value("userId")}::int, ${value("paymentMethod")}::text, ${value("mbwayPhone")}::text,
         ${value("subtotalCents")}::int, ${value("shippingCents")}::int, ${value("totalCents")}::int,
         ${value("shippingZone")}::text, ${value("fastDelivery")}::boolean, ${value("deliveryName")}::text,
         ${value("deliveryAddress")}::text, ${value("deliveryPostalCode")}::text, ${value("deliveryCity")}::text,
         ${value("deliveryPhone")}::text, ${value("idempotencyKey")}::text, ${value("billingNif")}::text,
         ${value("billingName")}::text, ${value("billingAddress")}::text, ${value("billingPostalCode")}::text,
         ${value("billingCity")}::text, ${value("shippingVatRateBp")}::int, ${value("promotionId")}::int,
         ${value("discountCode")}::text, ${value("discountCents")}::int, ${value("shippingDiscountCents")}::int,
         ${value("expressSupplementCents")}::int
   where ${value("promotionId")}::int is null or exists (select 1 from promotion_use)
  on conflict (user_id, idempotency_key) do nothing
  returning id`;

/** The order's lines, in cart order, for the order the CTE `order` returned (none: no lines). */
export function insertOrderLines(order: SQL): SQL {
  return sql`
  insert into ${orderLines} (order_id, product_id, variant_id, product_name, color_name, size_name, unit_price_cents,
                           quantity, vat_rate_bp, vat_exemption_code, discount_cents, automatic_discount_cents,
                           automatic_promotion_id)
  select ${order}.id, l.product_id, l.variant_id, l.product_name, l.color_name, l.size_name, l.unit_price_cents,
         l.quantity, l.vat_rate_bp, l.vat_exemption_code, l.discount_cents, l.automatic_discount_cents,
         l.automatic_promotion_id
    from ${order} cross join unnest(${value("lineProductIds")}::int[], ${value("lineVariantIds")}::int[],
                                  ${value("lineProductNames")}::text[], ${value("lineColorNames")}::text[],
                                  ${value("lineSizeNames")}::text[], ${value("lineUnitPriceCents")}::int[],
                                  ${value("lineQuantities")}::int[], ${value("lineVatRatesBp")}::int[],
                                  ${value("lineVatExemptionCodes")}::text[], ${value("lineDiscountCents")}::int[],
                                  ${value("lineAutomaticDiscountCents")}::int[],
                                  ${value("lineAutomaticPromotionIds")}::int[])
           with ordinality as l(product_id, variant_id, product_name, color_name, size_name, unit_price_cents,
                                quantity, vat_rate_bp, vat_exemption_code, discount_cents, automatic_discount_cents,
                                automatic_promotion_id, n)
   order by l.n`;
}

/** A variant checkout could not reserve: it has fewer units on the shelf than the cart wants. */
export interface LineShortage {
  variantId: number;
  needed: number;
  available: number;
}

/** The shortage answer: the first variant (in id order) with fewer free units than the cart wants, and all of them. */
export function shortageError(lines: readonly ResolvedLine[], shortages: readonly LineShortage[]): ConflictError {
  const listed = shortages.map((s) => {
    const line = lines.find((l) => l.variantId === s.variantId)!;
    return {
      product_id: line.productId,
      variant_id: s.variantId,
      name: line.productName,
      available: s.available,
      requested: s.needed,
    };
  });
  const s = listed[0]!;
  return new ConflictError(
    `Stock insuficiente para "${s.name}": ${s.available === 0 ? "esgotado" : `restam ${s.available} unidade(s)`}.`,
    { reason: "stock", shortages: listed },
  );
}

/** The order this account placed with this idempotency key, or undefined. */
export async function orderByKey(
  tx: Tx,
  userId: number,
  key: string,
): Promise<{ id: number; status: string } | undefined> {
  const [row] = await tx
    .select({ id: orders.id, status: orders.status })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key)))
    .limit(1);
  return row;
}

/** True when this account already used this idempotency key. */
export async function hasOrderWithKey(tx: Tx, userId: number, key: string): Promise<boolean> {
  return (await tx.$count(orders, and(eq(orders.userId, userId), eq(orders.idempotencyKey, key)))) > 0;
}
