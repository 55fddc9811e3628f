import { z } from "zod";

/** Request and answer shapes of the payment calls (/api/payments/*, /api/email/send-order-confirmation). */

const INT32_MAX = 2_147_483_647;

export const referenceParams = z.object({ reference: z.string().trim().min(1).max(40) });

export const verifyStatus = z.enum(["paid", "pending", "no_data", "incomplete_data", "error"]);
export type VerifyStatus = z.infer<typeof verifyStatus>;

/** GET /api/payments/verify/{reference}. */
export const verifyResult = z.object({
  success: z.boolean(),
  payment_status: verifyStatus,
  order_id: z.number().optional(),
  referencia: z.string().nullable().optional(),
  message: z.string(),
  error: z.string().optional(),
  details: z.string().optional(),
});
export type VerifyResult = z.infer<typeof verifyResult>;

/** One result of verify-all: the same facts, the outcome under the contract's name `status`. */
export const verifyAllResult = verifyResult.omit({ payment_status: true }).extend({ status: verifyStatus });
export type VerifyAllResult = z.infer<typeof verifyAllResult>;

/** GET /api/payments/verify-all. */
export const verifyAllResponse = z.object({
  success: z.boolean(),
  resultados: z.array(verifyAllResult),
  message: z.string(),
});

export const confirmationRequestBody = z.object({
  user_id: z.coerce.number().int().positive().optional(),
  order_id: z.coerce.number({ error: "Pedido não encontrado" }).int().positive().max(INT32_MAX),
  delivery_data: z.unknown().optional(),
  payment_data: z
    .object({
      metodo: z.string().max(20).optional(),
      valor: z.unknown().optional(),
      status: z.string().max(30).optional(),
    })
    .optional(),
});

export const messageResponse = z.object({ success: z.boolean(), message: z.string() });

export const simulateBody = z
  .object({
    reference: z.string().trim().min(1).max(40).optional(),
    order_id: z.coerce.number().int().positive().max(INT32_MAX).optional(),
    outcome: z.enum(["paid", "fail", "expire", "twice"]).default("paid"),
  })
  .refine((body) => body.reference || body.order_id, { message: "Indique a referência ou o número do pedido." });
