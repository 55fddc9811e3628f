/**
 * The changes of /payment-status: verify one payment with the gateway, verify them all, simulate a
 * sandbox payment, resend an order's confirmation, resolve a payment exception (exception-actions.ts). The
 * route's clientAction sends each to the API and reduces the answer to what the screen toasts (results.ts): on
 * success `message`; on failure the title `failureTitle()` reads and `message` as its description.
 */
import type { AdminOrder } from "#server/modules/orders/admin/schemas.ts";
import type { VerifyAllResult, VerifyResult } from "#server/modules/payments/schemas.ts";
import { paymentStatusLabel } from "#app/components/admin/payment-status.tsx";
import { type ActionResult, submitToApi } from "#app/components/admin/route-data.tsx";
import { exceptionAction, type ExceptionIntent } from "./exception-actions.ts";
import { CONNECTION_TEXT, failed, offline } from "./results.ts";

export type PaymentIntent =
  | { intent: "verify"; key: string }
  | { intent: "verify-all" }
  | { intent: "simulate"; orderId: number }
  | { intent: "confirm"; orderId: number; userId: number; paymentStatus: string | null }
  | { intent: "invoice-retry"; documentId: number }
  | ExceptionIntent;

export const PAYMENT_TEXT = {
  connection: CONNECTION_TEXT,
  verifyFailed: "Erro ao verificar o pagamento.",
  verifyAllFailed: "Erro ao verificar pagamentos",
  verifyAllDone: "Verificação concluída! Verifique os resultados no console.",
  simulateFailed: "Erro ao simular o pagamento.",
  confirmFailed: "Erro ao enviar a confirmação.",
  orderNotFound: "Pedido não encontrado",
} as const;

async function verify(key: string): Promise<ActionResult> {
  const result = await submitToApi<VerifyResult>(`/api/payments/verify/${encodeURIComponent(key)}`, {
    method: "GET",
  });
  if (result.status === 0) return offline(result);
  if (!result.ok) return failed(result.status, result.message ?? `Erro ${result.status}`);
  const answer = result.data;
  if (answer.success)
    return { ...result, message: `Status do pagamento: ${paymentStatusLabel(answer.payment_status)}` };
  // error: the gateway's error and details; no_data / incomplete_data: 'Pedido não encontrado', 'Dados incompletos…'.
  if (answer.payment_status === "error") return failed(200, answer.error || answer.message, answer.details);
  return failed(200, answer.message || answer.error || PAYMENT_TEXT.verifyFailed);
}

async function verifyAll(): Promise<ActionResult> {
  const result = await submitToApi<{ success: boolean; resultados: VerifyAllResult[] }>("/api/payments/verify-all", {
    method: "GET",
  });
  if (result.ok && result.data.success) return { ...result, message: PAYMENT_TEXT.verifyAllDone };
  console.error(PAYMENT_TEXT.verifyAllFailed, result.status, result.data);
  return failed(result.status, PAYMENT_TEXT.verifyAllFailed);
}

/** Sandbox only: the test gateway calls this shop's real callback for the order, as a paying customer would. */
async function simulate(orderId: number): Promise<ActionResult> {
  const result = await submitToApi<{ success: boolean }>("/api/payments/sandbox/simulate", {
    method: "POST",
    body: { order_id: orderId },
  });
  if (result.status === 0) return offline(result);
  if (result.ok && result.data.success) return result;
  return failed(result.status, result.message ?? `Erro ${result.status}`);
}

/** The spec's body: the order's delivery and payment data, read from GET /api/orders/{id}. */
async function sendConfirmation(intent: Extract<PaymentIntent, { intent: "confirm" }>): Promise<ActionResult> {
  const order = await submitToApi<AdminOrder>(`/api/orders/${intent.orderId}`, { method: "GET" });
  if (order.status === 0) return offline(order);
  if (!order.ok) return failed(order.status, order.message ?? PAYMENT_TEXT.orderNotFound);
  const d = order.data.dados_entrega;
  const result = await submitToApi<{ success: boolean }>("/api/email/send-order-confirmation", {
    method: "POST",
    body: {
      user_id: intent.userId,
      order_id: intent.orderId,
      delivery_data: {
        nome: d.nome,
        morada: d.morada,
        codigoPostal: d.codigo_postal,
        cidade: d.cidade,
        telefone: d.telefone,
        entregaRapida: d.entrega_rapida,
      },
      payment_data: { metodo: order.data.metodo_pagamento, valor: order.data.total, status: intent.paymentStatus },
    },
  });
  if (result.status === 0) return offline(result);
  if (result.ok && result.data.success) return result;
  return failed(result.status, result.message ?? PAYMENT_TEXT.confirmFailed);
}

/** 'Tentar novamente' of 'Faturas com erro' (InvoiceFailures.tsx). */
async function retryInvoice(documentId: number): Promise<ActionResult> {
  const result = await submitToApi(`/api/invoices/${documentId}/retry`, { method: "POST", body: {} });
  if (result.status === 0) return offline(result);
  return result.ok ? result : failed(result.status, "Não foi possível tentar de novo", result.message);
}

export function paymentAction(intent: PaymentIntent): Promise<ActionResult> {
  switch (intent.intent) {
    case "verify":
      return verify(intent.key);
    case "verify-all":
      return verifyAll();
    case "simulate":
      return simulate(intent.orderId);
    case "confirm":
      return sendConfirmation(intent);
    case "invoice-retry":
      return retryInvoice(intent.documentId);
    default:
      return exceptionAction(intent);
  }
}
