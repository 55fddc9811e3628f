import { describe, expect, it } from "vitest";
import { lisbonText, useWithdrawalApp, VALID_IBAN } from "#tests/support/withdrawal-app.ts";
import { WITHDRAWAL_MESSAGES as M, type WithdrawalResponse, type WithdrawalView } from "./schemas.ts";

/**
 * The public form /livre-resolucao: POST /api/withdrawal/lookup (order number + the buying account's e-mail) and
 * POST /api/withdrawal, for shoppers who are not signed in; the wrong pair is one 404; guesses are rate-limited.
 */

const kit = useWithdrawalApp();
const { ctx, order, post, returnsOf, lineRows, counts, confirmation } = kit;

describe("the right pair", () => {
  it("looks the order up: its lines as stored, the period and whether an IBAN is needed", async () => {
    const { id } = await order({ method: "payshop", daysAgo: 4 });
    const res = await post(
      "/api/withdrawal/lookup",
      { order_id: String(id), email: ctx.buyer.email.toUpperCase() },
      null,
    );
    expect(res.statusCode, res.body).toBe(200);
    const view = res.json() as WithdrawalView;
    const rows = await lineRows(id);
    expect(view.lines).toEqual(
      rows.map((l) => ({
        order_line_id: l.id,
        name: l.productName,
        color: l.colorName,
        size: l.sizeName,
        unit_price: l.unitPriceCents / 100,
        quantity: l.quantity,
        available: l.quantity,
      })),
    );
    expect(view).toMatchObject({ order_id: id, available: true, iban_required: true, method_label: "Payshop" });
    expect(view.last_day).toBe(await kit.lisbonDay(10));
  });

  it("registers the request from the form (channel 'formulario') and e-mails the account's address", async () => {
    const { id, lines } = await order({ method: "mb", daysAgo: 1 });
    const res = await post(
      "/api/withdrawal",
      {
        order_id: id,
        email: ` ${ctx.buyer.email.toUpperCase()} `,
        items: [{ order_line_id: lines[1], quantity: 3 }],
        iban: VALID_IBAN,
      },
      null,
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as WithdrawalResponse;
    const [stored] = await returnsOf(id);
    const [, line] = await lineRows(id);
    expect(stored).toMatchObject({ channel: "formulario", iban: VALID_IBAN, refundCents: 3 * line!.unitPriceCents });
    expect(body.return.id).toBe(stored!.id);
    const mail = await confirmation(stored!.id);
    expect(mail.to).toEqual([ctx.buyer.email]);
    expect(mail.text).toContain(lisbonText(stored!.requestedAt));
    expect(mail.text).toContain(`- 3 × ${line!.productName}`);
    // The same units again, now from the form: refused like from /conta.
    const again = await post(
      "/api/withdrawal",
      { order_id: id, email: ctx.buyer.email, items: [{ order_line_id: lines[1], quantity: 1 }], iban: VALID_IBAN },
      null,
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(M.alreadyRequested);
  });
});

describe("the wrong pair", () => {
  it("a wrong e-mail, an unknown number or another buyer's order: the same 404, nothing written", async () => {
    const { id, lines } = await order({ daysAgo: 1 });
    const before = await counts();
    const pairs = [
      { order_id: id, email: ctx.other.email },
      { order_id: id, email: "ninguem@exemplo.pt" },
      { order_id: 999_999, email: ctx.buyer.email },
    ];
    for (const pair of pairs) {
      const lookup = await post("/api/withdrawal/lookup", pair, null);
      expect(lookup.statusCode, JSON.stringify(pair)).toBe(404);
      expect(lookup.json().message).toBe(M.pairNotFound);
      const request = await post(
        "/api/withdrawal",
        { ...pair, items: [{ order_line_id: lines[0], quantity: 1 }], iban: VALID_IBAN },
        null,
      );
      expect(request.statusCode).toBe(404);
      expect(request.json().message).toBe(M.pairNotFound);
    }
    expect(await counts()).toEqual(before);
  });

  it("an invalid e-mail or order number is 400 with the field's message", async () => {
    const bad = await post("/api/withdrawal/lookup", { order_id: "abc", email: "nao-e-email" }, null);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/Número de encomenda inválido\.|Email inválido/);
  });
});

describe("rate limit", () => {
  it("ten tries per e-mail an hour, then 429 (another e-mail and address are not affected)", async () => {
    const { id } = await order({ daysAgo: 1 });
    const address = "198.51.100.10";
    const guessed = "adivinha@exemplo.pt";
    for (let i = 0; i < 10; i++) {
      const res = await post("/api/withdrawal/lookup", { order_id: id + i, email: guessed }, null, address);
      expect(res.statusCode).toBe(404);
    }
    const blocked = await post("/api/withdrawal/lookup", { order_id: id, email: guessed }, null, "198.51.100.12");
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(0);
    const fine = await post("/api/withdrawal/lookup", { order_id: id, email: ctx.buyer.email }, null, "198.51.100.11");
    expect(fine.statusCode).toBe(200);
  });

  it("twenty tries per address an hour, whatever the e-mails", async () => {
    const address = "198.51.100.20";
    for (let i = 0; i < 20; i++) {
      const res = await post(
        "/api/withdrawal/lookup",
        { order_id: 1, email: `tentativa${i}@exemplo.pt` },
        null,
        address,
      );
      expect(res.statusCode).toBe(404);
    }
    const blocked = await post("/api/withdrawal/lookup", { order_id: 1, email: "outra@exemplo.pt" }, null, address);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe("Demasiadas tentativas. Aguarde um pouco e tente novamente.");
  });
});
