import { z } from "zod";
import { intValue } from "#server/core/zod.ts";
import { lineItemFields } from "#server/modules/orders/shopper/schemas.ts";

/**
 * The withdrawal right ('Livre resolução'): the shopper's request from /conta (POST
 * /api/users/me/orders/:id/withdrawal, corrected or cancelled under …/withdrawal/:returnId), the public declaration
 * (/livre-resolucao: POST /api/withdrawal, anyone, no order data back) and the one-time link e-mailed to the order's
 * address (/livre-resolucao/confirmar: POST /api/withdrawal/link, …/link/confirm, …/link/cancel), and what the order
 * page shows of it (decision 0023). The browser imports the types only (z.infer).
 */

export const WITHDRAWAL_MESSAGES = {
  invalidOrderId: "Número de encomenda inválido.",
  orderNotFound: "Encomenda não encontrada.",
  /** The public form's wrong pair: the same text whether the number or the e-mail is wrong. */
  pairNotFound: "Encomenda não encontrada para este email.",
  notDelivered: "A livre resolução só é possível depois de a encomenda ser entregue.",
  expired: "O prazo de 14 dias para a livre resolução desta encomenda já terminou.",
  alreadyRequested: "Já existe um pedido de livre resolução para estes artigos.",
  unknownLine: "Esse artigo não pertence a esta encomenda.",
  tooMany: "A quantidade escolhida é maior do que a comprada.",
  noItems: "Escolha pelo menos um artigo.",
  repeatedItem: "Cada artigo só pode aparecer uma vez.",
  ibanRequired: "Indique o IBAN para onde devemos transferir o reembolso.",
  requested: "Pedido de livre resolução registado. Enviámos a confirmação para o seu email.",
  /**
   * The public form's one answer, whatever was typed (an order or not, its e-mail or not): it tells nothing about the
   * order. The declaration's date is this moment's.
   */
  declared:
    "Recebemos a sua declaração de livre resolução. Se o número da encomenda e o email correspondem a uma encomenda, " +
    "registámo-la com a data e hora de agora e enviámos a confirmação para o email da conta que fez a compra, com " +
    "uma ligação para escolher os artigos a devolver e indicar como quer ser reembolsado.",
  updated: "Pedido de livre resolução atualizado. Enviámos a confirmação para o seu email.",
  cancelled: "Pedido de livre resolução cancelado.",
  returnNotFound: "Pedido de livre resolução não encontrado.",
  notChangeable: "Este pedido já não pode ser alterado: os artigos já foram recebidos ou o pedido foi cancelado.",
  linkInvalid:
    "Esta ligação é inválida, já foi usada ou expirou. Pode acompanhar e alterar o pedido em A minha conta, ou " +
    "enviar uma nova declaração no formulário de livre resolução.",
} as const;
const M = WITHDRAWAL_MESSAGES;

export const RETURN_STATUSES = ["requested", "received", "refunded", "cancelled"] as const;
export const returnStatus = z.enum(RETURN_STATUSES);
export type ReturnStatus = z.infer<typeof returnStatus>;

/** What shoppers and staff read for each return status (pt-PT). */
export const RETURN_STATUS_LABELS: Record<ReturnStatus, string> = {
  requested: "Pedido registado",
  received: "Artigos recebidos",
  refunded: "Reembolsado",
  cancelled: "Cancelado",
};

/** How a request was filed: from /conta (the owner), the public form (anyone with the number and e-mail), the shop. */
export const RETURN_CHANNELS = ["conta", "formulario", "admin"] as const;
export type ReturnChannel = (typeof RETURN_CHANNELS)[number];

/** How the owner chose the items and gave the IBAN after a public declaration: in /conta or through the link. */
export const COMPLETION_CHANNELS = ["conta", "ligacao"] as const;
export type CompletionChannel = (typeof COMPLETION_CHANNELS)[number];

/** How each channel reads to the shopper and the admin (pt-PT). */
export const FILED_LABELS: Record<ReturnChannel | CompletionChannel, string> = {
  conta: "conta",
  formulario: "formulário público",
  admin: "loja",
  ligacao: "ligação do e-mail",
};

// ---------- requests ----------

const item = z.object({
  order_line_id: intValue({ invalid: "Artigo inválido." }),
  quantity: intValue({ invalid: "Quantidade inválida.", required: "Indique a quantidade.", max: 9999 }),
});

const items = z
  .array(item, { error: M.noItems })
  .min(1, M.noItems)
  .max(200, "Demasiados artigos.")
  .refine((list) => new Set(list.map((i) => i.order_line_id)).size === list.length, M.repeatedItem);

