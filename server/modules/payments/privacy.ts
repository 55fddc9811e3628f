import { inArray } from "drizzle-orm";
import { payments } from "./schema.ts";
import type { Tx } from "#server/core/db/client.ts";

/**
 * An account is deleted (server/modules/accounts/privacy.ts, decision 0012): its payments keep what accounting needs
 * (method, amount, reference, dates) and lose the MB WAY phone number.
 */
export async function forgetPaymentPhones(tx: Tx, orderIds: number[]): Promise<void> {
  if (orderIds.length === 0) return;
  await tx.update(payments).set({ phone: null }).where(inArray(payments.orderId, orderIds));
}
