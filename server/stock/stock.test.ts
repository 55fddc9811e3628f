import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#tests/support/db.ts";
import { createUser, login, type AuthHeaders } from "#tests/support/http.ts";
import { categories, colors, products, sizes, stockMovements, variants } from "../db/schema.ts";
import { STOCK_MESSAGES as M } from "./schemas.ts";

let t: TestApp;
let admin: AuthHeaders;
let adminId: number;
let adminName: string;
let cliente: AuthHeaders;

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
  const [p] = await t.db
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
    ? await t.db
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

const get = (url: string, headers: AuthHeaders | null = admin) =>
  t.app.inject({ method: "GET", url, headers: headers ?? undefined });
const put = (url: string, payload: unknown, headers: AuthHeaders = admin) =>
  t.app.inject({ method: "PUT", url, headers, payload: payload as string });

const movementsOf = (variantId: number) =>
  t.db.select().from(stockMovements).where(eq(stockMovements.variantId, variantId)).orderBy(asc(stockMovements.id));
const stockOf = async (variantId: number) =>
  (await t.db.select({ stock: variants.stock }).from(variants).where(eq(variants.id, variantId)))[0]!.stock;

beforeAll(async () => {
  t = await createTestApp();
  const a = await createUser(t.db, "admin");
  adminId = a.id;
  adminName = (await t.db.execute(sql`select name from users where id = ${a.id}`)).rows[0]!.name as string;
  admin = await login(t.app, a.email, a.password);
  const c = await createUser(t.db, "cliente");
  cliente = await login(t.app, c.email, c.password);

  const [cat] = await t.db.insert(categories).values({ name: "T-shirts" }).returning();
  ids.category = cat!.id;
  for (const [name, hex] of [
    ["Azul", "#2563eb"],
    ["Preto", "#111827"],
    ["Verde", "#16a34a"],
  ] as const) {
    const [row] = await t.db.insert(colors).values({ name, colorHex: hex }).returning();
    ids.colors[name] = row!.id;
  }
  for (const [name, sortOrder] of [
    ["S", 1],
    ["M", 2],
    ["L", 3],
  ] as const) {
    const [row] = await t.db.insert(sizes).values({ name, sortOrder }).returning();
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
afterAll(() => t.close());

describe("access", () => {
  it("answers 401 to visitors and 403 to clientes", async () => {
    for (const url of ["/api/stock/summary", "/api/stock/products", "/api/stock/low-stock"]) {
      expect((await get(url, null)).statusCode).toBe(401);
      expect((await get(url, cliente)).statusCode).toBe(403);
    }
    const v = made["Camisola Alfa"]!.variants[0]!;
    expect((await put(`/api/stock/variant/${v}`, { newStock: 1 }, cliente)).statusCode).toBe(403);
    expect(await stockOf(v)).toBe(20);
  });
});

describe("GET /api/stock/summary", () => {
  it("counts products, variants, stock and levels, leaving deleted products out", async () => {
    const res = await get("/api/stock/summary");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      totalProducts: 11,
      totalVariants: 12,
      totalStock: 20 + 5 + 0 + 12 + 0 + (31 + 32 + 33 + 34 + 35 + 36 + 37),
      outOfStock: 2, // products: Caneca Gama (its only variant empty) and Saco Delta (no variants)
      lowStock: 1, // products with a variant of 1 to 10: Camisola Alfa
      variantsOutOfStock: 2, // Camisola Alfa Azul S, Caneca Gama
      variantsLowStock: 1,
      colorsAvailable: 3,
      sizesAvailable: 2, // L and M have stock; S only on an empty variant and a deleted product
    });
  });
});

describe("GET /api/stock/products", () => {
  it("lists a page ordered by name, with X-Total-Count and aggregated variants", async () => {
    const res = await get("/api/stock/products?limit=3");
    expect(res.statusCode).toBe(200);
    expect(res.headers["x-total-count"]).toBe("11");
    const body = res.json();
    expect(body.map((p: { name: string }) => p.name)).toEqual(["Boné Beta", "Camisola Alfa", "Caneca Gama"]);
    const alfa = (await get("/api/stock/products?search=alfa")).json()[0];
    expect(alfa).toEqual({
      id: made["Camisola Alfa"]!.id,
      name: "Camisola Alfa",
      categoria: "T-shirts",
      totalStock: 25,
      variantsCount: 3,
      colors: ["Azul", "Preto"],
      sizes: ["S", "M", "L"],
      isOutOfStock: false,
      hasLowStock: true,
      variantsOutOfStock: 1,
      status: 1,
    });
  });

  it("orders by name across pages without gaps or repeats", async () => {
    const seen: string[] = [];
    for (let page = 1; page <= 4; page++) {
      const res = await get(`/api/stock/products?page=${page}&limit=3`);
      expect(res.headers["x-total-count"]).toBe("11");
      seen.push(...res.json().map((p: { name: string }) => p.name));
    }
    expect(seen).toHaveLength(11);
    expect(new Set(seen).size).toBe(11);
    expect(seen).not.toContain("Escondido");
    const sorted = (
      await t.db.execute(sql`select name from products where deleted_at is null order by name, id`)
    ).rows.map((r) => r.name);
    expect(seen).toEqual(sorted);
    const empty = await get("/api/stock/products?page=99&limit=3");
    expect(empty.json()).toEqual([]);
    expect(empty.headers["x-total-count"]).toBe("11");
  });

  it("filters by name, case-insensitively, with wildcards taken literally", async () => {
    const res = await get("/api/stock/products?search=ZETA");
    expect(res.headers["x-total-count"]).toBe("7");
    expect(res.json()).toHaveLength(7);
    const percent = await get(`/api/stock/products?search=${encodeURIComponent("%")}`);
    expect(percent.json()).toEqual([]);
    expect(percent.headers["x-total-count"]).toBe("0");
  });

  it("flags empty products and products without variants", async () => {
    const list = (await get("/api/stock/products?limit=200")).json() as Array<Record<string, unknown>>;
    const gama = list.find((p) => p.name === "Caneca Gama")!;
    expect(gama).toMatchObject({
      totalStock: 0,
      variantsCount: 1,
      isOutOfStock: true,
      hasLowStock: false,
      colors: [],
      sizes: [],
    });
    const delta = list.find((p) => p.name === "Saco Delta")!;
    expect(delta).toMatchObject({ totalStock: 0, variantsCount: 0, isOutOfStock: true, colors: [], sizes: [] });
    expect(list.find((p) => p.name === "Boné Beta")).toMatchObject({ status: 0, colors: ["Verde"], sizes: [] });
  });

  it("refuses bad paging with a pt-PT message", async () => {
    for (const [q, message] of [
      ["limit=201", M.invalidLimit],
      ["limit=0", M.invalidLimit],
      ["limit=abc", M.invalidLimit],
      ["page=0", M.invalidPage],
      ["page=-1", M.invalidPage],
    ] as const) {
      const res = await get(`/api/stock/products?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message });
    }
  });
});

describe("GET /api/stock/product/:id", () => {
  it("returns the product with its variants", async () => {
    const res = await get(`/api/stock/product/${made["Camisola Alfa"]!.id}`);
    expect(res.statusCode).toBe(200);
    const [preto, azulM, azulS] = made["Camisola Alfa"]!.variants;
    expect(res.json()).toEqual({
      id: made["Camisola Alfa"]!.id,
      name: "Camisola Alfa",
      description: "Descrição de Camisola Alfa",
      price: 12.5,
      totalStock: 25,
      variantsCount: 3,
      lowStockCount: 1,
      variants: [
        { id: azulS, color_id: ids.colors.Azul, color: "Azul", color_hex: "#2563eb", size: "S", stock: 0, reserved: 0 },
        { id: azulM, color_id: ids.colors.Azul, color: "Azul", color_hex: "#2563eb", size: "M", stock: 5, reserved: 0 },
        {
          id: preto,
          color_id: ids.colors.Preto,
          color: "Preto",
          color_hex: "#111827",
          size: "L",
          stock: 20,
          reserved: 0,
        },
      ],
    });
  });

  it("shows N/A variants as nulls", async () => {
    const res = await get(`/api/stock/product/${made["Caneca Gama"]!.id}`);
    expect(res.json().variants).toEqual([
      {
        id: made["Caneca Gama"]!.variants[0],
        color_id: null,
        color: null,
        color_hex: null,
        size: null,
        stock: 0,
        reserved: 0,
      },
    ]);
  });

  it("answers 404 for unknown and deleted products, 400 for a bad id", async () => {
    for (const id of [999999, made.Escondido!.id]) {
      const res = await get(`/api/stock/product/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe("Produto não encontrado");
    }
    const bad = await get("/api/stock/product/abc");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(M.invalidProductId);
  });
});

describe("GET /api/stock/low-stock", () => {
  it("lists products with a variant at or below the threshold, emptiest first", async () => {
    const res = await get("/api/stock/low-stock");
    expect(res.statusCode).toBe(200);
    const body = res.json() as Array<{ name: string; minStock: number }>;
    expect(body.map((p) => p.name)).toEqual(["Camisola Alfa", "Caneca Gama"]);
    expect(body[0]).toEqual({
      id: made["Camisola Alfa"]!.id,
      name: "Camisola Alfa",
      categoria: "T-shirts",
      variantsCount: 3,
      totalStock: 25,
      minStock: 0,
    });
    const wide = (await get("/api/stock/low-stock?threshold=31")).json() as Array<{ name: string; minStock: number }>;
    expect(wide.map((p) => p.name)).toEqual(["Camisola Alfa", "Caneca Gama", "Boné Beta", "Zeta 01"]);
    expect(wide.map((p) => p.minStock)).toEqual([0, 0, 12, 31]);
  });

  it("refuses a threshold outside 0..1000", async () => {
    for (const threshold of ["-1", "1001", "x"]) {
      const res = await get(`/api/stock/low-stock?threshold=${threshold}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(M.invalidThreshold);
    }
  });
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
