import { describe, expect, it } from "vitest";
import { useIfthenpayStandIn } from "#tests/support/ifthenpay.ts";
import { REFUND_REFUSAL_MESSAGES } from "./provider.ts";
import { createSandboxProvider } from "./sandbox.ts";

/**
 * The MB WAY refund call (POST https://ifthenpay.com/api/endpoint/payments/refund) against the gateway stand-in:
 * the body ifthenpay's own modules send, Code "1" done, other codes refused with a pt-PT message, and failures
 * without an answer thrown (never retried by the adapter: the stand-in's refunds are counted).
 */

const { s, provider, failure, expectLastRequest } = useIfthenpayStandIn();

/** An MB WAY payment of `cents` the stand-in created and saw paid. */
async function paidMbway(cents: number): Promise<string> {
  const created = await provider().create({ orderId: 41, amountCents: cents, method: "mbway", phone: "912345678" });
  s.gw.markPaid({ requestId: created.requestId! });
  return created.requestId!;
}

describe("ifthenpay MB WAY refund", () => {
  it("sends backofficekey, requestId and the amount in euros; Code 1 is done", async () => {
    const requestId = await paidMbway(3_750);
    const outcome = await provider().refund({ requestId, amountCents: 1_250 });
    expectLastRequest("POST", "/api/endpoint/payments/refund", {
      backofficekey: s.gw.keys.backofficeKey,
      requestId,
      amount: "12.50",
    });
    expect(outcome).toEqual({ status: "done", answer: { code: "1", message: "Successful refunded" } });
    expect(s.gw.refunds.filter((r) => r.requestId === requestId).map((r) => r.amountCents)).toEqual([1_250]);
  });

  it("more than paid minus already refunded: refused with a pt-PT message, nothing refunded", async () => {
    const requestId = await paidMbway(2_000);
    expect((await provider().refund({ requestId, amountCents: 1_500 })).status).toBe("done");
    const second = await provider().refund({ requestId, amountCents: 501 });
    expect(second).toEqual({
      status: "refused",
      reason: "refused",
      message: REFUND_REFUSAL_MESSAGES.refused,
      answer: { code: "0", message: "Valor superior ao disponível para reembolso" },
    });
    expect(second.status === "refused" && second.message).toMatch(/reembolso/);
    expect(s.gw.refunds.filter((r) => r.requestId === requestId).map((r) => r.amountCents)).toEqual([1_500]);
  });

  it("Code -1 (no unsettled balance) is refused as insufficient funds", async () => {
    const requestId = await paidMbway(900);
    s.gw.setMode("declined", "refund");
    const outcome = await provider().refund({ requestId, amountCents: 900 });
    expect(outcome.status === "refused" && outcome.reason).toBe("insufficient_funds");
    expect(s.gw.refunds.some((r) => r.requestId === requestId)).toBe(false);
  });

  it("a wrong backoffice key is refused; a missing one is not even sent", async () => {
    const requestId = await paidMbway(900);
    const wrong = await provider({ backofficeKey: "9999-9999-9999-9999" }).refund({ requestId, amountCents: 900 });
    expect(wrong.status).toBe("refused");
    const sent = s.gw.requests.length;
    const err = await failure(provider({ backofficeKey: "" }).refund({ requestId, amountCents: 900 }));
    expect(err.reason).toBe("not_configured");
    expect(s.gw.requests.length).toBe(sent);
  });

  it("down, 500 and not JSON are thrown (clean, no key) and sent once", async () => {
    const requestId = await paidMbway(1_000);
    const expected = { down: "network", http500: "http_status", not_json: "invalid_json" } as const;
    for (const [mode, reason] of Object.entries(expected)) {
      s.gw.setMode(mode as keyof typeof expected, "refund");
      const before = s.gw.requests.filter((r) => r.endpoint === "refund").length;
      const err = await failure(provider().refund({ requestId, amountCents: 1_000 }));
      expect(err.reason).toBe(reason);
      expect(s.gw.requests.filter((r) => r.endpoint === "refund").length).toBe(before + 1);
    }
    expect(s.gw.refunds.filter((r) => r.requestId === requestId)).toEqual([]);
  });

  it("slow: the stand-in refunds, the adapter times out and does not send it again", async () => {
    const requestId = await paidMbway(1_000);
    s.gw.setMode("slow", "refund");
    const err = await failure(provider({ timeoutMs: 300 }).refund({ requestId, amountCents: 1_000 }));
    expect(err.reason).toBe("timeout");
    expect(s.gw.requests.filter((r) => r.endpoint === "refund")).toHaveLength(1);
    expect(s.gw.refunds.filter((r) => r.requestId === requestId).map((r) => r.amountCents)).toEqual([1_000]);
  });
});

describe("sandbox refund", () => {
  it("succeeds offline and records the refund", async () => {
    const sandbox = createSandboxProvider({ entity: "99999", subEntity: "999" });
    const outcome = await sandbox.refund({ requestId: " AbCdEfGhIjKlMnOpQrSt ", amountCents: 1_999 });
    expect(outcome.status).toBe("done");
    expect(sandbox.refunds.map((r) => [r.requestId, r.amountCents])).toEqual([["AbCdEfGhIjKlMnOpQrSt", 1_999]]);
    await expect(sandbox.refund({ requestId: "x", amountCents: 0 })).rejects.toThrow("O valor a pagar não é válido.");
    expect(sandbox.refunds).toHaveLength(1);
  });
});
