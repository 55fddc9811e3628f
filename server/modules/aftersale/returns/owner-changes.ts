import { and, eq, sql } from "drizzle-orm";
import type { Tx } from "#server/core/db/client.ts";
import { BadRequestError, ConflictError, NotFoundError } from "#server/core/errors.ts";
import { eurosInText } from "#server/core/money.ts";
import { returns } from "#server/modules/aftersale/schema.ts";
import { lockOrder } from "#server/modules/orders/fulfilment-status.ts";
import { orders } from "#server/modules/orders/schema.ts";
import type { Order } from "#server/modules/orders/status.ts";
import { recordOrderEvent } from "#server/modules/orders/timeline.ts";
import type { ShopSettings } from "#server/modules/settings/schemas.ts";
import { withdrawalConfirmationMail } from "./mails.ts";
import {
  chooseUnits,
  mailLinesOf,
  type Owner,
  ownedOrder,
  ownerOf,
  queueShopperMail,
  refundIban,
  refundOf,
  returnAddressOf,
  unitsOf,
  unitsText,
  type WithdrawalDeps,
  writeReturnLines,
} from "./request-steps.ts";
import {
  type CancelResponse,
  type CompletionChannel,
  FILED_LABELS,
  type ReturnChannel,
  WITHDRAWAL_MESSAGES as M,
  type WithdrawalBody,
  type WithdrawalLinkView,
  type WithdrawalResponse,
} from "./schemas.ts";
import { liveLink, revokeLinks, useLink } from "./withdrawal-links.ts";
import { lineStates, paidMethodOf, readWithdrawalView, withdrawalPeriod } from "./withdrawal-view.ts";

/*
 * The owner's changes to a request still 'requested' (decision 0023): choosing the items and giving the refund IBAN
 * after a public declaration, correcting them, or cancelling a request someone else filed. From /conta (signed in)
 * or through the one-time link e-mailed to the order's address. The request keeps its date (the declaration's, the
 * legal one); each change has its timeline event, a correction its e-mail.
 */

type ReturnRow = typeof returns.$inferSelect;

interface Ctx {
  order: Order;
  owner: Owner;
  identity: ShopSettings["identity"];
  publicUrl: string;
}

const VIA_TEXT: Record<CompletionChannel, string> = {
  conta: "em A minha conta",
  ligacao: "na ligação do e-mail",
};

/** The order's request, locked; a request of another order is not found. */
async function lockedRequest(tx: Tx, orderId: number, returnId: number): Promise<ReturnRow> {
  const [ret] = await tx
    .select()
    .from(returns)
    .where(and(eq(returns.id, returnId), eq(returns.orderId, orderId)))
    .for("update");
  if (!ret) throw new NotFoundError(M.returnNotFound);
  return ret;
}

/**
 * The owner's choice replaces the request's items, IBAN (and reason, when given). After the 14 days the owner may
 * still narrow what was declared in time, never add to it.
 */
export async function changeRequest(
  tx: Tx,
  ctx: Ctx,
  ret: ReturnRow,
  choice: WithdrawalBody,
  via: CompletionChannel,
): Promise<void> {
  const { order, owner } = ctx;
  if (ret.status !== "requested") throw new ConflictError(M.notChangeable);
  const lines = await lineStates(tx, order.id, ret.id);
  const chosen = chooseUnits(lines, choice.items);
  const period = await withdrawalPeriod(tx, order.id);
  if (!period?.open) {
    const declared = await lineStates(tx, order.id);
    const heldBefore = (id: number) => {
      const now = lines.find((l) => l.id === id)!;
      return declared.find((l) => l.id === id)!.returned - now.returned;
    };
    if (chosen.some((c) => c.quantity > heldBefore(c.line.id))) throw new ConflictError(M.expired);
  }
  const iban = refundIban(await paidMethodOf(tx, order), choice.iban);
  const { refundCents, includesDelivery } = refundOf(order, lines, chosen);
  const [updated] = await tx
    .update(returns)
    .set({
      iban,
      refundCents,
      ...(choice.reason ? { reason: choice.reason } : {}),
      completedVia: via,
      completedAt: sql`now()`,
    })
    .where(eq(returns.id, ret.id))
    .returning();
  await writeReturnLines(tx, ret.id, chosen);
  await revokeLinks(tx, ret.id);
  const units = unitsOf(chosen);
  await recordOrderEvent(tx, {
    orderId: order.id,
    kind: "payment",
    actor: "customer",
    message:
      `Livre resolução #${ret.id} ${ret.completedAt ? "corrigida" : "concluída"} pelo cliente ${VIA_TEXT[via]}: ` +
      `${unitsText(units)}, reembolso de ${eurosInText(refundCents)} a fazer` +
      (iban ? " por transferência bancária" : " por MB WAY"),
    data: { return_id: ret.id, refund_cents: refundCents, completed_via: via },
  });
  await queueShopperMail(
    tx,
    order.id,
    withdrawalConfirmationMail({
      to: owner.email,
      customerName: order.deliveryName || owner.name,
      orderId: order.id,
      returnId: ret.id,
      requestedAt: ret.requestedAt,
      updatedAt: updated!.completedAt!,
      lines: mailLinesOf(chosen),
      refundCents,
      includesDelivery,
      refundTo: iban ? { kind: "iban", iban } : { kind: "mbway" },
      returnAddress: returnAddressOf(ctx.identity),
      orderUrl: `${ctx.publicUrl}/conta/encomendas/${order.id}`,
    }),
  );
}

