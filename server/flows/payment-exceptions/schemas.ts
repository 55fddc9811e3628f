import { z } from "zod";
import { orderStatus } from "#server/modules/orders/timeline.ts";
import { EXCEPTION_ACTIONS, EXCEPTION_KINDS, EXCEPTION_STATUSES } from "#server/modules/payments/exceptions/schemas.ts";

/** The answers of the payment exceptions (/api/payments/exceptions*): each exception with its order's status. */

export const paymentExceptionSchema = z.object({
  id: z.number(),
  kind: z.enum(EXCEPTION_KINDS),
  status: z.enum(EXCEPTION_STATUSES),
  /** When the payment arrived (ISO). */
  created_at: z.string(),
  method: z.enum(["mbway", "mb", "payshop"]).nullable(),
  entity: z.string().nullable(),
  reference: z.string().nullable(),
  request_id: z.string().nullable(),
  /** Euros: what arrived, and what the payment expected (null when no payment matched). */
  amount: z.number(),
  expected_amount: z.number().nullable(),
  order_id: z.number().nullable(),
  order_status: orderStatus.nullable(),
  resolved_at: z.string().nullable(),
  resolved_by: z.string().nullable(),
  resolution_note: z.string(),
  /** The resolutions allowed now, in the order the screen shows them. */
  actions: z.array(z.enum(EXCEPTION_ACTIONS)),
});
export type PaymentExceptionItem = z.infer<typeof paymentExceptionSchema>;

export const exceptionsPageSchema = z.array(paymentExceptionSchema);

export const resolutionResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  exception: paymentExceptionSchema,
});
