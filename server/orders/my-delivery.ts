import { desc, eq } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";
import { orders } from "#server/db/schema.ts";
import type { SavedDelivery } from "./schemas.ts";

/*
 * GET /api/users/me/delivery: the delivery data of the account's newest order, offered pre-filled (and
 * editable) in the cart's delivery dialog. There is no address book: the last order is the shopper's
 * last word on where they want things sent.
 */

export function createMyDelivery(deps: { db: Database }) {
  const { db } = deps;
  return {
    /** The newest order's delivery data (orders_user_created_idx), or null before the first order. */
    async lastDelivery(userId: number): Promise<SavedDelivery> {
      const [row] = await db
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
      return row ?? null;
    },
  };
}
