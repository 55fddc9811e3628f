import { z } from "zod";
import { vatBreakdownView } from "#server/modules/tax/vat-view.ts";
import { billingView } from "#server/modules/orders/billing.ts";
import { orderStatus } from "#server/modules/orders/timeline.ts";
import { CARRIERS, TRACKING_NUMBER_PATTERN, TRACKING_URL_MAX } from "#server/modules/orders/tracking.ts";
import { FULFILMENT_TARGETS } from "./transitions.ts";

/*
 * The admin order page's API (routes.ts): GET /api/orders/:id/detail, POST /api/orders/:id/status,
 * /notes and /refund-done. The single source of the shapes: the page's types come from here (z.infer).
 */

export const FULFILMENT_MESSAGES = {
  orderNotFound: "Encomenda não encontrada.",
  invalidStatus: "Estado inválido: use em_preparacao, enviada, entregue ou cancelled.",
  invalidCarrier: "Transportadora inválida: escolha CTT, DPD, GLS, UPS ou Outra.",
  trackingNumber: "Número de seguimento inválido: use entre 4 e 40 letras, algarismos ou hífenes.",
  trackingUrl: "Link de seguimento inválido: indique um endereço https:// completo.",
  trackingUrlRequired: "Indique o link de seguimento da transportadora.",
  noteRequired: "Escreva a nota.",
  noteTooLong: "A nota pode ter no máximo 2000 caracteres.",
  reasonTooLong: "O motivo pode ter no máximo 500 caracteres.",
  noRefundDue: "Esta encomenda não tem nenhum reembolso por fazer.",
} as const;
const M = FULFILMENT_MESSAGES;

// ---------- requests ----------

const httpsUrl = z
  .string({ error: M.trackingUrl })
  .trim()
  .max(TRACKING_URL_MAX, M.trackingUrl)
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === "https:" && url.hostname.includes(".") && !url.username && !url.password;
    } catch {
      return false;
    }
  }, M.trackingUrl);

const shipBody = z
  .object({
    status: z.literal("enviada"),
    carrier: z.enum(CARRIERS, { error: M.invalidCarrier }),
    tracking_number: z.string({ error: M.trackingNumber }).trim().regex(TRACKING_NUMBER_PATTERN, M.trackingNumber),
    /** Only for 'outra' (the known carriers' links are built from the number). */
    tracking_url: z.preprocess((v) => (v === "" || v === null ? undefined : v), httpsUrl.optional()),
  })
  .superRefine((body, ctx) => {
    if (body.carrier === "outra" && !body.tracking_url)
      ctx.addIssue({ code: "custom", path: ["tracking_url"], message: M.trackingUrlRequired });
  });

/** POST /api/orders/:id/status: the step to take, with what that step needs. */
export const statusBody = z.discriminatedUnion(
  "status",
  [
    z.object({ status: z.literal("em_preparacao") }),
    shipBody,
    z.object({ status: z.literal("entregue") }),
    z.object({
      status: z.literal("cancelled"),
      reason: z.string({ error: M.reasonTooLong }).trim().max(500, M.reasonTooLong).optional(),
    }),
  ],
  { error: M.invalidStatus },
);
export type StatusBody = z.infer<typeof statusBody>;

/** POST /api/orders/:id/notes: an internal note (never shown to the shopper). */
export const noteBody = z.object({
  message: z.string({ error: M.noteRequired }).trim().min(1, M.noteRequired).max(2000, M.noteTooLong),
});

export const changeResponse = z.object({ success: z.literal(true), message: z.string(), status: orderStatus });

// ---------- GET /api/orders/:id/detail ----------

const iso = z.string();
const isoOrNull = iso.nullable();

export const paymentEventSchema = z.object({
  id: z.number(),
  received_at: iso,
  provider: z.string(),
  /** What happened, in pt-PT ('Notificação de pagamento do operador', 'Confirmação reenviada por …'). */
  description: z.string(),
  payload: z.record(z.string(), z.unknown()),
});

export const paymentDetailSchema = z.object({
  id: z.number(),
  provider: z.string(),
  method: z.enum(["mbway", "mb", "payshop"]),
  status: z.enum(["pending", "paid", "failed", "expired"]),
  amount: z.number(),
  entity: z.string().nullable(),
  reference: z.string().nullable(),
  request_id: z.string().nullable(),
  phone: z.string().nullable(),
  created_at: iso,
  expires_at: isoOrNull,
  paid_at: isoOrNull,
  events: z.array(paymentEventSchema),
});

export const timelineEntrySchema = z.object({
  id: z.number(),
  kind: z.enum(["status", "note", "payment", "email"]),
  from_status: orderStatus.nullable(),
  to_status: orderStatus.nullable(),
  actor_name: z.string(),
  actor_user_id: z.number().nullable(),
  message: z.string(),
  created_at: iso,
});

export const orderDetailSchema = z.object({
  id: z.number(),
  status: orderStatus,
  created_at: iso,
  paid_at: isoOrNull,
  shipped_at: isoOrNull,
  delivered_at: isoOrNull,
  cancelled_at: isoOrNull,
  refund_status: z.enum(["due", "done"]).nullable(),
  cliente: z.object({ id: z.number(), nome: z.string(), email: z.string() }),
  dados_entrega: z.object({
    nome: z.string(),
    morada: z.string(),
    codigo_postal: z.string(),
    cidade: z.string(),
    telefone: z.string(),
    zona: z.enum(["continente", "madeira", "acores"]),
    entrega_rapida: z.boolean(),
  }),
  /** The invoice's buyer: NIF (null = Consumidor final), name and address. */
  faturacao: billingView,
  envio: z
    .object({
      carrier: z.enum(CARRIERS),
      tracking_number: z.string(),
      tracking_url: z.string(),
    })
    .nullable(),
  metodo_pagamento: z.enum(["mbway", "mb", "payshop"]),
  lines: z.array(
    z.object({
      id: z.number(),
      product_id: z.number(),
      product_name: z.string(),
      color: z.string().nullable(),
      size: z.string().nullable(),
      quantity: z.number(),
      unit_price: z.number(),
      line_total: z.number(),
      /** The line's discount (automatic reductions and its share of the code), euros; 0 when none (issue 20). */
      desconto: z.number().optional(),
    }),
  ),
  subtotal: z.number(),
  shipping: z.number(),
  /** Every discount (lines and delivery), euros, and the code used (issue 20); total = subtotal − desconto + shipping. */
  desconto: z.number().optional(),
  codigo_desconto: z.string().nullable().optional(),
  total: z.number(),
  /** IVA included in the total, per rate (and exemption code), delivery counted in its rate's group. */
  iva: vatBreakdownView,
  payments: z.array(paymentDetailSchema),
  /** Status changes, payments and e-mails, oldest first (internal notes are in `notes`). */
  timeline: z.array(timelineEntrySchema),
  /** Internal notes, oldest first: admin only, never shown to the shopper. */
  notes: z.array(timelineEntrySchema),
  /** The steps the order may take now, and whether 'Marcar reembolso como feito' applies. */
  actions: z.object({ targets: z.array(z.enum(FULFILMENT_TARGETS)), refund_done: z.boolean() }),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;
export type PaymentDetail = z.infer<typeof paymentDetailSchema>;
export type TimelineEntry = z.infer<typeof timelineEntrySchema>;
