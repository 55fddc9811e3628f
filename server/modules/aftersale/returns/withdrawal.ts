import { eq } from "drizzle-orm";
import type { Database } from "#server/core/db/client.ts";
import { users } from "#server/modules/accounts/schema.ts";
import { returnLines, returns } from "#server/modules/aftersale/schema.ts";
import { orders } from "#server/modules/orders/schema.ts";
import { BadRequestError, ConflictError, NotFoundError } from "#server/core/errors.ts";
import { enqueueMail } from "#server/core/mail/outbox.ts";
import { lockOrder } from "#server/modules/orders/fulfilment-status.ts";
import type { Order } from "#server/modules/orders/status.ts";
import { recordOrderEvent } from "#server/modules/orders/timeline.ts";
import type { ShopSettings } from "#server/modules/settings/schemas.ts";
import type { Tx } from "#server/core/db/client.ts";
import { IBAN_MESSAGE, isValidPtIban, normaliseIban } from "./iban.ts";
import { withdrawalConfirmationMail } from "./mails.ts";
import {
  type ReturnChannel,
  WITHDRAWAL_MESSAGES as M,
  type WithdrawalBody,
  type WithdrawalResponse,
  type WithdrawalView,
} from "./schemas.ts";
import {
  type LineState,
  lineStates,
  needsIban,
  paidMethodOf,
  readWithdrawalView,
  withdrawalPeriod,
} from "./withdrawal-view.ts";
import { eurosInText } from "#server/core/money.ts";

/*
 * The withdrawal right ('Livre resolução', Decreto-Lei 24/2014 art. 10; the withdrawal function of Directive (EU)
 * 2023/2673): a consumer may give back all or part of a delivered order within 14 days of delivery, without a
 * reason. One transaction per request, under the order's row lock (so two requests for the same units cannot both
 * pass): the checks, the return and its lines, the order's timeline event and the shopper's confirmation e-mail.
 * The admin side (received, refunded) is returns/admin*.ts and refunds*.ts.
 */

/** Who asks: the signed-in owner (/conta), or anyone holding the order number and the buying account's e-mail. */
export type Requester = { userId: number } | { email: string };

export interface WithdrawalRequest extends WithdrawalBody {
  orderId: number;
  requester: Requester;
}

const CHANNEL_NAMES: Record<ReturnChannel, string> = {
  conta: "A minha conta",
  formulario: "formulário público",
  admin: "loja",
};

interface Chosen {
  line: LineState;
  quantity: number;
}

/** The chosen units, checked against what was bought and what other returns already hold. */
function chooseUnits(lines: LineState[], items: WithdrawalBody["items"]): Chosen[] {
  const byId = new Map(lines.map((l) => [l.id, l]));
  const chosen = items.map((item) => {
    const line = byId.get(item.order_line_id);
    if (!line) throw new BadRequestError(M.unknownLine);
    if (item.quantity > line.quantity) throw new BadRequestError(M.tooMany);
    return { line, quantity: item.quantity };
  });
  // Units already in a (not cancelled) return: the same request again, or an overlapping one.
  if (chosen.some((c) => c.quantity > c.line.quantity - c.line.returned)) throw new ConflictError(M.alreadyRequested);
  return chosen;
}

/**
 * The refund, from the order lines' stored prices. On a full withdrawal (with this request every unit of the order
 * is returned) the initial delivery cost is refunded too: Decreto-Lei 24/2014 art. 12(1) makes the shop refund
 * "todos os pagamentos recebidos, incluindo os custos de entrega do bem". (Art. 12(3) would let the shop keep the
 * extra over the cheapest standard delivery when the shopper chose a faster one; we refund all of it: simpler, and
 * never less than the law asks.) A partial withdrawal keeps delivery, which the shopper still received.
 */
function refundOf(order: Order, lines: LineState[], chosen: Chosen[]) {
  const itemsCents = chosen.reduce((sum, c) => sum + c.line.unitPriceCents * c.quantity, 0);
  const chosenOf = (id: number) => chosen.find((c) => c.line.id === id)?.quantity ?? 0;
  const full = lines.every((l) => l.returned + chosenOf(l.id) >= l.quantity);
  return {
    refundCents: itemsCents + (full ? order.shippingCents : 0),
    includesDelivery: full && order.shippingCents > 0,
  };
}

/** What a withdrawal request needs: the database, the shop's address and identity for the e-mail, the mail nudge. */
export interface WithdrawalDeps {
  db: Database;
  publicUrl: string;
  settings: () => Promise<ShopSettings>;
  onMailQueued: () => void;
}

/** The order if this requester may act on it; otherwise the same 404 as an unknown order. */
async function ownedOrder(tx: Tx, orderId: number, requester: Requester, lock: boolean) {
  const order = lock ? await lockOrder(tx, orderId) : await readOrder(tx, orderId);
  const notFound = () => new NotFoundError("userId" in requester ? M.orderNotFound : M.pairNotFound);
  if (!order) throw notFound();
  const [owner] = await tx
    .select({ email: users.email, name: users.name, anonymisedAt: users.anonymisedAt })
    .from(users)
    .where(eq(users.id, order.userId));
  if (!owner || owner.anonymisedAt) throw notFound();
  const mine =
    "userId" in requester ? order.userId === requester.userId : owner.email.toLowerCase() === requester.email;
  if (!mine) throw notFound();
  return { order, owner };
}

