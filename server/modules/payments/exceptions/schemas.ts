import { z } from "zod";

import { intValue, pageQuery } from "#server/core/zod.ts";

/** Request and answer shapes of the payment exceptions (/api/payments/exceptions*, 'Exceções de pagamento'). */

export const EXCEPTION_KINDS = ["late", "amount_mismatch", "unknown_reference", "duplicate"] as const;
export const EXCEPTION_STATUSES = ["open", "reinstated", "refund_due", "refunded", "dismissed"] as const;
/** What the admin can do with an exception ('Repor encomenda', 'Marcar para reembolso', 'Reembolso feito', 'Ignorar'). */
export const EXCEPTION_ACTIONS = ["reinstate", "refund_due", "refunded", "dismissed"] as const;

export type ExceptionStatus = (typeof EXCEPTION_STATUSES)[number];
export type ExceptionAction = (typeof EXCEPTION_ACTIONS)[number];

export const EXCEPTION_MESSAGES = {
  invalidId: "ID da exceção de pagamento inválido.",
  notFound: "Exceção de pagamento não encontrada.",
  invalidBody: "Pedido inválido.",
  invalidResolution: "Resolução inválida: use refund_due, refunded ou dismissed.",
  noteTooLong: "A nota pode ter no máximo 1000 caracteres.",
  noteRequired: "Para ignorar uma exceção de pagamento escreva uma nota a explicar porquê.",
} as const;
const M = EXCEPTION_MESSAGES;

// ---------- requests ----------

/** GET /api/payments/exceptions?page=&limit=: open first, newest first. */
export const exceptionsQuery = z.object({ ...pageQuery });
export type ExceptionsQuery = z.infer<typeof exceptionsQuery>;

export const exceptionIdParams = z.object({ id: intValue({ invalid: M.invalidId }) });

const note = z
  .string({ error: M.invalidBody })
  .max(1000, M.noteTooLong)
  .optional()
  .transform((v) => v?.trim() ?? "");

/** POST /api/payments/exceptions/{id}/resolution. */
export const resolutionBody = z.object(
  {
    resolution: z.enum(["refund_due", "refunded", "dismissed"], { error: M.invalidResolution }),
    note,
  },
  { error: M.invalidBody },
);
export type ResolutionBody = z.infer<typeof resolutionBody>;

// The answers (each exception with its order's status): server/flows/payment-exceptions.schemas.ts.
