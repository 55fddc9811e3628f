import { eq } from "drizzle-orm";
import type { PublicUser } from "#server/modules/accounts/schemas.ts";
import type { Database, Tx } from "#server/core/db/client.ts";
import { users } from "#server/modules/accounts/schema.ts";
import { ConflictError, NotFoundError } from "#server/core/errors.ts";
import { enqueueMail, type OutgoingMail } from "#server/core/mail/outbox.ts";
import { lockOrder, setFulfilmentStatus } from "#server/modules/orders/fulfilment-status.ts";
import type { Order } from "#server/modules/orders/status.ts";
import { type Actor, type OrderStatus, recordOrderEvent } from "#server/modules/orders/timeline.ts";
import { CARRIER_NAMES, normaliseTrackingNumber, trackingUrl } from "#server/modules/orders/tracking.ts";
import { deliveredMail, shippedMail } from "./mails.ts";
import { FULFILMENT_MESSAGES as M, type StatusBody } from "./schemas.ts";
import { canMove, refusal } from "./transitions.ts";

/*
 * Fulfilment of paid orders (decision 0011): the admin's steps paid → em_preparacao → enviada → entregue, and
 * internal notes. Each change is one transaction: the order row locked (orders/fulfilment-status.ts), the step
 * checked against the status read under that lock, the change, its timeline event (who, from, to) and the shopper's
 * e-mail. Cancelling a paid order (stock back, refund due) is server/flows/cancellation-and-refund/cancellation-and-refund.ts, which uses
 * lockedOrder and notifyShopper from here.
 */

/** What fulfilment's changes need: the database, the shop's address for the e-mails' links, the mail nudge. */
export interface FulfilmentDeps {
  db: Database;
  publicUrl: string;
  onMailQueued: () => void;
}

/** The admin's message after each step (POST /api/orders/:id/status). */
export const FULFILMENT_DONE: Record<StatusBody["status"], string> = {
  em_preparacao: "Encomenda marcada como em preparação.",
  enviada: "Encomenda marcada como enviada.",
  entregue: "Encomenda marcada como entregue.",
  cancelled: "Encomenda cancelada: stock devolvido e reembolso por fazer.",
};

export interface ChangeResult {
  success: true;
  message: string;
  status: OrderStatus;
}

/** A fulfilment step other than cancelling (that one is the cancellation flow's). */
export type FulfilmentStep = Exclude<StatusBody, { status: "cancelled" }>;

/** Who an e-mail of fulfilment goes to, with the link to the order in "A minha conta". */
export interface ShopperRecipient {
  orderId: number;
  to: string;
  customerName: string;
  publicUrl: string;
}

export const adminActor = (user: PublicUser): Actor => ({ userId: user.id, name: user.name });

/** The order, its row locked until the transaction ends; 404 when there is none. */
export async function lockedOrder(tx: Tx, orderId: number): Promise<Order> {
  const order = await lockOrder(tx, orderId);
  if (!order) throw new NotFoundError(M.orderNotFound);
  return order;
}

/** The shopper's address and name; none for an anonymised account (RGPD: nothing more is sent). */
async function recipientOf(tx: Tx, order: Order, publicUrl: string): Promise<ShopperRecipient | undefined> {
  const [user] = await tx
    .select({ email: users.email, name: users.name, anonymisedAt: users.anonymisedAt })
    .from(users)
    .where(eq(users.id, order.userId));
  if (!user || user.anonymisedAt) return undefined;
  return { orderId: order.id, to: user.email, customerName: order.deliveryName || user.name, publicUrl };
}

/** Queues the shopper's e-mail in the change's transaction and records it in the timeline; false when none is sent. */
export async function notifyShopper(
  tx: Tx,
  publicUrl: string,
  order: Order,
  actor: Actor,
  build: (r: ShopperRecipient) => OutgoingMail,
): Promise<boolean> {
  const recipient = await recipientOf(tx, order, publicUrl);
  if (!recipient) return false;
  const mail = build(recipient);
  const outboxId = await enqueueMail(tx, mail);
  await recordOrderEvent(tx, {
    orderId: order.id,
    kind: "email",
    actor,
    message: `E-mail ao cliente: ${mail.subject}`,
    data: { outbox_id: outboxId, mail_kind: mail.kind },
  });
  return true;
}

/** One step on the locked order, checked; true when the shopper's e-mail was queued. */
async function applyStep(tx: Tx, publicUrl: string, order: Order, body: FulfilmentStep, actor: Actor) {
  const from = order.status as OrderStatus;
  switch (body.status) {
    case "em_preparacao": {
      await setFulfilmentStatus(tx, order.id, from, { to: "em_preparacao" });
      await recordOrderEvent(tx, { orderId: order.id, kind: "status", actor, fromStatus: from, toStatus: body.status });
      return false;
    }
    case "enviada": {
      const number = normaliseTrackingNumber(body.tracking_number);
      const url = trackingUrl(body.carrier, number, body.tracking_url);
      const shipped = await setFulfilmentStatus(tx, order.id, from, {
        to: "enviada",
        carrier: body.carrier,
        trackingNumber: number,
        trackingUrl: url,
      });
      const carrierName = CARRIER_NAMES[body.carrier];
      await recordOrderEvent(tx, {
        orderId: order.id,
        kind: "status",
        actor,
        fromStatus: from,
        toStatus: "enviada",
        message: `${carrierName}, n.º de seguimento ${number}`,
        data: { carrier: body.carrier, tracking_number: number, tracking_url: url },
      });
      return notifyShopper(tx, publicUrl, shipped, actor, (r) =>
        shippedMail({ ...r, carrierName, trackingNumber: number, trackingUrl: url }),
      );
    }
    case "entregue": {
      const delivered = await setFulfilmentStatus(tx, order.id, from, { to: "entregue" });
      await recordOrderEvent(tx, { orderId: order.id, kind: "status", actor, fromStatus: from, toStatus: "entregue" });
      return notifyShopper(tx, publicUrl, delivered, actor, (r) => deliveredMail(r));
    }
  }
}

/** POST /api/orders/:id/status (but cancelling): one fulfilment step; 409 with the reason when it is not possible now. */
export async function changeFulfilmentStatus(
  deps: FulfilmentDeps,
  admin: PublicUser,
  orderId: number,
  body: FulfilmentStep,
): Promise<ChangeResult> {
  const mailed = await deps.db.transaction(async (tx) => {
    const order = await lockedOrder(tx, orderId);
    const from = order.status as OrderStatus;
    if (!canMove(from, body.status)) throw new ConflictError(refusal(from, body.status));
    return applyStep(tx, deps.publicUrl, order, body, adminActor(admin));
  });
  if (mailed) deps.onMailQueued();
  return { success: true, message: FULFILMENT_DONE[body.status], status: body.status };
}

/** POST /api/orders/:id/notes: an internal note in the timeline (kind 'note': never shown to the shopper). */
export async function addOrderNote(
  db: Database,
  admin: PublicUser,
  orderId: number,
  message: string,
): Promise<ChangeResult> {
  const status = await db.transaction(async (tx) => {
    const order = await lockedOrder(tx, orderId);
    await recordOrderEvent(tx, { orderId, kind: "note", actor: adminActor(admin), message });
    return order.status as OrderStatus;
  });
  return { success: true, message: "Nota adicionada.", status };
}
