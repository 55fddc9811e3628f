import { z } from "zod";
import { intValue } from "../catalog/schemas.ts";
import { pageQuery } from "../stock/schemas.ts";

/** Admin reads of orders (/orders and the dashboard: GET /api/orders, /api/orders/:id, /api/orders/por-tempo). */

export const PAYMENT_STATUSES = ["paid", "pending", "failed", "expired"] as const;
export const MAX_DAYS = 366;

export const ADMIN_ORDER_MESSAGES = {
  invalidOrderId: "ID da encomenda inválido",
  orderNotFound: "Encomenda não encontrada.",
  invalidStatus: "Estado de pagamento inválido: use paid, pending, failed ou expired.",
  invalidDays: `Número de dias inválido: indique um número entre 1 e ${MAX_DAYS}.`,
} as const;

const M = ADMIN_ORDER_MESSAGES;

// ---------- requests ----------

export const adminOrdersQuery = z.object({
  ...pageQuery,
  status: z
    .union([z.enum(PAYMENT_STATUSES), z.literal("")], { error: M.invalidStatus })
    .optional()
    .transform((v) => v || undefined),
});
export type AdminOrdersQuery = z.infer<typeof adminOrdersQuery>;

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
const method = z.enum(["mbway", "mb", "payshop"]);

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
});
export type AdminOrderLine = z.infer<typeof adminOrderLineSchema>;

export const adminOrderSchema = z.object({
  id: z.number(),
  user_id: z.number(),
  cliente_nome: z.string(),
  cliente_email: z.string(),
  status: z.enum(["pending_payment", "paid", "cancelled", "expired"]),
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
