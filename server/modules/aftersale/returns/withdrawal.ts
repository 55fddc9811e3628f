import { returns } from "#server/modules/aftersale/schema.ts";
import { ConflictError } from "#server/core/errors.ts";
import { eurosInText } from "#server/core/money.ts";
import { recordOrderEvent } from "#server/modules/orders/timeline.ts";
import { declareWithdrawal } from "./declaration.ts";
import { withdrawalConfirmationMail } from "./mails.ts";
import {
  cancelByLink,
  cancelMyRequest,
  changeRequest,
  confirmByLink,
  correctMyRequest,
  linkView,
} from "./owner-changes.ts";
import {
  chooseUnits,
  mailLinesOf,
  ownedOrder,
  queueShopperMail,
  refundIban,
  refundOf,
  returnAddressOf,
  unitsOf,
  unitsText,
  type WithdrawalDeps,
  fileReturn,
} from "./request-steps.ts";
import {
  type CancelResponse,
  type DeclarationResponse,
  type PublicWithdrawalBody,
  WITHDRAWAL_MESSAGES as M,
  type WithdrawalBody,
  type WithdrawalLinkView,
  type WithdrawalResponse,
  type WithdrawalView,
} from "./schemas.ts";
import { awaitingOwner, lineStates, paidMethodOf, readWithdrawalView, withdrawalPeriod } from "./withdrawal-view.ts";
import type { Database } from "#server/core/db/client.ts";
import { and, asc, eq } from "drizzle-orm";

export type { WithdrawalDeps } from "./request-steps.ts";

/*
 * The withdrawal right ('Livre resolução', Decreto-Lei 24/2014 art. 10; the withdrawal function of Directive (EU)
 * 2023/2673): a consumer may give back all or part of a delivered order within 14 days of delivery, without a
 * reason. The signed-in owner's request from /conta is here; the public declaration is declaration.ts, the owner's
 * corrections and cancellations (in /conta or through the e-mailed link) owner-changes.ts (decision 0023). One
 * transaction per call, under the order's row lock (so two requests for the same units cannot both pass): the
 * checks, the return and its lines, the order's timeline event and the shopper's e-mail. The admin side (received,
 * refunded) is returns/admin*.ts and refunds*.ts.
 */

/** The owner's request from /conta. */
export interface WithdrawalRequest extends WithdrawalBody {
  orderId: number;
  userId: number;
}

/** The order's withdrawal block for its signed-in owner. */
export async function withdrawalView(db: Database, orderId: number, userId: number): Promise<WithdrawalView> {
  const { order } = await ownedOrder(db, orderId, userId, false);
  return readWithdrawalView(db, order);
}

/**
 * POST /api/users/me/orders/:id/withdrawal. When a public declaration of this order still waits for its owner, the
 * owner's choice completes it (it keeps the declaration's date, the legal one); otherwise a new request.
 */
export async function requestWithdrawal(deps: WithdrawalDeps, req: WithdrawalRequest): Promise<WithdrawalResponse> {
  const { db, publicUrl } = deps;
  // Read before the transaction: the settings cache may query, and must not wait on the order's lock.
  const identity = (await deps.settings()).identity;
  const result = await db.transaction(async (tx) => {
    const { order, owner } = await ownedOrder(tx, req.orderId, req.userId, true);
    const [waiting] = (
      await tx
        .select()
        .from(returns)
        .where(and(eq(returns.orderId, order.id), eq(returns.status, "requested")))
        .orderBy(asc(returns.id))
    ).filter(awaitingOwner);
    if (waiting) {
      await changeRequest(tx, { order, owner, identity, publicUrl }, waiting, req, "conta");
      return { order, returnId: waiting.id, message: M.updated };
    }
    if (order.status !== "entregue") throw new ConflictError(M.notDelivered);
    const period = await withdrawalPeriod(tx, order.id);
    if (!period) throw new ConflictError(M.notDelivered);
    if (!period.open) throw new ConflictError(M.expired);

    const lines = await lineStates(tx, order.id);
    const chosen = chooseUnits(lines, req.items);
    const iban = refundIban(await paidMethodOf(tx, order), req.iban);
    const { refundCents, includesDelivery } = refundOf(order, lines, chosen);

    const row = await fileReturn(
      tx,
      { orderId: order.id, channel: "conta", filedByUserId: req.userId, reason: req.reason ?? "", iban, refundCents },
      chosen,
    );

    // Kind 'payment': the request puts a refund in motion (the timeline has no kind of its own for returns).
    // The IBAN stays on the return row only: events are never anonymised.
    await recordOrderEvent(tx, {
      orderId: order.id,
      kind: "payment",
      actor: "customer",
      message:
        `Livre resolução pedida (A minha conta): ${unitsText(unitsOf(chosen))}, ` +
        `reembolso de ${eurosInText(refundCents)} a fazer${iban ? " por transferência bancária" : " por MB WAY"}` +
        (req.reason ? `. Motivo: ${req.reason}` : ""),
      data: { return_id: row.id, refund_cents: refundCents, channel: "conta" },
    });
    await queueShopperMail(
      tx,
      order.id,
      withdrawalConfirmationMail({
        to: owner.email,
        customerName: order.deliveryName || owner.name,
        orderId: order.id,
        returnId: row.id,
        requestedAt: row.requestedAt,
        lines: mailLinesOf(chosen),
        refundCents,
        includesDelivery,
        refundTo: iban ? { kind: "iban", iban } : { kind: "mbway" },
        returnAddress: returnAddressOf(identity),
        orderUrl: `${publicUrl}/conta/encomendas/${order.id}`,
      }),
    );
    return { order, returnId: row.id, message: M.requested };
  });
  deps.onMailQueued();
  const withdrawal = await readWithdrawalView(db, result.order);
  const created = withdrawal.returns.find((r) => r.id === result.returnId)!;
  return { success: true, message: result.message, return: created, withdrawal };
}

/** The withdrawal's calls bound to their dependencies (server/services.ts; the web app's form actions call it). */
export interface WithdrawalService {
  view(orderId: number, userId: number): Promise<WithdrawalView>;
  request(req: WithdrawalRequest): Promise<WithdrawalResponse>;
  correct(req: {
    orderId: number;
    userId: number;
    returnId: number;
    choice: WithdrawalBody;
  }): Promise<WithdrawalResponse>;
  cancel(req: { orderId: number; userId: number; returnId: number }): Promise<CancelResponse>;
  declare(body: PublicWithdrawalBody): Promise<DeclarationResponse>;
  linkView(token: string): Promise<WithdrawalLinkView>;
  confirmByLink(token: string, choice: WithdrawalBody): Promise<WithdrawalResponse>;
  cancelByLink(token: string): Promise<CancelResponse>;
}

export function createWithdrawalService(deps: WithdrawalDeps): WithdrawalService {
  return {
    view: (orderId, userId) => withdrawalView(deps.db, orderId, userId),
    request: (req) => requestWithdrawal(deps, req),
    correct: (req) => correctMyRequest(deps, req),
    cancel: (req) => cancelMyRequest(deps, req),
    declare: (body) => declareWithdrawal(deps, body),
    linkView: (token) => linkView(deps, token),
    confirmByLink: (token, choice) => confirmByLink(deps, token, choice),
    cancelByLink: (token) => cancelByLink(deps, token),
  };
}
