import { describe, expect, it } from "vitest";
import { formatYmd, lisbonParts } from "#server/core/time.ts";
import { isValidMultibancoReference } from "#server/modules/payments/multibanco.ts";
import { PaymentRejectedError, type PaymentToCheck } from "./provider.ts";
import { createPaymentProvider } from "./factory.ts";
import { createSandboxProvider } from "./sandbox.ts";

// 10:00 in Lisbon (summer time, UTC+1).
const NOW = new Date("2025-06-10T09:00:00Z");
const sandbox = (now = NOW) => createSandboxProvider({ entity: "99999", subEntity: "999", now: () => now });

describe("sandbox provider", () => {
  it("offers all three methods and says it is the sandbox", () => {
    const p = sandbox();
    expect(p.name).toBe("sandbox");
    expect([...p.methods].sort()).toEqual(["mb", "mbway", "payshop"]);
  });

  it("mb: a real check-digit reference, valid to the end of the 3rd day in Lisbon", async () => {
    const created = await sandbox().create({ orderId: 123, amountCents: 12_300, method: "mb" });
    expect(created).toMatchObject({ method: "mb", amountCents: 12_300, entity: "99999", reference: "999012373" });
    expect(created.requestId).toBeUndefined();
    expect(isValidMultibancoReference("99999", created.reference!, 12_300)).toBe(true);
    expect(created.expiresAt.toISOString()).toBe("2025-06-13T22:59:59.000Z");
    expect(created.providerData).toEqual({ mode: "offline", validade: "20250613" });
  });

  it("mb: the reference carries the exact cents", async () => {
    const p = sandbox();
    const a = await p.create({ orderId: 77, amountCents: 1099, method: "mb" });
    const b = await p.create({ orderId: 77, amountCents: 1098, method: "mb" });
    expect(a.reference).not.toBe(b.reference);
    expect(isValidMultibancoReference("99999", a.reference!, 1099)).toBe(true);
    expect(isValidMultibancoReference("99999", a.reference!, 1098)).toBe(false);
  });

  it("mb: amounts under 1 € are rejected", async () => {
    await expect(sandbox().create({ orderId: 1, amountCents: 99, method: "mb" })).rejects.toThrow(
      "O valor mínimo para pagamento por Multibanco é de 1,00 €.",
    );
  });

  it("payshop: a 13-digit reference, a request id and validade YYYYMMDD", async () => {
    const created = await sandbox().create({ orderId: 42, amountCents: 500, method: "payshop" });
    expect(created.method).toBe("payshop");
    expect(created.reference).toMatch(/^\d{13}$/);
    expect(created.reference!.endsWith("00000042")).toBe(true);
    expect(created.requestId).toMatch(/^[A-Za-z0-9]{20}$/);
    expect(created.providerData.validade).toMatch(/^\d{8}$/);
    expect(created.providerData.validade).toBe("20250613");
    expect(formatYmd(created.expiresAt)).toBe(created.providerData.validade);
    const end = lisbonParts(created.expiresAt);
    expect([end.hour, end.minute, end.second]).toEqual([23, 59, 59]);
  });

  it("payshop: two references for the same order differ", async () => {
    const p = sandbox();
    const refs = new Set<string>();
    for (let i = 0; i < 5; i++)
      refs.add((await p.create({ orderId: 42, amountCents: 500, method: "payshop" })).reference!);
    expect(refs.size).toBeGreaterThan(1);
  });

  it("mbway: a url-safe request id, the phone kept, a 4-minute window", async () => {
    const created = await sandbox().create({
      orderId: 9,
      amountCents: 1099,
      method: "mbway",
      phone: "+351 912 345 678",
    });
    expect(created.method).toBe("mbway");
    expect(created.phone).toBe("912345678");
    expect(created.requestId!.length).toBeLessThanOrEqual(30);
    expect(created.requestId).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(created.expiresAt.getTime() - NOW.getTime()).toBe(4 * 60_000);
    expect(created.entity).toBeUndefined();
    expect(created.reference).toBeUndefined();
  });

  it.each(["", "91234567", "9123456789", "812345678", "942345678", "902345678", "abcdefghi", undefined])(
    "mbway: refuses phone %j with the spec's message",
    async (phone) => {
      const err = await sandbox()
        .create({ orderId: 9, amountCents: 1099, method: "mbway", ...(phone === undefined ? {} : { phone }) })
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(PaymentRejectedError);
      expect((err as PaymentRejectedError).message).toBe("Introduza um número de telemóvel MB WAY válido.");
      expect((err as PaymentRejectedError).status).toBe(400);
    },
  );

  it.each(["912345678", "922345678", "932345678", "962345678"])("mbway: accepts %s", async (phone) => {
    await expect(sandbox().create({ orderId: 9, amountCents: 1, method: "mbway", phone })).resolves.toMatchObject({
      phone,
    });
  });

  it.each([0, -5, 10.5, 100_000_000])("refuses amount %j", async (amountCents) => {
    await expect(sandbox().create({ orderId: 1, amountCents, method: "payshop" })).rejects.toBeInstanceOf(
      PaymentRejectedError,
    );
  });

  it("check() is pending until the expiry time, then expired; never paid", async () => {
    const created = await sandbox().create({ orderId: 9, amountCents: 1099, method: "mbway", phone: "912345678" });
    const stored: PaymentToCheck = { ...created, orderId: 9, createdAt: NOW };
    expect(await sandbox(new Date(NOW.getTime() + 3 * 60_000)).check(stored)).toEqual({ status: "pending" });
    expect(await sandbox(new Date(NOW.getTime() + 5 * 60_000)).check(stored)).toEqual({ status: "expired" });

    const mb: PaymentToCheck = {
      orderId: 1,
      method: "mb",
      amountCents: 1000,
      entity: "99999",
      reference: "999000152",
      createdAt: NOW,
      expiresAt: null,
    };
    expect(await sandbox(new Date("2025-06-13T22:00:00Z")).check(mb)).toEqual({ status: "pending" });
    expect(await sandbox(new Date("2025-06-13T23:00:00Z")).check(mb)).toEqual({ status: "expired" });
  });

  it("ends the day in Lisbon winter time too", async () => {
    const created = await sandbox(new Date("2025-12-30T23:30:00Z")).create({
      orderId: 5,
      amountCents: 250,
      method: "payshop",
    });
    expect(created.providerData.validade).toBe("20260102");
    expect(created.expiresAt.toISOString()).toBe("2026-01-02T23:59:59.000Z");
  });

  it("refuses a bad entity or sub-entity at creation", () => {
    expect(() => createSandboxProvider({ entity: "123", subEntity: "999" })).toThrow(RangeError);
    expect(() => createSandboxProvider({ entity: "12345", subEntity: "9999" })).toThrow(RangeError);
  });
});

