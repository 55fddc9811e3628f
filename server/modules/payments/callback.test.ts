import { describe, expect, it } from "vitest";
import { CALLBACK_PATH, buildCallbackUrl, callbackUrlTemplate, parseCallback, verifyCallbackKey } from "./callback.ts";
import { amountToCents } from "#server/core/money.ts";

/** Decode a URL's query the way Fastify does (querystring semantics: '+' becomes a space). */
function queryOf(url: string): Record<string, string> {
  return Object.fromEntries(new URL(url).searchParams);
}

const KEY = "chave-anti-phishing-0123456789";

/** The parse of a query that must be accepted (a refusal fails the test with its reason). */
function accepted(query: Record<string, unknown>) {
  const parsed = parseCallback(query);
  if (!parsed.ok) throw new Error(`refused: ${parsed.problem}`);
  return parsed;
}

describe("parseCallback: current form", () => {
  it("reads every field of a Multibanco notification", () => {
    const parsed = accepted({
      key: KEY,
      orderId: "123",
      amount: "123.00",
      requestId: "",
      entity: "99999",
      reference: "999012373",
      payment_datetime: "28-10-2021 10:55:21",
    });
    expect(parsed.key).toBe(KEY);
    expect(parsed.callback).toMatchObject({
      form: "current",
      kind: "payment",
      amountCents: 12_300,
      orderId: "123",
      entity: "99999",
      reference: "999012373",
    });
    expect(parsed.callback.requestId).toBeUndefined();
    // 10:55:21 in Lisbon summer time is 09:55:21 UTC.
    expect(parsed.callback.paidAt?.toISOString()).toBe("2021-10-28T09:55:21.000Z");
    expect(parsed.callback.payload).not.toHaveProperty("key");
    expect(JSON.stringify(parsed.callback)).not.toContain(KEY);
  });

  it("reads an MB WAY notification and restores '+' turned into a space", () => {
    const parsed = accepted({
      key: KEY,
      orderId: "9",
      amount: "10.99",
      requestId: "ab cd+ef",
      payment_datetime: "01-02-2025 08:00:00",
    });
    expect(parsed.callback.requestId).toBe("ab+cd+ef");
    expect(parsed.callback.paidAt?.toISOString()).toBe("2025-02-01T08:00:00.000Z");
  });

  it("treats unfilled placeholders and empty values as absent", () => {
    const parsed = accepted({
      key: KEY,
      amount: "5",
      requestId: "XYZ",
      entity: "[ENTITY]",
      reference: "",
      orderId: "[ORDER_ID]",
    });
    expect(parsed.callback.entity).toBeUndefined();
    expect(parsed.callback.reference).toBeUndefined();
    expect(parsed.callback.orderId).toBeUndefined();
    expect(parsed.callback.paidAt).toBeUndefined();
  });

  it.each([
    [{ amount: "1.00", reference: "1" }, "missing_key"],
    [{ key: "", amount: "1.00", reference: "1" }, "missing_key"],
    [{ key: KEY, reference: "1" }, "missing_amount"],
    [{ key: KEY, amount: "abc", reference: "1" }, "invalid_amount"],
    [{ key: KEY, amount: "0.00", reference: "1" }, "invalid_amount"],
    [{ key: KEY, amount: "1.00" }, "missing_identifier"],
    [{ key: [KEY, KEY], amount: "1.00", reference: "1" }, "duplicated_parameter"],
  ])("refuses %j: %s", (query, problem) => {
    expect(parseCallback(query as Record<string, unknown>)).toEqual({ ok: false, problem });
  });

  it("gives the same eventKey to a replay and a different one to another payment", () => {
    const q = {
      key: KEY,
      amount: "10.00",
      entity: "99999",
      reference: "999000152",
      payment_datetime: "01-02-2025 08:00:00",
    };
    const a = parseCallback(q);
    const b = parseCallback({ ...q, key: "other" });
    const c = parseCallback({ ...q, reference: "999000153" });
    expect(a.ok && b.ok && a.callback.eventKey === b.callback.eventKey).toBe(true);
    expect(a.ok && c.ok && a.callback.eventKey !== c.callback.eventKey).toBe(true);
  });
});

describe("parseCallback: older form", () => {
  it("reads a Multibanco notification (chave, entidade, referencia, valor, datahorapag, terminal)", () => {
    const parsed = accepted({
      chave: KEY,
      entidade: "99999",
      referencia: "999 012 373",
      valor: "123,00",
      datahorapag: "28-10-2021 10:55:21",
      terminal: "TERM-01",
    });
    expect(parsed.key).toBe(KEY);
    expect(parsed.callback).toMatchObject({
      form: "legacy",
      kind: "payment",
      amountCents: 12_300,
      entity: "99999",
      reference: "999012373",
      terminal: "TERM-01",
    });
    expect(parsed.callback.payload).not.toHaveProperty("chave");
  });

  it("reads an MB WAY notification (referencia = order, idpedido = request id, estado)", () => {
    const paid = parseCallback({
      chave: KEY,
      referencia: "42",
      idpedido: "Abc 123",
      valor: "10.5",
      datahorapag: "01-02-2025 08:00:00",
      estado: "PAGO",
    });
    expect(paid.ok && paid.callback).toMatchObject({
      kind: "payment",
      orderId: "42",
      requestId: "Abc+123",
      amountCents: 1050,
    });
    expect(paid.ok && paid.callback.reference).toBeUndefined();
    const refund = parseCallback({
      chave: KEY,
      referencia: "42",
      idpedido: "Abc123",
      valor: "10.50",
      estado: "DEVOLVIDO",
    });
    expect(refund.ok && refund.callback.kind).toBe("refund");
    expect(
      parseCallback({ chave: KEY, referencia: "42", idpedido: "Abc123", valor: "10.50", estado: "OUTRO" }),
    ).toEqual({
      ok: false,
      problem: "unknown_state",
    });
  });

  it("prefers the current form when both keys are present", () => {
    const parsed = parseCallback({ key: "k1", chave: "k2", amount: "1.00", reference: "123456789" });
    expect(parsed.ok && parsed.key).toBe("k1");
    expect(parsed.ok && parsed.callback.form).toBe("current");
  });
});

