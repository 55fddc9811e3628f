import { sql } from "drizzle-orm";
import * as pg from "drizzle-orm/pg-core";
import { createdAt, requiredRef } from "#server/core/db/columns.ts";
import { users } from "#server/modules/accounts/schema.ts";
import { products, variants } from "#server/modules/catalog/schema.ts";
import { promotions } from "#server/modules/promotions/schema.ts";

/* The tables of orders. Money is integer cents; every timestamp has a time zone. */

export const orders = pg.pgTable(
  "orders",
  {
    id: pg.serial("id").primaryKey(),
    userId: requiredRef("user_id", () => users.id, "restrict"),
    status: pg.text("status").notNull().default("pending_payment"),
    paymentMethod: pg.text("payment_method").notNull(),
    mbwayPhone: pg.text("mbway_phone"),
    subtotalCents: pg.integer("subtotal_cents").notNull(),
    shippingCents: pg.integer("shipping_cents").notNull(),
    totalCents: pg.integer("total_cents").notNull(),
    shippingZone: pg.text("shipping_zone").notNull(),
    fastDelivery: pg.boolean("fast_delivery").notNull().default(false),
    deliveryName: pg.text("delivery_name").notNull(),
    deliveryAddress: pg.text("delivery_address").notNull(),
    deliveryPostalCode: pg.text("delivery_postal_code").notNull(),
    deliveryCity: pg.text("delivery_city").notNull(),
    deliveryPhone: pg.text("delivery_phone").notNull(),
    idempotencyKey: pg.text("idempotency_key"),
    createdAt: createdAt(),
    paidAt: pg.timestamp("paid_at", { withTimezone: true }),
    confirmationSentAt: pg.timestamp("confirmation_sent_at", { withTimezone: true }),
    // Fulfilment (server/modules/aftersale/fulfilment/): who carries it and how the shopper follows it.
    /** 'ctt' | 'dpd' | 'gls' | 'ups' | 'outra' (then trackingUrl is the shop's own link). */
    carrier: pg.text("carrier"),
    trackingNumber: pg.text("tracking_number"),
    trackingUrl: pg.text("tracking_url"),
    shippedAt: pg.timestamp("shipped_at", { withTimezone: true }),
    deliveredAt: pg.timestamp("delivered_at", { withTimezone: true }),
    cancelledAt: pg.timestamp("cancelled_at", { withTimezone: true }),
    /** A paid order that was cancelled owes the shopper a refund: 'due' until the admin marks it 'done'. */
    refundStatus: pg.text("refund_status"),
    // Billing (issue 14): null NIF means 'Consumidor final'; null name/address means the delivery ones.
    billingNif: pg.text("billing_nif"),
    billingName: pg.text("billing_name"),
    billingAddress: pg.text("billing_address"),
    billingPostalCode: pg.text("billing_postal_code"),
    billingCity: pg.text("billing_city"),
    /** IVA on delivery at the time of sale, in basis points (2300 = 23 %). */
    shippingVatRateBp: pg.integer("shipping_vat_rate_bp").notNull().default(2300),
    // Promotions (issue 20, decision 0022): subtotal stays the list prices; total = subtotal − discount + shipping −
    // shipping discount. Old orders read the same (0 / null).
    /** The discount code's promotion (null: none; automatic reductions are named per line). */
    promotionId: pg.integer("promotion_id").references(() => promotions.id, { onDelete: "set null" }),
    /** The code as the shopper typed it (kept if the promotion goes). */
    discountCode: pg.text("discount_code"),
    /** Σ order_lines.discount_cents (automatic reductions and the code's shares). */
    discountCents: pg.integer("discount_cents").notNull().default(0),
    /** The standard delivery a free-delivery code took off (shipping_cents is before it). */
    shippingDiscountCents: pg.integer("shipping_discount_cents").notNull().default(0),
    /** The next-day supplement inside shipping_cents: never refunded on a withdrawal (DL 24/2014 art. 12.º 3). */
    expressSupplementCents: pg.integer("express_supplement_cents").notNull().default(0),
  },
  (t) => [
    // 'cancelled' is the "cancelada" (the stored value predates fulfilment; shown as 'Cancelada').
    pg.check(
      "orders_status_check",
      sql`${t.status} in ('pending_payment', 'paid', 'em_preparacao', 'enviada', 'entregue', 'cancelled', 'expired')`,
    ),
    pg.check(
      "orders_carrier_check",
      sql`${t.carrier} is null or ${t.carrier} in ('ctt', 'dpd', 'gls', 'ups', 'outra')`,
    ),
    pg.check("orders_refund_status_check", sql`${t.refundStatus} is null or ${t.refundStatus} in ('due', 'done')`),
    pg.check("orders_method_check", sql`${t.paymentMethod} in ('mbway', 'mb', 'payshop')`),
    pg.check("orders_amounts_check", sql`${t.subtotalCents} >= 0 and ${t.shippingCents} >= 0 and ${t.totalCents} >= 0`),
    pg.check("orders_zone_check", sql`${t.shippingZone} in ('continente', 'madeira', 'acores')`),
    pg.uniqueIndex("orders_user_idempotency_key").on(t.userId, t.idempotencyKey),
    pg.index("orders_user_idx").on(t.userId),
    pg.index("orders_created_idx").on(t.createdAt),
    pg.index("orders_user_created_idx").on(t.userId, t.createdAt),
    pg.index("orders_status_created_idx").on(t.status, t.createdAt),
    pg.check(
      "orders_discounts_check",
      sql`${t.discountCents} >= 0 and ${t.shippingDiscountCents} >= 0 and ${t.expressSupplementCents} >= 0`,
    ),
    // A customer's uses of a code, and the admin's figures per promotion.
    pg
      .index("orders_promotion_user_idx")
      .on(t.promotionId, t.userId)
      .where(sql`${t.promotionId} is not null`),
  ],
);

