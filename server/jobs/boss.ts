import { PgBoss } from "pg-boss";
import type pino from "pino";
import type { Config } from "#server/core/config.ts";
import type { Database } from "#server/core/db/client.ts";
import type { MailShop } from "#server/core/mail/signature.ts";
import { createMailTransport } from "#server/core/mail/transport.ts";
import { drainOutbox, nextRetryInMs } from "#server/core/mail/worker.ts";
import { purgeOldMail } from "#server/core/mail/retention.ts";
import { SHOP_TIME_ZONE } from "#server/core/time.ts";
import path from "node:path";
import { cleanupExpired } from "./maintenance.ts";

export interface Jobs {
  /** Wake the mail worker now (after a transaction that queued mail committed). */
  nudgeMail(): void;
  /** Wake the invoicing job now (after a payment or refund that queued a document committed). */
  nudgeInvoices(): void;
  stop(): Promise<void>;
}

export const MAIL_DRAIN = "mail.drain";
export const MAINTENANCE_CLEANUP = "maintenance.cleanup";
/** Deletes sent e-mails (and their .eml copies) older than MAIL_RETENTION_DAYS: daily (core/mail/retention.ts). */
export const MAIL_PURGE = "mail.purge";

/** Nudges within this window become one drain job. */
const NUDGE_COALESCE_MS = 200;
/** Beyond this the minutely cron drains anyway. */
const RETRY_TIMER_MAX_MS = 60_000;
/** stop() waits this long for running jobs before pg-boss gives up on them. */
const STOP_TIMEOUT_MS = 10_000;
/** The queues of the cron sweeps (cleanup, expiry, reminders): a failed run is not retried, the next tick runs again. */
const SCHEDULED_QUEUE = {
  policy: "short",
  retryLimit: 0,
  expireInSeconds: 10 * 60,
  deleteAfterSeconds: 24 * 60 * 60,
} as const;

/**
 * Background work on pg-boss, in the shop's own database (schema "pgboss"):
 *
 * - mail.drain: delivers the e-mail outbox. Runs every minute (cron), whenever nudgeMail()
 *   is called, and when the earliest failed mail's retry is due (a local timer, so a relay that
 *   comes back is used within the backoff — MAIL_RETRY_BASE_MS doubled per attempt — rather
 *   than at the next minute). The queue's "short" policy keeps at most one drain job waiting,
 *   so a burst of nudges (from this or any other instance) collapses into one job; the drain
 *   itself takes rows with "for update skip locked", so several instances never send the same mail.
 * - maintenance.cleanup: every 15 minutes, deletes expired sessions and rate-limit windows.
 * - mail.purge: daily at 03:17 Lisbon time, deletes sent e-mails and their .eml copies older than
 *   MAIL_RETENTION_DAYS (core/mail/retention.ts).
 *
 * pg-boss runs its queries through the application's pool (no pool of its own), and the
 * mail worker sends with at most two connections at a time.
 */
export const PAYMENTS_EXPIRE = "payments.expire";
/** The reminder one day before a Multibanco/Payshop reference expires (payments/reminders.ts). */
export const PAYMENTS_REMIND = "payments.remind";
/** Issues the queued invoices and credit notes (invoicing/job.ts): every minute, when nudged, and when a retry is due. */
export const INVOICES_ISSUE = "invoices.issue";

/** What the invoicing job needs from the invoicing service. */
export interface InvoiceJobs {
  issueDue(opts: { logger: pino.Logger }): Promise<{ issued: number; retried: number; failed: number; manual: number }>;
  nextDueInMs(): Promise<number | null>;
}

