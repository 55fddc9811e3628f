import { describe, expect, it } from "vitest";
import { useIfthenpayStandIn } from "#tests/support/ifthenpay.ts";
import { PaymentDataIncompleteError, type PaymentToCheck } from "./provider.ts";

/** The ifthenpay client: verifying payments (POST /v2/payments/read, MB WAY status). */

const { s, provider, lastRequest } = useIfthenpayStandIn();

describe("verification (POST /v2/payments/read)", () => {
  it("Multibanco: not paid -> pending; paid with the same amount -> paid", async () => {
    const p = provider();
    const created = await p.create({ orderId: 55, amountCents: 2_550, method: "mb" });
    const stored: PaymentToCheck = { ...created, orderId: 55, createdAt: s.clock };

    expect(await p.check(stored)).toEqual({ status: "pending" });
    const req = lastRequest();
    expect(req.path).toBe("/v2/payments/read");
    const body = req.body as Record<string, unknown>;
    expect(body).toMatchObject({
      boKey: s.gw.keys.backofficeKey,
      entity: created.entity,
      subEntity: null,
      reference: created.reference,
      requestId: null,
    });
    expect(body.dateStart).toMatch(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2}$/);
    expect(body.dateEnd).toMatch(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2}$/);

    const paidAt = new Date(Math.floor(Date.now() / 1000) * 1000);
    s.gw.markPaid({ reference: created.reference!, paidAt });
    expect(await p.check(stored)).toEqual({ status: "paid", paidAt, amountCents: 2_550 });
  });

  it("an amount mismatch is not counted as paid", async () => {
    const p = provider();
    const created = await p.create({ orderId: 56, amountCents: 2_550, method: "mb" });
    s.gw.markPaid({ reference: created.reference!, amountCents: 2_500 });
    expect(await p.check({ ...created, orderId: 56, createdAt: s.clock })).toEqual({
      status: "pending",
      mismatch: { amountCents: 2_500 },
    });
  });

  it("0.5 vs 0.50: amounts are compared in cents", async () => {
    const p = provider();
    const created = await p.create({ orderId: 57, amountCents: 50, method: "payshop" });
    s.gw.markPaid({ requestId: created.requestId! });
    expect(await p.check({ ...created, orderId: 57, createdAt: s.clock })).toMatchObject({
      status: "paid",
      amountCents: 50,
    });
  });

  it("offline Multibanco: asks with entity and sub-entity", async () => {
    const p = provider({ mbKey: undefined, entity: "99999", subEntity: "999" });
    const created = await p.create({ orderId: 123, amountCents: 12_300, method: "mb" });
    const stored: PaymentToCheck = { ...created, orderId: 123, createdAt: s.clock };
    expect(await p.check(stored)).toEqual({ status: "pending" });
    expect(lastRequest().body).toMatchObject({ entity: "99999", subEntity: "999", reference: "999012373" });
    s.gw.markPaid({ entity: "99999", subEntity: "999", reference: "999012373", orderId: 123, amountCents: 12_300 });
    expect(await p.check(stored)).toMatchObject({ status: "paid", amountCents: 12_300 });
  });

  it("not paid after the expiry time -> expired", async () => {
    const p = provider();
    const created = await p.create({ orderId: 58, amountCents: 1_000, method: "payshop" });
    s.clock = new Date(created.expiresAt.getTime() + 1_000);
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
      createdAt: s.clock,
      expiresAt: new Date(s.clock.getTime() + 60_000),
    };
    expect(await p.check(stored)).toEqual({ status: "pending" });
    s.clock = new Date(s.clock.getTime() + 120_000);
    expect(await p.check(stored)).toEqual({ status: "expired" });
    expect(s.gw.requests).toHaveLength(0);
  });

  it.each([
    [{ method: "mb", entity: "12345", reference: null }, "Dados incompletos para verificação MB"],
    [{ method: "mb", entity: null, reference: "900000112" }, "Dados incompletos para verificação MB"],
    [{ method: "mbway", requestId: "" }, "Dados incompletos para verificação MB WAY"],
    [{ method: "payshop", reference: undefined }, "Dados incompletos para verificação Payshop"],
  ] as const)("refuses incomplete data %j", async (fields, message) => {
    const err = await provider()
      .check({ orderId: 1, amountCents: 1000, createdAt: s.clock, ...fields })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PaymentDataIncompleteError);
    expect((err as PaymentDataIncompleteError).message).toBe(message);
  });
});
