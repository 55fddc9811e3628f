import { z } from "zod";
import { withdrawalView } from "#server/modules/aftersale/returns/schemas.ts";
import { billingView } from "#server/modules/orders/billing.ts";
import { paymentData } from "#server/modules/orders/schemas.ts";
import { myOrderLine, myOrderStep } from "#server/modules/orders/shopper/schemas.ts";
import { orderStatus } from "#server/modules/orders/timeline.ts";
import { CARRIERS } from "#server/modules/orders/tracking.ts";
import { vatBreakdownView } from "#server/modules/tax/vat-view.ts";

/**
 * The shopper's order page (GET /api/users/me/orders/:id, /conta/encomendas/:id): the order with its latest payment
 * and its withdrawal ('Livre resolução'), read by server/flows/order-views.ts. The browser imports the types only.
 * The list and the requests' shapes are the orders module's (orders/shopper/schemas.ts); the admin's order page,
 * fulfilment's (aftersale/fulfilment/schemas.ts).
 */

const method = z.enum(["mbway", "mb", "payshop"]);

export const myOrderDetail = z.object({
  id: z.number(),
  created_at: z.string(),
  status: orderStatus,
  status_label: z.string(),
  timeline: z.array(myOrderStep),
  lines: z.array(myOrderLine),
  subtotal: z.number(),
  portes: z.number(),
  /** Every discount (automatic reductions, the code, free delivery), euros; 0 when none (issue 20). */
  desconto: z.number(),
  /** The discount code used, or null. */
  codigo_desconto: z.string().nullable(),
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
