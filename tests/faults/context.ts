import type { Database } from "#server/core/db/client.ts";
import type { Auth, Buyer, Shop } from "./harness.ts";

/** What the drills share: one database, two shop processes on it, logged-in buyers. */
export interface FaultContext {
  db: Database;
  databaseUrl: string;
  /** The SMTP port every shop is configured with (the server may be up or down). */
  smtpPort: number;
  shops: [Shop, Shop];
  buyers: Buyer[];
  /** Per buyer: session headers for shops[0] and shops[1]. */
  auth: Map<number, [Auth, Auth]>;
  /** Initial stock of every variant seeded so far (the invariants are checked against it). */
  initial: Map<number, number>;
  /** Progress line, shown with the test output. */
  log(line: string): void;
}

export interface FaultTest {
  name: string;
  /** Hard limit for this test; the run fails it when exceeded. */
  timeoutMs: number;
  run(ctx: FaultContext): Promise<void>;
}
