import { and, asc, eq, lte, sql } from "drizzle-orm";
import type pino from "pino";
import type { Database } from "#server/core/db/client.ts";
import { emailOutbox } from "#server/core/db/schema.ts";
import { type MailShop, signMail } from "./signature.ts";
import type { MailTransport } from "./transport.ts";

/*
 * Delivery of the e-mail outbox.
 *
 * Each row is delivered in its own transaction that holds the row's lock while the mail is
 * handed to the relay:
 *
 *   begin
 *     select … where status = 'pending' and next_attempt_at <= now() … for update skip locked
 *     send (SMTP or .eml file)
 *     update … set status = 'sent' | attempts + 1, next_attempt_at = backoff | status = 'failed'
 *   commit
 *
 * Any number of workers (pg-boss jobs on several app instances, or concurrent drains in one
 * process) can run this at once: "skip locked" hands each row to exactly one of them, and a
 * row whose status is 'sent' is never selected again, so a committed delivery is never repeated.
 *
 * At-least-once, not exactly-once: if the process dies, or the database connection drops,
 * after the relay accepted the mail but before the commit, the transaction rolls back, the row
 * is still 'pending' and the mail is sent again on the next drain. SMTP offers no way to close
 * that window; the stable Message-ID lets mail clients recognise the duplicate. The window is
 * one round trip wide, and losing a mail is worse than sending it twice.
 */

/** After this many failed attempts a row is marked 'failed' and left alone. */
export const MAX_ATTEMPTS = 12;
/** Default first delay (MAIL_RETRY_BASE_MS). */
export const DEFAULT_RETRY_BASE_MS = 5_000;
const MAX_DELAY_SECONDS = 60 * 60;
const MAX_ERROR_LENGTH = 1000;

/** Seconds to wait after the n-th failed attempt (n >= 1): base, 2 × base, 4 × base, … capped at 1 h. */
export function backoffSeconds(failedAttempts: number, baseMs: number): number {
  return Math.min((baseMs / 1000) * 2 ** Math.max(0, failedAttempts - 1), MAX_DELAY_SECONDS);
}

/** With the default base: 5 s, 10 s, 20 s, … capped at 1 h. */
export function retryDelaySeconds(failedAttempts: number): number {
  return backoffSeconds(failedAttempts, DEFAULT_RETRY_BASE_MS);
}

export type DeliveryOutcome = "sent" | "retry" | "failed";

export interface Delivery {
  id: number;
  outcome: DeliveryOutcome;
  /**
   * The failure was not about this mail (relay unreachable, timeout, bad credentials, disk
   * full): the next rows would fail the same way, so the drain stops instead of spending
   * one attempt of every queued mail.
   */
  transportDown: boolean;
}

export interface DrainResult {
  sent: number;
  retried: number;
  failed: number;
  /** True when the drain stopped at maxRows (or was aborted) while more mail may be due. */
  more: boolean;
  /** True when the drain stopped because the transport is down; the rest waits for the next drain. */
  halted: boolean;
}

export interface DrainOptions {
  /** Rows delivered in parallel, each holding one database connection while it sends. Default 2. */
  concurrency?: number;
  /** Stop after this many rows so one call cannot run forever; the caller drains again. Default 500. */
  maxRows?: number;
  /** Stops the drain between two mails (a mail being sent is finished). */
  signal?: AbortSignal;
  /** First delay of the retry backoff. Default DEFAULT_RETRY_BASE_MS. */
  retryBaseMs?: number;
  /** The shop's identity (settings, read once per drain): sender name and signature of every mail (signature.ts). */
  shop?: () => Promise<MailShop>;
}

type Logger = Pick<pino.Logger, "info" | "warn" | "error" | "debug">;

/**
 * Delivers the oldest due row, if any. Returns what happened to it, or null when no row is due
 * (or every due row is being delivered by someone else right now).
 */
