import { z } from "zod";

/* The gateway's answers as ifthenpay.ts reads them: loose on types (codes and amounts come as strings or numbers). */

/** Gateway codes come as strings ("000", "-1") and sometimes as numbers. */
const code = z.union([z.string(), z.number()]).transform((v) => String(v).trim());
const text = z
  .union([z.string(), z.number(), z.null()])
  .optional()
  .transform((v) => (v === null || v === undefined ? "" : String(v).trim()));

export const mbInitResponse = z.object({
  Status: code,
  Entity: text,
  Reference: text,
  RequestId: text,
  ExpiryDate: text,
  Amount: text,
});
export const mbwayInitResponse = z.object({ Status: code, RequestId: text });
export const mbwayStatusResponse = z.object({ Status: code, UpdateAt: text });
export const payshopInitResponse = z.object({ Code: code, Reference: text, RequestId: text });
export const refundResponse = z.object({ Code: code, Message: text });
export const paymentsReadResponse = z.object({
  status: z.union([z.string(), z.number()]).optional(),
  payments: z
    .array(
      z.object({
        amount: z.union([z.string(), z.number()]).optional(),
        entity: text,
        reference: text,
        requestId: text,
        paymentDate: text,
      }),
    )
    .optional(),
});
