// Starts the built shop for the browser tests on its own DATA_DIR (set by scripts/e2e.ts).
import { freePort } from "#tests/support/global-setup.ts";

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
// Certified invoices as in production, through the local InvoiceXpress stand-in (it checks every request's shape).
const { startInvoiceXpressStandIn } = await import("#tests/standins/invoicing/invoicexpress.ts");
const invoicing = await startInvoiceXpressStandIn();
Object.assign(process.env, {
  INVOICE_PROVIDER: "invoicexpress",
  INVOICEXPRESS_ACCOUNT: invoicing.account,
  INVOICEXPRESS_API_KEY: invoicing.apiKey,
  INVOICEXPRESS_BASE_URL: invoicing.url,
});
const { main } = await import("#server/main.ts");
await main();
