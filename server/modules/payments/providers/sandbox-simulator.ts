import { and, desc, eq, or, sql } from "drizzle-orm";
import type { Database } from "#server/core/db/client.ts";
import { payments } from "#server/modules/payments/schema.ts";
import { AppError, NotFoundError } from "#server/core/errors.ts";
import { buildCallbackUrl } from "#server/modules/payments/callback.ts";

/**
 * The sandbox gateway's "customer paid" button, shared by `npm run payments:simulate` and the
 * admin-only POST /api/payments/sandbox/simulate. It plays the gateway: finds the payment, then
 * calls the shop's real callback URL over HTTP, so the real handler (key check, amount check,
 * exactly-once transition, confirmation e-mail) runs as it would for ifthenpay. "fail" on an MB WAY request
 * marks it declined; on a reference it sends a wrong amount.
 */
export type SimulatedOutcome = "paid" | "fail" | "expire" | "twice";

export interface SimulationTarget {
  reference?: string;
  orderId?: number;
  requestId?: string;
}

export interface SimulationResult {
  orderId: number;
  outcome: SimulatedOutcome;
  /** HTTP status and body of each callback delivered (none for "expire"). */
  deliveries: { status: number; body: string }[];
}

export class SandboxOnlyError extends AppError {
  constructor() {
    super(409, "A simulação de pagamentos só está disponível com o gateway de testes (sandbox).");
  }
}

export async function simulateSandboxPayment(deps: {
  db: Database;
  /** Where the shop listens: its callback is called there over HTTP. */
  shopUrl: string;
  callbackKey: string;
  target: SimulationTarget;
  outcome: SimulatedOutcome;
}): Promise<SimulationResult> {
  const { db, target, outcome } = deps;
  const conditions = [
    target.reference ? eq(payments.reference, target.reference.replace(/\s/g, "")) : undefined,
    target.requestId ? eq(payments.requestId, target.requestId) : undefined,
    target.orderId ? eq(payments.orderId, target.orderId) : undefined,
  ].filter((c) => c !== undefined);
  if (conditions.length === 0) throw new NotFoundError("Dados de pagamento não encontrados");
  const [payment] = await db
    .select()
    .from(payments)
    .where(or(...conditions))
    .orderBy(desc(payments.id))
    .limit(1);
  if (!payment) throw new NotFoundError("Dados de pagamento não encontrados");

  if (outcome === "fail" && payment.method === "mbway") {
    // MB WAY: the shopper declined the request in the app. The gateway reports that as the request's status
    // (no payment callback is sent), so the sandbox sets it where the shop reads it.
    await db
      .update(payments)
      .set({ status: "failed", updatedAt: sql`now()` })
      .where(and(eq(payments.id, payment.id), eq(payments.status, "pending")));
    return { orderId: payment.orderId, outcome, deliveries: [] };
  }
  if (outcome === "expire") {
    await db.update(payments).set({ expiresAt: new Date() }).where(eq(payments.id, payment.id));
    return { orderId: payment.orderId, outcome, deliveries: [] };
  }
  const url = buildCallbackUrl(deps.shopUrl, deps.callbackKey, {
    // A wrong amount is how a failed/mismatched transfer looks to the shop.
    amountCents: outcome === "fail" ? payment.amountCents + 1 : payment.amountCents,
    orderId: payment.orderId,
    entity: payment.entity ?? undefined,
    reference: payment.reference ?? undefined,
    requestId: payment.requestId ?? undefined,
    paidAt: new Date(),
  });
  const deliveries: SimulationResult["deliveries"] = [];
  for (let i = 0; i < (outcome === "twice" ? 2 : 1); i++) {
    const response = await fetch(url, { signal: AbortSignal.timeout(10_000) }).catch(() => {
      throw new AppError(502, "Não foi possível entregar a notificação simulada ao callback da loja. Tente novamente.");
    });
    deliveries.push({ status: response.status, body: await response.text() });
  }
  return { orderId: payment.orderId, outcome, deliveries };
}
