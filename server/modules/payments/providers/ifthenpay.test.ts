import { describe, expect, it } from "vitest";
import { useIfthenpayStandIn } from "#tests/support/ifthenpay.ts";
import { formatYmd } from "#server/core/time.ts";
import { createIfthenpayProvider } from "./ifthenpay.ts";
import { multibancoReference } from "#server/modules/payments/multibanco.ts";
import { PaymentRejectedError, type PaymentToCheck } from "./provider.ts";

/** The ifthenpay client: configuration, Multibanco, MB WAY and Payshop requests against the stand-in. */

const { s, provider, expectClean, failure, expectLastRequest, lastRequest } = useIfthenpayStandIn();

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
    const p = createIfthenpayProvider({ baseUrl: s.gw.url, payshopUrl: s.gw.payshopUrl });
    for (const method of ["mb", "payshop"] as const) {
      const err = await failure(p.create({ orderId: 1, amountCents: 1000, method }));
      expect(err.reason).toBe("not_configured");
      expect(err.message).toBe(
        "Este método de pagamento não está disponível de momento. Escolha outro método de pagamento.",
      );
    }
    const err = await failure(p.create({ orderId: 1, amountCents: 1000, method: "mbway", phone: "912345678" }));
    expect(err.reason).toBe("not_configured");
    expect(s.gw.requests).toHaveLength(0);
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
    expectLastRequest("POST", "/multibanco/reference/init", {
      mbKey: s.gw.keys.mbKey,
      orderId: "123",
      amount: "10.99",
      description: "Encomenda 123",
      expiryDays: 3,
    });
    const made = s.gw.created.at(-1)!;
    expect(created).toMatchObject({
      method: "mb",
      amountCents: 1099,
      entity: "12345",
      reference: made.reference,
      requestId: made.requestId,
    });
    expect(created.reference).toMatch(/^\d{9}$/);
    expect(created.providerData).toEqual({ mode: "dynamic", validade: formatYmd(created.expiresAt) });
    expect(created.expiresAt.getTime()).toBeGreaterThan(s.clock.getTime() + 2 * 86_400_000);
  });

  it("offline reference (no MB KEY): computed locally, no HTTP call", async () => {
    const p = provider({ mbKey: undefined, entity: "99999", subEntity: "999" });
    const created = await p.create({ orderId: 123, amountCents: 12_300, method: "mb" });
    expect(created).toMatchObject({ entity: "99999", reference: "999012373", providerData: { mode: "offline" } });
    expect(created.reference).toBe(multibancoReference("99999", "999", 123, 12_300));
    expect(s.gw.requests).toHaveLength(0);
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
    expect(s.gw.requests).toHaveLength(0);
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
    expectLastRequest("POST", "/spg/payment/mbway", {
      mbWayKey: s.gw.keys.mbwayKey,
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
      requestId: s.gw.created.at(-1)!.requestId,
    });
    expect(created.expiresAt.getTime() - s.clock.getTime()).toBe(4 * 60_000);
  });

  it("refuses an invalid phone before calling the gateway", async () => {
    await expect(
      provider().create({ orderId: 9, amountCents: 1099, method: "mbway", phone: "212345678" }),
    ).rejects.toThrow("Introduza um número de telemóvel MB WAY válido.");
    expect(s.gw.requests).toHaveLength(0);
  });

  it("maps a declined request (122) to PaymentRejectedError", async () => {
    s.gw.setMode("declined", "mbway_init");
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
    const stored: PaymentToCheck = { ...created, orderId: 9, createdAt: s.clock };

    expect(await p.check(stored)).toEqual({ status: "pending" });
    const req = lastRequest();
    expect(req.method).toBe("GET");
    expect(req.path).toBe("/spg/payment/mbway/status");
    expect(req.query).toEqual({ mbWayKey: s.gw.keys.mbwayKey, requestId: created.requestId });

    s.gw.setMbwayStatus(created.requestId!, "020");
    expect(await p.check(stored)).toEqual({ status: "failed", reason: "rejected" });
    s.gw.setMbwayStatus(created.requestId!, "122");
    expect(await p.check(stored)).toEqual({ status: "failed", reason: "declined" });
    s.gw.setMbwayStatus(created.requestId!, "101");
    expect(await p.check(stored)).toEqual({ status: "expired" });
    s.gw.setMbwayStatus(created.requestId!, "123");
    s.gw.markPaid({ requestId: created.requestId! });
    const paid = await p.check(stored);
    expect(paid).toMatchObject({ status: "paid", amountCents: 1099 });
    expect(paid.status === "paid" && Math.abs(paid.paidAt.getTime() - Date.now()) < 5_000).toBe(true);
  });

  it("an unknown status code is a gateway error, not a guess", async () => {
    const p = provider();
    const created = await p.create({ orderId: 9, amountCents: 1099, method: "mbway", phone: "912345678" });
    s.gw.setMbwayStatus(created.requestId!, "777");
    const err = await failure(p.check({ ...created, orderId: 9, createdAt: s.clock }));
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
    expect(body).toEqual({ payshopkey: s.gw.keys.payshopKey, id: "42", valor: "5.00", validade: body.validade });
    expect(body.validade).toMatch(/^\d{8}$/);
    expect(created).toMatchObject({
      method: "payshop",
      amountCents: 500,
      reference: s.gw.created.at(-1)!.reference,
      requestId: s.gw.created.at(-1)!.requestId,
    });
    expect(created.reference).toMatch(/^\d{13}$/);
    expect(created.providerData).toEqual({ validade: body.validade });
    expect(formatYmd(created.expiresAt)).toBe(body.validade);
  });
});
