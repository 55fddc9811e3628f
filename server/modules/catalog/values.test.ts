import { asc, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#tests/support/db.ts";
import type { AuthHeaders } from "#tests/support/http.ts";
import {
  buildCatalogue,
  newShopper,
  placeOrder,
  PLAN,
  VALUES_ENV,
  type BuiltCatalogue,
} from "#tests/support/values.ts";
import { categories, productImages, products, variants } from "./schema.ts";
import type { ApiProduct, ApiProductListItem, ApiStockDetail } from "./schemas.ts";

/*
 * Value tests of the catalogue's lists: on a catalogue where every product has its own
 * pictures, price, category, model and stock, each field of each list item is compared with
 * the same fact read another way (the product read by id, the sum of its variants, the rows
 * in the database). The lists are cached per catalogue version, so they are read again after
 * changes (a sale, a new picture) and must follow.
 */

let t: TestApp;
let c: BuiltCatalogue;
/** No session: a visitor. */
const visitor = null;

const get = (url: string, headers: AuthHeaders | null = c.admin) =>
  t.app.inject({ method: "GET", url, headers: headers ?? undefined });
async function json<T>(url: string, headers: AuthHeaders | null = c.admin): Promise<T> {
  const res = await get(url, headers);
  expect(res.statusCode, `${url} ${res.body}`).toBe(200);
  return res.json() as T;
}

/** A product read by id as the lists show it: the single read also carries `seguranca` (GPSR), the lists do not. */
async function asListed(id: number, headers: AuthHeaders | null): Promise<ApiProduct> {
  const { seguranca, ...product } = await json<ApiProduct>(`/api/product/${id}`, headers);
  expect(seguranca).toBeDefined();
  return product;
}

/** The pictures of a product as stored, in their order (first is the main one). */
async function picturesInDb(productId: number): Promise<string[]> {
  const rows = await t.db
    .select({ fileName: productImages.fileName })
    .from(productImages)
    .where(eq(productImages.productId, productId))
    .orderBy(asc(productImages.position), asc(productImages.id));
  return rows.map((r) => r.fileName);
}

async function stockInDb(productId: number): Promise<number> {
  const rows = await t.db.select({ stock: variants.stock }).from(variants).where(eq(variants.productId, productId));
  return rows.reduce((sum, r) => sum + r.stock, 0);
}

beforeAll(async () => {
  t = await createTestApp(VALUES_ENV);
  c = await buildCatalogue(t);
});
afterAll(() => t.close());

describe("the catalogue under test", () => {
  it("gives every product its own pictures, price and category", async () => {
    const all = await Promise.all(Object.values(c.productIds).map(picturesInDb));
    const flat = all.flat();
    expect(new Set(flat).size).toBe(flat.length);
    expect(all.map((p) => p.length)).toEqual(PLAN.map((p) => p.images));
    expect(new Set(PLAN.map((p) => p.priceCents)).size).toBe(PLAN.length);
    expect(new Set(PLAN.map((p) => p.categoria)).size).toBe(PLAN.length);
  });
});

describe("GET /api/product/all", () => {
  async function checkAll(headers: AuthHeaders | null, admin: boolean) {
    const list = await json<ApiProductListItem[]>("/api/product/all", headers);
    const expectedIds = PLAN.filter((p) => admin || p.status === 1).map((p) => c.productIds[p.key]!);
    expect(list.map((i) => i.id).sort((a, b) => a - b)).toEqual(expectedIds.sort((a, b) => a - b));
    for (const item of list) {
      const byId = await json<ApiProduct>(`/api/product/${item.id}`, c.admin);
      const pictures = await picturesInDb(item.id);
      expect(item.image.split(",")[0], `picture of ${byId.name}`).toBe(byId.images[0]);
      expect(item.image, `pictures of ${byId.name}`).toBe(pictures.join(","));
      expect(item).toEqual({
        id: byId.id,
        status: byId.status,
        name: byId.name,
        image: byId.image,
        price: byId.price,
        price_cents: byId.price_cents,
      });
      const planned = PLAN.find((p) => c.productIds[p.key] === item.id)!;
      expect([item.name, item.price_cents, item.status]).toEqual([planned.name, planned.priceCents, planned.status]);
    }
  }

  it("gives each item its own first picture, name, price and status (admin: every product)", async () => {
    await checkAll(c.admin, true);
    await checkAll(c.admin, true); // the cached copy says the same
  });

  it("gives each item its own first picture to visitors (products in the shop only)", async () => {
    await checkAll(visitor, false);
    await checkAll(visitor, false);
  });
});

describe("GET /api/product (the shop's list)", () => {
  it("answers each product in the shop exactly as the product read by id, with its own stock, colours and category", async () => {
    const list = await json<ApiProduct[]>("/api/product", visitor);
    const inShop = await t.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.status, 1))
      .orderBy(asc(products.id));
    expect(list.map((p) => p.id).sort((a, b) => a - b)).toEqual(inShop.map((r) => r.id));
    for (const item of list) {
      expect(item).toEqual(await asListed(item.id, visitor));
      const detail = await json<ApiStockDetail>(`/api/product/stockdetalhe/${item.id}`, visitor);
      expect(item.quantidade).toBe(detail.variants.reduce((sum, v) => sum + v.stock, 0));
      expect(item.quantidade).toBe(await stockInDb(item.id));
      expect(item.cor.split(",").filter(Boolean).sort()).toEqual(
        [...new Set(detail.variants.map((v) => v.color!))].sort(),
      );
      expect(item.images).toEqual(await picturesInDb(item.id));
      const planned = PLAN.find((p) => c.productIds[p.key] === item.id)!;
      const [category] = await t.db.select().from(categories).where(eq(categories.id, item.categoria_id!));
      expect([item.name, item.price_cents, item.categoria, category?.name, item.modelo_id]).toEqual([
        planned.name,
        planned.priceCents,
        planned.categoria,
        planned.categoria,
        planned.modeloId,
      ]);
    }
  });
});