export async function startJobs(deps: {
  db: Database;
  config: Config;
  logger: pino.Logger;
  /** Expires unpaid orders past their validity and returns their stock (payments service). */
  expirePayments?: () => Promise<number>;
  /** Queues the reminders of references that expire within a day (payments/reminders.ts). */
  remindPayments?: () => Promise<number>;
  /** The shop's identity from its settings: every mail's sender name and signature (mail/signature.ts). */
  mailShop?: () => Promise<MailShop>;
  /** Issues the queued invoices and credit notes (invoicing service). */
  invoices?: InvoiceJobs;
  /** Runs before each outbox drain: queues the mails of the links asked for by address (accounts/account-links.ts). */
  beforeMailDrain?: () => Promise<unknown>;
}): Promise<Jobs> {
  const { db, config } = deps;
  const logger = deps.logger.child({ component: "jobs" });
  const transport = createMailTransport(config);
  const stopping = new AbortController();

  const boss = new PgBoss({
    db: { executeSql: (text, values) => db.$client.query(text, values) },
    schema: "pgboss",
  });
  boss.on("error", (err) => logger.error({ err }, "job queue error"));
  boss.on("warning", (warning) => logger.warn({ data: warning.data }, `job queue: ${warning.message}`));
  await boss.start();

  try {
    // retryLimit 0: a failed drain or cleanup is simply run again by the next tick.
    await boss.createQueue(MAIL_DRAIN, {
      policy: "short",
      retryLimit: 0,
      expireInSeconds: 15 * 60,
      deleteAfterSeconds: 60 * 60,
    });
    await boss.createQueue(MAINTENANCE_CLEANUP, SCHEDULED_QUEUE);
    await boss.createQueue(MAIL_PURGE, SCHEDULED_QUEUE);

    let nudgeTimer: NodeJS.Timeout | undefined;
    let retryTimer: NodeJS.Timeout | undefined;
    const mailWorker: { id?: string } = {};
    const sendNudge = async () => {
      nudgeTimer = undefined;
      if (stopping.signal.aborted) return;
      await boss.send(MAIL_DRAIN); // null when a drain job is already waiting: that one will do
      if (mailWorker.id) boss.notifyWorker(mailWorker.id); // fetch now instead of at the next poll
    };
    const nudge = () => {
      if (stopping.signal.aborted || nudgeTimer) return;
      nudgeTimer = setTimeout(() => {
        sendNudge().catch((err: unknown) => logger.warn({ err }, "could not queue a mail drain"));
      }, NUDGE_COALESCE_MS);
      nudgeTimer.unref();
    };
    const armRetry = async () => {
      const due = await nextRetryInMs(db);
      if (due === null || stopping.signal.aborted) return;
      // Rows left due now mean the relay is down: probe it again after the base delay, not at once.
      const delay = Math.min(Math.max(due, config.mailRetryBaseMs), RETRY_TIMER_MAX_MS);
      clearTimeout(retryTimer);
      retryTimer = setTimeout(() => {
        retryTimer = undefined;
        nudge();
      }, delay);
      retryTimer.unref();
    };

    const mailWorkerId = await boss.work(MAIL_DRAIN, { pollingIntervalSeconds: 2, batchSize: 1 }, async ([job]) => {
      const signal = job ? AbortSignal.any([job.signal, stopping.signal]) : stopping.signal;
      await deps.beforeMailDrain?.().catch((err: unknown) => logger.error({ err }, "link requests failed"));
      const result = await drainOutbox(db, transport, logger, {
        signal,
        retryBaseMs: config.mailRetryBaseMs,
        shop: deps.mailShop,
      }).catch((err: unknown) => {
        logger.error({ err }, "mail drain failed");
        throw err;
      });
      // A very long outbox is drained in slices, so shutdown and other instances get a turn.
      if (result.more && !stopping.signal.aborted) await boss.send(MAIL_DRAIN);
      else if (result.retried > 0 || result.halted)
        await armRetry().catch((err: unknown) => logger.warn({ err }, "could not plan the mail retry"));
      return { sent: result.sent, retried: result.retried, failed: result.failed };
    });
    mailWorker.id = mailWorkerId;
    await boss.work(MAIL_PURGE, { pollingIntervalSeconds: 60 }, async () => {
      const purged = await purgeOldMail(db, {
        retentionDays: config.mailRetentionDays,
        mailDir: path.join(config.dataDir, "mail"),
      }).catch((err: unknown) => {
        logger.error({ err }, "mail purge failed");
        throw err;
      });
      if (purged.messages || purged.files) logger.info(purged, "purged sent e-mails past their retention");
      return purged;
    });
    await boss.work(MAINTENANCE_CLEANUP, { pollingIntervalSeconds: 30 }, async () => {
      const removed = await cleanupExpired(db).catch((err: unknown) => {
        logger.error({ err }, "cleanup failed");
        throw err;
      });
      if (removed.sessions || removed.rateLimits) logger.info(removed, "removed expired sessions and rate limits");
      return removed;
    });

    if (deps.expirePayments) {
      const expire = deps.expirePayments;
      await boss.createQueue(PAYMENTS_EXPIRE, SCHEDULED_QUEUE);
      await boss.work(PAYMENTS_EXPIRE, { pollingIntervalSeconds: 15 }, async () => {
        const expired = await expire();
        if (expired) logger.info({ expired }, "expired unpaid orders and returned their stock");
        return { expired };
      });
      await boss.schedule(PAYMENTS_EXPIRE, "* * * * *");
    }
    if (deps.remindPayments) {
      const remind = deps.remindPayments;
      await boss.createQueue(PAYMENTS_REMIND, SCHEDULED_QUEUE);
      // Several instances may run it at once: reminders.ts takes each payment once (skip locked).
      await boss.work(PAYMENTS_REMIND, { pollingIntervalSeconds: 30 }, async () => {
        const reminded = await remind();
        if (reminded) logger.info({ reminded }, "queued payment reminders");
        return { reminded };
      });
      await boss.schedule(PAYMENTS_REMIND, "*/10 * * * *");
    }

    const invoiceJobs = await startInvoiceJobs(boss, deps.invoices, logger, stopping.signal);

    // schedule() is an upsert: every instance may call it, the cron fires once per tick.
    await boss.schedule(MAIL_DRAIN, "* * * * *");
    await boss.schedule(MAINTENANCE_CLEANUP, "*/15 * * * *");
    await boss.schedule(MAIL_PURGE, "17 3 * * *", null, { tz: SHOP_TIME_ZONE });

    // Mail queued before this start (or while no instance ran) goes out now, not in a minute.
    await boss.send(MAIL_DRAIN);
    boss.notifyWorker(mailWorkerId);
    logger.debug({ mail: transport.kind }, "background jobs started");

    return {
      nudgeMail: nudge,
      nudgeInvoices: invoiceJobs.nudge,
      async stop() {
        if (stopping.signal.aborted) return;
        stopping.abort(); // a running drain finishes the mail in hand and stops
        invoiceJobs.stop();
        clearTimeout(nudgeTimer);
        nudgeTimer = undefined;
        clearTimeout(retryTimer);
        retryTimer = undefined;
        await boss.stop({ graceful: true, timeout: STOP_TIMEOUT_MS });
        transport.close();
      },
    };
  } catch (error) {
    stopping.abort();
    await boss.stop({ graceful: false }).catch(() => {});
    transport.close();
    throw error;
  }
}

