// npm run uploads:copy -- --from local --to s3 [--verify-only]
// Copies every picture from one picture storage to another (local = DATA_DIR/uploads, s3 = S3_*, postgres =
// the shop's database), then verifies the destination by count and SHA-256 against the source. Exit codes:
// 0 copied and verified, 1 the verification failed (the pictures concerned are listed), 2 bad arguments or settings.
// Run it with the shop's environment (DATA_DIR, DATABASE_URL, S3_*); it joins a running embedded PostgreSQL.
import pino from "pino";
import { ConfigError, loadConfig } from "#server/core/config.ts";
import { copyCheckPassed, copyPictures, describeCopyCheck, verifyCopy } from "#server/core/storage/copy.ts";
import { createPictureStorage } from "#server/core/storage/create.ts";
import type { StorageDriverName } from "#server/core/storage/storage.ts";
import type { Runtime } from "#server/main.ts";
import { parseCliArgs } from "./args.ts";

const DRIVERS: readonly StorageDriverName[] = ["local", "s3", "postgres"];
const USAGE = "Usage: npm run uploads:copy -- --from <local|s3|postgres> --to <local|s3|postgres> [--verify-only]";

function fail(code: number, ...lines: string[]): never {
  for (const line of lines) console.error(line);
  process.exit(code);
}

let args: { from?: string; to?: string; "verify-only"?: boolean };
try {
  args = parseCliArgs({ from: { type: "string" }, to: { type: "string" }, "verify-only": { type: "boolean" } });
} catch (error) {
  fail(2, (error as Error).message, USAGE);
}
const from = args.from as StorageDriverName;
const to = args.to as StorageDriverName;
if (!DRIVERS.includes(from) || !DRIVERS.includes(to) || from === to) fail(2, USAGE);

let config;
try {
  config = loadConfig();
} catch (error) {
  fail(2, error instanceof ConfigError ? error.message : String(error));
}
if ((from === "s3" || to === "s3") && !config.uploads.s3) fail(2, "The s3 side needs S3_BUCKET (and S3_ENDPOINT…).");

let runtime: Runtime | undefined;
if (from === "postgres" || to === "postgres") {
  // Loaded only here: the shop's start-up module (and all it imports) is needed for the database side only.
  const { openDatabase } = await import("#server/main.ts");
  runtime = await openDatabase(config, pino({ level: "warn" }), { shareRunning: true });
}
const db = runtime?.db;
const source = createPictureStorage(config.uploads, { db }, from);
const destination = createPictureStorage(config.uploads, { db }, to);

let exitCode = 0;
try {
  if (!args["verify-only"]) {
    let shown = 0;
    const copied = await copyPictures(source, destination, (done, total) => {
      if (done === total || done - shown >= 100) {
        shown = done;
        console.log(`Copied ${done} of ${total} pictures…`);
      }
    });
    console.log(`Copied ${copied} pictures from ${from} to ${to}. Verifying…`);
  }
  const check = await verifyCopy(source, destination);
  const lines = describeCopyCheck(check, from, to);
  if (copyCheckPassed(check)) {
    for (const line of lines) console.log(line);
  } else {
    for (const line of lines) console.error(line);
    exitCode = 1;
  }
} catch (error) {
  console.error(`Copy stopped: ${(error as Error).message}`);
  const cause = (error as Error).cause;
  if (cause instanceof Error) console.error(`  ${cause.message}`);
  exitCode = 1;
} finally {
  await Promise.all([source.close(), destination.close()]);
  await runtime?.close();
}
process.exit(exitCode);
