import { z } from "zod";

import { CARRIERS } from "#server/modules/orders/tracking.ts";
import { lineItemFields, withdrawalView } from "#server/modules/aftersale/returns/schemas.ts";
import { vatBreakdownView } from "#server/modules/tax/vat-view.ts";

import { billingView } from "#server/modules/orders/billing.ts";
import { paymentData } from "#server/modules/orders/schemas.ts";
import { orderStatus } from "#server/modules/orders/timeline.ts";
import { intValue, pageQuery } from "#server/core/zod.ts";

/**
 * The shopper's own orders ("A minha conta": GET /api/users/me/orders, /api/users/me/orders/:id), shared by the
 * API and the /conta pages (the browser imports the types only, through z.infer).
 */

export const MY_ORDERS_MESSAGES = {
  invalidOrderId: "Número de encomenda inválido.",
  orderNotFound: "Encomenda não encontrada.",
} as const;

export const PAYMENT_METHOD_LABELS = { mbway: "MB WAY", mb: "Multibanco", payshop: "Payshop" } as const;

// ---------- requests ----------

export const myOrdersQuery = z.object(pageQuery);
export type MyOrdersQuery = z.infer<typeof myOrdersQuery>;

export const myOrderParams = z.object({ id: intValue({ invalid: MY_ORDERS_MESSAGES.invalidOrderId }) });

// ---------- responses ----------

const method = z.enum(["mbway", "mb", "payshop"]);

/** One row of the shopper's list: the order number is its id. */
export const myOrderSummary = z.object({
  id: z.number(),
  created_at: z.string(),
  status: orderStatus,
  status_label: z.string(),
  /** Euros, from orders.total_cents (delivery included). */
  total: z.number(),
  /** Units over all lines. */
  item_count: z.number(),
  line_count: z.number(),
  /** The first line's product name (lines in the order they were bought). */
  first_item: z.string().nullable(),
});
export type MyOrderSummary = z.infer<typeof myOrderSummary>;

/** One step of the order's timeline as the shopper sees it (internal notes never appear). */
export const myOrderStep = z.object({
  at: z.string(),
  /** 'created' is the order itself; 'status' a status it reached (order_events kind 'status'). */
  kind: z.enum(["created", "status"]),
  /** The status reached ('pending_payment' for the creation). */
  status: orderStatus,
  title: z.string(),
  /** A shopper-worded line from the order (carrier and number, refund), never an event's staff message. */
  detail: z.string().nullable(),
});
export type MyOrderStep = z.infer<typeof myOrderStep>;

export const myOrderLine = z.object({
  product_id: z.number(),
  ...lineItemFields,
  quantity: z.number(),
  unit_price: z.number(),
  line_total: z.number(),
});
export type MyOrderLine = z.infer<typeof myOrderLine>;

export const myOrderDetail = z.object({
  id: z.number(),
  created_at: z.string(),
  status: orderStatus,
  status_label: z.string(),
  timeline: z.array(myOrderStep),
  lines: z.array(myOrderLine),
  subtotal: z.number(),
  portes: z.number(),
  total: z.number(),
  /** IVA included in the total, per rate (and exemption code), delivery counted in its rate's group. */
  iva: vatBreakdownView,
  dados_entrega: z.object({
    nome: z.string(),
    morada: z.string(),
    codigo_postal: z.string(),
    cidade: z.string(),
    telefone: z.string(),
    entrega_rapida: z.boolean(),
  }),
  /** The invoice's buyer: NIF (null = Consumidor final), name and address. */
  faturacao: billingView,
  payment: z.object({
    method,
    method_label: z.string(),
    /** The latest payment's status; null when the order has none (checkout stopped before the gateway). */
    status: z.enum(["pending", "paid", "failed", "expired"]).nullable(),
    paid_at: z.string().nullable(),
    /** The instructions, only while the order waits for this payment (the `pagamento` of /pagamento). */
    pagamento: paymentData.nullable(),
  }),
  /** Once shipped: who carries it and the link to follow it. */
  tracking: z
    .object({
      carrier: z.enum(CARRIERS).nullable(),
      carrier_label: z.string().nullable(),
      tracking_number: z.string().nullable(),
      tracking_url: z.string().nullable(),
      shipped_at: z.string().nullable(),
      delivered_at: z.string().nullable(),
    })
    .nullable(),
  /** 'Livre resolução': whether it can be asked now, until when, and the requests made (server/modules/aftersale/returns/). */
  withdrawal: withdrawalView,
});
export type MyOrderDetail = z.infer<typeof myOrderDetail>;
