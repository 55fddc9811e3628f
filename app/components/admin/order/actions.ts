/**
 * The changes of the admin order page (/orders/:id): one fulfilment step, an internal note, the refund
 * marked as made. The route's clientAction sends each to the API (decision 0010); the answer's message
 * is what the toast shows.
 */
import type { StatusBody } from "#server/modules/aftersale/fulfilment/schemas.ts";
import type { OpenReturnBody, RefundAction } from "#server/modules/aftersale/returns/admin-schemas.ts";
import { type ActionResult, submitToApi } from "#app/components/admin/route-data.tsx";

/** The step as the form holds it: the API's body, typed from its zod schema (values still unchecked). */
export type OrderIntent =
  | { intent: "status"; body: StatusBody }
  | { intent: "note"; message: string }
  | { intent: "refund-done" }
  | { intent: "invoice-retry"; documentId: number }
  | { intent: "invoice-manual"; documentId: number; numero: string }
  // Returns and refunds (ReturnsPanel.tsx): a return's step or refund action, the cancelled order's refund.
  | { intent: "return"; returnId: number; step: "received" }
  | { intent: "return"; returnId: number; step: "cancel"; note: string }
  | { intent: "return"; returnId: number; step: "refund"; action: RefundAction }
  | { intent: "order-refund"; action: RefundAction }
  | { intent: "open-return"; body: OpenReturnBody };

export function orderAction(orderId: string, intent: OrderIntent): Promise<ActionResult> {
  const base = `/api/orders/${encodeURIComponent(orderId)}`;
  switch (intent.intent) {
    case "status":
      return submitToApi(`${base}/status`, { method: "POST", body: intent.body });
    case "note":
      return submitToApi(`${base}/notes`, { method: "POST", body: { message: intent.message } });
    case "refund-done":
      return submitToApi(`${base}/refund-done`, { method: "POST", body: {} });
    // 'Documentos fiscais' (InvoicePanel): by the document's own id.
    case "invoice-retry":
      return submitToApi(`/api/invoices/${intent.documentId}/retry`, { method: "POST", body: {} });
    case "invoice-manual":
      return submitToApi(`/api/invoices/${intent.documentId}/manual`, {
        method: "POST",
        body: { numero: intent.numero },
      });
    case "return": {
      const path = `/api/returns/${encodeURIComponent(String(intent.returnId))}`;
      if (intent.step === "received") return submitToApi(`${path}/received`, { method: "POST", body: {} });
      if (intent.step === "cancel")
        return submitToApi(`${path}/cancel`, { method: "POST", body: { note: intent.note } });
      return submitToApi(`${path}/refund`, { method: "POST", body: { action: intent.action } });
    }
    case "order-refund":
      return submitToApi(`${base}/refund`, { method: "POST", body: { action: intent.action } });
    case "open-return":
      return submitToApi(`${base}/returns`, { method: "POST", body: intent.body });
  }
}
