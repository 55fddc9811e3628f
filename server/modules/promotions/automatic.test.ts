import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase } from "#tests/support/db.ts";
import type { Database } from "#server/core/db/client.ts";
import { categories, productPriceHistory, products } from "#server/modules/catalog/schema.ts";
import { nextAutomaticBoundary, reductionsFor, reductionsForIds } from "./automatic.ts";
import { promotions } from "./schema.ts";

/*
 * The shop window's reductions and 'Preço mais baixo nos últimos 30 dias' (Directive 98/6/EC art. 6-A) against a
 * price history written here: every price different, so each figure names the one moment it can come from, and
 * changes exactly 30 days before the reduction's start (in: the price set at that instant; out: the one it ended).
 */

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Database;
const at = (iso: string) => new Date(`${iso}Z`);
const NOW = at("2026-11-20T12:00:00");
let p1: number, p2: number, p3: number, p4: number;

async function product(name: string, priceCents: number, categoryId: number | null, history: [string, number][]) {
  const [row] = await db.insert(products).values({ name, priceCents, categoryId }).returning();
  // The trigger's row (now) replaced by the history of this test.
  await db.delete(productPriceHistory).where(eq(productPriceHistory.productId, row!.id));
  await db
    .insert(productPriceHistory)
    .values(history.map(([iso, cents]) => ({ productId: row!.id, priceCents: cents, validFrom: at(iso) })));
  return row!.id;
}

type NewPromotion = typeof promotions.$inferInsert;
const automatic = (p: Partial<NewPromotion> & Pick<NewPromotion, "name" | "kind">) =>
  db.insert(promotions).values({ createdAt: at("2026-09-01T00:00:00"), updatedAt: at("2026-09-01T00:00:00"), ...p });

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  const [cat] = await db.insert(categories).values({ name: "Agendas de teste" }).returning();
  // p1: reduction from 2026-11-10 00:00 → the 30 days start 2026-10-11 00:00.
  p1 = await product("Caneca", 5000, null, [
    ["2026-09-01T00:00:00", 3900], // ended exactly at the window's start: out
    ["2026-10-11T00:00:00", 5100], // set exactly at the window's start: in
    ["2026-10-20T00:00:00", 4800], // under E (10 %) from 10-25 to 10-28: 4320, the lowest
    ["2026-11-01T00:00:00", 5300],
    ["2026-11-10T00:00:00", 5000], // the list price of now, set as the reduction started: out
  ]);
  // p2: its promotion started 11-05, but the list price changed under it on 11-12: the reduction of now starts then,
  // the 30 days from 10-13; the earlier reduced price (2500 − 300) counts.
  p2 = await product("Agenda", 2700, cat!.id, [
    ["2026-08-01T00:00:00", 2600], // in force when the window opens (10-13), under E: 2340
    ["2026-10-30T00:00:00", 2500], // under P2 from 11-05: 2200, the lowest
    ["2026-11-12T00:00:00", 2700],
  ]);
  p3 = await product("T-shirt", 1500, null, [["2026-09-01T00:00:00", 1500]]);
  // p4: new since 11-15, inside its reduction: no price before it.
  p4 = await product("Porta-chaves", 1000, null, [["2026-11-15T00:00:00", 1000]]);

  await automatic({
    name: "Semana da caneca",
    kind: "percentagem",
    percent: 20,
    productIds: [p1, p4],
    startsAt: at("2026-11-10T00:00:00"),
    endsAt: at("2026-12-01T00:00:00"),
  });
  await automatic({
    name: "Agendas -3 €",
    kind: "valor",
    amountCents: 300,
    categoryIds: [cat!.id],
    startsAt: at("2026-11-05T00:00:00"),
  });
  await automatic({
    name: "E: tudo -10 %",
    kind: "percentagem",
    percent: 10,
    productIds: [p1, p2],
    startsAt: at("2026-10-25T00:00:00"),
    endsAt: at("2026-10-28T00:00:00"),
  });
  await automatic({
    name: "F: acabou no início da janela",
    kind: "percentagem",
    percent: 50,
    productIds: [p1],
    startsAt: at("2026-10-01T00:00:00"),
    endsAt: at("2026-10-11T00:00:00"),
  });
  await automatic({
    name: "H: desligada antes de começar",
    kind: "percentagem",
    percent: 40,
    productIds: [p1, p2],
    startsAt: at("2026-10-15T00:00:00"),
    endsAt: at("2026-12-31T00:00:00"),
    active: false,
    updatedAt: at("2026-10-14T00:00:00"),
  });
  await automatic({
    name: "Futura",
    kind: "percentagem",
    percent: 5,
    productIds: [p3],
    startsAt: at("2026-11-25T09:30:00"),
  });
  // A code never reduces the shop window.
  await db.insert(promotions).values({ name: "Código", code: "TUDO50", kind: "percentagem", percent: 50 });
});
afterAll(() => database.drop());

