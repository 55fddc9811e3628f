import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "#tests/support/db.ts";
import type { AuthHeaders } from "#tests/support/http.ts";
import { variants } from "#server/modules/catalog/schema.ts";
import { orderEvents, orderLines } from "#server/modules/orders/schema.ts";
import { paymentExceptions } from "#server/modules/payments/schema.ts";
import {
  callback,
  confirmations,
  ctx,
  emlOf,
  eur,
  exceptionOfPayment,
  exceptionsOf,
  expire,
  latePayment,
  list,
  movementsOf,
  newOrder,
  orderOf,
  PAID_AT,
  paymentOf,
  reinstate,
  resolve,
  useExceptionsApp,
  variantOf,
} from "#tests/support/payment-exceptions-kit.ts";

/*
 * 'Exceções de pagamento', as the admin resolves them: reinstate a late order (stock, order, payment, timeline,
 * the buyer's confirmation), or not (no stock: 409 and nothing changed), refund and dismiss with who, when and
 * the note, impossible transitions, the list's order and paging, and who may call what.
 */

useExceptionsApp();
let t: TestApp;
let buyer: typeof ctx.buyer;
let admin: typeof ctx.admin;
let cliente: AuthHeaders;
beforeAll(() => {
  ({ t, buyer, admin, cliente } = ctx);
});

describe("'Repor encomenda'", () => {
  it("takes the units from the shelf again, pays the order and the payment, confirms to the buyer", async () => {
    const { orderId, payment, variantId, exception } = await latePayment(5);
    const before = await variantOf(variantId);
    const movesBefore = await movementsOf(orderId);
    const res = await reinstate(exception.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(`Encomenda #${orderId} reposta e paga; a confirmação foi enviada ao cliente.`);

    const lines = await t.db.select().from(orderLines).where(eq(orderLines.orderId, orderId));
    const units = lines.reduce((sum, l) => sum + l.quantity, 0);
    const after = await variantOf(variantId);
    expect(after.stock).toBe(before.stock - units);
    expect(after.reserved).toBe(0);
    const moves = (await movementsOf(orderId)).slice(movesBefore.length);
    expect(moves.map((m) => [m.variantId, m.stockBefore, m.stockAfter, m.actorUserId])).toEqual([
      [variantId, before.stock, before.stock - units, admin.id],
    ]);

    const order = await orderOf(orderId);
    expect(order.status).toBe("paid");
    expect(order.paidAt?.toISOString()).toBe(PAID_AT.toISOString());
    const paid = await paymentOf(payment.id);
    expect(paid.status).toBe("paid");
    expect(paid.paidAt?.toISOString()).toBe(PAID_AT.toISOString());

    const [row] = await exceptionsOf(eq(paymentExceptions.id, exception.id));
    expect(row).toMatchObject({ status: "reinstated", resolvedByUserId: admin.id });
    expect(res.json().exception).toMatchObject({ status: "reinstated", resolved_by: admin.name, actions: [] });

    const timeline = await t.db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.kind, "status")));
    expect(timeline.map((e) => [e.fromStatus, e.toStatus, e.actorUserId])).toContainEqual([
      "expired",
      "paid",
      admin.id,
    ]);

    const [mail] = await confirmations(orderId);
    expect(mail!.toAddress).toBe(buyer.email);
    const eml = await emlOf(mail!.id);
    expect(eml.subject).toBe(`Pagamento recebido: encomenda #${orderId}`);
    expect(eml.text).toContain(`${lines[0]!.quantity} × ${lines[0]!.productName}`);
    expect(eml.text).toContain(`Total pago (Multibanco): ${eur(order.totalCents)}`);
    expect(order.totalCents).toBe(payment.amountCents);

    // A second click changes nothing more.
    const again = await reinstate(exception.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("Esta exceção de pagamento já foi resolvida.");
    expect((await variantOf(variantId)).stock).toBe(before.stock - units);
  });

  it("without stock: 409 naming the item, and nothing changed", async () => {
    const { orderId, payment, variantId, exception } = await latePayment(5);
    await t.db.update(variants).set({ stock: 1 }).where(eq(variants.id, variantId));
    const movesBefore = await movementsOf(orderId);
    const [line] = await t.db.select().from(orderLines).where(eq(orderLines.orderId, orderId));

    const res = await reinstate(exception.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      `Sem stock para repor a encomenda #${orderId}: ${line!.productName} (${line!.colorName} / ${line!.sizeName}) precisa de 2 unidades e há 1 em stock.`,
    );
    expect(await variantOf(variantId)).toMatchObject({ stock: 1, reserved: 0 });
    expect(await movementsOf(orderId)).toEqual(movesBefore);
    expect((await orderOf(orderId)).status).toBe("expired");
    expect((await paymentOf(payment.id)).status).toBe("expired");
    expect((await exceptionsOf(eq(paymentExceptions.id, exception.id)))[0]).toMatchObject({
      status: "open",
      resolvedAt: null,
    });
    expect(await confirmations(orderId)).toHaveLength(0);
  });

  it("is refused for a different amount and for an amount mismatch on a pending order", async () => {
    const { payment } = await newOrder();
    await expire(payment.id);
    await callback({ ...payment, amountCents: payment.amountCents + 100 });
    const lateWrong = await exceptionOfPayment(payment.id);
    const res = await reinstate(lateWrong.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      `O valor recebido (${eur(payment.amountCents + 100)}) não é o da encomenda (${eur(payment.amountCents)}): marque-o para reembolso.`,
    );

    const pending = await newOrder();
    await callback({ ...pending.payment, amountCents: 500 });
    const mismatch = await exceptionOfPayment(pending.payment.id);
    expect((await reinstate(mismatch.id)).statusCode).toBe(409);
    expect((await orderOf(pending.orderId)).status).toBe("pending_payment");

    const items = (await list("?limit=100")).json() as { id: number; actions: string[] }[];
    expect(items.find((i) => i.id === lateWrong.id)!.actions).toEqual(["refund_due", "refunded", "dismissed"]);
    expect(items.find((i) => i.id === mismatch.id)!.actions).toEqual(["refund_due", "refunded", "dismissed"]);
  });
});