describe("stock per product", () => {
  it("GET /api/product/stock/{id} equals the sum of GET /api/product/stockdetalhe/{id} variants and of the rows", async () => {
    for (const p of PLAN) {
      const id = c.productIds[p.key]!;
      const { totalStock } = await json<{ totalStock: number }>(`/api/product/stock/${id}`);
      const detail = await json<ApiStockDetail>(`/api/product/stockdetalhe/${id}`);
      expect(totalStock, p.name).toBe(detail.variants.reduce((sum, v) => sum + v.stock, 0));
      expect(totalStock, p.name).toBe(await stockInDb(id));
      expect(detail.quantidade, p.name).toBe(totalStock);
      const rows = await t.db.select().from(variants).where(eq(variants.productId, id));
      expect(detail.variants.map((v) => [v.id, v.stock, v.color_id, v.size_id]).sort()).toEqual(
        rows.map((r) => [r.id, r.stock, r.colorId, r.sizeId]).sort(),
      );
    }
  });

  it("follows a sale: the lists, the product and its stock move by exactly the units ordered", async () => {
    const shopper = await newShopper(t);
    const tshirt = c.productIds.tshirt!;
    const detail = await json<ApiStockDetail>(`/api/product/stockdetalhe/${tshirt}`);
    const variant = detail.variants.find((v) => v.stock === 30)!;
    const before = (await json<ApiProduct[]>("/api/product", visitor)).find((p) => p.id === tshirt)!;
    await placeOrder(t, shopper, "mb", [{ product_id: tshirt, variant_id: variant.id, quantity: 4 }]);
    const after = (await json<ApiProduct[]>("/api/product", visitor)).find((p) => p.id === tshirt)!;
    expect(after.quantidade).toBe(before.quantidade - 4);
    expect((await json<{ totalStock: number }>(`/api/product/stock/${tshirt}`)).totalStock).toBe(before.quantidade - 4);
    expect(after).toEqual(await asListed(tshirt, visitor));
  });

  it("follows a new picture: the short list's first picture stays the product's own", async () => {
    const saco = c.productIds.saco!;
    const before = (await json<ApiProductListItem[]>("/api/product/all")).find((p) => p.id === saco)!;
    const fd = new FormData();
    fd.append("name", "Saco Braga");
    fd.append("description", "Descrição própria de Saco Braga.");
    fd.append("price", "24,00");
    const sharp = (await import("sharp")).default;
    const png = await sharp({ create: { width: 200, height: 200, channels: 3, background: { r: 1, g: 2, b: 3 } } })
      .png()
      .toBuffer();
    fd.append("images", new Blob([new Uint8Array(png)], { type: "image/png" }), "nova.png");
    const res = await t.app.inject({
      method: "PUT",
      url: `/api/product/updateproductstock/${saco}`,
      headers: c.admin,
      payload: fd as unknown as string,
    });
    expect(res.statusCode, res.body).toBe(200);
    const list = await json<ApiProductListItem[]>("/api/product/all");
    const after = list.find((p) => p.id === saco)!;
    const pictures = await picturesInDb(saco);
    expect(pictures).toHaveLength(before.image.split(",").length + 1);
    expect(after.image).toBe(pictures.join(","));
    expect(after.image.split(",")[0]).toBe(before.image.split(",")[0]);
    for (const item of list) expect(item.image.split(",")[0]).toBe((await picturesInDb(item.id))[0]);
  });
});