const rowsOf = (ids: number[]) =>
  db
    .select({ id: products.id, categoryId: products.categoryId, priceCents: products.priceCents })
    .from(products)
    .where(inArray(products.id, ids));

describe("reductionsFor", () => {
  it("the reduced price, the reduction and the lowest price of the 30 days before the reduction started", async () => {
    const shown = await reductionsFor(db, await rowsOf([p1, p2, p3, p4]), NOW);
    expect(shown.get(p1)).toEqual({
      priceCents: 4000,
      originalCents: 5000,
      percentOff: 20,
      promotionName: "Semana da caneca",
      lowest30DaysCents: 4320,
    });
    expect(shown.get(p2)).toEqual({
      priceCents: 2400,
      originalCents: 2700,
      percentOff: 11,
      promotionName: "Agendas -3 €",
      lowest30DaysCents: 2200,
    });
    expect(shown.has(p3)).toBe(false);
    // Nothing sold before its reduction: the reduced price itself, never a higher reference.
    expect(shown.get(p4)).toMatchObject({ priceCents: 800, originalCents: 1000, lowest30DaysCents: 800 });
  });

  it("the same by ids (search pages)", async () => {
    const byIds = await reductionsForIds(db, [p1, p2, p3, p4], NOW);
    expect([...byIds.keys()].sort()).toEqual([p1, p2, p4].sort());
    expect(byIds.get(p1)?.lowest30DaysCents).toBe(4320);
  });

  it("one millisecond later, the price and the reduction that ended as the window opened are in it", async () => {
    const [row] = await rowsOf([p1]);
    const lowest = async () => (await reductionsFor(db, [row!], NOW)).get(p1)?.lowest30DaysCents;
    const moveHistory = (from: string, to: string) =>
      db
        .update(productPriceHistory)
        .set({ validFrom: at(to) })
        .where(and(eq(productPriceHistory.productId, p1), eq(productPriceHistory.validFrom, at(from))));
    const endF = (iso: string) =>
      db
        .update(promotions)
        .set({ endsAt: at(iso) })
        .where(eq(promotions.name, "F: acabou no início da janela"));
    await moveHistory("2026-10-11T00:00:00", "2026-10-11T00:00:00.001");
    expect(await lowest()).toBe(3900);
    await endF("2026-10-11T00:00:00.001");
    expect(await lowest()).toBe(1950);
    await moveHistory("2026-10-11T00:00:00.001", "2026-10-11T00:00:00");
    expect(await lowest()).toBe(2550); // F's last millisecond over 5100
    await endF("2026-10-11T00:00:00");
    expect(await lowest()).toBe(4320);
  });

  it("costs the same queries for one product as for a page: one for the promotions, one for the history", async () => {
    const queries = async (ids: number[]) => {
      const rows = await rowsOf(ids);
      const spy = vi.spyOn(db.$client, "query");
      try {
        await reductionsFor(db, rows, NOW);
        return spy.mock.calls.length;
      } finally {
        spy.mockRestore();
      }
    };
    expect(await queries([p1])).toBe(2);
    expect(await queries([p1, p2, p3, p4])).toBe(2);
    // Nothing reduced: the promotions only.
    expect(await queries([p3])).toBe(1);
  });

  it("nothing before the promotion starts or after it ends", async () => {
    const rows = await rowsOf([p1, p4]);
    expect((await reductionsFor(db, rows, at("2026-11-09T23:59:59.999"))).size).toBe(0);
    expect((await reductionsFor(db, rows, at("2026-12-01T00:00:00"))).size).toBe(0);
    expect((await reductionsFor(db, rows, at("2026-11-30T23:59:59.999"))).size).toBe(2);
  });
});

describe("nextAutomaticBoundary", () => {
  it("the next start or end of an active automatic promotion", async () => {
    expect(await nextAutomaticBoundary(db, NOW)).toEqual(at("2026-11-25T09:30:00"));
    expect(await nextAutomaticBoundary(db, at("2026-11-25T09:30:00"))).toEqual(at("2026-12-01T00:00:00"));
    expect(await nextAutomaticBoundary(db, at("2026-12-01T00:00:00"))).toBeNull();
  });
});
