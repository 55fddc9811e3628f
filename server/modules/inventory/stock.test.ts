import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "#tests/support/db.ts";
import type { AuthHeaders } from "#tests/support/http.ts";
import { useStockApp } from "#tests/support/stock-app.ts";
import { STOCK_MESSAGES as M } from "./schemas.ts";

/** The admin stock API reads: access, summary, product list and detail, low stock. */

const { app, ids, made, get, put, stockOf } = useStockApp();
let t: TestApp;
let cliente: AuthHeaders;
beforeAll(() => {
  ({ t, cliente } = app);
});

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