/**
 * invoices.issue: one job at a time per instance ("short" policy: at most one waiting), each run issues every due
 * document (claimed with skip locked, so instances share the work). After a run, a local timer wakes it when the
 * earliest retry is due (capped at a minute: the cron runs anyway).
 */
async function startInvoiceJobs(
  boss: PgBoss,
  invoices: InvoiceJobs | undefined,
  logger: pino.Logger,
  stopping: AbortSignal,
): Promise<{ nudge(): void; stop(): void }> {
  if (!invoices) return { nudge: () => {}, stop: () => {} };
  await boss.createQueue(INVOICES_ISSUE, {
    policy: "short",
    retryLimit: 0,
    expireInSeconds: 15 * 60,
    deleteAfterSeconds: 24 * 60 * 60,
  });
  let timer: NodeJS.Timeout | undefined;
  const worker: { id?: string } = {};
  const nudge = () => {
    if (stopping.aborted) return;
    boss
      .send(INVOICES_ISSUE)
      .then(() => worker.id && boss.notifyWorker(worker.id))
      .catch((err: unknown) => logger.warn({ err }, "could not queue the invoicing job"));
  };
  const arm = async () => {
    const due = await invoices.nextDueInMs();
    if (due === null || stopping.aborted) return;
    clearTimeout(timer);
    timer = setTimeout(nudge, Math.min(Math.max(due, 250), RETRY_TIMER_MAX_MS));
    timer.unref();
  };
  worker.id = await boss.work(INVOICES_ISSUE, { pollingIntervalSeconds: 5, batchSize: 1 }, async () => {
    const result = await invoices.issueDue({ logger }).catch((err: unknown) => {
      logger.error({ err }, "invoicing job failed");
      throw err;
    });
    if (result.issued || result.failed || result.retried) logger.info(result, "invoicing job");
    await arm().catch((err: unknown) => logger.warn({ err }, "could not plan the next invoicing run"));
    return result;
  });
  await boss.schedule(INVOICES_ISSUE, "* * * * *");
  nudge(); // documents queued while no instance ran
  return { nudge, stop: () => clearTimeout(timer) };
}
