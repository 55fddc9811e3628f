import { eq } from "drizzle-orm";
import type { PublicUser } from "#server/modules/accounts/schemas.ts";
import type { Database } from "#server/core/db/client.ts";
import { users } from "#server/modules/accounts/schema.ts";
import { orders } from "#server/modules/orders/schema.ts";
import { ConflictError, NotFoundError } from "#server/core/errors.ts";
import { enqueueMail, type OutgoingMail } from "#server/core/mail/outbox.ts";
import { cancelPaidOrder, lockOrder, setFulfilmentStatus } from "#server/modules/orders/fulfilment-status.ts";
import type { Order } from "#server/modules/orders/status.ts";
import { type Actor, type OrderStatus, recordOrderEvent } from "#server/modules/orders/timeline.ts";
import type { RefundsService } from "#server/modules/aftersale/returns/refunds.ts";
import type { Tx } from "#server/core/db/client.ts";
import { readOrderDetail } from "./detail.ts";
import { cancelledMail, deliveredMail, shippedMail } from "./mails.ts";
import { FULFILMENT_MESSAGES as M, type OrderDetail, type StatusBody } from "./schemas.ts";
import { CARRIER_NAMES, normaliseTrackingNumber, trackingUrl } from "#server/modules/orders/tracking.ts";
import { canMove, refusal } from "./transitions.ts";

/*
 * Fulfilment of paid orders (decision 0011): the admin's steps paid → em_preparacao → enviada → entregue,
 * or cancelled before shipping; internal notes; the refund marked as made. Each change is one
 * transaction: the order row locked (orders/fulfilment-status.ts), the step checked against the status
 * read under that lock, the change, its timeline event (who, from, to) and the shopper's e-mail.
 */

const DONE: Record<StatusBody["status"], string> = {
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

const adminActor = (user: PublicUser): Actor => ({ userId: user.id, name: user.name });

export function createFulfilmentService(deps: {
  db: Database;
  publicUrl: string;
  onMailQueued: () => void;
  /** The refund path of returns (returns/refunds.ts): a cancelled order's refund goes through it too. */
  refunds: RefundsService;
}) {
  const { db, publicUrl } = deps;

  async function lockedOrder(tx: Tx, orderId: number): Promise<Order> {
    const order = await lockOrder(tx, orderId);
    if (!order) throw new NotFoundError(M.orderNotFound);
    return order;
  }

  /** The shopper's address and name; none for an anonymised account (RGPD: nothing more is sent). */
  async function recipientOf(tx: Tx, order: Order) {
    const [user] = await tx
      .select({ email: users.email, name: users.name, anonymisedAt: users.anonymisedAt })
      .from(users)
      .where(eq(users.id, order.userId));
    if (!user || user.anonymisedAt) return undefined;
    return { orderId: order.id, to: user.email, customerName: order.deliveryName || user.name, publicUrl };
  }

  /** Queues the shopper's e-mail in the change's transaction and records it in the timeline. */
  async function notify(
    tx: Tx,
    order: Order,
    actor: Actor,
    build: (r: NonNullable<Awaited<ReturnType<typeof recipientOf>>>) => OutgoingMail,
  ) {
    const recipient = await recipientOf(tx, order);
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

  async function applyStep(tx: Tx, order: Order, body: StatusBody, actor: Actor, actorUserId: number) {
    const from = order.status as OrderStatus;
    switch (body.status) {
      case "em_preparacao": {
        await setFulfilmentStatus(tx, order.id, from, { to: "em_preparacao" });
        await recordOrderEvent(tx, {
          orderId: order.id,
          kind: "status",
          actor,
          fromStatus: from,
          toStatus: body.status,
        });
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
        return notify(tx, shipped, actor, (r) =>
          shippedMail({ ...r, carrierName, trackingNumber: number, trackingUrl: url }),
        );
      }
      case "entregue": {
        const delivered = await setFulfilmentStatus(tx, order.id, from, { to: "entregue" });
        await recordOrderEvent(tx, {
          orderId: order.id,
          kind: "status",
          actor,
          fromStatus: from,
          toStatus: "entregue",
        });
        return notify(tx, delivered, actor, (r) => deliveredMail(r));
      }
      case "cancelled": {
        const cancelled = await cancelPaidOrder(tx, order.id, from, actorUserId);
        await recordOrderEvent(tx, {
          orderId: order.id,
          kind: "status",
          actor,
          fromStatus: from,
          toStatus: "cancelled",
          message: body.reason ? `Reembolso a fazer. Motivo: ${body.reason}` : "Reembolso a fazer",
          data: { refund_status: "due", ...(body.reason ? { reason: body.reason } : {}) },
        });
        return notify(tx, cancelled, actor, (r) =>
          cancelledMail({ ...r, totalCents: cancelled.totalCents, reason: body.reason }),
        );
      }
    }
  }

  return {
    /** GET /api/orders/:id/detail: everything the admin order page shows. */
    detail: (orderId: number): Promise<OrderDetail> => readOrderDetail(db, orderId),

    /** POST /api/orders/:id/status: one fulfilment step; 409 with the reason when it is not possible now. */
    async changeStatus(admin: PublicUser, orderId: number, body: StatusBody): Promise<ChangeResult> {
      const mailed = await db.transaction(async (tx) => {
        const order = await lockedOrder(tx, orderId);
        const from = order.status as OrderStatus;
        if (!canMove(from, body.status)) throw new ConflictError(refusal(from, body.status));
        return applyStep(tx, order, body, adminActor(admin), admin.id);
      });
      if (mailed) deps.onMailQueued();
      return { success: true, message: DONE[body.status], status: body.status };
    },

    /** POST /api/orders/:id/notes: an internal note in the timeline (kind 'note': never shown to the shopper). */
    async addNote(admin: PublicUser, orderId: number, message: string): Promise<ChangeResult> {
      const status = await db.transaction(async (tx) => {
        const order = await lockedOrder(tx, orderId);
        await recordOrderEvent(tx, { orderId, kind: "note", actor: adminActor(admin), message });
        return order.status as OrderStatus;
      });
      return { success: true, message: "Nota adicionada.", status };
    },

    /**
     * POST /api/orders/:id/refund-done: 'Marcar reembolso como feito' ('due' → 'done'): the bank transfer the admin
     * made, recorded by the returns' refund path (returns/refunds.ts: the refunds row, the order's refund_status, the
     * credit note of the total and the shopper's e-mail, in one transaction). A cancelled MB WAY order's refund call
     * is POST /api/orders/:id/refund (returns/admin-routes.ts).
     */
    async refundDone(admin: PublicUser, orderId: number): Promise<ChangeResult> {
      await deps.refunds.refund(admin, { kind: "order", orderId }, "transfer");
      const [order] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
      return { success: true, message: "Reembolso marcado como feito.", status: order!.status as OrderStatus };
    },
  };
}

export type FulfilmentService = ReturnType<typeof createFulfilmentService>;
