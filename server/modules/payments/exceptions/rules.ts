/*
 * The payment exceptions' words, shared by the server (e-mails, messages) and the admin screen:
 * no zod, no database, so browser code may import it.
 */

/** The kinds of payment exception, as the admin reads them. */
export const EXCEPTION_KIND_LABELS = {
  late: "Pagamento após expiração",
  amount_mismatch: "Valor diferente",
  unknown_reference: "Referência desconhecida",
  duplicate: "Pagamento em duplicado",
} as const;
export type ExceptionKind = keyof typeof EXCEPTION_KIND_LABELS;

/** An exception's status as the admin reads it. */
export const EXCEPTION_STATUS_LABELS = {
  open: "Por resolver",
  reinstated: "Encomenda reposta",
  refund_due: "Reembolso por fazer",
  refunded: "Reembolsado",
  dismissed: "Ignorada",
} as const;

export const METHOD_NAMES: Record<string, string> = { mbway: "MB WAY", mb: "Multibanco", payshop: "Payshop" };