/** The owner cancels a request not yet received (one they did not make, or changed their mind): its units are free. */
export async function cancelRequest(tx: Tx, order: Order, ret: ReturnRow, via: CompletionChannel): Promise<void> {
  if (ret.status !== "requested") throw new ConflictError(M.notChangeable);
  await tx.update(returns).set({ status: "cancelled" }).where(eq(returns.id, ret.id));
  await revokeLinks(tx, ret.id);
  await recordOrderEvent(tx, {
    orderId: order.id,
    kind: "payment",
    actor: "customer",
    message: `Pedido de livre resolução #${ret.id} (${FILED_LABELS[ret.channel as ReturnChannel]}) cancelado pelo cliente ${VIA_TEXT[via]}`,
    data: { return_id: ret.id, return_status: "cancelled", cancelled_via: via },
  });
}

/** The answer of a correction: the request and the order's withdrawal as stored now. */
async function answer(deps: WithdrawalDeps, orderId: number, returnId: number, message: string) {
  const [order] = await deps.db.select().from(orders).where(eq(orders.id, orderId));
  const withdrawal = await readWithdrawalView(deps.db, order!);
  const request = withdrawal.returns.find((r) => r.id === returnId)!;
  return { success: true as const, message, return: request, withdrawal };
}

// ---------- /conta (signed in) ----------

/** PUT /api/users/me/orders/:id/withdrawal/:returnId: the owner's correction. */
export async function correctMyRequest(
  deps: WithdrawalDeps,
  req: { orderId: number; userId: number; returnId: number; choice: WithdrawalBody },
): Promise<WithdrawalResponse> {
  const identity = (await deps.settings()).identity;
  await deps.db.transaction(async (tx) => {
    const { order, owner } = await ownedOrder(tx, req.orderId, req.userId, true);
    const ret = await lockedRequest(tx, order.id, req.returnId);
    await changeRequest(tx, { order, owner, identity, publicUrl: deps.publicUrl }, ret, req.choice, "conta");
  });
  deps.onMailQueued();
  return answer(deps, req.orderId, req.returnId, M.updated);
}

/** POST /api/users/me/orders/:id/withdrawal/:returnId/cancel. */
export async function cancelMyRequest(
  deps: WithdrawalDeps,
  req: { orderId: number; userId: number; returnId: number },
): Promise<CancelResponse> {
  const order = await deps.db.transaction(async (tx) => {
    const { order } = await ownedOrder(tx, req.orderId, req.userId, true);
    await cancelRequest(tx, order, await lockedRequest(tx, order.id, req.returnId), "conta");
    return order;
  });
  return { success: true, message: M.cancelled, withdrawal: await readWithdrawalView(deps.db, order) };
}

// ---------- the e-mailed link ----------

/** The link's request and order, locked (order first, like every writer), while the link works; otherwise 400. */
async function linkedRequest(tx: Tx, token: string) {
  const invalid = () => new BadRequestError(M.linkInvalid);
  const link = await liveLink(tx, token, false);
  if (!link) throw invalid();
  const [found] = await tx.select({ orderId: returns.orderId }).from(returns).where(eq(returns.id, link.returnId));
  const order = found ? await lockOrder(tx, found.orderId) : undefined;
  // Read again under the order's lock: a concurrent use of the same link has finished by now.
  const locked = await liveLink(tx, token, true);
  const [ret] = await tx.select().from(returns).where(eq(returns.id, link.returnId));
  if (!order || !locked || !ret || ret.status !== "requested") throw invalid();
  const owner = await ownerOf(tx, order);
  if (!owner) throw invalid();
  return { link: locked, ret, order, owner };
}

/** POST /api/withdrawal/link: what the link's page shows (the request, and the units it may take). */
export async function linkView(deps: WithdrawalDeps, token: string): Promise<WithdrawalLinkView> {
  return deps.db.transaction(async (tx) => {
    const { link, ret, order } = await linkedRequest(tx, token);
    const withdrawal = await readWithdrawalView(tx, order, ret.id);
    const all = await readWithdrawalView(tx, order);
    return {
      order_id: order.id,
      expires_at: link.expiresAt.toISOString(),
      return: all.returns.find((r) => r.id === ret.id)!,
      withdrawal,
    };
  });
}

/** POST /api/withdrawal/link/confirm: the owner's items and IBAN through the link (which is then used up). */
export async function confirmByLink(
  deps: WithdrawalDeps,
  token: string,
  choice: WithdrawalBody,
): Promise<WithdrawalResponse> {
  const identity = (await deps.settings()).identity;
  const { orderId, returnId } = await deps.db.transaction(async (tx) => {
    const { link, ret, order, owner } = await linkedRequest(tx, token);
    await changeRequest(tx, { order, owner, identity, publicUrl: deps.publicUrl }, ret, choice, "ligacao");
    await useLink(tx, link.id);
    return { orderId: order.id, returnId: ret.id };
  });
  deps.onMailQueued();
  return answer(deps, orderId, returnId, M.updated);
}

/** POST /api/withdrawal/link/cancel: the owner cancels through the link (which is then used up). */
export async function cancelByLink(deps: WithdrawalDeps, token: string): Promise<CancelResponse> {
  const order = await deps.db.transaction(async (tx) => {
    const { link, ret, order } = await linkedRequest(tx, token);
    await cancelRequest(tx, order, ret, "ligacao");
    await useLink(tx, link.id);
    return order;
  });
  return { success: true, message: M.cancelled, withdrawal: await readWithdrawalView(deps.db, order) };
}
