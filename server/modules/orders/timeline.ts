import { and, asc, eq, ne } from "drizzle-orm";
import { z } from "zod";
import { orderEvents } from "./schema.ts";
import type { Tx } from "#server/core/db/client.ts";

/*
 * An order's timeline (order_events): every status change with who and when, the admin's internal notes,
 * and other facts worth showing (an e-mail sent, the payment switched to Multibanco). Each event is written
 * in the transaction of the change it records, so the timeline never disagrees with the order.
 */

/** Every stored order status; 'cancelled' is the "cancelada". */
export const ORDER_STATUSES = [
  "pending_payment",
  "paid",
  "em_preparacao",
  "enviada",
  "entregue",
  "cancelled",
  "expired",
] as const;
export const orderStatus = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof orderStatus>;

/** What shoppers and staff read for each status (pt-PT). */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending_payment: "A aguardar pagamento",
  paid: "Paga",
  em_preparacao: "Em preparação",
  enviada: "Enviada",
  entregue: "Entregue",
  cancelled: "Cancelada",
  expired: "Expirada",
};

export type OrderEventKind = "status" | "note" | "payment" | "email";

/** Who did it: an admin (by account), the shopper, or the shop itself (callbacks, jobs). */
export type Actor = { userId: number; name: string } | "customer" | "system";

export interface NewOrderEvent {
  orderId: number;
  kind: OrderEventKind;
  actor: Actor;
  fromStatus?: OrderStatus | null;
  toStatus?: OrderStatus | null;
  /** A note's text, or a short pt-PT description of what happened. */
  message?: string;
  data?: Record<string, unknown>;
}

function actorColumns(actor: Actor): { actorUserId: number | null; actorName: string } {
  if (actor === "system") return { actorUserId: null, actorName: "Sistema" };
  if (actor === "customer") return { actorUserId: null, actorName: "Cliente" };
  return { actorUserId: actor.userId, actorName: actor.name };
}

/** Records one event, inside the caller's transaction. */
export async function recordOrderEvent(tx: Tx, event: NewOrderEvent): Promise<void> {
  await tx.insert(orderEvents).values({
    orderId: event.orderId,
    kind: event.kind,
    fromStatus: event.fromStatus ?? null,
    toStatus: event.toStatus ?? null,
    ...actorColumns(event.actor),
    message: event.message ?? "",
    data: event.data ?? {},
  });
}

export type OrderEvent = typeof orderEvents.$inferSelect;

/**
 * The order's events, oldest first. The shopper's view leaves out internal notes (kind 'note'):
 * what the shop writes about a customer stays with the shop.
 */
export function readTimeline(tx: Tx, orderId: number, view: "admin" | "shopper"): Promise<OrderEvent[]> {
  const where =
    view === "admin"
      ? eq(orderEvents.orderId, orderId)
      : and(eq(orderEvents.orderId, orderId), ne(orderEvents.kind, "note"));
  return tx.select().from(orderEvents).where(where).orderBy(asc(orderEvents.createdAt), asc(orderEvents.id));
}