describe("amount parsing (callback amounts)", () => {
  it.each([
    ["10.5", 1050],
    ["10.50", 1050],
    ["10,50", 1050],
    ["10,5", 1050],
    ["10", 1000],
    [" 10.50 ", 1050],
    ["0.5", 50],
    ["0.50", 50],
    ["0.05", 5],
    ["999999.99", 99_999_999],
    [10.5, 1050],
    [0.01, 1],
    [21.5, 2150],
  ])("%j -> %i cents", (input, cents) => {
    expect(amountToCents(input)).toBe(cents);
  });

  it.each([
    "",
    " ",
    "abc",
    "10.505",
    "10.",
    ".5",
    "-10.50",
    "+10",
    "1e3",
    "1.000,50",
    "1,000.50",
    "10.50€",
    "0x10",
    "10 50",
    "NaN",
    "Infinity",
    null,
    undefined,
    {},
    -1,
    Number.NaN,
    10.555,
  ])("rejects %j", (input) => {
    expect(amountToCents(input)).toBeNull();
  });
});

describe("verifyCallbackKey", () => {
  it("accepts the right key only", () => {
    expect(verifyCallbackKey(KEY, KEY)).toBe(true);
    expect(verifyCallbackKey("chave-anti-phishing-0123456788", KEY)).toBe(false);
    expect(verifyCallbackKey(KEY.toUpperCase(), KEY)).toBe(false);
  });

  it("refuses keys of another length, missing keys and an empty expected key", () => {
    expect(verifyCallbackKey(KEY.slice(0, -1), KEY)).toBe(false);
    expect(verifyCallbackKey(KEY + "0", KEY)).toBe(false);
    expect(verifyCallbackKey("", KEY)).toBe(false);
    expect(verifyCallbackKey(undefined, KEY)).toBe(false);
    expect(verifyCallbackKey([KEY], KEY)).toBe(false);
    expect(verifyCallbackKey("", "")).toBe(false);
  });
});

describe("buildCallbackUrl", () => {
  const paidAt = new Date("2021-10-28T09:55:21Z");

  it("builds the current form on the callback path, parsed back to the same data", () => {
    const url = buildCallbackUrl("https://loja.example", KEY, {
      amountCents: 12_300,
      orderId: 123,
      entity: "99999",
      reference: "999012373",
      paidAt,
    });
    expect(url.startsWith(`https://loja.example${CALLBACK_PATH}?key=`)).toBe(true);
    const q = queryOf(url);
    expect(q).toMatchObject({
      key: KEY,
      orderId: "123",
      amount: "123.00",
      entity: "99999",
      reference: "999012373",
      payment_datetime: "28-10-2021 10:55:21",
    });
    const parsed = parseCallback(q);
    expect(parsed.ok && parsed.callback).toMatchObject({ amountCents: 12_300, reference: "999012373", paidAt });
  });

  it("sends '+' in a request id raw, like the gateway; the parser restores it", () => {
    const url = buildCallbackUrl("http://127.0.0.1:3000/", KEY, { amountCents: 1099, orderId: 9, requestId: "a+b/c=" });
    expect(url).toContain("requestId=a+b%2Fc%3D");
    const q = queryOf(url);
    expect(q.requestId).toBe("a b/c=");
    const parsed = parseCallback(q);
    expect(parsed.ok && parsed.callback.requestId).toBe("a+b/c=");
    const encoded = queryOf(
      buildCallbackUrl("http://127.0.0.1:3000", KEY, { amountCents: 1099, requestId: "a+b" }, { likeGateway: false }),
    );
    expect(encoded.requestId).toBe("a+b");
  });

  it("builds the older form and keeps an explicit path", () => {
    const url = buildCallbackUrl(
      "http://shop.test/hooks/ifthenpay",
      KEY,
      { amountCents: 1050, orderId: 42, requestId: "R1", state: "PAGO", paidAt },
      { form: "legacy" },
    );
    expect(url.startsWith("http://shop.test/hooks/ifthenpay?chave=")).toBe(true);
    const parsed = parseCallback(queryOf(url));
    expect(parsed.ok && parsed.callback).toMatchObject({
      form: "legacy",
      orderId: "42",
      requestId: "R1",
      amountCents: 1050,
      kind: "payment",
    });
  });

  it("gives the template to register with ifthenpay", () => {
    expect(callbackUrlTemplate("https://loja.pt/")).toBe(
      "https://loja.pt/api/payments/callback?key=[ANTI_PHISHING_KEY]&orderId=[ORDER_ID]&amount=[AMOUNT]&requestId=[REQUEST_ID]&entity=[ENTITY]&reference=[REFERENCE]&payment_datetime=[PAYMENT_DATETIME]",
    );
  });
});
