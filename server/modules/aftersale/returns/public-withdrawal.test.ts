import { and, asc, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { emailOutbox } from "#server/core/db/schema.ts";
import { withdrawalLinks } from "#server/modules/aftersale/schema.ts";
import { lisbonText, useWithdrawalApp, VALID_IBAN } from "#tests/support/withdrawal-app.ts";
import { signIn } from "#tests/support/factories.ts";
import { EXTRA_MAILS_PER_HOUR } from "./declaration.ts";
import {
  WITHDRAWAL_MESSAGES as M,
  type CancelResponse,
  type WithdrawalLinkView,
  type WithdrawalResponse,
} from "./schemas.ts";
import { createHash } from "node:crypto";

/**
 * The public declaration /livre-resolucao (POST /api/withdrawal, decision 0023) and the one-time link e-mailed to
 * the order's address (POST /api/withdrawal/link, …/confirm, …/cancel): the declaration is recorded at once for the
 * whole order without an IBAN, the answer is the same whatever was typed, and only the link's holder (or the
 * signed-in owner) chooses the items, gives the IBAN or cancels.
 */

const kit = useWithdrawalApp();
const { ctx, order, post, returnsOf, returnLinesOf, lineRows, counts, events, deliver } = kit;

// The per-e-mail limit (10 an hour) would stop the buyer's declarations across tests; it has its own tests below.
beforeEach(async () => {
  await ctx.t.db.$client.query(`delete from rate_limits where key like 'withdrawal%'`);
});

let address = 0;
/** Each declaration from its own address (the per-address limit is tested on its own). */
const declare = (body: object) => post("/api/withdrawal", body, null, `192.0.2.${++address}`);

/** The order's e-mails of one kind, oldest first. */
const mailsOf = (to: string, kind: string) =>
  ctx.t.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, to), eq(emailOutbox.kind, kind)))
    .orderBy(asc(emailOutbox.id));

/** The token in the newest declaration e-mail of this order. */
async function tokenFor(orderId: number) {
  const mails = (await mailsOf(ctx.buyer.email, "withdrawal-declared")).filter((m) =>
    m.subject.endsWith(`#${orderId}`),
  );
  const match = /\/livre-resolucao\/confirmar\?ligacao=([\w-]+)/.exec(mails.at(-1)?.text ?? "");
  if (!match) throw new Error(`no link e-mailed for order ${orderId}`);
  return match[1]!;
}

