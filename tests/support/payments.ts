import { eq } from "drizzle-orm";
import { payments } from "#server/modules/payments/schema.ts";
import { buildCallbackUrl } from "#server/modules/payments/callback.ts";
import type { TestApp } from "./db.ts";

/**
 * Plays the gateway: sends the "paid" notification of the order's payment through the real callback route
 * (the app must run with PAYMENT_CALLBACK_KEY = callbackKey). Returns the route's answer for the caller to check.
 */
export async function sendPaidCallback(t: TestApp, orderId: number, callbackKey: string) {
  const [payment] = await t.db.select().from(payments).where(eq(payments.orderId, orderId));
  const url = new URL(
    buildCallbackUrl("http://localhost:3000", callbackKey, {
      amountCents: payment!.amountCents,
      entity: payment!.entity ?? undefined,
      reference: payment!.reference ?? undefined,
      requestId: payment!.requestId ?? undefined,
      orderId,
    }),
  );
  return t.app.inject({ method: "GET", url: url.pathname + url.search });
}