describe("createPaymentProvider (settings from the environment)", () => {
  it("builds the sandbox with its default entity, or the configured one", async () => {
    const p = createPaymentProvider({ provider: "sandbox" });
    expect(p.name).toBe("sandbox");
    expect((await p.create({ orderId: 123, amountCents: 12_300, method: "mb" })).reference).toBe("999012373");
    const own = createPaymentProvider({ provider: "sandbox", mbEntity: "12345", mbSubEntity: "123" });
    expect((await own.create({ orderId: 1, amountCents: 2_000, method: "mb" })).entity).toBe("12345");
  });

  it("builds ifthenpay with only the configured methods, and refuses one with none", () => {
    const p = createPaymentProvider({ provider: "ifthenpay", ifthenpay: { mbwayKey: "K", payshopKey: "P" } });
    expect(p.name).toBe("ifthenpay");
    expect(p.methods).toEqual(["mbway", "payshop"]);
    expect(createPaymentProvider({ provider: "ifthenpay", mbEntity: "11604", mbSubEntity: "9" }).methods).toEqual([
      "mb",
    ]);
    expect(() => createPaymentProvider({ provider: "ifthenpay", ifthenpay: { backofficeKey: "B" } })).toThrow(
      /PAYMENT_PROVIDER=ifthenpay/,
    );
  });
});
