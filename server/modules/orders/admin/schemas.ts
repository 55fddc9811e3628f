import { z } from "zod";

import { ORDER_STATUSES } from "#server/modules/orders/timeline.ts";
import { intValue, pageQuery, SEARCH_MAX_LENGTH, SEARCH_MESSAGES, searchText } from "#server/core/zod.ts";

/**
 * Admin reads of orders (/orders and the dashboard: GET /api/orders, /api/orders/:id, /api/orders/por-tempo,
 * /api/orders/export.csv).
 */

export const PAYMENT_STATUSES = ["paid", "pending", "failed", "expired"] as const;
export const PAYMENT_METHODS = ["mbway", "mb", "payshop"] as const;
export const MAX_DAYS = 366;
export const MAX_SEARCH = SEARCH_MAX_LENGTH;

export const ADMIN_ORDER_MESSAGES = {
  invalidOrderId: "ID da encomenda inválido",
  orderNotFound: "Encomenda não encontrada.",
  invalidStatus: "Estado de pagamento inválido: use paid, pending, failed ou expired.",
  invalidDays: `Número de dias inválido: indique um número entre 1 e ${MAX_DAYS}.`,
  invalidOrderStatus:
    "Estado da encomenda inválido: use pending_payment, paid, em_preparacao, enviada, entregue, cancelled ou expired.",
  invalidMethod: "Método de pagamento inválido: use mbway, mb ou payshop.",
  invalidSearch: SEARCH_MESSAGES.invalid,
  searchTooLong: SEARCH_MESSAGES.tooLong,
  invalidDate: "Data inválida: use uma data real no formato AAAA-MM-DD.",
  reversedDates: "A data inicial não pode ser posterior à data final.",
} as const;

const M = ADMIN_ORDER_MESSAGES;

// ---------- requests ----------

/** An optional choice from `values`: absent or "" is no filter. */
const optionalChoice = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z
    .union([z.enum(values), z.literal("")], { error: message })
    .optional()
    .transform((v) => v || undefined);

/** A calendar day YYYY-MM-DD (Lisbon), checked to exist (no 2026-02-30); absent or "" is no bound. */
const optionalDay = z
  .string({ error: M.invalidDate })
  .optional()
  .transform((value, ctx): string | undefined => {
    const text = value?.trim();
    if (!text) return undefined;
    const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
    const [year, month, day] = match ? [Number(match[1]), Number(match[2]), Number(match[3])] : [0, 0, 0];
    const date = new Date(Date.UTC(year, month - 1, day));
    if (year >= 2000 && date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day)
      return text;
    ctx.addIssue({ code: "custom", message: M.invalidDate });
    return z.NEVER;
  });

/**
 * The report's filters, shared by the page (GET /api/orders, /orders) and the CSV: `status` is the payment's
 * status (the spec's original filter), `order_status` the order's; `search` an order number, a payment reference
 * (or MB WAY request id), a customer's name or e-mail; `from`/`to` Lisbon calendar days, both included.
 */
const filterFields = {
  status: optionalChoice(PAYMENT_STATUSES, M.invalidStatus),
  order_status: optionalChoice(ORDER_STATUSES, M.invalidOrderStatus),
  method: optionalChoice(PAYMENT_METHODS, M.invalidMethod),
  // Trimmed, bounded, no control characters (server/core/zod.ts); matched literally.
  search: searchText,
  from: optionalDay,
  to: optionalDay,
};

const datesInOrder = (q: { from?: string | undefined; to?: string | undefined }, ctx: z.RefinementCtx) => {
  // YYYY-MM-DD compares as text.
  if (q.from && q.to && q.from > q.to) ctx.addIssue({ code: "custom", message: M.reversedDates, path: ["from"] });
};

export const adminOrdersQuery = z.object({ ...pageQuery, ...filterFields }).superRefine(datesInOrder);
export type AdminOrdersQuery = z.infer<typeof adminOrdersQuery>;

/** GET /api/orders/export.csv: the same filters, every matching order. */
export const adminOrdersExportQuery = z.object(filterFields).superRefine(datesInOrder);
export type AdminOrderFilters = z.infer<typeof adminOrdersExportQuery>;

export const orderIdParams = z.object({ id: intValue({ invalid: M.invalidOrderId }) });

export const porTempoQuery = z.object({
  days: z
    .unknown()
    .transform((value, ctx): number => {
      if (value === undefined || value === "") return 30;
      const text = typeof value === "string" ? value.trim() : "";
      const n = /^\d{1,4}$/.test(text) ? Number(text) : NaN;
      if (n >= 1 && n <= MAX_DAYS) return n;
      ctx.addIssue({ code: "custom", message: M.invalidDays });
      return z.NEVER;
    })
    .optional()
    .transform((v) => v ?? 30),
});

// ---------- responses ----------

const paymentStatus = z.enum(PAYMENT_STATUSES);
const method = z.enum(PAYMENT_METHODS);

export const adminOrderLineSchema = z.object({
  id: z.number(),
  line_id: z.number(),
  payment_reference: z.string().nullable(),
  user_id: z.number(),
  cliente_nome: z.string(),
  cliente_email: z.string(),
  product_id: z.number(),
  product_name: z.string(),
  quantity: z.number(),
  created_at: z.string(),
  payment_status: paymentStatus.nullable(),
  paymentConfirmed: z.boolean(),
  confirmedAt: z.string().nullable(),
  amount: z.number(),
  metodo_pagamento: method,
  /** The order's own status (its pt-PT label: ORDER_STATUS_LABELS in timeline.ts). */
  order_status: z.enum(ORDER_STATUSES),
});
export type AdminOrderLine = z.infer<typeof adminOrderLineSchema>;

export const adminOrderSchema = z.object({
  id: z.number(),
  user_id: z.number(),
  cliente_nome: z.string(),
  cliente_email: z.string(),
  status: z.enum(ORDER_STATUSES),
  metodo_pagamento: method,
  created_at: z.string(),
  paid_at: z.string().nullable(),
  subtotal: z.number(),
  shipping: z.number(),
  total: z.number(),
  dados_entrega: z.object({
    nome: z.string(),
    morada: z.string(),
    codigo_postal: z.string(),
    cidade: z.string(),
    telefone: z.string(),
    entrega_rapida: z.boolean(),
  }),
  payment: z
    .object({
      status: paymentStatus,
      entidade: z.string().nullable(),
      referencia: z.string().nullable(),
      request_id: z.string().nullable(),
      telefone: z.string().nullable(),
      /** YYYYMMDD (Lisbon) for Multibanco and Payshop; null for MB WAY. */
      validade: z.string().nullable(),
      valor: z.number(),
    })
    .nullable(),
  lines: z.array(
    z.object({
      product_id: z.number(),
      product_name: z.string(),
      color: z.string().nullable(),
      size: z.string().nullable(),
      quantity: z.number(),
      unit_price: z.number(),
    }),
  ),
  paymentConfirmed: z.boolean(),
  confirmedAt: z.string().nullable(),
});
export type AdminOrder = z.infer<typeof adminOrderSchema>;

export const ordersPerDaySchema = z.array(z.object({ dia: z.string(), total_pedidos: z.number() }));
export type OrdersPerDay = z.infer<typeof ordersPerDaySchema>;
