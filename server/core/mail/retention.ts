import { readdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import { and, inArray, lt, or, sql } from "drizzle-orm";
import type { Database, Tx } from "#server/core/db/client.ts";
import { emailOutbox } from "#server/core/db/schema.ts";

/*
 * What the outbox keeps of mail already sent (decision 0012, addendum of issue 20): the copies name shoppers and
 * carry their addresses, phones and IBANs, so they do not outlive their use.
 *  - Sent (and given-up) messages are deleted MAIL_RETENTION_DAYS after they left (the mail.purge job, daily).
 *    Pending ones never: they have not been delivered yet. A purged row's dedupe key goes with it; every mail that
 *    is sent at most once is queued by an event that happens once, long before the retention ends.
 *  - A deleted account's messages (to its address, or answered to it: a contact message's Reply-To) are deleted
 *    with the account, in its transaction.
 *  - Without SMTP_URL every message is also a .eml file under DATA_DIR/mail (transport.ts, named
 *    "<time>-<outbox id>-<kind>.eml"): the files of the rows deleted go too, and the daily purge removes any file
 *    older than the retention or whose row is gone.
 */

/** The outbox id in a .eml file's name (transport.ts: `${stamp}-${id}-${kind}.eml`, the stamp ending in Z). */
function outboxIdOf(file: string): number | null {
  const m = /Z-(\d+)-[^/]*\.eml$/.exec(file);
  return m ? Number(m[1]) : null;
}

/** Deletes the .eml copies of these outbox rows (no error when there are none or the directory is missing). */
export async function eraseMailFiles(mailDir: string, outboxIds: readonly number[]): Promise<number> {
  if (outboxIds.length === 0) return 0;
  const ids = new Set(outboxIds);
  let removed = 0;
  for (const file of await listEml(mailDir)) {
    const id = outboxIdOf(file);
    if (id !== null && ids.has(id)) {
      await rm(path.join(mailDir, file), { force: true });
      removed++;
    }
  }
  return removed;
}

async function listEml(mailDir: string): Promise<string[]> {
  try {
    return (await readdir(mailDir)).filter((f) => f.endsWith(".eml"));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
}

/**
 * An account is erased: every outbox message to its address or with it as Reply-To, whatever its status, is
 * deleted (addresses compared without case). Returns the rows' ids, for eraseMailFiles once the transaction commits.
 */
export async function eraseMailTo(tx: Tx, address: string): Promise<number[]> {
  const lower = address.trim().toLowerCase();
  const rows = await tx
    .delete(emailOutbox)
    .where(
      or(sql`lower(${emailOutbox.toAddress}) = ${lower}`, sql`lower(coalesce(${emailOutbox.replyTo}, '')) = ${lower}`),
    )
    .returning({ id: emailOutbox.id });
  return rows.map((r) => r.id);
}

/**
 * The daily purge: sent and failed messages older than `retentionDays` (since they were sent, or queued for a
 * failed one) are deleted, and so are their .eml copies and any copy older than that or without its row.
 */
export async function purgeOldMail(
  db: Database,
  opts: { retentionDays: number; mailDir: string },
): Promise<{ messages: number; files: number }> {
  const rows = await db
    .delete(emailOutbox)
    .where(
      and(
        inArray(emailOutbox.status, ["sent", "failed"]),
        lt(
          sql`coalesce(${emailOutbox.sentAt}, ${emailOutbox.createdAt})`,
          sql`now() - make_interval(days => ${opts.retentionDays})`,
        ),
      ),
    )
    .returning({ id: emailOutbox.id });
  const files = await listEml(opts.mailDir);
  if (files.length === 0) return { messages: rows.length, files: 0 };
  const named = files.map(outboxIdOf).filter((id): id is number => id !== null);
  const kept = new Set<number>();
  for (let i = 0; i < named.length; i += 1000) {
    const slice = named.slice(i, i + 1000);
    const found = await db.select({ id: emailOutbox.id }).from(emailOutbox).where(inArray(emailOutbox.id, slice));
    for (const r of found) kept.add(r.id);
  }
  const cutoff = Date.now() - opts.retentionDays * 24 * 3600_000;
  let removed = 0;
  for (const file of files) {
    const id = outboxIdOf(file);
    const full = path.join(opts.mailDir, file);
    const old = (await stat(full).catch(() => null))?.mtimeMs ?? Infinity;
    if ((id !== null && !kept.has(id)) || old < cutoff) {
      await rm(full, { force: true });
      removed++;
    }
  }
  return { messages: rows.length, files: removed };
}
