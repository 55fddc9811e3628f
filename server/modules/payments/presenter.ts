import type { VerifyAllResult, VerifyResult } from "./schemas.ts";
import type { PaymentCheck } from "./verify.ts";

/** The payment calls' answers as the API sends them, built from the service's results. */

/** What the admin's or the buyer's 'Enviar confirmação' did. */
export type ConfirmationRequest =
  { outcome: "queued" | "sent" | "waiting" } | { outcome: "resent"; orderId: number; to: string };

/** GET /api/payments/verify/{reference}'s body. */
export function verifyBody(check: PaymentCheck): VerifyResult {
  const base = check.payment ? { order_id: check.payment.orderId, referencia: check.payment.reference } : {};
  switch (check.status) {
    case "paid":
    case "pending":
      return { success: true, payment_status: check.status, ...base, message: `Status do pagamento: ${check.status}` };
    case "error":
      return {
        success: false,
        payment_status: "error",
        ...base,
        message: check.problem,
        error: check.problem,
        details: check.errorName,
      };
    default:
      return { success: false, payment_status: check.status, ...base, message: check.problem, error: check.problem };
  }
}

/** GET /api/payments/verify-all's body: each result's outcome under the contract's name `status`. */
export function verifyAllBody(checks: readonly PaymentCheck[]) {
  const resultados = checks.map((check): VerifyAllResult => {
    const { payment_status, ...rest } = verifyBody(check);
    return { ...rest, status: payment_status };
  });
  return { success: true, resultados, message: `${resultados.length} pagamento(s) verificado(s).` };
}

/** POST /api/email/send-order-confirmation's body. */
export function confirmationBody(request: ConfirmationRequest): { success: boolean; message: string } {
  switch (request.outcome) {
    case "queued":
      return { success: true, message: "O email de confirmação desta encomenda foi enviado." };
    case "sent":
      return { success: true, message: "O email de confirmação desta encomenda já foi enviado." };
    case "waiting":
      return { success: true, message: "O email de confirmação desta encomenda já está na fila de envio." };
    case "resent":
      return { success: true, message: `Confirmação da encomenda #${request.orderId} enviada para ${request.to}.` };
  }
}
