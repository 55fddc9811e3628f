import type { invoices } from "./schema.ts";
import { InvoiceProviderError, type InvoiceItem } from "#server/modules/invoicing/providers/provider.ts";

/*
 * What a queued document is, shared by the job that issues it (job.ts) and the service that shows it (service.ts):
 * its stable reference and title, and a credit note's items. Pure: no database.
 */

export type InvoiceRow = typeof invoices.$inferSelect;

/** The order lines a credit note credits (stored on its row when the refund queues it). */
export type CreditedLine = { orderLineId: number; quantity: number };

/** The stable reference the service keeps for a document: "LOJA-123", "LOJA-123-NC-7". */
export function documentReference(row: Pick<InvoiceRow, "kind" | "orderId" | "refundId" | "id">): string {
  return row.kind === "invoice" ? `LOJA-${row.orderId}` : `LOJA-${row.orderId}-NC-${row.refundId ?? `D${row.id}`}`;
}

export function documentTitle(kind: string): string {
  return kind === "invoice" ? "Fatura" : "Nota de crédito";
}

/**
 * A credit note's items: the lines refunded (stored on its row by the refund that queued it) at the prices charged,
 * then delivery for what the refund adds to them (up to the delivery charged). A refund with no lines: the whole
 * order, or a single line when the order has a single rate. Anything else cannot be split by rate without guessing:
 * a validation failure for the admin.
 */
export function creditNoteItems(
  row: Pick<InvoiceRow, "lines" | "totalCents">,
  orderItems: Map<number | "shipping", InvoiceItem>,
  orderId: number,
): InvoiceItem[] {
  const lines = (row.lines as CreditedLine[] | null) ?? [];
  const items: InvoiceItem[] = [];
  for (const l of lines) {
    const item = orderItems.get(l.orderLineId);
    if (!item || l.quantity > item.quantity) {
      throw new InvoiceProviderError(`A linha ${l.orderLineId} não pertence à encomenda #${orderId}.`, false);
    }
    items.push({ ...item, quantity: l.quantity });
  }
  const all = [...orderItems.values()];
  const orderTotal = all.reduce((s, i) => s + i.quantity * i.unitPriceCents, 0);
  let rest = row.totalCents - items.reduce((s, i) => s + i.quantity * i.unitPriceCents, 0);
  if (items.length === 0 && rest === orderTotal) return all;
  const shipping = orderItems.get("shipping");
  if (rest > 0 && shipping && items.length > 0) {
    const cents = Math.min(rest, shipping.unitPriceCents);
    items.push({ ...shipping, unitPriceCents: cents });
    rest -= cents;
  }
  const rates = new Set(all.map((i) => `${i.vatRateBp}/${i.exemptionCode ?? ""}`));
  if (rest > 0 && items.length === 0 && rates.size === 1) {
    return [{ ...all[0]!, name: `Acerto da encomenda #${orderId}`, quantity: 1, unitPriceCents: rest }];
  }
  if (rest !== 0) {
    throw new InvoiceProviderError(
      "O valor do reembolso não corresponde às linhas devolvidas: emita a nota de crédito no programa de faturação e registe o número.",
      false,
    );
  }
  return items;
}
