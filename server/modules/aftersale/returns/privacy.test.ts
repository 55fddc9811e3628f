import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { useWithdrawalApp, VALID_IBAN } from "#tests/support/withdrawal-app.ts";
import type { AccountExport } from "#server/flows/account-privacy/account-privacy.ts";
import { users } from "#server/modules/accounts/schema.ts";
import { refunds, returns } from "#server/modules/aftersale/schema.ts";
import { orderLines } from "#server/modules/orders/schema.ts";

/**
 * /conta/privacidade and withdrawals: the RGPD export lists them; deleting the account is refused while a withdrawal awaits its refund (the shop
 * still owes money to the IBAN it holds); once refunded, the account goes and its returns lose the IBAN.
 */

const { ctx, order, withdraw, returnsOf, post } = useWithdrawalApp();

describe("deleting an account with a withdrawal", () => {
  it("is refused while the withdrawal is open, then forgets the IBAN once it is refunded", async () => {
    const { id, lines } = await order({ method: "mb", daysAgo: 1 });
    expect(
      (await withdraw(id, { items: [{ order_line_id: lines[0], quantity: 1 }], iban: VALID_IBAN })).statusCode,
    ).toBe(200);
    const [open] = await returnsOf(id);

    // The RGPD export carries it, IBAN included, as stored.
    const exported = await ctx.t.app.inject({ url: "/api/users/me/export", headers: ctx.buyer.headers });
    expect(exported.statusCode).toBe(200);
    const data = exported.json() as AccountExport;
    const [line] = await ctx.t.db.select().from(orderLines).where(eq(orderLines.id, lines[0]));
    expect(data.encomendas.find((o) => o.numero === id)!.livre_resolucao).toEqual([
      {
        pedido: open!.id,
        estado: "Pedido registado",
        canal: "conta",
        motivo: "",
        iban: VALID_IBAN,
        reembolso: open!.refundCents / 100,
        pedido_em: open!.requestedAt.toISOString(),
        recebido_em: null,
        reembolsado_em: null,
        artigos: [{ produto: line!.productName, quantidade: 1 }],
      },
    ]);

    const refused = await post("/api/users/me/delete", { password: ctx.buyer.password });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      `Não é possível eliminar a conta enquanto houver pedidos de livre resolução por concluir (#${id}). ` +
        "Poderá eliminá-la depois do reembolso.",
    );
    const [still] = await ctx.t.db.select().from(users).where(eq(users.id, ctx.buyer.id));
    expect(still!.anonymisedAt).toBeNull();
    expect((await returnsOf(id))[0]!.iban).toBe(VALID_IBAN);

    // The admin's side refunds it (I4b's service; here the row as it leaves it).
    await ctx.t.db.update(returns).set({ status: "refunded", refundedAt: new Date() }).where(eq(returns.id, open!.id));
    const [refund] = await ctx.t.db
      .insert(refunds)
      .values({
        orderId: id,
        returnId: open!.id,
        method: "transferencia",
        amountCents: open!.refundCents,
        status: "done",
        iban: VALID_IBAN,
        doneAt: new Date(),
      })
      .returning();
    const deleted = await post("/api/users/me/delete", { password: ctx.buyer.password });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const [after] = await returnsOf(id);
    expect(after).toMatchObject({ id: open!.id, iban: null, refundCents: open!.refundCents, status: "refunded" });
    const [refundAfter] = await ctx.t.db.select().from(refunds).where(eq(refunds.id, refund!.id));
    expect(refundAfter).toMatchObject({ iban: null, amountCents: open!.refundCents, status: "done" });
  });
});
