import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll } from "vitest";
import { categories, colors, products, sizes, variants } from "#server/modules/catalog/schema.ts";
import { stockMovements } from "#server/modules/inventory/schema.ts";
import { createTestApp, type TestApp } from "./db.ts";
import { signIn } from "./factories.ts";
import type { AuthHeaders } from "./http.ts";

/*
 * The app of the stock API tests (server/modules/inventory/stock*.test.ts): an admin and a cliente, colours Azul/Preto/Verde,
 * sizes S/M/L, and products at every stock level (0 out, 1..10 low, > 10 ok; one out of the shop, one without
 * variants, one deleted, seven "Zeta" for paging).
 */

export interface StockApp {
  t: TestApp;
  admin: AuthHeaders;
  adminId: number;
  adminName: string;
  cliente: AuthHeaders;
}

export function useStockApp() {
  const app = {} as StockApp;
  const ids = {
    category: 0,
    colors: {} as Record<string, number>,
    sizes: {} as Record<string, number>,
  };
  /** Products by name, with their variants' ids in insertion order. */
  const made: Record<string, { id: number; variants: number[] }> = {};

  async function makeProduct(
    name: string,
    variantList: Array<{ color?: string; size?: string; stock: number }>,
    opts: { status?: number; deleted?: boolean; priceCents?: number } = {},
  ) {
    const [p] = await app.t.db
      .insert(products)
      .values({
        name,
        description: `Descrição de ${name}`,
        priceCents: opts.priceCents ?? 1250,
        categoryId: ids.category,
        status: opts.status ?? 1,
        deletedAt: opts.deleted ? new Date() : null,
      })
      .returning({ id: products.id });
    const rows = variantList.length
      ? await app.t.db
          .insert(variants)
          .values(
            variantList.map((v) => ({
              productId: p!.id,
              colorId: v.color ? ids.colors[v.color]! : null,
              sizeId: v.size ? ids.sizes[v.size]! : null,
              stock: v.stock,
            })),
          )
          .returning({ id: variants.id })
      : [];
    made[name] = { id: p!.id, variants: rows.map((r) => r.id) };
    return made[name]!;
  }

  beforeAll(async () => {
    const t = await createTestApp();
    const a = await signIn(t, "admin");
    const cliente = await signIn(t, "cliente");
    const adminName = (await t.db.execute(sql`select name from users where id = ${a.id}`)).rows[0]!.name as string;
    Object.assign(app, { t, admin: a.headers, adminId: a.id, adminName, cliente: cliente.headers });

    const [cat] = await t.db.insert(categories).values({ name: "T-shirts" }).returning();
    ids.category = cat!.id;
    for (const [name, hex] of [
      ["Azul", "#2563eb"],
      ["Preto", "#111827"],
      ["Verde", "#16a34a"],
    ] as const) {
      const [row] = await app.t.db.insert(colors).values({ name, colorHex: hex }).returning();
      ids.colors[name] = row!.id;
    }
    for (const [name, sortOrder] of [
      ["S", 1],
      ["M", 2],
      ["L", 3],
    ] as const) {
      const [row] = await app.t.db.insert(sizes).values({ name, sortOrder }).returning();
      ids.sizes[name] = row!.id;
    }

    // Stock levels: 0 (out), 1..10 (low), > 10 (ok).
    await makeProduct("Camisola Alfa", [
      { color: "Preto", size: "L", stock: 20 },
      { color: "Azul", size: "M", stock: 5 },
      { color: "Azul", size: "S", stock: 0 },
    ]);
    await makeProduct("Boné Beta", [{ color: "Verde", stock: 12 }], { status: 0 });
    await makeProduct("Caneca Gama", [{ stock: 0 }]);
    await makeProduct("Saco Delta", []);
    await makeProduct("Escondido", [{ color: "Azul", size: "S", stock: 3 }], { deleted: true });
    for (let i = 1; i <= 7; i++) {
      await makeProduct(`Zeta ${String(i).padStart(2, "0")}`, [{ color: "Preto", size: "M", stock: 30 + i }]);
    }
  });
  afterAll(() => app.t.close());

  return {
    app,
    ids,
    made,
    makeProduct,
    get: (url: string, headers: AuthHeaders | null = app.admin) =>
      app.t.app.inject({ method: "GET", url, headers: headers ?? undefined }),
    put: (url: string, payload: unknown, headers: AuthHeaders = app.admin) =>
      app.t.app.inject({ method: "PUT", url, headers, payload: payload as string }),
    movementsOf: (variantId: number) =>
      app.t.db
        .select()
        .from(stockMovements)
        .where(eq(stockMovements.variantId, variantId))
        .orderBy(asc(stockMovements.id)),
    stockOf: async (variantId: number) =>
      (await app.t.db.select({ stock: variants.stock }).from(variants).where(eq(variants.id, variantId)))[0]!.stock,
  };
}
