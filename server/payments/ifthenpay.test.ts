import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { formatYmd } from "./dates.ts";
import {
  startGatewayStandIn,
  type GatewayStandIn,
  type StandInEndpoint,
  type StandInMode,
} from "#tests/support/gateway-standin.ts";
import { createIfthenpayProvider, type IfthenpayOptions } from "./ifthenpay.ts";
import { multibancoReference } from "./multibanco.ts";
import {
  PaymentDataIncompleteError,
  PaymentGatewayError,
  PaymentRejectedError,
  type GatewayFailure,
  type PaymentProvider,
  type PaymentToCheck,
} from "./provider.ts";

let gw: GatewayStandIn;
let clock: Date;

beforeAll(async () => {
  gw = await startGatewayStandIn({ slowMs: 3_000 });
});
afterAll(() => gw.close());
beforeEach(() => {
  gw.setMode("ok");
  gw.requests.length = 0;
  clock = new Date();
});

const allKeys = () => ({
  mbKey: gw.keys.mbKey,
  mbwayKey: gw.keys.mbwayKey,
  payshopKey: gw.keys.payshopKey,
  backofficeKey: gw.keys.backofficeKey,
});
const provider = (extra: Partial<IfthenpayOptions> = {}): PaymentProvider =>
  createIfthenpayProvider({
    ...allKeys(),
    baseUrl: gw.url,
    payshopUrl: gw.payshopUrl,
    timeoutMs: 2_000,
    now: () => clock,
    ...extra,
  });
const secrets = () => Object.values(gw.keys);

/** The error is typed, pt-PT, and carries no key anywhere (message, fields, serialisation, stack). */
function expectClean(err: unknown) {
  expect(err).toBeInstanceOf(Error);
  const e = err as Error & Record<string, unknown>;
  const everything = [e.message, String(e.stack), JSON.stringify(e), JSON.stringify(Object.entries(e))].join("\n");
  for (const key of secrets()) expect(everything).not.toContain(key);
  expect(everything).not.toContain(gw.url);
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

const lastRequest = () => gw.requests.at(-1)!;

describe("configuration", () => {
  it("offers only the configured methods", () => {
    expect(provider().methods).toEqual(["mbway", "mb", "payshop"]);
    expect(createIfthenpayProvider({ entity: "11604", subEntity: "999" }).methods).toEqual(["mb"]);
    expect(createIfthenpayProvider({ mbwayKey: "  " }).methods).toEqual([]);
    expect(provider().name).toBe("ifthenpay");
  });

  it("refuses a bad entity, sub-entity, or one without the other", () => {
    expect(() => createIfthenpayProvider({ entity: "1160", subEntity: "999" })).toThrow(RangeError);
    expect(() => createIfthenpayProvider({ entity: "11604", subEntity: "9999" })).toThrow(RangeError);
    expect(() => createIfthenpayProvider({ entity: "11604" })).toThrow(RangeError);
  });

  it("answers not_configured for a method without its key, without calling out", async () => {
    const p = createIfthenpayProvider({ baseUrl: gw.url, payshopUrl: gw.payshopUrl });
    for (const method of ["mb", "payshop"] as const) {
      const err = await failure(p.create({ orderId: 1, amountCents: 1000, method }));
      expect(err.reason).toBe("not_configured");
      expect(err.message).toBe(
        "Este método de pagamento não está disponível de momento. Escolha outro método de pagamento.",
      );
    }
    const err = await failure(p.create({ orderId: 1, amountCents: 1000, method: "mbway", phone: "912345678" }));
    expect(err.reason).toBe("not_configured");
    expect(gw.requests).toHaveLength(0);
  });
});

describe("Multibanco", () => {
  it("dynamic reference: POST /multibanco/reference/init with the MB KEY and the amount as a 2-decimal string", async () => {
    const created = await provider().create({
      orderId: 123,
      amountCents: 1099,
      method: "mb",
      description: "Encomenda 123",
    });
    const req = lastRequest();
    expect(req.method).toBe("POST");
    expect(req.path).toBe("/multibanco/reference/init");
    expect(req.body).toEqual({
      mbKey: gw.keys.mbKey,
      orderId: "123",
      amount: "10.99",
      description: "Encomenda 123",
      expiryDays: 3,
    });
    const made = gw.created.at(-1)!;
    expect(created).toMatchObject({
      method: "mb",
      amountCents: 1099,
      entity: "12345",
      reference: made.reference,
      requestId: made.requestId,
    });
    expect(created.reference).toMatch(/^\d{9}$/);
    expect(created.providerData).toEqual({ mode: "dynamic", validade: formatYmd(created.expiresAt) });
    expect(created.expiresAt.getTime()).toBeGreaterThan(clock.getTime() + 2 * 86_400_000);
  });

  it("offline reference (no MB KEY): computed locally, no HTTP call", async () => {
    const p = provider({ mbKey: undefined, entity: "99999", subEntity: "999" });
    const created = await p.create({ orderId: 123, amountCents: 12_300, method: "mb" });
    expect(created).toMatchObject({ entity: "99999", reference: "999012373", providerData: { mode: "offline" } });
    expect(created.reference).toBe(multibancoReference("99999", "999", 123, 12_300));
    expect(gw.requests).toHaveLength(0);
  });

  it.each([
    [1, "0.01"],
    [100, "1.00"],
    [1005, "10.05"],
    [1099, "10.99"],
    [100_000, "1000.00"],
    [99_999_999, "999999.99"],
  ])("sends %i cents as %j (no float arithmetic)", async (cents, amount) => {
    const p = provider();
    if (cents >= 100) {
      await p.create({ orderId: 7, amountCents: cents, method: "mb" });
      expect((lastRequest().body as Record<string, unknown>).amount).toBe(amount);
    }
    await p.create({ orderId: 7, amountCents: cents, method: "mbway", phone: "912345678" });
    expect((lastRequest().body as Record<string, unknown>).amount).toBe(amount);
    await p.create({ orderId: 7, amountCents: cents, method: "payshop" });
    expect((lastRequest().body as Record<string, unknown>).valor).toBe(amount);
  });

  it("refuses under 1 € before calling the gateway", async () => {
    const err = await provider()
      .create({ orderId: 1, amountCents: 99, method: "mb" })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PaymentRejectedError);
    expect((err as PaymentRejectedError).message).toBe("O valor mínimo para pagamento por Multibanco é de 1,00 €.");
    expect(gw.requests).toHaveLength(0);
  });
});

