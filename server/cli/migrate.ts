// npm run db:migrate — applies pending migrations (the server also does this at start).
import pino from "pino";
import { loadConfig } from "#server/core/config.ts";
import { openDatabase } from "#server/main.ts";

const runtime = await openDatabase(loadConfig(), pino({ level: "warn" }), { shareRunning: true });
await runtime.close();
console.log("Migrations applied.");
