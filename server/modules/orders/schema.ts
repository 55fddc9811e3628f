import { sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { createdAt } from "#server/core/db/columns.ts";
import { users } from "#server/modules/accounts/schema.ts";
import { products, variants } from "#server/modules/catalog/schema.ts";

/* The tables of orders. Money is integer cents; every timestamp has a time zone. */

export const orders = pgTable(
  "orders",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    status: text("status").notNull().default("pending_payment"),
    paymentMethod: text("payment_method").notNull(),
    mbwayPhone: text("mbway_phone"),
    subtotalCents: integer("subtotal_cents").notNull(),
    shippingCents: integer("shipping_cents").notNull(),
    totalCents: integer("total_cents").notNull(),
    shippingZone: text("shipping_zone").notNull(),
    fastDelivery: boolean("fast_delivery").notNull().default(false),
    deliveryName: text("delivery_name").notNull(),
    deliveryAddress: text("delivery_address").notNull(),
    deliveryPostalCode: text("delivery_postal_code").notNull(),
    deliveryCity: text("delivery_city").notNull(),
    deliveryPhone: text("delivery_phone").notNull(),
    idempotencyKey: text("idempotency_key"),
    createdAt: createdAt(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    confirmationSentAt: timestamp("confirmation_sent_at", { withTimezone: true }),
    // Fulfilment (server/modules/aftersale/fulfilment/): who carries it and how the shopper follows it.
    /** 'ctt' | 'dpd' | 'gls' | 'ups' | 'outra' (then trackingUrl is the shop's own link). */
    carrier: text("carrier"),
    trackingNumber: text("tracking_number"),
    trackingUrl: text("tracking_url"),
    shippedAt: timestamp("shipped_at", { withTimezone: true }),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    /** A paid order that was cancelled owes the shopper a refund: 'due' until the admin marks it 'done'. */
    refundStatus: text("refund_status"),
    // Billing (issue 14): null NIF means 'Consumidor final'; null name/address means the delivery ones.
    billingNif: text("billing_nif"),
    billingName: text("billing_name"),
    billingAddress: text("billing_address"),
    billingPostalCode: text("billing_postal_code"),
    billingCity: text("billing_city"),
    /** IVA on delivery at the time of sale, in basis points (2300 = 23 %). */
    shippingVatRateBp: integer("shipping_vat_rate_bp").notNull().default(2300),
  },
  (t) => [
    // 'cancelled' is the "cancelada" (the stored value predates fulfilment; shown as 'Cancelada').
    check(
      "orders_status_check",
      sql`${t.status} in ('pending_payment', 'paid', 'em_preparacao', 'enviada', 'entregue', 'cancelled', 'expired')`,
    ),
    check("orders_carrier_check", sql`${t.carrier} is null or ${t.carrier} in ('ctt', 'dpd', 'gls', 'ups', 'outra')`),
    check("orders_refund_status_check", sql`${t.refundStatus} is null or ${t.refundStatus} in ('due', 'done')`),
    check("orders_method_check", sql`${t.paymentMethod} in ('mbway', 'mb', 'payshop')`),
    check("orders_amounts_check", sql`${t.subtotalCents} >= 0 and ${t.shippingCents} >= 0 and ${t.totalCents} >= 0`),
    check("orders_zone_check", sql`${t.shippingZone} in ('continente', 'madeira', 'acores')`),
    uniqueIndex("orders_user_idempotency_key").on(t.userId, t.idempotencyKey),
    index("orders_user_idx").on(t.userId),
    index("orders_created_idx").on(t.createdAt),
    index("orders_user_created_idx").on(t.userId, t.createdAt),
    index("orders_status_created_idx").on(t.status, t.createdAt),
  ],
);

/**
 * An order's timeline: every status change (who, when, from → to), the admin's internal notes and
 * other facts worth showing (e-mails sent, payment switched). Written in the transaction of the change.
 */
export const orderEvents = pgTable(
  "order_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** 'status' | 'note' | 'payment' | 'email' */
    kind: text("kind").notNull(),
    fromStatus: text("from_status"),
    toStatus: text("to_status"),
    /** Null for the shop itself (callbacks, jobs) and for the shopper's own actions (then actorName says so). */
    actorUserId: integer("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    /** Who, as shown in the timeline, kept even if the account goes: 'Sistema', 'Cliente', the admin's name. */
    actorName: text("actor_name").notNull(),
    /** Internal note text (kind 'note') or a short description. Never shown to the shopper for kind 'note'. */
    message: text("message").notNull().default(""),
    data: jsonb("data").notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    check("order_events_kind_check", sql`${t.kind} in ('status', 'note', 'payment', 'email')`),
    index("order_events_order_idx").on(t.orderId, t.createdAt),
  ],
);

export const orderLines = pgTable(
  "order_lines",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "restrict" }),
    variantId: integer("variant_id").references(() => variants.id, { onDelete: "set null" }),
    productName: text("product_name").notNull(),
    colorName: text("color_name"),
    sizeName: text("size_name"),
    unitPriceCents: integer("unit_price_cents").notNull(),
    quantity: integer("quantity").notNull(),
    /** IVA included in the price at the time of sale, in basis points (2300 = 23 %; 0 when exempt). */
    vatRateBp: integer("vat_rate_bp").notNull().default(2300),
    vatExemptionCode: text("vat_exemption_code"),
  },
  (t) => [
    check("order_lines_quantity_check", sql`${t.quantity} > 0`),
    check("order_lines_price_check", sql`${t.unitPriceCents} >= 0`),
    index("order_lines_order_idx").on(t.orderId),
  ],
);
