import { z } from "zod";

import { RETURN_CHANNELS, returnStatus, withdrawalBody } from "./schemas.ts";
import { intValue } from "#server/core/zod.ts";

/**
 * The admin's returns and refunds (returns/admin-routes.ts): the order page's 'Devoluções e reembolsos' section
 * (GET /api/orders/:id/returns), its changes (received, cancelled, refunded, a return opened for the shopper, the
 * cancelled order's refund) and the open returns' list. The page's types come from here (z.infer).
 */

export const REFUND_MESSAGES = {
  invalidReturnId: "ID da devolução inválido.",
  returnNotFound: "Devolução não encontrada.",
  orderNotFound: "Encomenda não encontrada.",
  notRequested: "Só um pedido de devolução ainda por receber pode ser marcado como recebido ou cancelado.",
  notReceived: "Marque primeiro os artigos como recebidos: o reembolso só se faz depois.",
  alreadyRefunded: "Este reembolso já foi feito.",
  returnCancelled: "Esta devolução foi cancelada.",
  noRefundDue: "Esta encomenda não tem nenhum reembolso por fazer.",
  notMbway: "Esta encomenda não foi paga por MB WAY: o reembolso faz-se por transferência bancária.",
  inFlight: "Já há um reembolso em curso para este pedido. Aguarde um momento e atualize a página.",
  unknownPending:
    "O último pedido de reembolso MB WAY ficou sem resposta do ifthenpay. Confirme no backoffice do ifthenpay se foi feito: se sim, marque-o como feito; se não, envie-o de novo.",
  unknownNow:
    "O ifthenpay não respondeu e não sabemos se o reembolso foi feito. Confirme no backoffice do ifthenpay antes de o enviar de novo.",
  refusedOnResend:
    "O ifthenpay recusou o novo pedido, talvez porque o primeiro já tinha sido feito. Confirme no backoffice do ifthenpay e marque o reembolso como feito.",
  noUnknown: "Não há nenhum reembolso MB WAY por confirmar.",
  notSent:
    "O reembolso MB WAY não foi enviado: o ifthenpay não está configurado ou recusou a chave de backoffice. Tente mais tarde ou reembolse por transferência.",
  noteRequired: "Escreva o motivo do cancelamento.",
  noteTooLong: "O motivo não pode ter mais de 1000 caracteres.",
  invalidAction: "Ação de reembolso inválida: use mbway, resend, confirm_mbway ou transfer.",
  notReturnable: "Só se abrem devoluções de encomendas enviadas ou entregues.",
  received: "Devolução marcada como recebida: unidades de volta ao stock.",
  cancelled: "Pedido de devolução cancelado.",
  opened: "Devolução registada.",
} as const;
const M = REFUND_MESSAGES;

// ---------- requests ----------

export const returnIdParams = z.object({ id: intValue({ invalid: M.invalidReturnId }) });

export const REFUND_ACTIONS = ["mbway", "resend", "confirm_mbway", "transfer"] as const;
export type RefundAction = (typeof REFUND_ACTIONS)[number];
/** 'mbway': ask ifthenpay; 'resend': the unanswered one again; 'confirm_mbway': it was made; 'transfer': done by transfer. */
export const refundBody = z.object({ action: z.enum(REFUND_ACTIONS, { error: M.invalidAction }) });

export const cancelReturnBody = z.object({
  note: z.string({ error: M.noteRequired }).trim().min(1, M.noteRequired).max(1000, M.noteTooLong),
});

/** A return the admin opens for the shopper (channel 'admin'): the same choice as the shopper's request. */
export const openReturnBody = withdrawalBody;
export type OpenReturnBody = z.infer<typeof openReturnBody>;

// ---------- responses ----------

export const refundResult = z.object({ success: z.literal(true), message: z.string() });
export type RefundResult = z.infer<typeof refundResult>;

export const REFUND_METHOD_LABELS = { mbway: "MB WAY", transferencia: "Transferência bancária" } as const;
const refundMethod = z.enum(["mbway", "transferencia"]);

/** The latest refund of a return or cancelled order: 'sending'/'unknown' are a pending MB WAY call's states. */
export const refundAttempt = z.object({
  id: z.number(),
  method: refundMethod,
  status: z.enum(["sending", "unknown", "done", "failed"]),
  amount: z.number(),
  /** The gateway's or the shop's pt-PT explanation of a failed or unknown call. */
  message: z.string().nullable(),
  created_at: z.string(),
  done_at: z.string().nullable(),
});
export type RefundAttempt = z.infer<typeof refundAttempt>;

/** What the admin may do now (decided by the server from the stored state). */
export const refundActions = z.object({
  refund_mbway: z.boolean(),
  transfer_done: z.boolean(),
  resend_mbway: z.boolean(),
  confirm_mbway: z.boolean(),
});

export const adminReturn = z.object({
  id: z.number(),
  status: returnStatus,
  status_label: z.string(),
  channel: z.enum(RETURN_CHANNELS),
  channel_label: z.string(),
  /** Who filed it and how: 'formulário público' (anyone, no session), 'conta (name)', 'loja (staff name)'. */
  filed_label: z.string(),
  /** After a public declaration: how and when the owner confirmed the items and refund, or that it still waits. */
  completion_label: z.string().nullable(),
  /** Declared on the public form, the owner has not confirmed the items nor given the IBAN yet. */
  awaiting_owner: z.boolean(),
  reason: z.string(),
  requested_at: z.string(),
  received_at: z.string().nullable(),
  refunded_at: z.string().nullable(),
  /** Euros to refund. */
  refund: z.number(),
  refund_method: refundMethod,
  /** The IBAN with all but its last 4 characters masked, or null. */
  iban: z.string().nullable(),
  lines: z.array(
    z.object({
      order_line_id: z.number(),
      name: z.string(),
      variant: z.string(),
      quantity: z.number(),
      unit_price: z.number(),
    }),
  ),
  refund_attempt: refundAttempt.nullable(),
  actions: refundActions.extend({ receive: z.boolean(), cancel: z.boolean() }),
});
export type AdminReturn = z.infer<typeof adminReturn>;

export const orderReturns = z.object({
  order_id: z.number(),
  returns: z.array(adminReturn),
  /** A cancelled paid order's refund (issue 13's 'due'), by the same paths; null when none is owed or made. */
  cancellation_refund: z
    .object({
      amount: z.number(),
      refund_method: refundMethod,
      refund_attempt: refundAttempt.nullable(),
      actions: refundActions,
    })
    .nullable(),
  /** The admin may open a return for the shopper (a shipped or delivered order with units not yet returned). */
  can_open: z.boolean(),
  iban_required: z.boolean(),
  open_lines: z.array(
    z.object({ order_line_id: z.number(), name: z.string(), available: z.number(), unit_price: z.number() }),
  ),
});
export type OrderReturns = z.infer<typeof orderReturns>;

export const openReturnsList = z.object({
  returns: z.array(
    z.object({
      id: z.number(),
      order_id: z.number(),
      status: returnStatus,
      status_label: z.string(),
      customer: z.string(),
      requested_at: z.string(),
      refund: z.number(),
    }),
  ),
});
export type OpenReturnsList = z.infer<typeof openReturnsList>;
