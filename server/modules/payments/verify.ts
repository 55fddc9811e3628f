import { desc, eq, sql } from "drizzle-orm";
import type { Database } from "#server/core/db/client.ts";
import { AppError } from "#server/core/errors.ts";
import {
  PaymentDataIncompleteError,
  type PaymentMethod,
  type PaymentProvider,
} from "#server/modules/payments/providers/provider.ts";
import { payments } from "./schema.ts";
import type { Payment } from "./status.ts";

/*
 * The admin's 'Verificar' (GET /api/payments/verify/{reference}, /verify-all): the provider, never the client,
 * says whether a payment was made. Applying a confirmed payment to its order is the flow's
 * (server/flows/payment-received/payment-received.ts).
 */

/** What the provider said about one payment (presenter.ts turns it into the API's body). */
export type PaymentCheck =
  | { status: "paid" | "pending"; payment: CheckedPayment }
  | { status: "incomplete_data"; payment: CheckedPayment; problem: string }
  | { status: "no_data"; payment?: undefined; problem: string }
  | { status: "error"; payment: CheckedPayment; problem: string; errorName: string | undefined };

/** The payment a check is about: its order and its reference (MB WAY: the request id). */
export interface CheckedPayment {
  orderId: number;
  reference: string | null;
}

/** The provider's verdict: the money arrived (apply it: `paidAt`) or a check to answer as it is. */
export type ProviderVerdict = { confirmed: true; paidAt: Date; payment: CheckedPayment } | PaymentCheck;

export const checkedPayment = (payment: Payment): CheckedPayment => ({
  orderId: payment.orderId,
  reference: payment.reference ?? payment.requestId,
});

/** The newest payment with this Multibanco/Payshop reference or MB WAY request id (digits only: or order id). */
export async function paymentByReference(db: Database, clean: string): Promise<Payment | undefined> {
  const byOrder = /^\d{1,9}$/.test(clean) ? eq(payments.orderId, Number(clean)) : undefined;
  const [payment] = await db
    .select()
    .from(payments)
    .where(
      byOrder
        ? sql`${payments.reference} = ${clean} or ${payments.requestId} = ${clean} or ${byOrder}`
        : sql`${payments.reference} = ${clean} or ${payments.requestId} = ${clean}`,
    )
    .orderBy(desc(payments.id))
    .limit(1);
  return payment;
}

/** The newest 100 pending payments (verify-all). */
export function pendingPayments(db: Database): Promise<Payment[]> {
  return db.select().from(payments).where(eq(payments.status, "pending")).orderBy(desc(payments.id)).limit(100);
}

/** A check that failed (the provider, or applying its answer): the error's message when it is the shop's own. */
export function failedCheck(payment: Payment, error: unknown): PaymentCheck {
  return {
    status: "error",
    payment: checkedPayment(payment),
    problem: error instanceof AppError ? error.message : "Erro ao verificar o pagamento.",
    errorName: error instanceof AppError ? error.name : undefined,
  };
}

/** Asks the provider about one payment; confirmed only when it was paid with the payment's amount to the cent. */
export async function askProvider(provider: PaymentProvider, payment: Payment): Promise<ProviderVerdict> {
  const checked = checkedPayment(payment);
  if (payment.status === "paid") return { status: "paid", payment: checked };
  const method = payment.method as PaymentMethod;
  const incomplete =
    method === "mbway"
      ? !payment.requestId
      : method === "mb"
        ? !payment.entity || !payment.reference
        : !payment.reference;
  if (incomplete) {
    return { status: "incomplete_data", payment: checked, problem: new PaymentDataIncompleteError(method).message };
  }
  try {
    const check = await provider.check({ ...payment, method, createdAt: payment.createdAt });
    if (check.status === "paid" && check.amountCents === payment.amountCents) {
      return { confirmed: true, paidAt: check.paidAt, payment: checked };
    }
    return { status: "pending", payment: checked };
  } catch (error) {
    return failedCheck(payment, error);
  }
}