describe("the other catalogue reads", () => {
  it("GET /api/product/related/{id}: the other products in the shop of the same model", async () => {
    for (const p of PLAN.filter((x) => x.status === 1)) {
      const id = c.productIds[p.key]!;
      const related = await json<ApiProduct[]>(`/api/product/related/${id}`, visitor);
      const expected = PLAN.filter((x) => x.key !== p.key && x.status === 1 && x.modeloId === p.modeloId).map(
        (x) => c.productIds[x.key],
      );
      expect(related.map((r) => r.id).sort(), p.name).toEqual(expected.sort());
      for (const r of related) expect(r).toEqual(await asListed(r.id, visitor));
    }
  });

  it("GET /api/product/coresDetails/{id} and /productSize/{id}: the colours and sizes of the product's variants", async () => {
    for (const p of PLAN) {
      const id = c.productIds[p.key]!;
      const colors = await json<Array<{ id: number; name: string }>>(`/api/product/coresDetails/${id}`);
      expect(colors.map((x) => x.name).sort(), p.name).toEqual([...new Set(p.variants.map((v) => v.color))].sort());
      for (const x of colors) expect(x.id).toBe(c.colorIds[x.name]);
      const sizes = await json<Array<{ name: string }>>(`/api/product/productSize/${id}`);
      const variantSizes = [...new Set(p.variants.flatMap((v) => (v.size ? [v.size] : [])))];
      expect(sizes.map((s) => s.name).sort(), p.name).toEqual(
        (variantSizes.length ? variantSizes : ["S", "M", "L"]).sort(),
      );
    }
  });

  it("GET /api/product/categorias and /cores: the rows of the database", async () => {
    const cats = await json<Array<{ id: number; name: string }>>("/api/product/categorias");
    const catRows = await t.db.select({ id: categories.id, name: categories.name }).from(categories);
    expect(cats.map((x) => [x.id, x.name]).sort()).toEqual(catRows.map((x) => [x.id, x.name]).sort());
    for (const p of PLAN) expect(cats.map((x) => x.name)).toContain(p.categoria);
    const cores = await json<Array<{ id: number; name: string }>>("/api/product/cores");
    for (const [name, id] of Object.entries(c.colorIds)) expect(cores.find((x) => x.id === id)?.name).toBe(name);
  });

  it("GET /api/product/artigo: one entry per model in the shop, named after its first product", async () => {
    const models = await json<Array<{ id: number; name: string }>>("/api/product/artigo");
    const rows = await t.db
      .select({ id: products.id, modeloId: products.modeloId, name: products.name })
      .from(products)
      .where(eq(products.status, 1))
      .orderBy(asc(products.id));
    const expected = new Map<number, string>();
    for (const r of rows) if (!expected.has(r.modeloId)) expected.set(r.modeloId, r.name);
    expect(models.map((m) => [m.id, m.name]).sort()).toEqual([...expected.entries()].sort());
    const visible = await t.db.$count(products, isNull(products.deletedAt));
    expect(visible).toBe(PLAN.length);
  });
});
