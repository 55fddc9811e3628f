import type pino from "pino";
import type { Config } from "../config.ts";
import type { Database } from "../db/client.ts";

export interface Jobs {
  /** Wake the mail worker now (after a transaction that queued mail committed). */
  nudgeMail(): void;
  stop(): Promise<void>;
}

// Placeholder until the pg-boss worker lands (see server/mail).
export async function startJobs(_deps: { db: Database; config: Config; logger: pino.Logger }): Promise<Jobs> {
  return { nudgeMail() {}, async stop() {} };
}
