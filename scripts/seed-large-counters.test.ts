import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "#tests/support/db.ts";
import {
  driftedProductStock,
  orderCounters,
  recountOrderCounts,
  recountStockSummary,
} from "#tests/support/admin-counters.ts";
import { stockService } from "#server/modules/inventory/service.ts";
import { seedLarge } from "./seed-large.ts";

/* The admin counters (drizzle/0011, 0020) after the large seed's bulk statements equal a recount of the tables. */

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

describe("the admin counters after seedLarge", () => {
  it("equal a recount of stock and orders", async () => {
    await seedLarge(database.db, { products: 240, orders: 1500, days: 20, customers: 30 });
    expect(await stockService(database.db).summary()).toEqual(await recountStockSummary(database.db));
    expect(await driftedProductStock(database.db)).toEqual([]);
    const counted = await recountOrderCounts(database.db);
    expect(counted.lines).toBeGreaterThanOrEqual(1500);
    expect(await orderCounters(database.db)).toEqual(counted);
  });
});
