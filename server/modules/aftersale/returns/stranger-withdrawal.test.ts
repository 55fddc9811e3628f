import { describe, expect, it } from "vitest";
import { useWithdrawalApp, VALID_IBAN } from "#tests/support/withdrawal-app.ts";
import { checkout, seedProduct } from "#tests/support/orders.ts";

/**
 * Issue 20 item 7, the two findings of the security probes, written before the fix (they failed on main then):
 * (a) a stranger who knows an order's number and its buyer's e-mail filed the withdrawal with their own IBAN, and
 * the owner's later request was refused with 409; (b) POST /api/withdrawal/lookup showed the items, prices and
 * payment method of any order, even an unpaid one.
 */

const kit = useWithdrawalApp();
const { ctx, order, post, withdraw, returnsOf, returnLinesOf, lineRows } = kit;

/** Another valid Portuguese IBAN (mod-97), the stranger's. */
const STRANGER_IBAN = "PT50003300004555582477287";

describe("(a) a stranger with the order number and the buyer's e-mail", () => {
  it("cannot put their IBAN on the refund, and the owner's own request afterwards is accepted", async () => {
    const { id, lines } = await order({ method: "mb", daysAgo: 2 });
    const filed = await post(
      "/api/withdrawal",
      { order_id: id, email: ctx.buyer.email, items: [{ order_line_id: lines[0], quantity: 2 }], iban: STRANGER_IBAN },
      null,
      "203.0.113.50",
    );
    expect(filed.statusCode, filed.body).toBe(200);
    const afterStranger = await returnsOf(id);
    expect(afterStranger.map((r) => r.iban)).not.toContain(STRANGER_IBAN);

    // The owner, signed in, chooses one unit of the other line and gives their IBAN: accepted, on the same request
    // (its date, the declaration's, is the legal one), and the stranger's IBAN is nowhere.
    const own = await withdraw(id, { items: [{ order_line_id: lines[1], quantity: 1 }], iban: VALID_IBAN });
    expect(own.statusCode, own.body).toBe(200);
    const live = (await returnsOf(id)).filter((r) => r.status !== "cancelled");
    expect(live).toHaveLength(1);
    expect(live[0]!.iban).toBe(VALID_IBAN);
    expect(live[0]!.requestedAt.toISOString()).toBe(afterStranger[0]!.requestedAt.toISOString());
    expect(await returnLinesOf(live[0]!.id)).toEqual([expect.objectContaining({ orderLineId: lines[1], quantity: 1 })]);
    const [, b] = await lineRows(id);
    expect(live[0]!.refundCents).toBe(b!.unitPriceCents);
  });

  it("gets the same answer whether the pair matches an order or not: nothing about the order", async () => {
    const { id } = await order({ method: "payshop", daysAgo: 1 });
    const [first] = await lineRows(id);
    const answers = [];
    // What the old form sent (items and an IBAN too): the right pair, a wrong e-mail, an unknown order.
    const choice = { items: [{ order_line_id: first!.id, quantity: 1 }], iban: STRANGER_IBAN };
    for (const [i, pair] of [
      { order_id: id, email: ctx.buyer.email },
      { order_id: id, email: ctx.other.email },
      { order_id: 999_999, email: ctx.buyer.email },
    ].entries()) {
      const res = await post("/api/withdrawal", { ...pair, ...choice }, null, `203.0.113.${60 + i}`);
      answers.push({ status: res.statusCode, body: res.json() });
      expect(res.body).not.toContain(first!.productName);
      expect(res.body).not.toContain("Payshop");
    }
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    expect(answers[0]!.status).toBe(200);
  });
});

describe("(b) the public look-up", () => {
  it("shows nothing of an order, even unpaid, to whoever has its number and e-mail", async () => {
    const product = await seedProduct(ctx.t, 2190, 5, { name: "Avental Por Pagar" });
    const res = await checkout(ctx.t, ctx.buyer.headers, {
      metodo_pagamento: "mb",
      items: [{ product_id: product.product.id, variant_id: product.variants[0]!.id, quantity: 1 }],
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().order_id as number;
    const lookup = await post("/api/withdrawal/lookup", { order_id: id, email: ctx.buyer.email }, null, "203.0.113.70");
    expect(lookup.body).not.toContain("Avental Por Pagar");
    expect(lookup.body).not.toContain("21.9");
    expect(lookup.body).not.toContain("Multibanco");
    expect(lookup.statusCode).toBe(404);
  });
});