describe("the declaration", () => {
  it("is recorded at once for every unit, without an IBAN, and e-mailed to the account with a one-time link", async () => {
    const { id, lines } = await order({ method: "mb", daysAgo: 1 });
    const res = await declare({ order_id: id, email: ` ${ctx.buyer.email.toUpperCase()} `, reason: "Não serve" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, message: M.declared });

    const [stored] = await returnsOf(id);
    const rows = await lineRows(id);
    const o = await kit.row(id);
    expect(stored).toMatchObject({
      status: "requested",
      channel: "formulario",
      iban: null,
      reason: "Não serve",
      completedAt: null,
      filedByUserId: null,
      // The whole order: both lines and delivery.
      refundCents: rows.reduce((s, l) => s + l.unitPriceCents * l.quantity, 0) + o.shippingCents,
    });
    expect(Math.abs(stored!.requestedAt.getTime() - Date.now())).toBeLessThan(60_000);
    expect((await returnLinesOf(stored!.id)).map((l) => [l.orderLineId, l.quantity])).toEqual([
      [lines[0], 2],
      [lines[1], 3],
    ]);

    const [mail] = await mailsOf(ctx.buyer.email, "withdrawal-declared");
    expect(mail!.subject).toBe(`Livre resolução registada: encomenda #${id}`);
    expect(mail!.text).toContain(`a ${lisbonText(stored!.requestedAt)} (hora de Lisboa). É esta a data da declaração.`);
    expect(mail!.text).toContain(`- 2 × ${rows[0]!.productName}`);
    expect(mail!.text).toContain(`- 3 × ${rows[1]!.productName}`);
    expect(mail!.text).toContain("indique o IBAN");
    expect(mail!.text).toContain("use a mesma ligação para cancelar o pedido");
    // Only the token's hash is stored; the link lives 30 days.
    const token = await tokenFor(id);
    const [link] = await ctx.t.db.select().from(withdrawalLinks).where(eq(withdrawalLinks.returnId, stored!.id));
    expect(link!.tokenHash).toBe(createHash("sha256").update(token).digest("base64url"));
    expect(link!.tokenHash).not.toContain(token);
    const days = (link!.expiresAt.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThan(30.1);
    const timeline = (await events(id)).slice(-2);
    expect(timeline[0]!.message).toContain("Livre resolução declarada no formulário público (sem sessão iniciada)");
  });

  it("a wrong e-mail, another buyer's order or an unknown number: the same answer, nothing written", async () => {
    const { id } = await order({ daysAgo: 1 });
    const before = await counts();
    for (const pair of [
      { order_id: id, email: ctx.other.email },
      { order_id: id, email: "ninguem@exemplo.pt" },
      { order_id: 999_999, email: ctx.buyer.email },
    ]) {
      const res = await declare(pair);
      expect(res.statusCode, JSON.stringify(pair)).toBe(200);
      expect(res.json()).toEqual({ success: true, message: M.declared });
    }
    expect(await counts()).toEqual(before);
  });

  it("an order not delivered yet: nothing recorded, the same answer, and the account is told why", async () => {
    const { id } = await order({ status: "enviada" });
    const res = await declare({ order_id: id, email: ctx.buyer.email });
    expect(res.json()).toEqual({ success: true, message: M.declared });
    expect(await returnsOf(id)).toEqual([]);
    const told = (await mailsOf(ctx.buyer.email, "withdrawal-not-recorded")).filter((m) =>
      m.subject.endsWith(`#${id}`),
    );
    expect(told).toHaveLength(1);
    expect(told[0]!.text).toContain(M.notDelivered);
  });

  it("again while the first waits: the link is sent anew (the old one dies); extra e-mails are capped per hour", async () => {
    const { id } = await order({ daysAgo: 1 });
    await declare({ order_id: id, email: ctx.buyer.email });
    const first = await tokenFor(id);
    await declare({ order_id: id, email: ctx.buyer.email });
    const second = await tokenFor(id);
    expect(second).not.toBe(first);
    expect(await returnsOf(id)).toHaveLength(1);
    expect((await post("/api/withdrawal/link", { token: first }, null)).json().message).toBe(M.linkInvalid);
    expect((await post("/api/withdrawal/link", { token: second }, null)).statusCode).toBe(200);
    for (let i = 0; i < EXTRA_MAILS_PER_HOUR + 2; i++) await declare({ order_id: id, email: ctx.buyer.email });
    const sent = (await mailsOf(ctx.buyer.email, "withdrawal-declared")).filter((m) => m.subject.endsWith(`#${id}`));
    expect(sent).toHaveLength(1 + EXTRA_MAILS_PER_HOUR);
  });
});

describe("the e-mailed link", () => {
  it("shows the request, takes the owner's items and IBAN once, keeping the declaration's date", async () => {
    const { id, lines } = await order({ method: "payshop", daysAgo: 2 });
    await declare({ order_id: id, email: ctx.buyer.email });
    const token = await tokenFor(id);
    const [declared] = await returnsOf(id);

    const view = await post("/api/withdrawal/link", { token }, null);
    expect(view.statusCode, view.body).toBe(200);
    const shown = view.json() as WithdrawalLinkView;
    expect(shown).toMatchObject({ order_id: id, return: { id: declared!.id, awaiting_owner: true } });
    expect(shown.return.filed_label).toBe("formulário público");
    // The request's own units count as free on its page.
    expect(shown.withdrawal.lines.map((l) => l.available)).toEqual([2, 3]);
    expect(shown.withdrawal.iban_required).toBe(true);

    const noIban = await post(
      "/api/withdrawal/link/confirm",
      { token, items: [{ order_line_id: lines[1], quantity: 1 }] },
      null,
    );
    expect(noIban.statusCode).toBe(400);
    expect(noIban.json().message).toBe(M.ibanRequired);

    const done = await post(
      "/api/withdrawal/link/confirm",
      { token, items: [{ order_line_id: lines[1], quantity: 1 }], iban: VALID_IBAN },
      null,
    );
    expect(done.statusCode, done.body).toBe(200);
    const body = done.json() as WithdrawalResponse;
    expect(body.message).toBe(M.updated);
    const [stored] = await returnsOf(id);
    const [, b] = await lineRows(id);
    expect(stored).toMatchObject({
      id: declared!.id,
      iban: VALID_IBAN,
      completedVia: "ligacao",
      refundCents: b!.unitPriceCents,
    });
    expect(stored!.requestedAt.toISOString()).toBe(declared!.requestedAt.toISOString());
    expect((await returnLinesOf(stored!.id)).map((l) => [l.orderLineId, l.quantity])).toEqual([[lines[1], 1]]);
    expect(body.withdrawal.lines.map((l) => l.available)).toEqual([2, 2]);
    const [updated] = (await mailsOf(ctx.buyer.email, "withdrawal-updated")).filter((m) =>
      m.subject.endsWith(`#${id}`),
    );
    expect(updated!.text).toContain(`registado a ${lisbonText(declared!.requestedAt)}`);
    expect(updated!.text).toContain("IBAN PT50 0002 0123 1234 5678 9015 4");

    // Used once.
    const again = await post(
      "/api/withdrawal/link/confirm",
      { token, items: [{ order_line_id: lines[0], quantity: 1 }], iban: VALID_IBAN },
      null,
    );
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(M.linkInvalid);

    // The admin sees who filed it and how the owner completed it.
    const admin = await signIn(ctx.t, "admin");
    const seen = await ctx.t.app.inject({ method: "GET", url: `/api/orders/${id}/returns`, headers: admin.headers });
    expect(seen.statusCode, seen.body).toBe(200);
    const [ret] = seen.json().returns;
    expect(ret.filed_label).toContain("formulário público");
    expect(ret.completion_label).toContain("ligação do e-mail");
    expect(ret.awaiting_owner).toBe(false);
    expect(ret.iban).toBe("•••• 0154");
  });

  it("cancels a request the owner did not make (once); an expired or unknown link does nothing", async () => {
    const { id } = await order({ daysAgo: 1 });
    await declare({ order_id: id, email: ctx.buyer.email });
    const token = await tokenFor(id);
    const cancelled = await post("/api/withdrawal/link/cancel", { token }, null);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const body = cancelled.json() as CancelResponse;
    expect(body.message).toBe(M.cancelled);
    expect(body.withdrawal.available).toBe(true);
    expect((await returnsOf(id)).map((r) => r.status)).toEqual(["cancelled"]);
    expect((await post("/api/withdrawal/link/cancel", { token }, null)).statusCode).toBe(400);

    await declare({ order_id: id, email: ctx.buyer.email });
    const fresh = await tokenFor(id);
    await ctx.t.db.$client.query(`update withdrawal_links set expires_at = now() - interval '1 second'`);
    const expired = await post("/api/withdrawal/link", { token: fresh }, null);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe(M.linkInvalid);
    expect((await post("/api/withdrawal/link", { token: "x".repeat(43) }, null)).statusCode).toBe(400);
  });
});

describe("in /conta, signed in", () => {
  it("the owner's own request completes a waiting declaration; a correction and a cancellation work; the link then dies", async () => {
    const { id, lines } = await order({ method: "mbway", daysAgo: 3 });
    await declare({ order_id: id, email: ctx.buyer.email });
    const token = await tokenFor(id);
    const [declared] = await returnsOf(id);

    const mine = await post(`/api/users/me/orders/${id}/withdrawal`, {
      items: [{ order_line_id: lines[0], quantity: 2 }],
    });
    expect(mine.statusCode, mine.body).toBe(200);
    expect((mine.json() as WithdrawalResponse).return).toMatchObject({ id: declared!.id, awaiting_owner: false });
    expect((await returnsOf(id))[0]).toMatchObject({ completedVia: "conta", iban: null });
    expect((await post("/api/withdrawal/link", { token }, null)).statusCode).toBe(400);

    const corrected = await ctx.t.app.inject({
      method: "PUT",
      url: `/api/users/me/orders/${id}/withdrawal/${declared!.id}`,
      headers: ctx.buyer.headers,
      payload: { items: [{ order_line_id: lines[1], quantity: 3 }] },
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect((await returnLinesOf(declared!.id)).map((l) => [l.orderLineId, l.quantity])).toEqual([[lines[1], 3]]);

    // Another account's attempt: not found, nothing changed.
    const stranger = await post(`/api/users/me/orders/${id}/withdrawal/${declared!.id}/cancel`, {}, ctx.other);
    expect(stranger.statusCode).toBe(404);
    const cancel = await post(`/api/users/me/orders/${id}/withdrawal/${declared!.id}/cancel`, {});
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect((await returnsOf(id))[0]!.status).toBe("cancelled");
  });

  it("after the 14 days the owner may narrow a declaration made in time, not add to it", async () => {
    const { id, lines } = await order({ method: "mbway", daysAgo: 5 });
    await declare({ order_id: id, email: ctx.buyer.email });
    const [declared] = await returnsOf(id);
    // Narrow to one line, then the period ends.
    const narrowed = await ctx.t.app.inject({
      method: "PUT",
      url: `/api/users/me/orders/${id}/withdrawal/${declared!.id}`,
      headers: ctx.buyer.headers,
      payload: { items: [{ order_line_id: lines[0], quantity: 2 }] },
    });
    expect(narrowed.statusCode, narrowed.body).toBe(200);
    await deliver(id, 20);
    const widen = await ctx.t.app.inject({
      method: "PUT",
      url: `/api/users/me/orders/${id}/withdrawal/${declared!.id}`,
      headers: ctx.buyer.headers,
      payload: {
        items: [
          { order_line_id: lines[0], quantity: 2 },
          { order_line_id: lines[1], quantity: 1 },
        ],
      },
    });
    expect(widen.statusCode).toBe(409);
    expect(widen.json().message).toBe(M.expired);
    const narrower = await ctx.t.app.inject({
      method: "PUT",
      url: `/api/users/me/orders/${id}/withdrawal/${declared!.id}`,
      headers: ctx.buyer.headers,
      payload: { items: [{ order_line_id: lines[0], quantity: 1 }] },
    });
    expect(narrower.statusCode, narrower.body).toBe(200);
  });
});

describe("rate limit", () => {
  it("ten declarations per e-mail an hour, then 429 (another e-mail is not affected)", async () => {
    const { id } = await order({ daysAgo: 1 });
    const guessed = "adivinha@exemplo.pt";
    for (let i = 0; i < 10; i++) {
      const res = await post("/api/withdrawal", { order_id: id + i, email: guessed }, null, "198.51.100.210");
      expect(res.statusCode).toBe(200);
    }
    const blocked = await post("/api/withdrawal", { order_id: id, email: guessed }, null, "198.51.100.212");
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(0);
    const fine = await post("/api/withdrawal", { order_id: id, email: "outra@exemplo.pt" }, null, "198.51.100.211");
    expect(fine.statusCode).toBe(200);
  });

  it("twenty declarations per address an hour, whatever the e-mails", async () => {
    const ip = "198.51.100.220";
    for (let i = 0; i < 20; i++) {
      const res = await post("/api/withdrawal", { order_id: 1, email: `tentativa${i}@exemplo.pt` }, null, ip);
      expect(res.statusCode).toBe(200);
    }
    const blocked = await post("/api/withdrawal", { order_id: 1, email: "outra@exemplo.pt" }, null, ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe("Demasiadas tentativas. Aguarde um pouco e tente novamente.");
  });
});
