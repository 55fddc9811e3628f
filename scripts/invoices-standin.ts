// npm run invoices:standin -- --provider invoicexpress|vendus [--port 4010] [--fault slow] [--slow-ms 20000]
// A local stand-in for the invoicing service (tests/standins/invoicing/) for manual runs and fault drills: it prints
// the environment variables that point the shop at it, logs each request, and switches fault mode when you type one
// on its standard input: `down`, `http500`, `slow`, `not_json`, `invalid` or `ok`, optionally followed by one
// endpoint (InvoiceXpress: create, change_state, list, pdf; Vendus: create, list, get). Ctrl+C stops it.
import { createInterface } from "node:readline";
import { parseArgs } from "node:util";
import { FAULT_MODES, type FaultMode } from "#tests/standins/invoicing/core.ts";
import { startInvoiceXpressStandIn } from "#tests/standins/invoicing/invoicexpress.ts";
import { startVendusStandIn } from "#tests/standins/invoicing/vendus.ts";

const USAGE =
  "Usage: npm run invoices:standin -- --provider invoicexpress|vendus [--port N] [--fault MODE] [--slow-ms MS]";

const { values: args } = parseArgs({
  options: {
    provider: { type: "string" },
    port: { type: "string", default: "0" },
    fault: { type: "string", default: "ok" },
    "slow-ms": { type: "string", default: "20000" },
  },
  allowPositionals: false,
  strict: true,
});

const isMode = (value: string): value is FaultMode => (FAULT_MODES as readonly string[]).includes(value);
const port = Number(args.port);
const slowMs = Number(args["slow-ms"]);
if (
  (args.provider !== "invoicexpress" && args.provider !== "vendus") ||
  !Number.isInteger(port) ||
  port < 0 ||
  port > 65535 ||
  !Number.isInteger(slowMs) ||
  slowMs < 0 ||
  !isMode(args.fault)
) {
  console.error(USAGE);
  console.error(`Fault modes: ${FAULT_MODES.join(", ")}.`);
  process.exit(2);
}

const log = (line: string) => console.log(`${new Date().toISOString()} ${line}`);
const standIn =
  args.provider === "invoicexpress"
    ? await startInvoiceXpressStandIn({ port, slowMs, onRequest: log })
    : await startVendusStandIn({ port, slowMs, onRequest: log });
await standIn.setMode(args.fault);

const env =
  "account" in standIn
    ? {
        INVOICE_PROVIDER: "invoicexpress",
        INVOICEXPRESS_ACCOUNT: standIn.account,
        INVOICEXPRESS_API_KEY: standIn.apiKey,
        INVOICEXPRESS_BASE_URL: standIn.url,
      }
    : {
        INVOICE_PROVIDER: "vendus",
        VENDUS_API_KEY: standIn.apiKey,
        VENDUS_PAYMENT_METHOD_ID: standIn.paymentMethodId,
        VENDUS_BASE_URL: standIn.url,
      };

console.log(`${args.provider} stand-in listening on ${standIn.url} (fault mode: ${args.fault})`);
console.log("Point the shop at it with:");
for (const [name, value] of Object.entries(env)) console.log(`  ${name}=${value}`);
console.log(`Type a fault mode (${FAULT_MODES.join(", ")}) [endpoint] and Enter to switch.`);

createInterface({ input: process.stdin }).on("line", (line) => {
  const [mode = "", endpoint] = line.trim().split(/\s+/);
  if (!isMode(mode)) return void console.log(`Unknown mode '${mode}'. Modes: ${FAULT_MODES.join(", ")}.`);
  void standIn
    .setMode(mode, endpoint as never)
    .then(() => log(`fault mode: ${mode}${endpoint ? ` on ${endpoint}` : ""}`));
});

const stop = () => void standIn.close().then(() => process.exit(0));
process.once("SIGINT", stop);
process.once("SIGTERM", stop);