export async function deliverNext(
  db: Database,
  transport: MailTransport,
  logger: Logger,
  options: { retryBaseMs?: number; shop?: MailShop } = {},
): Promise<Delivery | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.status, "pending"), lte(emailOutbox.nextAttemptAt, sql`now()`)))
      .orderBy(asc(emailOutbox.id))
      .limit(1)
      .for("update", { skipLocked: true });
    if (!row) return null;

    try {
      const message = {
        from: transport.from,
        to: row.toAddress,
        subject: row.subject,
        text: row.text,
        ...(row.html !== null ? { html: row.html } : {}),
        ...(row.replyTo !== null ? { replyTo: row.replyTo } : {}),
        messageId: messageIdFor(row.id, row.createdAt, transport.from),
        outboxId: row.id,
        kind: row.kind,
      };
      await transport.send(options.shop ? signMail(message, options.shop) : message);
    } catch (error) {
      const attempts = row.attempts + 1;
      const lastError = describeError(error);
      const transportDown = !isAboutThisMessage(error);
      const giveUp = attempts >= MAX_ATTEMPTS || isPermanent(error);
      if (giveUp) {
        await tx.update(emailOutbox).set({ status: "failed", attempts, lastError }).where(eq(emailOutbox.id, row.id));
        logger.error({ outboxId: row.id, kind: row.kind, attempts, error: lastError }, "mail delivery failed for good");
        return { id: row.id, outcome: "failed" as const, transportDown };
      }
      const delay = backoffSeconds(attempts, options.retryBaseMs ?? DEFAULT_RETRY_BASE_MS);
      await tx
        .update(emailOutbox)
        .set({ attempts, lastError, nextAttemptAt: sql`now() + make_interval(secs => ${delay})` })
        .where(eq(emailOutbox.id, row.id));
      logger.warn(
        { outboxId: row.id, kind: row.kind, attempts, retryInSeconds: delay, error: lastError },
        "mail delivery failed, will retry",
      );
      return { id: row.id, outcome: "retry" as const, transportDown };
    }

    // attempts counts every attempt, the successful one included; last_error keeps the
    // reason of the previous failure, if there was one.
    await tx
      .update(emailOutbox)
      .set({ status: "sent", sentAt: sql`now()`, attempts: row.attempts + 1 })
      .where(eq(emailOutbox.id, row.id));
    logger.info({ outboxId: row.id, kind: row.kind, via: transport.kind }, "mail sent");
    return { id: row.id, outcome: "sent" as const, transportDown: false };
  });
}

/**
 * Delivers every due row, `concurrency` rows at a time: each lane takes the next due row until
 * none is left (a row that fails gets a next_attempt_at in the future, so no lane picks it up
 * twice in one drain). Stops early when the transport is down.
 * Used by the periodic / nudged pg-boss job, and directly by tests.
 */
export async function drainOutbox(
  db: Database,
  transport: MailTransport,
  logger: Logger,
  options: DrainOptions = {},
): Promise<DrainResult> {
  const { concurrency = 2, maxRows = 500, signal, retryBaseMs } = options;
  const result: DrainResult = { sent: 0, retried: 0, failed: 0, more: false, halted: false };
  const shop = options.shop ? await options.shop() : undefined;
  let claimed = 0;
  const lane = async () => {
    while (!result.halted) {
      if (signal?.aborted || claimed >= maxRows) {
        result.more = true;
        return;
      }
      claimed++;
      const delivery = await deliverNext(db, transport, logger, { retryBaseMs, shop });
      if (!delivery) {
        claimed--;
        return;
      }
      if (delivery.outcome === "sent") result.sent++;
      else if (delivery.outcome === "retry") result.retried++;
      else result.failed++;
      if (delivery.transportDown) result.halted = true;
    }
  };
  const lanes = await Promise.allSettled(Array.from({ length: Math.max(1, concurrency) }, lane));
  const rejected = lanes.find((l): l is PromiseRejectedResult => l.status === "rejected");
  if (rejected) throw rejected.reason;
  if (result.sent + result.retried + result.failed > 0) logger.debug({ ...result }, "mail outbox drained");
  return result;
}

/** Milliseconds until the earliest pending row is due (0 if one is due now), or null when none is pending. */
export async function nextRetryInMs(db: Database): Promise<number | null> {
  const [row] = await db
    .select({ ms: sql<number | null>`(extract(epoch from min(${emailOutbox.nextAttemptAt}) - now()) * 1000)::float8` })
    .from(emailOutbox)
    .where(eq(emailOutbox.status, "pending"));
  const ms = row?.ms;
  return ms === null || ms === undefined ? null : Math.max(0, Math.ceil(ms));
}

/** "<loja-outbox-42-1718000000000@loja.local>": the same for every attempt of one row. */
function messageIdFor(id: number, createdAt: Date, from: string): string {
  const domain = /@([A-Za-z0-9.-]+)/.exec(from)?.[1] ?? "loja.local";
  return `<loja-outbox-${id}-${createdAt.getTime()}@${domain}>`;
}

function describeError(error: unknown): string {
  let text: string;
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    text = typeof code === "string" ? `${code}: ${error.message}` : error.message;
  } else {
    text = String(error);
  }
  text = text.replaceAll("\u0000", "");
  return text.length > MAX_ERROR_LENGTH ? text.slice(0, MAX_ERROR_LENGTH - 1) + "…" : text;
}

/** SMTP errors nodemailer raises for one message: the recipient or the message itself was refused. */
function isAboutThisMessage(error: unknown): boolean {
  const code = (error as { code?: unknown })?.code;
  return code === "EENVELOPE" || code === "EMESSAGE";
}

/**
 * The relay refused the recipient with a 5xx reply: the address does not exist, retrying
 * will not change that. Everything else (refused connection, timeouts, 4xx, bad credentials
 * an operator can fix) is retried.
 */
function isPermanent(error: unknown): boolean {
  const e = error as { code?: unknown; responseCode?: unknown };
  return e?.code === "EENVELOPE" && typeof e.responseCode === "number" && e.responseCode >= 500 && e.responseCode < 600;
}
