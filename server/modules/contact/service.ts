import { and, count, desc, eq, ilike, isNull, or, sql } from "drizzle-orm";
import type { Database } from "#server/core/db/client.ts";
import { likeContains } from "#server/core/zod.ts";
import { contactMessages } from "./schema.ts";
import { NotFoundError, TooManyRequestsError } from "#server/core/errors.ts";
import type { RateLimiter } from "#server/core/rate-limit.ts";
import { enqueueMail } from "#server/core/mail/outbox.ts";
import type { ShopSettings } from "#server/modules/settings/schemas.ts";
import { contactMail } from "./mails.ts";
import { CONTACT_MESSAGES as M } from "./rules.ts";
import type {
  ContactBody,
  ContactMessageItem,
  ContactMessagesQuery,
  ContactResponse,
  HandledResponse,
} from "./schemas.ts";

/*
 * The contact form (/contato) and the admin's 'Mensagens' (/mensagens). A message is one transaction: the
 * contact_messages row and its e-mail to the shop's contact address (settings, read when the message arrives, so a
 * changed address applies to the next one), with Reply-To the shopper. Bounded per address and per e-mail.
 */

const MINUTE = 60_000;
/** 5 messages per 10 minutes from one address, and as many from one e-mail: enough for people, not for a flood. */
export const CONTACT_RATE = { max: 5, windowMs: 10 * MINUTE } as const;

type Row = typeof contactMessages.$inferSelect;

function toItem(row: Row): ContactMessageItem {
  return {
    id: row.id,
    nome: row.name,
    email: row.email,
    mensagem: row.message,
    created_at: row.createdAt.toISOString(),
    handled_at: row.handledAt?.toISOString() ?? null,
  };
}

export interface ContactDeps {
  db: Database;
  limiter: RateLimiter;
  /** The shop's settings of now (the contact address). */
  settings: () => Promise<ShopSettings>;
  onMailQueued: () => void;
}

export interface ContactService {
  /** POST /api/contact: stores the message and queues its e-mail to the shop; `ip` bounds the sender. */
  send(body: ContactBody, from: { ip: string }): Promise<ContactResponse>;
  /** GET /api/contact/messages: a page, newest first. */
  list(query: ContactMessagesQuery): Promise<{ items: ContactMessageItem[]; total: number }>;
  /** POST /api/contact/messages/:id/handled: 'Marcar como tratada'; a second time keeps the first instant. */
  markHandled(id: number): Promise<HandledResponse>;
}

export function createContactService(deps: ContactDeps): ContactService {
  return {
    send: (body, from) => sendContactMessage(deps, body, from),
    list: (query) => listContactMessages(deps.db, query),
    markHandled: (id) => markContactMessageHandled(deps.db, id),
  };
}

export async function sendContactMessage(
  deps: ContactDeps,
  body: ContactBody,
  from: { ip: string },
): Promise<ContactResponse> {
  const { db, limiter } = deps;
  await limiter.hit(`contact:ip:${from.ip}`, CONTACT_RATE.max, CONTACT_RATE.windowMs).catch(tooMany);
  await limiter
    .hit(`contact:email:${body.email.toLowerCase()}`, CONTACT_RATE.max, CONTACT_RATE.windowMs)
    .catch(tooMany);
  // A robot filled the hidden field: it reads the same answer, and nothing is stored or sent.
  if (body.website) return { success: true, message: M.sent };

  const { identity } = await deps.settings();
  await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contactMessages)
      .values({ name: body.nome, email: body.email, message: body.mensagem })
      .returning();
    await enqueueMail(
      tx,
      contactMail({
        to: identity.email,
        messageId: row!.id,
        name: row!.name,
        email: row!.email,
        message: row!.message,
        receivedAt: row!.createdAt,
      }),
    );
  });
  deps.onMailQueued();
  return { success: true, message: M.sent };
}

export async function listContactMessages(
  db: Database,
  query: ContactMessagesQuery,
): Promise<{ items: ContactMessageItem[]; total: number }> {
  // `search`: a part of the name, e-mail or message (the messages are few next to orders: a scan is fine).
  const pattern = query.search ? likeContains(query.search) : null;
  const where = pattern
    ? or(
        ilike(contactMessages.name, pattern),
        ilike(contactMessages.email, pattern),
        ilike(contactMessages.message, pattern),
      )
    : undefined;
  const [rows, [all]] = await Promise.all([
    db
      .select()
      .from(contactMessages)
      .where(where)
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ n: count() }).from(contactMessages).where(where),
  ]);
  return { items: rows.map(toItem), total: all?.n ?? 0 };
}

export async function markContactMessageHandled(db: Database, id: number): Promise<HandledResponse> {
  const [updated] = await db
    .update(contactMessages)
    .set({ handledAt: sql`now()` })
    .where(and(eq(contactMessages.id, id), isNull(contactMessages.handledAt)))
    .returning();
  const row = updated ?? (await db.select().from(contactMessages).where(eq(contactMessages.id, id)))[0];
  if (!row) throw new NotFoundError(M.notFound);
  return { success: true, message: M.handled, contact_message: toItem(row) };
}

/** The limiter's 429 with the contact form's own text (same wait). */
function tooMany(error: unknown): never {
  if (error instanceof TooManyRequestsError) throw new TooManyRequestsError(M.tooMany, error.retryAfterSeconds);
  throw error;
}