describe("refund and dismiss", () => {
  it("open → refund_due → refunded, each with who, when and the note; then nothing more", async () => {
    const { orderId, payment, exception } = await latePayment();
    const paid = eur(payment.amountCents);
    const due = await resolve(exception.id, { resolution: "refund_due", note: "Cliente pediu o dinheiro." });
    expect(due.statusCode, due.body).toBe(200);
    expect(due.json()).toMatchObject({
      message: "Pagamento marcado para reembolso.",
      exception: { status: "refund_due", resolved_by: admin.name, resolution_note: "Cliente pediu o dinheiro." },
    });
    expect(due.json().exception.actions).toEqual(["refunded", "dismissed"]);
    expect((await reinstate(exception.id)).statusCode).toBe(409);

    const done = await resolve(exception.id, { resolution: "refunded", note: "Transferência 24/11." });
    expect(done.statusCode).toBe(200);
    const [row] = await exceptionsOf(eq(paymentExceptions.id, exception.id));
    expect(row).toMatchObject({
      status: "refunded",
      resolvedByUserId: admin.id,
      resolutionNote: "Transferência 24/11.",
    });
    expect(Date.now() - row!.resolvedAt!.getTime()).toBeLessThan(60_000);

    for (const resolution of ["refund_due", "refunded"]) {
      const res = await resolve(exception.id, { resolution });
      expect(res.statusCode).toBe(409);
    }
    const late = await resolve(exception.id, { resolution: "dismissed", note: "x" });
    expect(late.json().message).toBe("Esta exceção de pagamento já está 'Reembolsado': não pode ser ignorada.");
    expect((await orderOf(orderId)).status).toBe("expired");
    const notes = await t.db
      .select({ message: orderEvents.message })
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.kind, "payment")));
    expect(notes.map((n) => n.message)).toEqual([
      `Pagamento após expiração: recebidos ${paid} (exceção de pagamento #${exception.id}).`,
      `Pagamento de ${paid} (exceção de pagamento #${exception.id}): marcado para reembolso. Cliente pediu o dinheiro.`,
      `Pagamento de ${paid} (exceção de pagamento #${exception.id}): reembolso feito. Transferência 24/11.`,
    ]);
  });

  it("'Ignorar' needs a note (400, nothing changed); with one it is dismissed", async () => {
    const { exception } = await latePayment();
    for (const note of [undefined, "   "]) {
      const res = await resolve(exception.id, { resolution: "dismissed", note });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe("Para ignorar uma exceção de pagamento escreva uma nota a explicar porquê.");
    }
    expect((await exceptionsOf(eq(paymentExceptions.id, exception.id)))[0]!.status).toBe("open");
    const res = await resolve(exception.id, { resolution: "dismissed", note: "Pagamento de teste do banco." });
    expect(res.statusCode).toBe(200);
    expect((await exceptionsOf(eq(paymentExceptions.id, exception.id)))[0]).toMatchObject({
      status: "dismissed",
      resolutionNote: "Pagamento de teste do banco.",
    });
    expect((await reinstate(exception.id)).statusCode).toBe(409);
  });

  it("bad input is a pt-PT 400/404 and changes nothing", async () => {
    const { exception } = await latePayment();
    const bad = await resolve(exception.id, { resolution: "reembolsar" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("Resolução inválida: use refund_due, refunded ou dismissed.");
    expect((await resolve(exception.id, { resolution: "refunded", note: "x".repeat(1001) })).statusCode).toBe(400);
    expect((await reinstate(999_999)).statusCode).toBe(404);
    expect((await reinstate(999_999)).json().message).toBe("Exceção de pagamento não encontrada.");
    expect(
      (await t.app.inject({ method: "POST", url: "/api/payments/exceptions/abc/reinstate", headers: admin.headers }))
        .statusCode,
    ).toBe(400);
    expect((await exceptionsOf(eq(paymentExceptions.id, exception.id)))[0]!.status).toBe("open");
  });
});

