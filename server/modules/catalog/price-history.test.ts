import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "#tests/support/db.ts";
import type { Database } from "#server/core/db/client.ts";
import { priceHistorySince } from "./price-history.ts";
import { productPriceHistory, products } from "./schema.ts";

/* The price history (issue 20 item 3) is kept by triggers on products: every write path records, in its transaction. */

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Database;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});
afterAll(() => database.drop());

const history = (id: number) =>
  db
    .select({ price: productPriceHistory.priceCents })
    .from(productPriceHistory)
    .where(eq(productPriceHistory.productId, id))
    .orderBy(productPriceHistory.validFrom, productPriceHistory.id);

describe("product_price_history", () => {
  it("records the price of a new product and each change of price, not other updates", async () => {
    const [p] = await db.insert(products).values({ name: "Caneca história", priceCents: 1290 }).returning();
    await db.update(products).set({ name: "Caneca história 2" }).where(eq(products.id, p!.id));
    await db.update(products).set({ priceCents: 990 }).where(eq(products.id, p!.id));
    await db.update(products).set({ priceCents: 990, description: "igual" }).where(eq(products.id, p!.id));
    await db.execute(sql`update products set price_cents = 1490 where id = ${p!.id}`);
    expect((await history(p!.id)).map((r) => r.price)).toEqual([1290, 990, 1490]);
  });

  it("bulk writes record one row per product and a rolled-back change records nothing", async () => {
    const rows = await db
      .insert(products)
      .values([1, 2, 3].map((i) => ({ name: `Lote ${i}`, priceCents: 100 * i })))
      .returning();
    const ids = rows.map((r) => r.id);
    await db.execute(
      sql`update products set price_cents = price_cents + 1 where id = any(${`{${ids.join(",")}}`}::int[])`,
    );
    await expect(
      db.transaction(async (tx) => {
        await tx.update(products).set({ priceCents: 5 }).where(inArray(products.id, ids));
        throw new Error("rollback");
      }),
    ).rejects.toThrow("rollback");
    for (const [i, id] of ids.entries())
      expect((await history(id)).map((r) => r.price)).toEqual([100 * (i + 1), 100 * (i + 1) + 1]);
  });

  it("priceHistorySince: the price in force at the start, then every later one", async () => {
    const [p] = await db.insert(products).values({ name: "Agenda história", priceCents: 700 }).returning();
    await db.delete(productPriceHistory).where(eq(productPriceHistory.productId, p!.id));
    const at = (iso: string, cents: number) => ({ productId: p!.id, priceCents: cents, validFrom: new Date(iso) });
    await db
      .insert(productPriceHistory)
      .values([at("2026-10-01T00:00:00Z", 800), at("2026-10-10T00:00:00Z", 750), at("2026-10-20T00:00:00Z", 700)]);
    const since = async (iso: string) =>
      ((await priceHistorySince(db, [p!.id], new Date(iso))).get(p!.id) ?? []).map((s) => s.priceCents);
    expect(await since("2026-10-05T00:00:00Z")).toEqual([800, 750, 700]);
    expect(await since("2026-10-10T00:00:00Z")).toEqual([750, 700]);
    expect(await since("2026-10-25T00:00:00Z")).toEqual([700]);
    expect(await since("2026-09-01T00:00:00Z")).toEqual([800, 750, 700]);
    expect(await priceHistorySince(db, [], new Date())).toEqual(new Map());
  });
});
