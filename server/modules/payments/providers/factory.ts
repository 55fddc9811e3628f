import { createIfthenpayProvider } from "./ifthenpay.ts";
import type { PaymentProvider } from "./provider.ts";
import { createSandboxProvider } from "./sandbox.ts";

/** Settings read from the environment (see the README's configuration table). */
export interface PaymentSettings {
  provider: "sandbox" | "ifthenpay";
  /** MB_ENTITY / MB_SUBENTITY: offline Multibanco references (sandbox defaults 99999 / 999). */
  mbEntity?: string;
  mbSubEntity?: string;
  ifthenpay?: {
    mbKey?: string;
    mbwayKey?: string;
    payshopKey?: string;
    backofficeKey?: string;
    apiUrl?: string;
    payshopUrl?: string;
    /** The refund call's URL (tests and the stand-in; default ifthenpay's). */
    refundUrl?: string;
    timeoutMs?: number;
  };
}

export const SANDBOX_ENTITY = "99999";
export const SANDBOX_SUBENTITY = "999";

export function createPaymentProvider(settings: PaymentSettings): PaymentProvider {
  if (settings.provider === "sandbox") {
    return createSandboxProvider({
      entity: settings.mbEntity ?? SANDBOX_ENTITY,
      subEntity: settings.mbSubEntity ?? SANDBOX_SUBENTITY,
    });
  }
  const ifthenpay = settings.ifthenpay ?? {};
  const provider = createIfthenpayProvider({
    mbKey: ifthenpay.mbKey,
    entity: settings.mbEntity,
    subEntity: settings.mbSubEntity,
    mbwayKey: ifthenpay.mbwayKey,
    payshopKey: ifthenpay.payshopKey,
    backofficeKey: ifthenpay.backofficeKey,
    ...(ifthenpay.apiUrl ? { baseUrl: ifthenpay.apiUrl } : {}),
    ...(ifthenpay.payshopUrl ? { payshopUrl: ifthenpay.payshopUrl } : {}),
    ...(ifthenpay.refundUrl ? { refundUrl: ifthenpay.refundUrl } : {}),
    ...(ifthenpay.timeoutMs ? { timeoutMs: ifthenpay.timeoutMs } : {}),
  });
  if (provider.methods.length === 0) {
    throw new RangeError(
      "PAYMENT_PROVIDER=ifthenpay needs IFTHENPAY_MBWAY_KEY, IFTHENPAY_MB_KEY, MB_ENTITY + MB_SUBENTITY or IFTHENPAY_PAYSHOP_KEY",
    );
  }
  return provider;
}