/** The choice itself; the IBAN is checked by the service (needed for Multibanco and Payshop only). */
export const withdrawalBody = z.object({
  items,
  iban: z.string().trim().max(64, "IBAN inválido.").optional(),
  reason: z.string().trim().max(1000, "O motivo não pode ter mais de 1000 caracteres.").optional(),
});
export type WithdrawalBody = z.infer<typeof withdrawalBody>;

const email = z
  .string({ error: "Email é obrigatório" })
  .trim()
  .min(1, "Email é obrigatório")
  .max(254, "Email inválido")
  .pipe(z.email("Email inválido"))
  .transform((v) => v.toLowerCase());

const orderId = intValue({ invalid: M.invalidOrderId, required: "Indique o número da encomenda." });

/**
 * The public declaration: which order (number and the buying account's e-mail) and an optional reason. Nothing else
 * is taken: no items, no IBAN (an older client's extra fields are dropped).
 */
export const publicWithdrawalBody = z.object({
  order_id: orderId,
  email,
  reason: withdrawalBody.shape.reason,
});
export type PublicWithdrawalBody = z.infer<typeof publicWithdrawalBody>;

const token = z.string({ error: M.linkInvalid }).trim().min(1, M.linkInvalid).max(200, M.linkInvalid);

/** The e-mailed link's token (its page reads the request; its choice confirms; or it cancels). */
export const withdrawalLinkBody = z.object({ token });
export const withdrawalLinkChoiceBody = withdrawalBody.extend({ token });
export type WithdrawalLinkChoiceBody = z.infer<typeof withdrawalLinkChoiceBody>;

/** /conta: one of the order's requests, to correct or cancel. */
export const myReturnParams = z.object({
  id: intValue({ invalid: M.invalidOrderId }),
  returnId: intValue({ invalid: "Pedido inválido." }),
});

// ---------- responses ----------

export const withdrawalLine = z.object({
  order_line_id: z.number(),
  ...lineItemFields,
  unit_price: z.number(),
  /** Bought. */
  quantity: z.number(),
  /** Not yet in another (not cancelled) return. */
  available: z.number(),
});
export type WithdrawalLine = z.infer<typeof withdrawalLine>;

export const returnView = z.object({
  id: z.number(),
  status: returnStatus,
  status_label: z.string(),
  requested_at: z.string(),
  /** Euros to refund (the chosen units' prices, plus delivery on a full withdrawal). */
  refund: z.number(),
  lines: z.array(z.object({ order_line_id: z.number(), name: z.string(), quantity: z.number() })),
  /** How it was filed: 'formulário público' (anyone with the number and e-mail), 'conta' or 'loja'. */
  filed_label: z.string(),
  /** Declared on the public form, the owner has not yet chosen the items nor given the IBAN. */
  awaiting_owner: z.boolean(),
  /** Still 'requested': the owner may correct or cancel it. */
  can_change: z.boolean(),
});
export type ReturnView = z.infer<typeof returnView>;

/** The order's withdrawal: whether it can be asked now, until when, what may be chosen, and the requests made. */
export const withdrawalView = z.object({
  order_id: z.number(),
  /** Delivered, within the period, and something left to return: the button is shown. */
  available: z.boolean(),
  /** The last day (Lisbon, YYYY-MM-DD) a request is accepted; null while the order is not delivered. */
  last_day: z.string().nullable(),
  /** The instant the period ends (the end of last_day in Lisbon). */
  ends_at: z.string().nullable(),
  /** Multibanco and Payshop are refunded by bank transfer: the request needs an IBAN. */
  iban_required: z.boolean(),
  method_label: z.string(),
  lines: z.array(withdrawalLine),
  returns: z.array(returnView),
});
export type WithdrawalView = z.infer<typeof withdrawalView>;

export const withdrawalResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  return: returnView,
  withdrawal: withdrawalView,
});
export type WithdrawalResponse = z.infer<typeof withdrawalResponse>;

/** The public declaration's one answer (M.declared), the same whatever was typed. */
export const declarationResponse = z.object({ success: z.literal(true), message: z.string() });
export type DeclarationResponse = z.infer<typeof declarationResponse>;

export const cancelResponse = z.object({ success: z.literal(true), message: z.string(), withdrawal: withdrawalView });
export type CancelResponse = z.infer<typeof cancelResponse>;

/**
 * What the e-mailed link opens: the request (its date is the declaration's), and the order's withdrawal with this
 * request's units counted as free (so the choice may take any of them, or others still free).
 */
export const withdrawalLinkView = z.object({
  order_id: z.number(),
  expires_at: z.string(),
  return: returnView,
  withdrawal: withdrawalView,
});
export type WithdrawalLinkView = z.infer<typeof withdrawalLinkView>;
