import { describe, expect, it } from "vitest";
import { lisbonText, useWithdrawalApp, VALID_IBAN } from "#tests/support/withdrawal-app.ts";
import type { MyOrderDetail } from "#server/flows/order-views/schemas.ts";
import { WITHDRAWAL_MESSAGES as M, type WithdrawalResponse } from "./schemas.ts";

/**
 * 'Livre resolução' from /conta (POST /api/users/me/orders/:id/withdrawal): the 14 days, the units, the refund
 * from the stored prices, the IBAN, the owner, the one transaction with its timeline event and e-mail.
 */

const kit = useWithdrawalApp();
const { ctx, order, withdraw, returnsOf, returnLinesOf, lineRows, row, events, counts, confirmation } = kit;

const euros = (cents: number) =>
  new Intl.NumberFormat("pt-PT", { style: "currency", currency: "EUR" }).format(cents / 100);

describe("within the 14 days", () => {
  it("a partial withdrawal stores the chosen units, refunds their stored prices and e-mails the date and items", async () => {
    const { id, lines } = await order({ method: "mb", daysAgo: 3 });
    const res = await withdraw(id, {
      items: [{ order_line_id: lines[0], quantity: 1 }],
      iban: "pt50 0002 0123 1234 5678 9015 4",
      reason: "Tamanho errado",
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as WithdrawalResponse;
    expect(body.message).toBe(M.requested);

    const [stored] = await returnsOf(id);
    const dbLines = await lineRows(id);
    expect(stored).toMatchObject({ status: "requested", channel: "conta", reason: "Tamanho errado", iban: VALID_IBAN });
    // One unit of the first line, at the price stored on the order line; delivery stays (partial).
    expect(stored!.refundCents).toBe(dbLines[0]!.unitPriceCents);
    expect((await returnLinesOf(stored!.id)).map((l) => [l.orderLineId, l.quantity])).toEqual([[lines[0], 1]]);
    expect(body.return).toMatchObject({ id: stored!.id, status: "requested", refund: stored!.refundCents / 100 });
    expect(body.return.requested_at).toBe(stored!.requestedAt.toISOString());
    // What is left to choose: 1 of the first line, all of the second.
    expect(body.withdrawal.lines.map((l) => [l.order_line_id, l.quantity, l.available])).toEqual([
      [lines[0], dbLines[0]!.quantity, dbLines[0]!.quantity - 1],
      [lines[1], dbLines[1]!.quantity, dbLines[1]!.quantity],
    ]);
    expect(body.withdrawal.available).toBe(true);

    // The timeline records the request and the e-mail, in the same transaction.
    const kinds = (await events(id)).slice(-2);
    expect(kinds.map((e) => e.kind)).toEqual(["payment", "email"]);
    expect(kinds[0]!.message).toContain("Livre resolução pedida (A minha conta): 1 artigo");
    expect(kinds[0]!.message).toContain("por transferência bancária. Motivo: Tamanho errado");
    expect(kinds[0]!.message).not.toContain(VALID_IBAN.slice(4));
    expect(kinds[0]!.data).toMatchObject({ return_id: stored!.id, refund_cents: stored!.refundCents });

    const mail = await confirmation(stored!.id);
    expect(mail.to).toEqual([ctx.buyer.email]);
    expect(mail.subject).toBe(`Livre resolução registada: encomenda #${id}`);
    expect(mail.text).toContain(`a ${lisbonText(stored!.requestedAt)} (hora de Lisboa)`);
    expect(mail.text).toContain(`- 1 × ${dbLines[0]!.productName}`);
    expect(mail.text).not.toContain(dbLines[1]!.productName);
    expect(mail.text).toContain(`Valor a reembolsar: ${euros(stored!.refundCents)}`);
    expect(mail.text).not.toContain("inclui os portes");
    expect(mail.text).toContain("no prazo de 14 dias a contar de hoje");
    expect(mail.text).toContain("IBAN PT50 0002 0123 1234 5678 9015 4");
    expect(mail.html).toContain(lisbonText(stored!.requestedAt));
  });

  it("the rest of the order afterwards refunds its prices plus delivery: both refunds add up to the order total", async () => {
    const { id, lines } = await order({ method: "payshop", daysAgo: 14 });
    const first = await withdraw(id, { items: [{ order_line_id: lines[1], quantity: 2 }], iban: VALID_IBAN });
    expect(first.statusCode, first.body).toBe(200);
    const rest = await withdraw(id, {
      items: [
        { order_line_id: lines[0], quantity: 2 },
        { order_line_id: lines[1], quantity: 1 },
      ],
      iban: VALID_IBAN,
    });
    expect(rest.statusCode, rest.body).toBe(200);
    const [a, b] = await returnsOf(id);
    const [l0, l1] = await lineRows(id);
    const o = await row(id);
    expect(a!.refundCents).toBe(2 * l1!.unitPriceCents);
    expect(b!.refundCents).toBe(2 * l0!.unitPriceCents + l1!.unitPriceCents + o.shippingCents);
    expect(o.shippingCents).toBeGreaterThan(0);
    expect(a!.refundCents + b!.refundCents).toBe(o.totalCents);
    // Nothing is left: the button goes, and the e-mail says delivery is refunded.
    expect((rest.json() as WithdrawalResponse).withdrawal.available).toBe(false);
    expect((await confirmation(b!.id)).text).toContain(
      `Valor a reembolsar: ${euros(b!.refundCents)} (inclui os portes`,
    );
  });

  it("everything at once by MB WAY: the order total back, no IBAN asked, the e-mail says MB WAY", async () => {
    const { id, lines } = await order({ method: "mbway", daysAgo: 0 });
    const res = await withdraw(id, {
      items: [
        { order_line_id: lines[0], quantity: 2 },
        { order_line_id: lines[1], quantity: 3 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const [stored] = await returnsOf(id);
    expect(stored!.refundCents).toBe((await row(id)).totalCents);
    expect(stored!.iban).toBeNull();
    expect((res.json() as WithdrawalResponse).withdrawal.iban_required).toBe(false);
    expect((await confirmation(stored!.id)).text).toContain("por MB WAY, para o telemóvel com que pagou");
  });

  it("the order page shows the request's status and until when a withdrawal is possible", async () => {
    const { id, lines } = await order({ method: "mb", daysAgo: 5 });
    await withdraw(id, { items: [{ order_line_id: lines[0], quantity: 2 }], iban: VALID_IBAN });
    const res = await ctx.t.app.inject({ url: `/api/users/me/orders/${id}`, headers: ctx.buyer.headers });
    const detail = res.json() as MyOrderDetail;
    const [stored] = await returnsOf(id);
    expect(detail.withdrawal.returns).toEqual([
      {
        id: stored!.id,
        status: "requested",
        status_label: "Pedido registado",
        requested_at: stored!.requestedAt.toISOString(),
        refund: stored!.refundCents / 100,
        lines: [{ order_line_id: lines[0], name: (await lineRows(id))[0]!.productName, quantity: 2 }],
        filed_label: "conta",
        awaiting_owner: false,
        can_change: true,
      },
    ]);
    expect(detail.withdrawal.last_day).toBe(await kit.lisbonDay(9));
    expect(detail.withdrawal.iban_required).toBe(true);
  });
});

describe("refusals change nothing", () => {
  it("the same request again is 409", async () => {
    const { id, lines } = await order({ daysAgo: 2 });
    const payload = { items: [{ order_line_id: lines[0], quantity: 2 }], iban: VALID_IBAN };
    expect((await withdraw(id, payload)).statusCode).toBe(200);
    const before = await counts();
    const again = await withdraw(id, payload);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(M.alreadyRequested);
    expect(await counts()).toEqual(before);
  });

  it("two identical requests at once: the order's lock lets one through, the other is 409", async () => {
    const { id, lines } = await order({ daysAgo: 2 });
    const payload = { items: [{ order_line_id: lines[1], quantity: 3 }], iban: VALID_IBAN };
    const answers = await Promise.all([withdraw(id, payload), withdraw(id, payload)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await returnsOf(id)).toHaveLength(1);
  });

  it("after the 14th day (end of the day in Lisbon) it is 409 and the page says until when it was possible", async () => {
    const { id, lines } = await order({ daysAgo: 15 });
    const before = await counts();
    const res = await withdraw(id, { items: [{ order_line_id: lines[0], quantity: 1 }], iban: VALID_IBAN });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(M.expired);
    expect(await counts()).toEqual(before);
    const detail = (
      await ctx.t.app.inject({ url: `/api/users/me/orders/${id}`, headers: ctx.buyer.headers })
    ).json() as MyOrderDetail;
    expect(detail.withdrawal.available).toBe(false);
    expect(detail.withdrawal.last_day).toBe(await kit.lisbonDay(-1));
  });

  it("an order not yet delivered is 409 (paid, shipped)", async () => {
    for (const status of ["paid", "enviada"] as const) {
      const { id, lines } = await order({ status });
      const before = await counts();
      const res = await withdraw(id, { items: [{ order_line_id: lines[0], quantity: 1 }], iban: VALID_IBAN });
      expect(res.statusCode, status).toBe(409);
      expect(res.json().message).toBe(M.notDelivered);
      expect(await counts()).toEqual(before);
    }
  });

  it("another account's order is 404, like an unknown one", async () => {
    const { id, lines } = await order({ daysAgo: 1 });
    const before = await counts();
    for (const target of [id, 999_999]) {
      const res = await withdraw(
        target,
        { items: [{ order_line_id: lines[0], quantity: 1 }], iban: VALID_IBAN },
        ctx.other,
      );
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(M.orderNotFound);
    }
    expect((await withdraw(id, { items: [{ order_line_id: lines[0], quantity: 1 }] }, null)).statusCode).toBe(401);
    expect(await counts()).toEqual(before);
  });

  it("quantities beyond those bought, zero, repeated or foreign lines are 400", async () => {
    const { id, lines } = await order({ daysAgo: 1 });
    const other = await order({ daysAgo: 1 });
    const before = await counts();
    const cases: Array<[object[], string]> = [
      [[{ order_line_id: lines[1], quantity: 4 }], M.tooMany],
      [[{ order_line_id: lines[0], quantity: 0 }], "Quantidade inválida."],
      [[], M.noItems],
      [
        [
          { order_line_id: lines[0], quantity: 1 },
          { order_line_id: lines[0], quantity: 1 },
        ],
        M.repeatedItem,
      ],
      [[{ order_line_id: other.lines[0], quantity: 1 }], M.unknownLine],
    ];
    for (const [items, message] of cases) {
      const res = await withdraw(id, { items, iban: VALID_IBAN });
      expect(res.statusCode, JSON.stringify(items)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(await counts()).toEqual(before);
  });

  it("Multibanco needs a valid Portuguese IBAN: missing, bad check digits or wrong length are 400", async () => {
    const { id, lines } = await order({ method: "mb", daysAgo: 1 });
    const before = await counts();
    const items = [{ order_line_id: lines[0], quantity: 1 }];
    const cases: Array<[string | undefined, string]> = [
      [undefined, M.ibanRequired],
      ["PT50000201231234567890155", "IBAN inválido."],
      ["PT5000020123123456789015", "IBAN inválido."],
      ["ES9121000418450200051332", "IBAN inválido."],
    ];
    for (const [iban, message] of cases) {
      const res = await withdraw(id, { items, ...(iban ? { iban } : {}) });
      expect(res.statusCode, iban).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(await counts()).toEqual(before);
  });
});
