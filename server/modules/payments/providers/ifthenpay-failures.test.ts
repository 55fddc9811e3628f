import { describe, expect, it } from "vitest";
import { startGatewayStandIn, type StandInEndpoint, type StandInMode } from "#tests/support/gateway-standin.ts";
import { useIfthenpayStandIn } from "#tests/support/ifthenpay.ts";
import type { GatewayFailure, PaymentProvider } from "./provider.ts";

/** The ifthenpay client when the gateway fails: typed pt-PT errors that carry no key. */

const { s, provider, failure } = useIfthenpayStandIn();

describe("gateway failures", () => {
  const ops: Record<string, { endpoint: StandInEndpoint; run: (p: PaymentProvider) => Promise<unknown> }> = {
    "mb create": { endpoint: "mb_init", run: (p) => p.create({ orderId: 1, amountCents: 1099, method: "mb" }) },
    "mbway create": {
      endpoint: "mbway_init",
      run: (p) => p.create({ orderId: 1, amountCents: 1099, method: "mbway", phone: "912345678" }),
    },
    "payshop create": {
      endpoint: "payshop_init",
      run: (p) => p.create({ orderId: 1, amountCents: 1099, method: "payshop" }),
    },
    "mbway status": {
      endpoint: "mbway_status",
      run: (p) =>
        p.check({
          orderId: 1,
          method: "mbway",
          amountCents: 1099,
          requestId: "AbCdEfGhIjKlMnOpQrSt",
          createdAt: new Date(),
        }),
    },
    "payments read": {
      endpoint: "payments_read",
      run: (p) =>
        p.check({
          orderId: 1,
          method: "mb",
          amountCents: 1099,
          entity: "12345",
          reference: "900000112",
          createdAt: new Date(),
        }),
    },
  };

  const expected: Record<Exclude<StandInMode, "ok" | "slow" | "declined">, Record<string, GatewayFailure>> = {
    down: {
      "mb create": "network",
      "mbway create": "network",
      "payshop create": "network",
      "mbway status": "network",
      "payments read": "network",
    },
    http500: {
      "mb create": "http_status",
      "mbway create": "http_status",
      "payshop create": "http_status",
      "mbway status": "http_status",
      "payments read": "http_status",
    },
    not_json: {
      "mb create": "invalid_json",
      "mbway create": "invalid_json",
      "payshop create": "invalid_json",
      "mbway status": "invalid_json",
      "payments read": "invalid_json",
    },
    invalid_key: {
      "mb create": "gateway_error",
      "mbway create": "invalid_key",
      "payshop create": "invalid_key",
      "mbway status": "invalid_key",
      "payments read": "invalid_key",
    },
    error: {
      "mb create": "gateway_error",
      "mbway create": "gateway_error",
      "payshop create": "gateway_error",
      "mbway status": "gateway_error",
      "payments read": "gateway_error",
    },
  };

  const cases = Object.entries(expected).flatMap(([mode, byOp]) =>
    Object.entries(byOp).map(([op, reason]) => [mode, op, reason] as const),
  );

  it.each(cases)("%s on %s -> PaymentGatewayError(%s), pt-PT, no key", async (mode, op, reason) => {
    const { endpoint, run } = ops[op]!;
    s.gw.setMode(mode as StandInMode, endpoint);
    const err = await failure(run(provider()));
    expect(err.reason).toBe(reason);
    expect(err.endpoint).toBe(endpoint);
    expect(s.gw.requests.at(-1)?.endpoint).toBe(endpoint);
  });

  it("the gateway's status codes are kept for logs (no message, no key)", async () => {
    s.gw.setMode("error", "mbway_init");
    const err = await failure(ops["mbway create"]!.run(provider()));
    expect(err.gatewayCode).toBe("999");
    s.gw.setMode("invalid_key", "payshop_init");
    expect((await failure(ops["payshop create"]!.run(provider()))).gatewayCode).toBe("102");
    s.gw.setMode("http500", "payments_read");
    expect((await failure(ops["payments read"]!.run(provider()))).httpStatus).toBe(500);
  });

  it("a wrong key in the configuration is invalid_key, and the key is not in the error", async () => {
    const wrong = "WRONG-KEY-4242";
    const err = await failure(
      provider({ mbwayKey: wrong }).create({ orderId: 1, amountCents: 1099, method: "mbway", phone: "912345678" }),
    );
    expect(err.reason).toBe("invalid_key");
    expect(JSON.stringify(err) + err.message + String(err.stack)).not.toContain(wrong);
    const bo = await failure(ops["payments read"]!.run(provider({ backofficeKey: wrong })));
    expect(bo.reason).toBe("invalid_key");
  });

  it.each(Object.keys(ops))("honours the timeout on %s (slow gateway)", async (op) => {
    const { endpoint, run } = ops[op]!;
    s.gw.setMode("slow", endpoint);
    const started = Date.now();
    const err = await failure(run(provider({ timeoutMs: 150 })));
    const elapsed = Date.now() - started;
    expect(err.reason).toBe("timeout");
    expect(err.message).toBe("O serviço de pagamentos não respondeu. Tente novamente dentro de momentos.");
    expect(elapsed).toBeGreaterThanOrEqual(140);
    expect(elapsed).toBeLessThan(2_000);
  });

  it("a closed port is a network error", async () => {
    const other = await startGatewayStandIn();
    const deadUrl = other.url;
    await other.close();
    const err = await failure(provider({ baseUrl: deadUrl }).create({ orderId: 1, amountCents: 1099, method: "mb" }));
    expect(err.reason).toBe("network");
  });

  it.each([
    [429, "rate_limited"],
    [403, "invalid_key"],
    [503, "http_status"],
  ] as const)("HTTP %i -> %s", async (status, reason) => {
    const fetch = async () => new Response("{}", { status });
    const err = await failure(provider({ fetch }).create({ orderId: 1, amountCents: 1099, method: "mb" }));
    expect(err.reason).toBe(reason);
    expect(err.httpStatus).toBe(status);
  });

  it.each([
    ["MB WAY accepted without a request id", "mbway", { Status: "000", RequestId: "" }],
    ["Multibanco with a short reference", "mb", { Status: "0", Entity: "12345", Reference: "1234", RequestId: "x" }],
    ["Multibanco for another amount", "mb", { Status: "0", Entity: "12345", Reference: "123456789", Amount: "10.98" }],
    ["Payshop with a 12-digit reference", "payshop", { Code: "0", Reference: "123456789012", RequestId: "x" }],
    ["a JSON array", "mb", []],
    ["JSON null", "payshop", null],
  ] as const)("%s -> unexpected_response", async (_label, method, body) => {
    const fetch = async () => Response.json(body);
    const err = await failure(
      provider({ fetch }).create({ orderId: 1, amountCents: 1099, method, phone: "912345678" }),
    );
    expect(err.reason).toBe("unexpected_response");
  });

  it("payments/read without a payments list -> unexpected_response", async () => {
    const fetch = async () => Response.json({ message: "OK", status: 200 });
    const err = await failure(ops["payments read"]!.run(provider({ fetch })));
    expect(err.reason).toBe("unexpected_response");
  });
});
