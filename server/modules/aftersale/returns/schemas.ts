import { z } from "zod";
import { intValue } from "#server/core/zod.ts";
import { lineItemFields } from "#server/modules/orders/shopper/schemas.ts";

/**
 * The withdrawal right ('Livre resolução'): the shopper's request from /conta (POST
 * /api/users/me/orders/:id/withdrawal) or from the public form (/livre-resolucao: POST /api/withdrawal/lookup, then
 * POST /api/withdrawal), and what the order page shows of it. The browser imports the types only (z.infer).
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

export const RETURN_CHANNELS = ["conta", "formulario", "admin"] as const;
export type ReturnChannel = (typeof RETURN_CHANNELS)[number];

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

/** The public form's first step: which order (number and the buying account's e-mail). */
export const withdrawalLookupBody = z.object({ order_id: orderId, email });
export type WithdrawalLookupBody = z.infer<typeof withdrawalLookupBody>;

/** The public form's request: the pair, then the same choice as from /conta. */
export const publicWithdrawalBody = withdrawalBody.extend({ order_id: orderId, email });
export type PublicWithdrawalBody = z.infer<typeof publicWithdrawalBody>;

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