async function readOrder(tx: Tx, orderId: number): Promise<Order | undefined> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
  return order;
}

/** The order's withdrawal block: the signed-in owner's, or the public form's after the pair matched. */
export async function withdrawalView(db: Database, orderId: number, requester: Requester): Promise<WithdrawalView> {
  const { order } = await ownedOrder(db, orderId, requester, false);
  return readWithdrawalView(db, order);
}

/** POST /api/users/me/orders/:id/withdrawal and POST /api/withdrawal. */
export async function requestWithdrawal(deps: WithdrawalDeps, req: WithdrawalRequest): Promise<WithdrawalResponse> {
  const { db, publicUrl } = deps;
  const channel: ReturnChannel = "userId" in req.requester ? "conta" : "formulario";
  // Read before the transaction: the settings cache may query, and must not wait on the order's lock.
  const identity = (await deps.settings()).identity;
  const result = await db.transaction(async (tx) => {
    const { order, owner } = await ownedOrder(tx, req.orderId, req.requester, true);
    if (order.status !== "entregue") throw new ConflictError(M.notDelivered);
    const period = await withdrawalPeriod(tx, order.id);
    if (!period) throw new ConflictError(M.notDelivered);
    if (!period.open) throw new ConflictError(M.expired);

    const lines = await lineStates(tx, order.id);
    const chosen = chooseUnits(lines, req.items);
    const method = await paidMethodOf(tx, order);
    let iban: string | null = null;
    if (needsIban(method)) {
      if (!req.iban) throw new BadRequestError(M.ibanRequired);
      if (!isValidPtIban(req.iban)) throw new BadRequestError(IBAN_MESSAGE);
      iban = normaliseIban(req.iban);
    }
    const { refundCents, includesDelivery } = refundOf(order, lines, chosen);

    const [created] = await tx
      .insert(returns)
      .values({ orderId: order.id, channel, reason: req.reason ?? "", iban, refundCents })
      .returning();
    const row = created!;
    await tx
      .insert(returnLines)
      .values(chosen.map((c) => ({ returnId: row.id, orderLineId: c.line.id, quantity: c.quantity })));

    const units = chosen.reduce((n, c) => n + c.quantity, 0);
    // Kind 'payment': the request puts a refund in motion (the timeline has no kind of its own for returns).
    // The IBAN stays on the return row only: events are never anonymised.
    await recordOrderEvent(tx, {
      orderId: order.id,
      kind: "payment",
      actor: "customer",
      message:
        `Livre resolução pedida (${CHANNEL_NAMES[channel]}): ${units} ${units === 1 ? "artigo" : "artigos"}, ` +
        `reembolso de ${eurosInText(refundCents)} a fazer${iban ? " por transferência bancária" : " por MB WAY"}` +
        (req.reason ? `. Motivo: ${req.reason}` : ""),
      data: { return_id: row.id, refund_cents: refundCents, channel },
    });

    const mail = withdrawalConfirmationMail({
      to: owner.email,
      customerName: order.deliveryName || owner.name,
      orderId: order.id,
      returnId: row.id,
      requestedAt: row.requestedAt,
      lines: chosen.map((c) => ({
        name: c.line.name,
        color: c.line.color,
        size: c.line.size,
        quantity: c.quantity,
        cents: c.line.unitPriceCents * c.quantity,
      })),
      refundCents,
      includesDelivery,
      refundTo: iban ? { kind: "iban", iban } : { kind: "mbway" },
      returnAddress: {
        name: identity.legalName,
        address: identity.address,
        postalCode: identity.postalCode,
        city: identity.city,
      },
      orderUrl: `${publicUrl}/conta/encomendas/${order.id}`,
    });
    const outboxId = await enqueueMail(tx, mail);
    await recordOrderEvent(tx, {
      orderId: order.id,
      kind: "email",
      actor: "system",
      message: `E-mail ao cliente: ${mail.subject}`,
      data: { outbox_id: outboxId, mail_kind: mail.kind },
    });
    return { order, returnId: row.id };
  });
  deps.onMailQueued();
  const withdrawal = await readWithdrawalView(db, result.order);
  const created = withdrawal.returns.find((r) => r.id === result.returnId)!;
  return { success: true, message: M.requested, return: created, withdrawal };
}

/** The withdrawal's calls bound to their dependencies (server/services.ts; the web app's form actions call it). */
export interface WithdrawalService {
  view(orderId: number, requester: Requester): Promise<WithdrawalView>;
  request(req: WithdrawalRequest): Promise<WithdrawalResponse>;
}

export function createWithdrawalService(deps: WithdrawalDeps): WithdrawalService {
  return {
    view: (orderId, requester) => withdrawalView(deps.db, orderId, requester),
    request: (req) => requestWithdrawal(deps, req),
  };
}
