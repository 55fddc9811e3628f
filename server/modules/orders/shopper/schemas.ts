import { z } from "zod";
import { intValue, pageQuery } from "#server/core/zod.ts";
import { orderStatus } from "#server/modules/orders/timeline.ts";

/**
 * The shopper's own orders ("A minha conta": GET /api/users/me/orders, /api/users/me/orders/:id), shared by the
 * API and the /conta pages (the browser imports the types only, through z.infer). The order page's whole answer,
 * with its payment and withdrawal, is server/flows/order-views.schemas.ts.
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

/** An order line's product as bought: name, colour and size (the order page's and the withdrawal's lines). */
export const lineItemFields = { name: z.string(), color: z.string().nullable(), size: z.string().nullable() };

export const myOrderLine = z.object({
  product_id: z.number(),
  ...lineItemFields,
  quantity: z.number(),
  unit_price: z.number(),
  line_total: z.number(),
});
export type MyOrderLine = z.infer<typeof myOrderLine>;