/**
 * An order's timeline: every status change (who, when, from → to), the admin's internal notes and
 * other facts worth showing (e-mails sent, payment switched). Written in the transaction of the change.
 */
export const orderEvents = pg.pgTable(
  "order_events",
  {
    id: pg.bigserial("id", { mode: "number" }).primaryKey(),
    orderId: requiredRef("order_id", () => orders.id, "cascade"),
    /** 'status' | 'note' | 'payment' | 'email' */
    kind: pg.text("kind").notNull(),
    fromStatus: pg.text("from_status"),
    toStatus: pg.text("to_status"),
    /** Null for the shop itself (callbacks, jobs) and for the shopper's own actions (then actorName says so). */
    actorUserId: pg.integer("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    /** Who, as shown in the timeline, kept even if the account goes: 'Sistema', 'Cliente', the admin's name. */
    actorName: pg.text("actor_name").notNull(),
    /** Internal note text (kind 'note') or a short description. Never shown to the shopper for kind 'note'. */
    message: pg.text("message").notNull().default(""),
    data: pg.jsonb("data").notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    pg.check("order_events_kind_check", sql`${t.kind} in ('status', 'note', 'payment', 'email')`),
    pg.index("order_events_order_idx").on(t.orderId, t.createdAt),
  ],
);

export const orderLines = pg.pgTable(
  "order_lines",
  {
    id: pg.serial("id").primaryKey(),
    orderId: requiredRef("order_id", () => orders.id, "cascade"),
    productId: requiredRef("product_id", () => products.id, "restrict"),
    variantId: pg.integer("variant_id").references(() => variants.id, { onDelete: "set null" }),
    productName: pg.text("product_name").notNull(),
    colorName: pg.text("color_name"),
    sizeName: pg.text("size_name"),
    unitPriceCents: pg.integer("unit_price_cents").notNull(),
    quantity: pg.integer("quantity").notNull(),
    /** IVA included in the price at the time of sale, in basis points (2300 = 23 %; 0 when exempt). */
    vatRateBp: pg.integer("vat_rate_bp").notNull().default(2300),
    vatExemptionCode: pg.text("vat_exemption_code"),
    /** What this line was reduced by, whole line (automatic × quantity + its share of the code); IVA is on the net. */
    discountCents: pg.integer("discount_cents").notNull().default(0),
    /** The automatic reduction's part of `discountCents` (the rest is the code's share): each promotion's figures. */
    automaticDiscountCents: pg.integer("automatic_discount_cents").notNull().default(0),
    /** The automatic promotion that reduced this line (null: none). */
    automaticPromotionId: pg
      .integer("automatic_promotion_id")
      .references(() => promotions.id, { onDelete: "set null" }),
  },
  (t) => [
    pg.check("order_lines_quantity_check", sql`${t.quantity} > 0`),
    pg.check(
      "order_lines_discount_check",
      sql`${t.discountCents} >= 0 and ${t.discountCents} <= ${t.unitPriceCents} * ${t.quantity}`,
    ),
    pg.check(
      "order_lines_automatic_discount_check",
      sql`${t.automaticDiscountCents} >= 0 and ${t.automaticDiscountCents} <= ${t.discountCents}`,
    ),
    pg.check("order_lines_price_check", sql`${t.unitPriceCents} >= 0`),
    pg.index("order_lines_order_idx").on(t.orderId),
  ],
);

/**
 * The admin report's exact counts, kept by triggers in the transaction of every change to orders, order_lines and
 * payments (drizzle/0011_admin_counters.sql), as sums of 16 shards (order id % 16) so concurrent checkouts rarely
 * wait on one row. Keys: 'lines' (every order line), 'lines:order:<order status>', 'lines:payment:<status>' (lines
 * of orders with a payment in that status) and 'orders:day:<YYYY-MM-DD>' (orders created that Lisbon day).
 */
export const orderCounts = pg.pgTable(
  "order_counts",
  {
    key: pg.text("key").notNull(),
    shard: pg.smallint("shard").notNull(),
    n: pg.bigint("n", { mode: "number" }).notNull().default(0),
  },
  (t) => [pg.primaryKey({ columns: [t.key, t.shard] })],
);
