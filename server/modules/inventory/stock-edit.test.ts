import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "#tests/support/db.ts";
import type { AuthHeaders } from "#tests/support/http.ts";
import { useStockApp } from "#tests/support/stock-app.ts";
import { variants } from "#server/modules/catalog/schema.ts";
import { stockMovements } from "./schema.ts";
import { STOCK_MESSAGES as M } from "./schemas.ts";

/** The admin stock API changes: setting a variant's stock (also from a stale screen) and its movement history. */

const { app, made, makeProduct, get, put, movementsOf, stockOf } = useStockApp();
let t: TestApp;
let admin: AuthHeaders;
let adminId: number;
let adminName: string;
beforeAll(() => {
  ({ t, admin, adminId, adminName } = app);
});

describe("PUT /api/stock/variant/:variantId", () => {
  it("sets the stock and records who, before, after and why", async () => {
    const v = made["Zeta 01"]!.variants[0]!;
    const res = await put(`/api/stock/variant/${v}`, {
      newStock: 44,
      reason: "Inventário",
      notes: "Contagem de março",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: "Stock atualizado com sucesso!",
      variant: { id: v, previousStock: 31, stock: 44 },
    });
    expect(await stockOf(v)).toBe(44);
    const [m] = await movementsOf(v);
    expect(m).toMatchObject({
      stockBefore: 31,
      stockAfter: 44,
      reason: "Inventário",
      notes: "Contagem de março",
      actorUserId: adminId,
      orderId: null,
    });
  });

  it("uses 'Atualização manual' when no reason is given, and accepts the number as text", async () => {
    const v = made["Zeta 02"]!.variants[0]!;
    const res = await put(`/api/stock/variant/${v}`, { newStock: "7", reason: "  ", notes: "" });
    expect(res.statusCode).toBe(200);
    const [m] = await movementsOf(v);
    expect(m).toMatchObject({ stockBefore: 32, stockAfter: 7, reason: "Atualização manual", notes: "" });
  });

  it("records nothing when the number does not change", async () => {
    const v = made["Zeta 03"]!.variants[0]!;
    const res = await put(`/api/stock/variant/${v}`, { newStock: 33 });
    expect(res.json().variant).toEqual({ id: v, previousStock: 33, stock: 33 });
    expect(await movementsOf(v)).toHaveLength(0);
  });

  it("refuses an empty, negative, fractional or non-numeric stock, changing nothing", async () => {
    const v = made["Zeta 04"]!.variants[0]!;
    for (const payload of [
      {},
      { newStock: -1 },
      { newStock: 1.5 },
      { newStock: "abc" },
      { newStock: "" },
      { newStock: null },
      { newStock: true },
    ]) {
      const res = await put(`/api/stock/variant/${v}`, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message: "Stock deve ser um número positivo" });
    }
    const noBody = await t.app.inject({ method: "PUT", url: `/api/stock/variant/${v}`, headers: admin });
    expect(noBody.statusCode).toBe(400);
    const tooHigh = await put(`/api/stock/variant/${v}`, { newStock: 1_000_001 });
    expect(tooHigh.statusCode).toBe(400);
    expect(tooHigh.json().message).toBe(M.stockTooHigh);
    const longReason = await put(`/api/stock/variant/${v}`, { newStock: 3, reason: "x".repeat(201) });
    expect(longReason.statusCode).toBe(400);
    expect(longReason.json().message).toBe(M.reasonTooLong);
    expect(await stockOf(v)).toBe(34);
    expect(await movementsOf(v)).toHaveLength(0);
  });

  it("answers 404 for an unknown variant or one of a deleted product, 400 for a bad id", async () => {
    const unknown = await put("/api/stock/variant/999999", { newStock: 3 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(M.variantNotFound);
    const hidden = made.Escondido!.variants[0]!;
    expect((await put(`/api/stock/variant/${hidden}`, { newStock: 9 })).statusCode).toBe(404);
    expect(await stockOf(hidden)).toBe(3);
    const bad = await put("/api/stock/variant/0", { newStock: 3 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(M.invalidVariantId);
  });

  it("never loses an update under 20 concurrent edits: the movements chain without gaps", async () => {
    const v = made["Zeta 05"]!.variants[0]!;
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        put(`/api/stock/variant/${v}`, { newStock: 100 + i, reason: `Edição ${i}` }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const moves = await movementsOf(v);
    expect(moves).toHaveLength(20);
    expect(moves[0]!.stockBefore).toBe(35);
    for (let i = 1; i < moves.length; i++) expect(moves[i]!.stockBefore).toBe(moves[i - 1]!.stockAfter);
    expect(await stockOf(v)).toBe(moves.at(-1)!.stockAfter);
    expect(new Set(moves.map((m) => m.stockAfter)).size).toBe(20);
    // Each answer's previousStock is the "before" of its own movement.
    const before = new Map(moves.map((m) => [m.stockAfter, m.stockBefore]));
    for (const r of results) {
      const { previousStock, stock } = r.json().variant;
      expect(before.get(stock)).toBe(previousStock);
    }
  });
});

describe("PUT /api/stock/variant/:variantId from a stale screen", () => {
  it("answers 409 with the current stock when it changed since the admin saw it, changing nothing", async () => {
    const {
      variants: [v],
    } = await makeProduct("Restock Epsilon", [{ color: "Verde", size: "S", stock: 5 }]);
    // The admin's screen shows 5; meanwhile a checkout reserves 3 of them (shelf 5 → 2, reserved 3).
    await t.db.update(variants).set({ stock: 2, reserved: 3 }).where(eq(variants.id, v!));
    const stale = await put(`/api/stock/variant/${v}`, { newStock: 15, expectedStock: 5, reason: "Reposição" });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ success: false, message: M.stockChanged(2), details: { currentStock: 2 } });
    expect(await stockOf(v!)).toBe(2);
    expect(await movementsOf(v!)).toHaveLength(0);

    // Seen again (2), the same edit goes through: 15 on the shelf, 3 still reserved.
    const fresh = await put(`/api/stock/variant/${v}`, { newStock: 15, expectedStock: 2, reason: "Reposição" });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().variant).toEqual({ id: v, previousStock: 2, stock: 15 });
    expect(await stockOf(v!)).toBe(15);
    expect((await movementsOf(v!)).map((m) => [m.stockBefore, m.stockAfter])).toEqual([[2, 15]]);
  });

  it("refuses an expectedStock that is not a whole number of units", async () => {
    const v = made["Zeta 07"]!.variants[0]!;
    const before = await stockOf(v);
    for (const expectedStock of [-1, 1.5, "abc", true]) {
      const res = await put(`/api/stock/variant/${v}`, { newStock: 3, expectedStock });
      expect(res.statusCode, String(expectedStock)).toBe(400);
      expect(res.json().message).toBe(M.invalidExpectedStock);
    }
    expect(await stockOf(v)).toBe(before);
  });
});

describe("GET /api/stock/variant/:variantId/movements", () => {
  it("lists the variant's movements newest first with the admin who made them", async () => {
    const v = made["Zeta 06"]!.variants[0]!;
    for (const n of [1, 2, 3]) await put(`/api/stock/variant/${v}`, { newStock: n, notes: `nota ${n}` });
    await t.db
      .insert(stockMovements)
      .values({ variantId: v, stockBefore: 3, stockAfter: 2, reason: "Reserva para a encomenda #1" });
    const res = await get(`/api/stock/variant/${v}/movements`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toHaveLength(4);
    expect(body[0]).toEqual({
      id: expect.any(Number),
      stockBefore: 3,
      stockAfter: 2,
      reason: "Reserva para a encomenda #1",
      notes: "",
      actor: null,
      orderId: null,
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
    });
    expect(body[1]).toMatchObject({
      stockBefore: 2,
      stockAfter: 3,
      notes: "nota 3",
      actor: { id: adminId, name: adminName },
    });
    expect(body.map((m: { stockAfter: number }) => m.stockAfter)).toEqual([2, 3, 2, 1]);
  });

  it("returns at most 100 rows", async () => {
    const v = made["Zeta 07"]!.variants[0]!;
    await t.db.execute(sql`
      insert into stock_movements (variant_id, stock_before, stock_after, reason)
      select ${v}, n, n + 1, 'Carga' from generate_series(1, 120) n`);
    const body = (await get(`/api/stock/variant/${v}/movements`)).json();
    expect(body).toHaveLength(100);
    expect(body[0].stockBefore).toBe(120);
  });

  it("answers 404 for an unknown variant", async () => {
    const res = await get("/api/stock/variant/999999/movements");
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(M.variantNotFound);
  });
});
