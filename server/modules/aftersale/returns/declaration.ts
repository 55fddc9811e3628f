import { and, asc, eq, isNull } from "drizzle-orm";
import type { Tx } from "#server/core/db/client.ts";
import { eurosInText } from "#server/core/money.ts";
import { countRateLimitHit } from "#server/core/rate-limit.ts";
import { returns } from "#server/modules/aftersale/schema.ts";
import { lockOrder } from "#server/modules/orders/fulfilment-status.ts";
import { orders } from "#server/modules/orders/schema.ts";
import type { Order } from "#server/modules/orders/status.ts";
import { recordOrderEvent } from "#server/modules/orders/timeline.ts";
import type { ShopSettings } from "#server/modules/settings/schemas.ts";
import { withdrawalDeclarationMail, withdrawalNotRecordedMail } from "./mails.ts";
import {
  everyFreeUnit,
  mailLinesOf,
  type Owner,
  ownerOf,
  queueShopperMail,
  refundOf,
  returnAddressOf,
  unitsOf,
  unitsText,
  type WithdrawalDeps,
  fileReturn,
} from "./request-steps.ts";
import { type DeclarationResponse, WITHDRAWAL_MESSAGES as M, type PublicWithdrawalBody } from "./schemas.ts";
import { issueLink } from "./withdrawal-links.ts";
import { lineStates, needsIban, paidMethodOf, withdrawalPeriod } from "./withdrawal-view.ts";

/*
 * The public declaration (/livre-resolucao, POST /api/withdrawal; decision 0023). The law asks that a consumer can
 * withdraw without an account and without hurdles, so anyone with the order number and the buying account's e-mail
 * may declare it; the declaration is recorded at once (its date is the legal one) and covers every unit not yet in
 * another request. Whoever typed it gets one answer (M.declared) whatever matched, and never a refund IBAN field:
 * the owner chooses the items, gives the IBAN, or cancels through the one-time link e-mailed to the order's own
 * address (or in /conta). A second declaration while the first still waits re-sends its link; when nothing can be
 * recorded the address is told why. Those extra e-mails are capped per order, silently, so a stranger cannot fill the
 * owner's inbox.
 */

const HOUR_MS = 3600_000;
/** E-mails an order's address gets in an hour beyond the first acknowledgement (re-sent links, "not recorded"). */
export const EXTRA_MAILS_PER_HOUR = 3;

interface Ctx {
  order: Order;
  owner: Owner;
  identity: ShopSettings["identity"];
  publicUrl: string;
}

const orderUrl = (ctx: Ctx) => `${ctx.publicUrl}/conta/encomendas/${ctx.order.id}`;

/** POST /api/withdrawal: the same answer whatever was typed; the work happens only for the right pair. */
export async function declareWithdrawal(
  deps: WithdrawalDeps,
  body: PublicWithdrawalBody,
): Promise<DeclarationResponse> {
  // Read before the transaction: the settings cache may query, and must not wait on the order's lock.
  const identity = (await deps.settings()).identity;
  const queued = await deps.db.transaction(async (tx) => {
    const [found] = await tx.select().from(orders).where(eq(orders.id, body.order_id));
    const owner = found ? await ownerOf(tx, found) : null;
    if (!found || !owner || owner.email.toLowerCase() !== body.email) return false;
    const order = (await lockOrder(tx, found.id))!;
    return declare(tx, { order, owner, identity, publicUrl: deps.publicUrl }, body.reason ?? "");
  });
  if (queued) deps.onMailQueued();
  return { success: true, message: M.declared };
}

