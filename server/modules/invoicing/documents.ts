import type { invoices } from "./schema.ts";
import { InvoiceProviderError, type InvoiceItem } from "#server/modules/invoicing/providers/provider.ts";
import { unitSplit } from "#server/modules/promotions/pricing.ts";

/*
 * What a queued document is, shared by the job that issues it (job.ts) and the service that shows it (service.ts):
 * its stable reference and title, and a credit note's items. Pure: no database.
 */

export type InvoiceRow = typeof invoices.$inferSelect;

/**
 * The order lines a credit note credits (stored on its row when the refund queues it). `fromUnit`: how many units of
 * the line earlier refunds took (a discounted line's units differ by a cent: promotions' unitSplit), absent = 0.
 */
export type CreditedLine = { orderLineId: number; quantity: number; fromUnit?: number };

/**
 * One order line (or the delivery, as paid) as the documents see it: the list unit price and quantity with the line's
 * discount (issue 20). Its document items are its net split by unitSplit, so they add up to what was paid exactly.
 */
export type OrderItem = InvoiceItem & { discountCents: number };

/**
 * An order line's id, the standard delivery as paid ("shipping": what a full withdrawal refunds) or the next-day
 * supplement ("supplement": never refunded on a withdrawal, DL 24/2014 art. 12.º 3), each its own document item so a
 * credit note credits whole invoice items (Vendus credits only lines of the invoice at their invoiced price).
 */
export type OrderItemKey = number | "shipping" | "supplement";

/** The items of `units` units (from `from`) of an order item, at what they cost (unitSplit; one or two items). */
export function itemsOf(item: OrderItem, units = item.quantity, from = 0): InvoiceItem[] {
  const { discountCents, ...plain } = item;
  if (discountCents === 0) return [{ ...plain, quantity: units }];
  const list = item.unitPriceCents;
  return unitSplit({ unitPriceCents: list, quantity: item.quantity, discountCents }, units, from).map((split) => ({
    ...plain,
    ...split,
    // The certified document prints the list price and the discount in the line's description.
    description: `Preço ${centsText(list)} com desconto de ${centsText(list - split.unitPriceCents)} por unidade`,
  }));
}

const centsText = (cents: number) => `${(cents / 100).toFixed(2).replace(".", ",")} €`;

/** The invoice's items: every order item at what it cost. */
export function invoiceItems(orderItems: Map<OrderItemKey, OrderItem>): InvoiceItem[] {
  return [...orderItems.values()].flatMap((item) => itemsOf(item));
}

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
  orderItems: Map<OrderItemKey, OrderItem>,
  orderId: number,
): InvoiceItem[] {
  const lines = (row.lines as CreditedLine[] | null) ?? [];
  const items: InvoiceItem[] = [];
  for (const l of lines) {
    const item = orderItems.get(l.orderLineId);
    const from = l.fromUnit ?? 0;
    if (!item || from < 0 || l.quantity + from > item.quantity) {
      throw new InvoiceProviderError(`A linha ${l.orderLineId} não pertence à encomenda #${orderId}.`, false);
    }
    items.push(...itemsOf(item, l.quantity, from));
  }
  const all = invoiceItems(orderItems);
  const orderTotal = all.reduce((s, i) => s + i.quantity * i.unitPriceCents, 0);
  let rest = row.totalCents - items.reduce((s, i) => s + i.quantity * i.unitPriceCents, 0);
  if (items.length === 0 && rest === orderTotal) return all;
  const shippingItem = orderItems.get("shipping");
  const shipping = shippingItem && itemsOf(shippingItem)[0];
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
