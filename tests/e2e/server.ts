// Starts the built shop for the browser tests on its own DATA_DIR (set by scripts/e2e.ts).
import { freePort } from "../support/global-setup.ts";

const dataDir = process.env.E2E_DATA_DIR;
if (!dataDir) throw new Error("E2E_DATA_DIR is not set; run the browser tests with `npm run test:e2e`");
Object.assign(process.env, {
  NODE_ENV: "production",
  DATA_DIR: dataDir,
  PORT: process.env.E2E_PORT ?? "3111",
  HOST: "127.0.0.1",
  EMBEDDED_PG_PORT: String(await freePort()),
  ADMIN_EMAIL: "admin@e2e.loja.pt",
  ADMIN_PASSWORD: "admin-e2e-123",
  LOG_LEVEL: "warn",
});
const { main } = await import("#server/main.ts");
await main();
