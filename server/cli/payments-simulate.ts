// npm run payments:simulate -- --reference 999012373 [--fail|--expire|--twice]
//                              (or --order 42, or --request-id <MB WAY id>)
// Sandbox only: plays the gateway. It finds the pending payment, then calls the shop's real
// callback URL over HTTP (PUBLIC_URL), exactly as ifthenpay would, so the real handler runs.
//   --fail    sends a callback with a wrong amount (the shop records it and does not pay)
//   --expire  makes the payment's validity end now; the expiry job then releases the stock
//   --twice   delivers the same callback twice (the second must change nothing)
import { desc, eq, or } from "drizzle-orm";
import pino from "pino";
import { loadConfig } from "../config.ts";
import { payments } from "../db/schema.ts";
import { openDatabase } from "../main.ts";
import { buildCallbackUrl } from "../payments/callback.ts";
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
const conditions = [
  args.reference ? eq(payments.reference, args.reference.replace(/\s/g, "")) : undefined,
  args.order ? eq(payments.orderId, Number(args.order)) : undefined,
  args["request-id"] ? eq(payments.requestId, args["request-id"]) : undefined,
].filter((c) => c !== undefined);
if (conditions.length === 0) {
  console.error("Usage: npm run payments:simulate -- --reference <ref> | --order <id> | --request-id <id> [--fail|--expire|--twice]");
  process.exit(2);
}

const runtime = await openDatabase(config, pino({ level: "warn" }), { shareRunning: true });
try {
  const [payment] = await runtime.db.select().from(payments).where(or(...conditions)).orderBy(desc(payments.id)).limit(1);
  if (!payment) throw new Error("No payment found for that reference, order or request id.");
  if (args.expire) {
    await runtime.db.update(payments).set({ expiresAt: new Date() }).where(eq(payments.id, payment.id));
    console.log(`Payment of order #${payment.orderId} now past its validity; the expiry job will release its stock within a minute.`);
  } else {
    const url = buildCallbackUrl(config.publicUrl, config.payments.callbackKey, {
      amountCents: args.fail ? payment.amountCents + 1 : payment.amountCents,
      orderId: payment.orderId,
      entity: payment.entity ?? undefined,
      reference: payment.reference ?? undefined,
      requestId: payment.requestId ?? undefined,
      paidAt: new Date(),
    });
    for (let i = 0; i < (args.twice ? 2 : 1); i++) {
      const res = await fetch(url);
      console.log(`Callback ${i + 1}: HTTP ${res.status} ${await res.text()}`);
    }
  }
} finally {
  await runtime.close();
}