/** The right pair, under the order's lock. Returns whether an e-mail was queued. */
async function declare(tx: Tx, ctx: Ctx, reason: string): Promise<boolean> {
  const { order } = ctx;
  const period = order.status === "entregue" ? await withdrawalPeriod(tx, order.id) : null;
  if (!period) return notRecorded(tx, ctx, M.notDelivered);
  if (!period.open) return notRecorded(tx, ctx, M.expired);
  const lines = await lineStates(tx, order.id);
  const chosen = everyFreeUnit(lines);
  if (chosen.length === 0) {
    const waiting = await waitingDeclaration(tx, order.id);
    return waiting ? resend(tx, ctx, waiting) : notRecorded(tx, ctx, M.alreadyRequested);
  }

  const { refundCents } = refundOf(order, lines, chosen);
  const row = await fileReturn(
    tx,
    { orderId: order.id, channel: "formulario", reason, iban: null, refundCents },
    chosen,
  );
  await recordOrderEvent(tx, {
    orderId: order.id,
    kind: "payment",
    actor: "customer",
    message:
      `Livre resolução declarada no formulário público (sem sessão iniciada): ${unitsText(unitsOf(chosen))}, ` +
      `toda a encomenda por devolver, reembolso de ${eurosInText(refundCents)}. A aguardar que o cliente confirme ` +
      "os artigos e o reembolso na ligação enviada para o email da encomenda" +
      (reason ? `. Motivo: ${reason}` : ""),
    data: { return_id: row!.id, refund_cents: refundCents, channel: "formulario" },
  });
  await sendLink(tx, ctx, row!);
  return true;
}

type ReturnRow = typeof returns.$inferSelect;

/** A public declaration of this order still waiting for its owner (the oldest). */
async function waitingDeclaration(tx: Tx, orderId: number): Promise<ReturnRow | undefined> {
  const [row] = await tx
    .select()
    .from(returns)
    .where(
      and(
        eq(returns.orderId, orderId),
        eq(returns.status, "requested"),
        eq(returns.channel, "formulario"),
        isNull(returns.completedAt),
      ),
    )
    .orderBy(asc(returns.id))
    .limit(1);
  return row;
}

/** A new one-time link for the request, in the acknowledgement (what it covers now, and what is left to do). */
async function sendLink(tx: Tx, ctx: Ctx, ret: ReturnRow) {
  const { order, owner } = ctx;
  const all = await lineStates(tx, order.id);
  const others = await lineStates(tx, order.id, ret.id);
  const covered = all
    .map((line) => ({ line, quantity: line.returned - others.find((o) => o.id === line.id)!.returned }))
    .filter((c) => c.quantity > 0);
  const { includesDelivery } = refundOf(order, others, covered);
  const link = await issueLink(tx, ret.id);
  await queueShopperMail(
    tx,
    order.id,
    withdrawalDeclarationMail({
      to: owner.email,
      customerName: order.deliveryName || owner.name,
      orderId: order.id,
      returnId: ret.id,
      declaredAt: ret.requestedAt,
      lines: mailLinesOf(covered),
      refundCents: ret.refundCents,
      includesDelivery,
      ibanNeeded: needsIban(await paidMethodOf(tx, order)),
      returnAddress: returnAddressOf(ctx.identity),
      linkUrl: `${ctx.publicUrl}/livre-resolucao/confirmar?ligacao=${link.token}`,
      linkExpiresAt: link.expiresAt,
      orderUrl: orderUrl(ctx),
      linkId: link.id,
    }),
  );
}

/** Within the order's hourly allowance of extra e-mails (counted in the transaction: a rollback gives it back). */
async function mayMail(tx: Tx, orderId: number) {
  const hit = await countRateLimitHit(tx, `withdrawal-mail:${orderId}`, HOUR_MS);
  return hit.count <= EXTRA_MAILS_PER_HOUR;
}

async function resend(tx: Tx, ctx: Ctx, waiting: ReturnRow) {
  if (!(await mayMail(tx, ctx.order.id))) return false;
  await sendLink(tx, ctx, waiting);
  return true;
}

async function notRecorded(tx: Tx, ctx: Ctx, why: string) {
  if (!(await mayMail(tx, ctx.order.id))) return false;
  await queueShopperMail(
    tx,
    ctx.order.id,
    withdrawalNotRecordedMail({
      to: ctx.owner.email,
      customerName: ctx.order.deliveryName || ctx.owner.name,
      orderId: ctx.order.id,
      at: new Date(),
      why,
      orderUrl: orderUrl(ctx),
    }),
  );
  return true;
}
