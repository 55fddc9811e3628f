import { buildApp } from "./app.ts";
import { ConfigError, loadConfig, type Config } from "#server/core/config.ts";
import { createDatabase, type Database } from "#server/core/db/client.ts";
import { setTimeout as sleep } from "node:timers/promises";
import {
  runningEmbeddedUrl,
  shutdownHandledByCaller,
  startEmbeddedPostgres,
  type EmbeddedDatabase,
} from "#server/core/db/embedded.ts";
import { DataDirLockedError, lockDataDir } from "#server/core/db/lock.ts";
import { runMigrations } from "#server/core/db/migrate.ts";
import { startJobs, type Jobs } from "#server/jobs/boss.ts";
import { ensureFirstAdmin } from "#server/seed/bootstrap.ts";
import { seedDemoCatalog } from "#server/seed/demo.ts";
import { createServices } from "./services.ts";
import { createLogger, type Logger } from "#server/core/log.ts";
import { listenAndRecord } from "#server/http/listen.ts";

export interface Runtime {
  config: Config;
  db: Database;
  close(): Promise<void>;
}

/**
 * Opens the database the configuration names (or starts the embedded one), migrates it,
 * and returns it with a close() that undoes everything in reverse order.
 * Shared by the server and the command-line tools.
 */
export async function openDatabase(
  config: Config,
  logger: Logger,
  opts: { shareRunning?: boolean } = {},
): Promise<Runtime> {
  let release = () => {};
  let embedded: EmbeddedDatabase | undefined;
  let url = config.databaseUrl ?? (opts.shareRunning ? runningEmbeddedUrl(config.dataDir) : undefined);
  if (!url) {
    release = lockDataDir(config.dataDir);
    try {
      embedded = await startEmbeddedPostgres({
        dataDir: config.dataDir,
        port: config.embeddedPgPort,
        logger,
        // A postmaster that stopped on its own and cannot be started again: stop with the reason (status 1).
        onFatal: (error) => {
          logger.fatal(error.message);
          release();
          process.exit(1);
        },
      });
    } catch (error) {
      release();
      throw error;
    }
    url = embedded.url;
  }
  const db = createDatabase(url, { max: config.databasePoolMax });
  await runMigrations(db);
  return {
    config,
    db,
    async close() {
      await db.$client.end().catch(() => {});
      await embedded?.stop();
      release();
    },
  };
}

export async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  }
  const dev = config.env === "development";
  const logger = createLogger({ level: config.logLevel, pretty: dev });

  let runtime: Runtime;
  try {
    runtime = await openDatabase(config, logger);
  } catch (error) {
    logger.fatal(error instanceof DataDirLockedError ? error.message : { err: error }, "could not open the database");
    process.exit(1);
  }

  const jobsRef: { current?: Jobs } = {};
  // Every paid order (and refund) queues an e-mail in the transaction that queued its document: one nudge wakes both.
  const services = createServices({
    config,
    db: runtime.db,
    onMailQueued: () => {
      jobsRef.current?.nudgeMail();
      jobsRef.current?.nudgeInvoices();
    },
    onInvoiceQueued: () => jobsRef.current?.nudgeInvoices(),
  });
  const jobs = await startJobs({
    db: runtime.db,
    config,
    logger,
    expirePayments: () => services.payments.expireDue(),
    remindPayments: () => services.paymentReminders.sendDue(),
    mailShop: async () => (await services.settings.get()).identity,
    invoices: services.invoicing,
    beforeMailDrain: () => services.accounts.links.processPending(),
  });
  jobsRef.current = jobs;
  const print = (line: string) => process.stdout.write(line + "\n");
  await ensureFirstAdmin(services, config, print);
  if (!config.databaseUrl && config.demoData) {
    const seeded = await seedDemoCatalog(runtime.db, services.pictures);
    if (seeded) logger.info("Loaded the demo catalogue");
  }

  let draining = false;
  const app = await buildApp({
    config,
    services,
    web: dev ? "development" : "production",
    loggerInstance: logger,
    draining: () => draining,
  });
  // While draining, every answer closes its connection: the client (or balancer) opens its next one elsewhere.
  app.server.prependListener("request", (_request, response) => {
    if (draining) response.setHeader("connection", "close");
  });
  let forgetAddress = () => {};
  /*
   * SIGTERM/SIGINT stop the shop in order: /healthz answers 503 at once and, for SHUTDOWN_DRAIN_MS, every request is
   * still served (a balancer's health check takes the instance out meanwhile); then the listener closes (idle
   * keep-alive sockets with it) and the requests in flight finish; then the jobs stop (a running one finishes); the
   * log is flushed; the pool closes; the embedded PostgreSQL stops last.
   */
  const shutdown = async (signal: string) => {
    // `npm start` in a terminal gets Ctrl-C twice (from the terminal and forwarded by npm): one shutdown only.
    if (draining) return;
    draining = true;
    logger.info({ signal, drainMs: config.shutdownDrainMs }, "shutting down");
    forgetAddress();
    const force = setTimeout(() => {
      logger.error("shutdown took too long: exiting");
      process.exit(1);
    }, config.shutdownDrainMs + 25_000);
    force.unref();
    let code = 0;
    try {
      if (config.shutdownDrainMs > 0) await sleep(config.shutdownDrainMs);
      await app.close();
      await jobs.stop();
      logger.info("stopped serving and background jobs; closing the database");
      logger.flush();
      await runtime.close();
    } catch (error) {
      logger.error({ err: error }, "shutdown failed");
      code = 1;
    } finally {
      process.exit(code);
    }
  };
  shutdownHandledByCaller();
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));

  // Recorded under DATA_DIR, so `npm run payments:simulate` on the same DATA_DIR finds this instance.
  forgetAddress = (await listenAndRecord(app, config)).forget;
  print(`Loja ready on ${config.publicUrl} (listening on ${config.host}:${config.port})`);
}

if (import.meta.main) await main();