describe("the list and who may use it", () => {
  it("lists open ones first, newest first, paged with the total", async () => {
    const all = await t.db.select().from(paymentExceptions);
    const expected = [...all]
      .sort(
        (a, b) =>
          Number(b.status === "open") - Number(a.status === "open") ||
          b.createdAt.getTime() - a.createdAt.getTime() ||
          b.id - a.id,
      )
      .map((e) => e.id);
    const first = await list("?limit=3&page=1");
    expect(first.statusCode).toBe(200);
    expect(first.headers["x-total-count"]).toBe(String(all.length));
    const second = await list("?limit=3&page=2");
    expect([...first.json(), ...second.json()].map((e: { id: number }) => e.id)).toEqual(expected.slice(0, 6));
    const byId = new Map(all.map((e) => [e.id, e]));
    for (const item of first.json() as {
      id: number;
      amount: number;
      expected_amount: number | null;
      status: string;
    }[]) {
      const row = byId.get(item.id)!;
      expect(item.amount * 100).toBeCloseTo(row.amountCents, 6);
      expect(item.expected_amount === null ? null : Math.round(item.expected_amount * 100)).toBe(row.expectedCents);
      expect(item.status).toBe(row.status);
    }
    expect(await t.services.payments.exceptions.countOpen()).toBe(all.filter((e) => e.status === "open").length);
  });

  it("a cliente gets 403 and an anonymous caller 401 on every call, and nothing changes", async () => {
    const { exception } = await latePayment();
    const calls = [
      (h: Partial<AuthHeaders>) => list("", h),
      (h: Partial<AuthHeaders>) => reinstate(exception.id, h),
      (h: Partial<AuthHeaders>) => resolve(exception.id, { resolution: "refunded" }, h),
    ];
    for (const call of calls) {
      expect((await call(cliente)).statusCode).toBe(403);
      expect((await call({})).statusCode).toBe(401);
    }
    expect((await exceptionsOf(eq(paymentExceptions.id, exception.id)))[0]!.status).toBe("open");
  });
});
