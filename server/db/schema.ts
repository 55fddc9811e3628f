import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from "drizzle-orm/pg-core";

/*
 * The whole database. Money is integer cents; every timestamp has a time zone.
 * Constraints guard the invariants a shop cannot afford to lose
 * (no negative stock, one e-mail per account, one active banner).
 */

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

// ---------- accounts ----------

export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    function: text("function").notNull().default("cliente"),
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** Set when the shopper deleted the account (RGPD): name and e-mail are replaced, orders stay for accounting. */
    anonymisedAt: timestamp("anonymised_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("users_email_lower_key").on(sql`lower(${t.email})`),
    check("users_function_check", sql`${t.function} in ('admin', 'cliente')`),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    /** SHA-256 of the cookie token: a database leak does not leak live sessions. */
    idHash: text("id_hash").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("sessions_user_idx").on(t.userId), index("sessions_expires_idx").on(t.expiresAt)],
);

export const emailVerificationTokens = pgTable(
  "email_verification_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [index("email_verification_tokens_user_idx").on(t.userId)],
);

/** "Esqueceu-se da palavra-passe?": single-use links valid for one hour (only the SHA-256 is stored). */
export const passwordResetTokens = pgTable(
  "password_reset_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [index("password_reset_tokens_user_idx").on(t.userId)],
);

// ---------- catalogue ----------

export const categories = pgTable("categories", {
  id: serial("id").primaryKey(),
  name: text("name").notNull().unique(),
});

export const colors = pgTable("colors", {
  id: serial("id").primaryKey(),
  name: text("name").notNull().unique(),
  colorHex: text("color_hex"),
});

export const sizes = pgTable("sizes", {
  id: serial("id").primaryKey(),
  name: text("name").notNull().unique(),
  sortOrder: integer("sort_order").notNull().default(0),
});

/** The admin's "categoria" form (tamanho + cor) (/produto/categoria): POST /api/product/categoria. */
export const sizeColorEntries = pgTable("size_color_entries", {
  id: serial("id").primaryKey(),
  tamanho: text("tamanho").notNull(),
  cor: text("cor").notNull(),
  createdAt: createdAt(),
});

export const products = pgTable(
  "products",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    priceCents: integer("price_cents").notNull(),
    categoryId: integer("category_id").references(() => categories.id, { onDelete: "set null" }),
    /** Comma-separated size names offered for this product, e.g. "S,M,L,XL". */
    sizes: text("sizes").notNull().default(""),
    status: smallint("status").notNull().default(1),
    modeloId: integer("modelo_id").notNull().default(5),
    /** IVA: 'normal' | 'intermedia' | 'reduzida' | 'isenta'; the percentage per region lives in the shop settings. */
    vatCategory: text("vat_category").notNull().default("normal"),
    /** For 'isenta': the legal reason code printed on the invoice (e.g. M10 for article 53). */
    vatExemptionCode: text("vat_exemption_code"),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** Products that were sold are never removed: deleting one hides it and keeps order history. */
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
  },
  (t) => [
    check("products_price_check", sql`${t.priceCents} >= 0`),
    check("products_status_check", sql`${t.status} in (0, 1)`),
    check("products_vat_category_check", sql`${t.vatCategory} in ('normal', 'intermedia', 'reduzida', 'isenta')`),
    index("products_modelo_idx").on(t.modeloId),
    index("products_listed_idx")
      .on(t.status, t.id)
      .where(sql`${t.deletedAt} is null`),
  ],
);

export const productImages = pgTable(
  "product_images",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    fileName: text("file_name").notNull(),
    position: integer("position").notNull().default(0),
    width: integer("width"),
    height: integer("height"),
  },
  (t) => [index("product_images_product_idx").on(t.productId, t.position)],
);

