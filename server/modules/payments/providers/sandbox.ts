import { randomInt } from "node:crypto";
import { endOfLisbonDay, formatYmd } from "#server/core/time.ts";
import { isValidEntity, isValidSubEntity, multibancoReference } from "#server/modules/payments/multibanco.ts";
import {
  MBWAY_WINDOW_MS,
  PAYMENT_METHODS,
  REFERENCE_VALIDITY_DAYS,
  isExpired,
  validatePaymentInput,
  validateRefundInput,
  type CreatedPayment,
  type PaymentCheck,
  type PaymentProvider,
  type RefundInput,
} from "./provider.ts";

const ALPHANUMERIC = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** A gateway-like request id: 20 letters and digits (url-safe, no '+'). */
export function randomRequestId(length = 20): string {
  let out = "";
  for (let i = 0; i < length; i++) out += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)];
  return out;
}

export interface SandboxOptions {
  /** Multibanco entity (5 digits) the sandbox references are computed for. */
  entity: string;
  /** Multibanco sub-entity (1–3 digits). */
  subEntity: string;
  now?: () => Date;
}

/**
 * The offline provider: no network, same shapes as ifthenpay.
 *  - mb: a real check-digit reference for (entity, subEntity, orderId, amount), valid until
 *    the end of the 3rd day (Lisbon);
 *  - payshop: a 13-digit reference (5 random digits + the order id's last 8) and a request
 *    id, validade = YYYYMMDD of the 3rd day;
 *  - mbway: a random request id, valid 4 minutes.
 *
 * check() never reports "paid": the sandbox cannot know money arrived. Payment state is
 * driven by the callback (the simulator calls the shop's callback URL like the gateway does,
 * see buildCallbackUrl in ./callback.ts) and lives in the shop's database; check() only says
 * "pending" until the payment's expiry time, then "expired".
 */
/** The sandbox also lists the refunds it "made" (tests, demos), newest last. */
export type SandboxProvider = PaymentProvider & { readonly refunds: Array<RefundInput & { at: Date }> };

export function createSandboxProvider(opts: SandboxOptions): SandboxProvider {
  if (!isValidEntity(opts.entity)) throw new RangeError("Multibanco entity must be 5 digits");
  if (!isValidSubEntity(opts.subEntity)) throw new RangeError("Multibanco sub-entity must be 1 to 3 digits");
  const now = opts.now ?? (() => new Date());
  const refunds: Array<RefundInput & { at: Date }> = [];

  return {
    name: "sandbox",
    methods: PAYMENT_METHODS,
    refunds,

    /** Offline: every well-formed refund succeeds at once and is recorded (no money moves). */
    async refund(input) {
      const valid = validateRefundInput(input);
      refunds.push({ ...valid, at: now() });
      return { status: "done", answer: { code: "1", message: "Sandbox: reembolso simulado" } };
    },

    async create(input): Promise<CreatedPayment> {
      const valid = validatePaymentInput(input);
      const at = now();
      switch (valid.method) {
        case "mb": {
          const expiresAt = endOfLisbonDay(at, REFERENCE_VALIDITY_DAYS);
          return {
            method: "mb",
            amountCents: valid.amountCents,
            entity: opts.entity,
            reference: multibancoReference(opts.entity, opts.subEntity, valid.orderId, valid.amountCents),
            expiresAt,
            providerData: { mode: "offline", validade: formatYmd(expiresAt) },
          };
        }
        case "payshop": {
          const expiresAt = endOfLisbonDay(at, REFERENCE_VALIDITY_DAYS);
          const reference = String(randomInt(10_000, 100_000)) + String(valid.orderId % 100_000_000).padStart(8, "0");
          return {
            method: "payshop",
            amountCents: valid.amountCents,
            reference,
            requestId: randomRequestId(),
            expiresAt,
            providerData: { validade: formatYmd(expiresAt) },
          };
        }
        case "mbway":
          return {
            method: "mbway",
            amountCents: valid.amountCents,
            requestId: randomRequestId(),
            phone: valid.phone,
            expiresAt: new Date(at.getTime() + MBWAY_WINDOW_MS),
            providerData: {},
          };
      }
    },

    async check(payment): Promise<PaymentCheck> {
      return isExpired(payment, now()) ? { status: "expired" } : { status: "pending" };
    },
  };
}
