import { eq } from "drizzle-orm";
import type { Database, Tx } from "#server/core/db/client.ts";
import { BadRequestError, ConflictError, NotFoundError } from "#server/core/errors.ts";
import { enqueueMail, type OutgoingMail } from "#server/core/mail/outbox.ts";
import { users } from "#server/modules/accounts/schema.ts";
import { returnLines, returns } from "#server/modules/aftersale/schema.ts";
import { lockOrder } from "#server/modules/orders/fulfilment-status.ts";
import { orders } from "#server/modules/orders/schema.ts";
import type { Order } from "#server/modules/orders/status.ts";
import { recordOrderEvent } from "#server/modules/orders/timeline.ts";
import type { ShopSettings } from "#server/modules/settings/schemas.ts";
import { IBAN_MESSAGE, isValidPtIban, normaliseIban } from "./iban.ts";
import { withdrawalRefund } from "./refunds.ts";
import { WITHDRAWAL_MESSAGES as M, type WithdrawalBody } from "./schemas.ts";
import { type LineState, needsIban } from "./withdrawal-view.ts";

/*
 * The steps every withdrawal writer shares (the owner's request, the public declaration, a correction): whose order
 * it is, the units chosen, the refund, the IBAN, the lines written and the shopper's e-mail queued with its timeline
 * event. Each runs inside its caller's transaction, under the order's row lock.
 */

/** What the withdrawal's calls need: the database, the shop's address and identity for the e-mails, the mail nudge. */
export interface WithdrawalDeps {
  db: Database;
  publicUrl: string;
  settings: () => Promise<ShopSettings>;
  onMailQueued: () => void;
}

export interface Owner {
  email: string;
  name: string;
}

/** The account that bought the order, unless it was deleted (then nobody may act on it). */
export async function ownerOf(tx: Tx, order: Order): Promise<Owner | null> {
  const [owner] = await tx
    .select({ email: users.email, name: users.name, anonymisedAt: users.anonymisedAt })
    .from(users)
    .where(eq(users.id, order.userId));
  return owner && !owner.anonymisedAt ? { email: owner.email, name: owner.name } : null;
}

/** The signed-in owner's order (locked when about to write); anyone else's is the same 404 as an unknown one. */
export async function ownedOrder(tx: Tx, orderId: number, userId: number, lock: boolean) {
  const order = lock ? await lockOrder(tx, orderId) : (await tx.select().from(orders).where(eq(orders.id, orderId)))[0];
  const owner = order && order.userId === userId ? await ownerOf(tx, order) : null;
  if (!order || !owner) throw new NotFoundError(M.orderNotFound);
  return { order, owner };
}

export interface Chosen {
  line: LineState;
  quantity: number;
}

/** The chosen units, checked against what was bought and what other returns already hold. */
export function chooseUnits(lines: LineState[], items: WithdrawalBody["items"]): Chosen[] {
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

/** Every unit not yet in another request: what a public declaration covers until the owner narrows it. */
export const everyFreeUnit = (lines: LineState[]): Chosen[] =>
  lines.filter((l) => l.quantity > l.returned).map((line) => ({ line, quantity: line.quantity - line.returned }));

/**
 * The refund: what was paid for the units chosen and, on a full withdrawal, the standard delivery but not the
 * next-day supplement (Decreto-Lei 24/2014 art. 12.º 1 and 3): refunds.ts' withdrawalRefund (issue 20).
 */
export function refundOf(order: Order, lines: LineState[], chosen: Chosen[]) {
  const { refundCents, includesDelivery } = withdrawalRefund(order, lines, chosen);
  return { refundCents, includesDelivery };
}

/** The refund's IBAN when the order was paid by Multibanco or Payshop (checked), null for MB WAY. */
export function refundIban(method: Parameters<typeof needsIban>[0], iban: string | undefined): string | null {
  if (!needsIban(method)) return null;
  if (!iban) throw new BadRequestError(M.ibanRequired);
  if (!isValidPtIban(iban)) throw new BadRequestError(IBAN_MESSAGE);
  return normaliseIban(iban);
}

/** The request's lines become exactly `chosen` (a correction replaces them). */
/** A new return with its units (whoever files it: the owner, the public form, the admin). */
export async function fileReturn(tx: Tx, values: typeof returns.$inferInsert, chosen: Chosen[]) {
  const [row] = await tx.insert(returns).values(values).returning();
  await writeReturnLines(tx, row!.id, chosen);
  return row!;
}

export async function writeReturnLines(tx: Tx, returnId: number, chosen: Chosen[]) {
  await tx.delete(returnLines).where(eq(returnLines.returnId, returnId));
  await tx.insert(returnLines).values(chosen.map((c) => ({ returnId, orderLineId: c.line.id, quantity: c.quantity })));
}

export const unitsText = (n: number) => `${n} ${n === 1 ? "artigo" : "artigos"}`;
export const unitsOf = (chosen: Chosen[]) => chosen.reduce((n, c) => n + c.quantity, 0);

/** The chosen units as the e-mails list them. */
export const mailLinesOf = (chosen: Chosen[]) =>
  chosen.map((c) => ({
    name: c.line.name,
    color: c.line.color,
    size: c.line.size,
    quantity: c.quantity,
    cents: c.line.unitPriceCents * c.quantity,
  }));

/** Where the items go back: the shop's legal name and address. */
export const returnAddressOf = (identity: ShopSettings["identity"]) => ({
  name: identity.legalName,
  address: identity.address,
  postalCode: identity.postalCode,
  city: identity.city,
});

/** The shopper's e-mail queued in the transaction, with the timeline's 'E-mail ao cliente' event. */
export async function queueShopperMail(tx: Tx, orderId: number, mail: OutgoingMail) {
  const outboxId = await enqueueMail(tx, mail);
  await recordOrderEvent(tx, {
    orderId,
    kind: "email",
    actor: "system",
    message: `E-mail ao cliente: ${mail.subject}`,
    data: { outbox_id: outboxId, mail_kind: mail.kind },
  });
}
