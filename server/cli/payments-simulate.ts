// npm run payments:simulate -- --reference 999012373 [--fail|--expire|--twice]
//                              (or --order 42, or --request-id <MB WAY id>)
// Sandbox only: plays the gateway. It finds the payment, then calls the shop's real callback
// URL over HTTP (PUBLIC_URL), exactly as ifthenpay would, so the real handler runs.
//   --fail    sends a callback with a wrong amount (the shop records it and does not pay); MB WAY: declined
//   --expire  makes the payment's validity end now; the expiry job then releases the stock
//   --twice   delivers the same callback twice (the second must change nothing)
// The admin can do the same from the dashboard (POST /api/payments/sandbox/simulate).
import pino from "pino";
import { loadConfig } from "#server/core/config.ts";
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

const runtime = await openDatabase(config, pino({ level: "warn" }), { shareRunning: true });
try {
  const result = await simulateSandboxPayment({
    db: runtime.db,
    shopUrl: config.publicUrl,
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
  result.deliveries.forEach((d, i) => console.log(`Callback ${i + 1}: HTTP ${d.status} ${d.body}`));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await runtime.close();
}