export const variants = pgTable(
  "variants",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    colorId: integer("color_id").references(() => colors.id, { onDelete: "restrict" }),
    sizeId: integer("size_id").references(() => sizes.id, { onDelete: "restrict" }),
    /** Units on the shelf that no order holds. */
    stock: integer("stock").notNull().default(0),
    /** Units held by orders waiting for payment. */
    reserved: integer("reserved").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("variants_stock_check", sql`${t.stock} >= 0`),
    check("variants_reserved_check", sql`${t.reserved} >= 0`),
    unique("variants_product_color_size_key").on(t.productId, t.colorId, t.sizeId).nullsNotDistinct(),
  ],
);

export const stockMovements = pgTable(
  "stock_movements",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** Kept (null) when the variant is deleted, so the stock history stays auditable. */
    variantId: integer("variant_id").references(() => variants.id, { onDelete: "set null" }),
    stockBefore: integer("stock_before").notNull(),
    stockAfter: integer("stock_after").notNull(),
    reason: text("reason").notNull(),
    notes: text("notes").notNull().default(""),
    actorUserId: integer("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    orderId: integer("order_id").references(() => orders.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("stock_movements_variant_idx").on(t.variantId, t.createdAt)],
);

export const banners = pgTable(
  "banners",
  {
    id: serial("id").primaryKey(),
    titulo: text("titulo").notNull(),
    slogam: text("slogam").notNull(),
    imagem: text("imagem").notNull(),
    isActive: boolean("is_active").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("banners_one_active_key")
      .on(t.isActive)
      .where(sql`${t.isActive}`),
  ],
);

// ---------- orders and payments ----------

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

export const payments = pgTable(
  "payments",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    method: text("method").notNull(),
    status: text("status").notNull().default("pending"),
    amountCents: integer("amount_cents").notNull(),
    entity: text("entity"),
    reference: text("reference"),
    requestId: text("request_id"),
    phone: text("phone"),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    /** The reminder e-mail one day before a Multibanco or Payshop reference expires was queued. */
    reminderSentAt: timestamp("reminder_sent_at", { withTimezone: true }),
    providerData: jsonb("provider_data").notNull().default({}),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("payments_status_check", sql`${t.status} in ('pending', 'paid', 'failed', 'expired')`),
    check("payments_method_check", sql`${t.method} in ('mbway', 'mb', 'payshop')`),
    check("payments_amount_check", sql`${t.amountCents} > 0`),
    index("payments_order_idx").on(t.orderId),
    index("payments_reference_idx").on(t.entity, t.reference),
    index("payments_request_idx").on(t.requestId),
    index("payments_ref_idx").on(t.reference),
    index("payments_pending_expiry_idx")
      .on(t.expiresAt)
      .where(sql`${t.status} = 'pending'`),
    // One pending payment per order at a time: switching MB WAY to Multibanco retires the first one, so a late
    // success of the retired request can never pay the order a second time.
    uniqueIndex("payments_one_pending_per_order")
      .on(t.orderId)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/** Every callback or verification that changed a payment, so a replay is recognised and ignored. */
export const paymentEvents = pgTable(
  "payment_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    paymentId: integer("payment_id").references(() => payments.id, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    eventKey: text("event_key").notNull(),
    payload: jsonb("payload").notNull().default({}),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("payment_events_provider_key").on(t.provider, t.eventKey)],
);

/**
 * Money that arrived and could not simply be applied: after the order expired ('late'), with another
 * amount ('amount_mismatch') or for a reference the shop does not know ('unknown_reference'). The admin
 * resolves each one ('Exceções de pagamento' on /payment-status): reinstate the order, or mark for refund.
 */
export const paymentExceptions = pgTable(
  "payment_exceptions",
  {
    id: serial("id").primaryKey(),
    kind: text("kind").notNull(),
    paymentEventId: bigint("payment_event_id", { mode: "number" }).references(() => paymentEvents.id, {
      onDelete: "set null",
    }),
    paymentId: integer("payment_id").references(() => payments.id, { onDelete: "set null" }),
    orderId: integer("order_id").references(() => orders.id, { onDelete: "set null" }),
    method: text("method"),
    entity: text("entity"),
    reference: text("reference"),
    requestId: text("request_id"),
    /** What arrived, in cents. */
    amountCents: integer("amount_cents").notNull(),
    /** What the payment expected, when one was found. */
    expectedCents: integer("expected_cents"),
    status: text("status").notNull().default("open"),
    resolvedByUserId: integer("resolved_by_user_id").references(() => users.id, { onDelete: "set null" }),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    resolutionNote: text("resolution_note").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [
    check("payment_exceptions_kind_check", sql`${t.kind} in ('late', 'amount_mismatch', 'unknown_reference')`),
    check(
      "payment_exceptions_status_check",
      sql`${t.status} in ('open', 'reinstated', 'refund_due', 'refunded', 'dismissed')`,
    ),
    uniqueIndex("payment_exceptions_event_key").on(t.paymentEventId),
    index("payment_exceptions_status_idx").on(t.status, t.createdAt),
  ],
);

// ---------- invoicing, returns, refunds (issue 14) ----------

/**
 * Certified documents issued through the InvoiceProvider: one invoice (fatura-recibo) per paid order, and credit
 * notes referring to it. The unique indexes are what make "exactly once" hold across instances and restarts.
 */
export const invoices = pgTable(
  "invoices",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    /** 'invoice' (fatura-recibo) | 'credit_note' (nota de crédito). */
    kind: text("kind").notNull(),
    /** For a credit note: the invoice it corrects. */
    relatedInvoiceId: integer("related_invoice_id"),
    /** For a credit note: the refund it documents (one credit note per refund). */
    refundId: integer("refund_id"),
    provider: text("provider").notNull(),
    /** 'pending' (job queued) | 'issued' | 'failed' (retries exhausted; admin may retry) | 'manual' (provider none). */
    status: text("status").notNull().default("pending"),
    externalId: text("external_id"),
    number: text("number"),
    atcud: text("atcud"),
    pdfUrl: text("pdf_url"),
    totalCents: integer("total_cents").notNull(),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    /** When the job may take it (again): a claim leases it for a while, a retryable failure backs off. */
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    /** For a credit note: why (pt-PT, printed on the document). */
    reason: text("reason"),
    /** For a credit note: the order lines it credits [{ orderLineId, quantity }] (null: derived from the refund). */
    lines: jsonb("lines"),
    createdAt: createdAt(),
    issuedAt: timestamp("issued_at", { withTimezone: true }),
  },
  (t) => [
    check("invoices_kind_check", sql`${t.kind} in ('invoice', 'credit_note')`),
    check("invoices_status_check", sql`${t.status} in ('pending', 'issued', 'failed', 'manual')`),
    uniqueIndex("invoices_one_per_order_key")
      .on(t.orderId)
      .where(sql`${t.kind} = 'invoice'`),
    uniqueIndex("invoices_one_per_refund_key")
      .on(t.refundId)
      .where(sql`${t.kind} = 'credit_note'`),
    index("invoices_status_idx").on(t.status, t.createdAt),
    index("invoices_due_idx")
      .on(t.nextAttemptAt, t.id)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/** A withdrawal ("livre resolução") or return: requested → received (stock back) → refunded. */
export const returns = pgTable(
  "returns",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    status: text("status").notNull().default("requested"),
    /** 'conta' (from /conta) | 'formulario' (the public form) | 'admin'. */
    channel: text("channel").notNull(),
    reason: text("reason").notNull().default(""),
    /** Where a Multibanco/Payshop refund goes (validated IBAN, stored without spaces). */
    iban: text("iban"),
    refundCents: integer("refund_cents").notNull(),
    requestedAt: timestamp("requested_at", { withTimezone: true }).notNull().defaultNow(),
    receivedAt: timestamp("received_at", { withTimezone: true }),
    refundedAt: timestamp("refunded_at", { withTimezone: true }),
  },
  (t) => [
    check("returns_status_check", sql`${t.status} in ('requested', 'received', 'refunded', 'cancelled')`),
    check("returns_channel_check", sql`${t.channel} in ('conta', 'formulario', 'admin')`),
    index("returns_order_idx").on(t.orderId),
    index("returns_status_idx").on(t.status, t.requestedAt),
  ],
);

export const returnLines = pgTable(
  "return_lines",
  {
    id: serial("id").primaryKey(),
    returnId: integer("return_id")
      .notNull()
      .references(() => returns.id, { onDelete: "cascade" }),
    orderLineId: integer("order_line_id")
      .notNull()
      .references(() => orderLines.id, { onDelete: "restrict" }),
    quantity: integer("quantity").notNull(),
  },
  (t) => [
    check("return_lines_quantity_check", sql`${t.quantity} > 0`),
    unique("return_lines_line_key").on(t.returnId, t.orderLineId),
  ],
);

/** Money given back: MB WAY through ifthenpay's refund call, Multibanco/Payshop by bank transfer marked by the admin. */
export const refunds = pgTable(
  "refunds",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    returnId: integer("return_id").references(() => returns.id, { onDelete: "set null" }),
    /** 'mbway' (provider refund) | 'transferencia' (bank transfer). */
    method: text("method").notNull(),
    amountCents: integer("amount_cents").notNull(),
    /** 'pending' | 'done' | 'failed'. */
    status: text("status").notNull().default("pending"),
    iban: text("iban"),
    providerRequestId: text("provider_request_id"),
    providerAnswer: jsonb("provider_answer").notNull().default({}),
    createdByUserId: integer("created_by_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    doneAt: timestamp("done_at", { withTimezone: true }),
  },
  (t) => [
    check("refunds_method_check", sql`${t.method} in ('mbway', 'transferencia')`),
    check("refunds_status_check", sql`${t.status} in ('pending', 'done', 'failed')`),
    check("refunds_amount_check", sql`${t.amountCents} > 0`),
    index("refunds_order_idx").on(t.orderId),
    // Exactly once: a return (or, without one, a cancelled order) has at most one refund that is pending or done;
    // the row is inserted before the provider is called, so a second click or instance fails here instead.
    uniqueIndex("refunds_one_live_per_return")
      .on(t.returnId)
      .where(sql`${t.returnId} is not null and ${t.status} <> 'failed'`),
    uniqueIndex("refunds_one_live_per_cancelled_order")
      .on(t.orderId)
      .where(sql`${t.returnId} is null and ${t.status} <> 'failed'`),
  ],
);

// ---------- shop settings and contact ----------

/**
 * The shop's identity and commercial settings (/definicoes), one row (id 1), validated by the settings domain's
 * zod schema. Read on every use through a small cache that every instance drops on NOTIFY, so a change applies
 * without a restart.
 */
export const shopSettings = pgTable(
  "shop_settings",
  {
    id: smallint("id").primaryKey().default(1),
    data: jsonb("data").notNull().default({}),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    updatedByUserId: integer("updated_by_user_id").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [check("shop_settings_single_row_check", sql`${t.id} = 1`)],
);

/** Messages sent through /contato: stored, listed for the admin, and e-mailed to the shop. */
export const contactMessages = pgTable(
  "contact_messages",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    message: text("message").notNull(),
    createdAt: createdAt(),
    handledAt: timestamp("handled_at", { withTimezone: true }),
  },
  (t) => [index("contact_messages_created_idx").on(t.createdAt)],
);

// ---------- mail ----------

export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html"),
    /** Where answers go when it is not the sender (the contact form: the shopper who wrote). */
    replyTo: text("reply_to"),
    kind: text("kind").notNull(),
    /** Set for mails that must go out at most once (e.g. "order-confirmation:42"). */
    dedupeKey: text("dedupe_key").unique(),
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    check("email_outbox_status_check", sql`${t.status} in ('pending', 'sent', 'failed')`),
    index("email_outbox_due_idx")
      .on(t.nextAttemptAt, t.id)
      .where(sql`${t.status} = 'pending'`),
  ],
);

// ---------- operations ----------

/** Shared counters for rate limits, so every instance behind a load balancer sees the same numbers. */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  resetAt: timestamp("reset_at", { withTimezone: true }).notNull(),
});
