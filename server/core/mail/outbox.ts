import { emailOutbox } from "#server/core/db/schema.ts";
import type { Database } from "#server/core/db/client.ts";

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Where answers go, when not to the shop's sender (the contact form: the shopper who wrote). */
  replyTo?: string;
  /** What the mail is about, e.g. "verify-email", "order-confirmation". */
  kind: string;
  /** Mails with the same key are sent at most once. */
  dedupeKey?: string;
}

/** Anything that can run an insert: the database or a transaction. */
export type Executor = Pick<Database, "insert">;

/**
 * Writes a mail to the outbox. Call it inside the transaction that caused the mail,
 * so the mail exists exactly when the change does; the mail worker delivers it.
 * Returns the outbox id, or null when a mail with the same dedupe key already exists.
 */
export async function enqueueMail(db: Executor, mail: OutgoingMail): Promise<number | null> {
  const [row] = await db
    .insert(emailOutbox)
    .values({
      toAddress: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html ?? null,
      replyTo: mail.replyTo ?? null,
      kind: mail.kind,
      dedupeKey: mail.dedupeKey ?? null,
    })
    .onConflictDoNothing({ target: emailOutbox.dedupeKey })
    .returning({ id: emailOutbox.id });
  return row?.id ?? null;
}