describe("MB WAY", () => {
  it("POST /spg/payment/mbway with mobileNumber 351#9XXXXXXXX and amount 10.99", async () => {
    const created = await provider().create({
      orderId: 9,
      amountCents: 1099,
      method: "mbway",
      phone: "912 345 678",
      email: "ana@exemplo.pt",
    });
    const req = lastRequest();
    expect(req.method).toBe("POST");
    expect(req.path).toBe("/spg/payment/mbway");
    expect(req.body).toEqual({
      mbWayKey: gw.keys.mbwayKey,
      orderId: "9",
      amount: "10.99",
      mobileNumber: "351#912345678",
      email: "ana@exemplo.pt",
      description: "Encomenda n.º 9",
    });
    expect(created).toMatchObject({
      method: "mbway",
      amountCents: 1099,
      phone: "912345678",
      requestId: gw.created.at(-1)!.requestId,
    });
    expect(created.expiresAt.getTime() - clock.getTime()).toBe(4 * 60_000);
  });

  it("refuses an invalid phone before calling the gateway", async () => {
    await expect(
      provider().create({ orderId: 9, amountCents: 1099, method: "mbway", phone: "212345678" }),
    ).rejects.toThrow("Introduza um número de telemóvel MB WAY válido.");
    expect(gw.requests).toHaveLength(0);
  });

  it("maps a declined request (122) to PaymentRejectedError", async () => {
    gw.setMode("declined", "mbway_init");
    const err = await provider()
      .create({ orderId: 9, amountCents: 1099, method: "mbway", phone: "912345678" })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PaymentRejectedError);
    expectClean(err);
    expect((err as PaymentRejectedError).status).toBe(400);
    expect((err as PaymentRejectedError).reason).toBe("declined");
  });

  it("status: GET /spg/payment/mbway/status?mbWayKey&requestId, codes mapped", async () => {
    const p = provider();
    const created = await p.create({ orderId: 9, amountCents: 1099, method: "mbway", phone: "912345678" });
    const stored: PaymentToCheck = { ...created, orderId: 9, createdAt: clock };

    expect(await p.check(stored)).toEqual({ status: "pending" });
    const req = lastRequest();
    expect(req.method).toBe("GET");
    expect(req.path).toBe("/spg/payment/mbway/status");
    expect(req.query).toEqual({ mbWayKey: gw.keys.mbwayKey, requestId: created.requestId });

    gw.setMbwayStatus(created.requestId!, "020");
    expect(await p.check(stored)).toEqual({ status: "failed", reason: "rejected" });
    gw.setMbwayStatus(created.requestId!, "122");
    expect(await p.check(stored)).toEqual({ status: "failed", reason: "declined" });
    gw.setMbwayStatus(created.requestId!, "101");
    expect(await p.check(stored)).toEqual({ status: "expired" });
    gw.setMbwayStatus(created.requestId!, "123");
    gw.markPaid({ requestId: created.requestId! });
    const paid = await p.check(stored);
    expect(paid).toMatchObject({ status: "paid", amountCents: 1099 });
    expect(paid.status === "paid" && Math.abs(paid.paidAt.getTime() - Date.now()) < 5_000).toBe(true);
  });

  it("an unknown status code is a gateway error, not a guess", async () => {
    const p = provider();
    const created = await p.create({ orderId: 9, amountCents: 1099, method: "mbway", phone: "912345678" });
    gw.setMbwayStatus(created.requestId!, "777");
    const err = await failure(p.check({ ...created, orderId: 9, createdAt: clock }));
    expect(err.reason).toBe("unexpected_response");
    expect(err.gatewayCode).toBe("777");
  });
});

