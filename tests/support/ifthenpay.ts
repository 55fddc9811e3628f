import { afterAll, beforeAll, beforeEach, expect } from "vitest";
import { createIfthenpayProvider, type IfthenpayOptions } from "#server/modules/payments/providers/ifthenpay.ts";
import { PaymentGatewayError, type PaymentProvider } from "#server/modules/payments/providers/provider.ts";
import { startGatewayStandIn, type GatewayStandIn } from "./gateway-standin.ts";

/*
 * The ifthenpay client's tests (server/modules/payments/ifthenpay*.test.ts): one gateway stand-in per file, reset
 * before each test, a provider pointed at it with a clock the test sets, and the checks every failure shares.
 */

export interface IfthenpayBench {
  gw: GatewayStandIn;
  /** What the provider reads as "now"; a fresh Date before each test. */
  clock: Date;
}

export function useIfthenpayStandIn() {
  const s = {} as IfthenpayBench;
  beforeAll(async () => {
    s.gw = await startGatewayStandIn({ slowMs: 3_000 });
  });
  afterAll(() => s.gw.close());
  beforeEach(() => {
    s.gw.setMode("ok");
    s.gw.requests.length = 0;
    s.clock = new Date();
  });

  const allKeys = () => ({
    mbKey: s.gw.keys.mbKey,
    mbwayKey: s.gw.keys.mbwayKey,
    payshopKey: s.gw.keys.payshopKey,
    backofficeKey: s.gw.keys.backofficeKey,
  });
  const provider = (extra: Partial<IfthenpayOptions> = {}): PaymentProvider =>
    createIfthenpayProvider({
      ...allKeys(),
      baseUrl: s.gw.url,
      payshopUrl: s.gw.payshopUrl,
      refundUrl: s.gw.refundUrl,
      timeoutMs: 2_000,
      now: () => s.clock,
      ...extra,
    });
  const secrets = () => Object.values(s.gw.keys);

  /** The error is typed, pt-PT, and carries no key anywhere (message, fields, serialisation, stack). */
  function expectClean(err: unknown) {
    expect(err).toBeInstanceOf(Error);
    const e = err as Error & Record<string, unknown>;
    const everything = [e.message, String(e.stack), JSON.stringify(e), JSON.stringify(Object.entries(e))].join("\n");
    for (const key of secrets()) expect(everything).not.toContain(key);
    expect(everything).not.toContain(s.gw.url);
    expect(e.message).toMatch(/[áéíóúãõçê]|serviço|pagamento/i);
  }

  async function failure(promise: Promise<unknown>): Promise<PaymentGatewayError> {
    const err = await promise.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(PaymentGatewayError);
    expectClean(err);
    expect((err as PaymentGatewayError).status).toBe(502);
    return err as PaymentGatewayError;
  }

  const lastRequest = () => s.gw.requests.at(-1)!;
  /** The last call the stand-in received was this method, path and JSON body. */
  const expectLastRequest = (method: string, path: string, body: unknown) => {
    const req = lastRequest();
    expect({ method: req.method, path: req.path, body: req.body }).toEqual({ method, path, body });
  };

  return { s, allKeys, provider, secrets, expectClean, failure, lastRequest, expectLastRequest };
}
