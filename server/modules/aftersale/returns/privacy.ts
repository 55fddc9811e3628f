import { and, asc, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { refunds, returnLines, returns } from "#server/modules/aftersale/schema.ts";
import { orderLines, orders } from "#server/modules/orders/schema.ts";
import type { Tx } from "#server/core/db/client.ts";
import { RETURN_STATUS_LABELS, type ReturnStatus } from "./schemas.ts";

/*
 * What the account's privacy page (server/flows/account-privacy/account-privacy.ts, decision 0012) needs from the returns module: each
 * order's withdrawals for the RGPD export; for a deletion, a withdrawal not yet refunded blocks it (the shop still owes the shopper money, and needs the IBAN to pay it), and once
 * allowed, the returns lose the IBAN (the refund is done; the amounts and dates stay for accounting).
 */

/** Returns the shop has not finished: the goods or the refund are still to come. */
const OPEN_RETURN_STATUSES = ["requested", "received"];

/** Ids of the shopper's orders with a withdrawal not yet refunded or cancelled, oldest first. */
export async function ordersWithOpenReturns(tx: Tx, userId: number): Promise<number[]> {
  const rows = await tx
    .selectDistinct({ id: orders.id })
    .from(returns)
    .innerJoin(orders, eq(orders.id, returns.orderId))
    .where(and(eq(orders.userId, userId), inArray(returns.status, OPEN_RETURN_STATUSES)))
    .orderBy(asc(orders.id));
  return rows.map((r) => r.id);
}

/** The deleted account's returns and refunds keep what accounting needs and lose the bank account. */
export async function forgetReturnIbans(tx: Tx, orderIds: number[]): Promise<void> {
  if (orderIds.length === 0) return;
  await tx.update(returns).set({ iban: null }).where(inArray(returns.orderId, orderIds));
  // The refund copies the IBAN it was paid to (server/modules/aftersale/returns/refunds.ts): it goes too.
  await tx.update(refunds).set({ iban: null }).where(inArray(refunds.orderId, orderIds));
}

/** One withdrawal in the RGPD export (pt-PT keys; euros; ISO dates). */
export const returnExport = z.object({
  pedido: z.number(),
  estado: z.string(),
  canal: z.string(),
  motivo: z.string(),
  iban: z.string().nullable(),
  reembolso: z.number(),
  pedido_em: z.string(),
  recebido_em: z.string().nullable(),
  reembolsado_em: z.string().nullable(),
  artigos: z.array(z.object({ produto: z.string(), quantidade: z.number() })),
});
export type ReturnExport = z.infer<typeof returnExport>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The withdrawals of these orders for the export, by order id, oldest first. */
export async function returnsForExport(tx: Tx, orderIds: number[]): Promise<Map<number, ReturnExport[]>> {
  const byOrder = new Map<number, ReturnExport[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await tx.select().from(returns).where(inArray(returns.orderId, orderIds)).orderBy(asc(returns.id));
  if (rows.length === 0) return byOrder;
  const items = await tx
    .select({ returnId: returnLines.returnId, name: orderLines.productName, quantity: returnLines.quantity })
    .from(returnLines)
    .innerJoin(orderLines, eq(orderLines.id, returnLines.orderLineId))
    .where(
      inArray(
        returnLines.returnId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(returnLines.orderLineId));
  for (const r of rows) {
    const list = byOrder.get(r.orderId) ?? [];
    list.push({
      pedido: r.id,
      estado: RETURN_STATUS_LABELS[r.status as ReturnStatus] ?? r.status,
      canal: r.channel,
      motivo: r.reason,
      iban: r.iban,
      reembolso: r.refundCents / 100,
      pedido_em: r.requestedAt.toISOString(),
      recebido_em: iso(r.receivedAt),
      reembolsado_em: iso(r.refundedAt),
      artigos: items.filter((i) => i.returnId === r.id).map((i) => ({ produto: i.name, quantidade: i.quantity })),
    });
    byOrder.set(r.orderId, list);
  }
  return byOrder;
}
