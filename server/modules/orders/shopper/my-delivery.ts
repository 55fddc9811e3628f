import { and, desc, eq, isNotNull } from "drizzle-orm";
import type { Database } from "#server/core/db/client.ts";
import { orders } from "#server/modules/orders/schema.ts";
import type { SavedBilling } from "#server/modules/orders/billing.ts";
import type { SavedDelivery } from "#server/modules/orders/schemas.ts";

/*
 * GET /api/users/me/delivery: the delivery data of the account's newest order, offered pre-filled (and
 * editable) in the cart's delivery dialog. There is no address book: the last order is the shopper's
 * last word on where they want things sent. The NIF and billing data come from the newest order that had a NIF
 * (an order for Consumidor final in between does not make the shopper type their NIF again).
 */

export function createMyDelivery(deps: { db: Database }) {
  const { db } = deps;
  return {
    /** The newest order's delivery data and the newest NIF (orders_user_created_idx), or null before the first order. */
    async lastDelivery(userId: number): Promise<SavedDelivery> {
      const [[row], faturacao] = await Promise.all([newestDelivery(userId), newestBilling(userId)]);
      return row ? { ...row, faturacao } : null;
    },
  };

  function newestDelivery(userId: number) {
    return db
      .select({
        nome: orders.deliveryName,
        morada: orders.deliveryAddress,
        codigo_postal: orders.deliveryPostalCode,
        cidade: orders.deliveryCity,
        telefone: orders.deliveryPhone,
        entrega_rapida: orders.fastDelivery,
      })
      .from(orders)
      .where(eq(orders.userId, userId))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(1);
  }

  async function newestBilling(userId: number): Promise<SavedBilling> {
    const [row] = await db
      .select({
        nif: orders.billingNif,
        nome: orders.billingName,
        morada: orders.billingAddress,
        codigo_postal: orders.billingPostalCode,
        cidade: orders.billingCity,
      })
      .from(orders)
      .where(and(eq(orders.userId, userId), isNotNull(orders.billingNif)))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(1);
    return row ? { ...row, nif: row.nif! } : null;
  }
}