describe("Payshop", () => {
  it("POST payshopUrl {payshopkey, id, valor, validade} -> 13-digit reference", async () => {
    const created = await provider().create({ orderId: 42, amountCents: 500, method: "payshop" });
    const req = lastRequest();
    expect(req.method).toBe("POST");
    expect(req.path).toBe("/api/payshop/reference/");
    const body = req.body as Record<string, unknown>;
    expect(body).toEqual({ payshopkey: gw.keys.payshopKey, id: "42", valor: "5.00", validade: body.validade });
    expect(body.validade).toMatch(/^\d{8}$/);
    expect(created).toMatchObject({
      method: "payshop",
      amountCents: 500,
      reference: gw.created.at(-1)!.reference,
      requestId: gw.created.at(-1)!.requestId,
    });
    expect(created.reference).toMatch(/^\d{13}$/);
    expect(created.providerData).toEqual({ validade: body.validade });
    expect(formatYmd(created.expiresAt)).toBe(body.validade);
  });
});

describe("verification (POST /v2/payments/read)", () => {
  it("Multibanco: not paid -> pending; paid with the same amount -> paid", async () => {
    const p = provider();
    const created = await p.create({ orderId: 55, amountCents: 2_550, method: "mb" });
    const stored: PaymentToCheck = { ...created, orderId: 55, createdAt: clock };

    expect(await p.check(stored)).toEqual({ status: "pending" });
    const req = lastRequest();
    expect(req.path).toBe("/v2/payments/read");
    const body = req.body as Record<string, unknown>;
    expect(body).toMatchObject({
      boKey: gw.keys.backofficeKey,
      entity: created.entity,
      subEntity: null,
      reference: created.reference,
      requestId: null,
    });
    expect(body.dateStart).toMatch(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2}$/);
    expect(body.dateEnd).toMatch(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2}$/);

    const paidAt = new Date(Math.floor(Date.now() / 1000) * 1000);
    gw.markPaid({ reference: created.reference!, paidAt });
    expect(await p.check(stored)).toEqual({ status: "paid", paidAt, amountCents: 2_550 });
  });

  it("an amount mismatch is not counted as paid", async () => {
    const p = provider();
    const created = await p.create({ orderId: 56, amountCents: 2_550, method: "mb" });
    gw.markPaid({ reference: created.reference!, amountCents: 2_500 });
    expect(await p.check({ ...created, orderId: 56, createdAt: clock })).toEqual({
      status: "pending",
      mismatch: { amountCents: 2_500 },
    });
  });

  it("0.5 vs 0.50: amounts are compared in cents", async () => {
    const p = provider();
    const created = await p.create({ orderId: 57, amountCents: 50, method: "payshop" });
    gw.markPaid({ requestId: created.requestId! });
    expect(await p.check({ ...created, orderId: 57, createdAt: clock })).toMatchObject({
      status: "paid",
      amountCents: 50,
    });
  });

  it("offline Multibanco: asks with entity and sub-entity", async () => {
    const p = provider({ mbKey: undefined, entity: "99999", subEntity: "999" });
    const created = await p.create({ orderId: 123, amountCents: 12_300, method: "mb" });
    const stored: PaymentToCheck = { ...created, orderId: 123, createdAt: clock };
    expect(await p.check(stored)).toEqual({ status: "pending" });
    expect(lastRequest().body).toMatchObject({ entity: "99999", subEntity: "999", reference: "999012373" });
    gw.markPaid({ entity: "99999", subEntity: "999", reference: "999012373", orderId: 123, amountCents: 12_300 });
    expect(await p.check(stored)).toMatchObject({ status: "paid", amountCents: 12_300 });
  });

  it("not paid after the expiry time -> expired", async () => {
    const p = provider();
    const created = await p.create({ orderId: 58, amountCents: 1_000, method: "payshop" });
    clock = new Date(created.expiresAt.getTime() + 1_000);
    expect(await p.check({ ...created, orderId: 58, createdAt: new Date() })).toEqual({ status: "expired" });
  });

  it("without a backoffice key: pending until expiry, no HTTP call", async () => {
    const p = provider({ backofficeKey: undefined });
    const stored: PaymentToCheck = {
      orderId: 1,
      method: "mb",
      amountCents: 1000,
      entity: "12345",
      reference: "900000112",
      createdAt: clock,
      expiresAt: new Date(clock.getTime() + 60_000),
    };
    expect(await p.check(stored)).toEqual({ status: "pending" });
    clock = new Date(clock.getTime() + 120_000);
    expect(await p.check(stored)).toEqual({ status: "expired" });
    expect(gw.requests).toHaveLength(0);
  });

  it.each([
    [{ method: "mb", entity: "12345", reference: null }, "Dados incompletos para verificação MB"],
    [{ method: "mb", entity: null, reference: "900000112" }, "Dados incompletos para verificação MB"],
    [{ method: "mbway", requestId: "" }, "Dados incompletos para verificação MB WAY"],
    [{ method: "payshop", reference: undefined }, "Dados incompletos para verificação Payshop"],
  ] as const)("refuses incomplete data %j", async (fields, message) => {
    const err = await provider()
      .check({ orderId: 1, amountCents: 1000, createdAt: clock, ...fields })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PaymentDataIncompleteError);
    expect((err as PaymentDataIncompleteError).message).toBe(message);
  });
});

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
    gw.setMode(mode as StandInMode, endpoint);
    const err = await failure(run(provider()));
    expect(err.reason).toBe(reason);
    expect(err.endpoint).toBe(endpoint);
    expect(gw.requests.at(-1)?.endpoint).toBe(endpoint);
  });

  it("the gateway's status codes are kept for logs (no message, no key)", async () => {
    gw.setMode("error", "mbway_init");
    const err = await failure(ops["mbway create"]!.run(provider()));
    expect(err.gatewayCode).toBe("999");
    gw.setMode("invalid_key", "payshop_init");
    expect((await failure(ops["payshop create"]!.run(provider()))).gatewayCode).toBe("102");
    gw.setMode("http500", "payments_read");
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
    gw.setMode("slow", endpoint);
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
