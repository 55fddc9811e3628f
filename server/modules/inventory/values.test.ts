import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#tests/support/db.ts";
import type { AuthHeaders } from "#tests/support/http.ts";
import {
  allPages,
  buildCatalogue,
  delivery,
  newShopper,
  payOrder,
  placeOrder,
  PLAN,
  VALUES_ENV,
  variantKey,
  type BuiltCatalogue,
} from "#tests/support/values.ts";
import type { ApiProduct, ApiStockDetail } from "#server/modules/catalog/schemas.ts";
import { products, variants } from "#server/modules/catalog/schema.ts";
import { orderLines, orders } from "#server/modules/orders/schema.ts";
import type { LowStockItem, StockProductDetail, StockProductItem, StockSummary } from "./schemas.ts";

/*
 * Value tests of the admin's stock reads: the summary's figures equal the sums over every page
 * of /api/stock/products and over the rows; each product item equals the product's detail, its
 * catalogue read and its variants; the low-stock list is exactly the products with a variant at
 * or below the threshold. Real orders (one paid, two pending) move the stock first. The catalogue
 * is built so that counting variants and counting products give different numbers.
 */

let t: TestApp;
let c: BuiltCatalogue;

async function json<T>(url: string, headers: AuthHeaders = c.admin): Promise<T> {
  const res = await t.app.inject({ method: "GET", url, headers });
  expect(res.statusCode, `${url} ${res.body}`).toBe(200);
  return res.json() as T;
}

const v = (productKey: string, color: string, size?: string) =>
  c.variantIds[variantKey(productKey, { color, size, stock: 0 })]!;

/** The products that are not deleted, with their variants as rows. */
async function rows() {
  const list = await t.db.select().from(products).where(isNull(products.deletedAt));
  const vs = await t.db
    .select()
    .from(variants)
    .where(
      inArray(
        variants.productId,
        list.map((p) => p.id),
      ),
    );
  return { products: list, variants: vs };
}

const isLow = (stock: number) => stock >= 1 && stock <= 10;

beforeAll(async () => {
  t = await createTestApp(VALUES_ENV);
  c = await buildCatalogue(t);
  const ana = await newShopper(t);
  const rui = await newShopper(t);
  const paid = await placeOrder(t, ana, "mb", [
    { product_id: c.productIds.caneca!, variant_id: v("caneca", "Azul Valor", "M-V"), quantity: 2 },
    { product_id: c.productIds.tshirt!, variant_id: v("tshirt", "Preto Valor", "L-V"), quantity: 5 },
  ]);
  await payOrder(t, paid);
  await placeOrder(t, rui, "payshop", [
    { product_id: c.productIds.caneca!, variant_id: v("caneca", "Branco Valor", "L-V"), quantity: 7 },
  ]);
  await placeOrder(t, rui, "mbway", [
    { product_id: c.productIds.tshirt!, variant_id: v("tshirt", "Azul Valor", "M-V"), quantity: 1 },
  ]);
});
afterAll(() => t.close());

describe("GET /api/stock/summary", () => {
  it("equals the sums over every page of /api/stock/products and over the rows", async () => {
    const summary = await json<StockSummary>("/api/stock/summary");
    const items = await allPages<StockProductItem>(t, c.admin, "/api/stock/products", 4);
    const db = await rows();

    expect(summary.totalProducts).toBe(items.length);
    expect(summary.totalProducts).toBe(db.products.length);
    expect(summary.totalVariants).toBe(items.reduce((s, p) => s + p.variantsCount, 0));
    expect(summary.totalVariants).toBe(db.variants.length);
    expect(summary.totalStock).toBe(items.reduce((s, p) => s + p.totalStock, 0));
    expect(summary.totalStock).toBe(db.variants.reduce((s, r) => s + r.stock, 0));

    // 'Sem Stock' and 'Stock Baixo' read as products: they count the products the list flags.
    expect(summary.outOfStock).toBe(items.filter((p) => p.isOutOfStock).length);
    expect(summary.lowStock).toBe(items.filter((p) => p.hasLowStock).length);
    // The variants are counted too, under their own names.
    expect(summary.variantsOutOfStock).toBe(db.variants.filter((r) => r.stock === 0).length);
    expect(summary.variantsLowStock).toBe(db.variants.filter((r) => isLow(r.stock)).length);
    expect(summary.variantsOutOfStock).toBe(items.reduce((s, p) => s + p.variantsOutOfStock, 0));
    // The catalogue is built so that the two ways of counting differ.
    expect(summary.variantsOutOfStock).not.toBe(summary.outOfStock);
    expect(summary.variantsLowStock).not.toBe(summary.lowStock);

    const withStock = db.variants.filter((r) => r.stock > 0);
    expect(summary.colorsAvailable).toBe(new Set(withStock.map((r) => r.colorId).filter((x) => x !== null)).size);
    expect(summary.sizesAvailable).toBe(new Set(withStock.map((r) => r.sizeId).filter((x) => x !== null)).size);
  });

  it("moves by exactly a manual change and a sale", async () => {
    const before = await json<StockSummary>("/api/stock/summary");
    const saco = v("saco", "Verde Valor", "M-V");
    const [row] = await t.db.select().from(variants).where(eq(variants.id, saco));
    const put = await t.app.inject({
      method: "PUT",
      url: `/api/stock/variant/${saco}`,
      headers: c.admin,
      payload: { newStock: 0, reason: "Contagem", notes: "" },
    });
    expect(put.statusCode, put.body).toBe(200);
    const afterEdit = await json<StockSummary>("/api/stock/summary");
    expect(afterEdit.totalStock).toBe(before.totalStock - row!.stock);
    expect(afterEdit.variantsOutOfStock).toBe(before.variantsOutOfStock + 1);
    expect(afterEdit.outOfStock).toBe(before.outOfStock); // the bag still has its other colour/size

    const buyer = await newShopper(t);
    const refused = await t.app.inject({
      method: "POST",
      url: "/orders",
      headers: buyer.headers,
      payload: {
        user_id: buyer.id,
        metodo_pagamento: "mb",
        dados_entrega: delivery,
        items: [{ product_id: c.productIds.postal!, variant_id: v("postal", "Azul Valor"), quantity: 6 }],
      },
    });
    expect(refused.statusCode, refused.body).toBeGreaterThanOrEqual(400);
    expect(refused.statusCode, refused.body).toBeLessThan(500);
    // The postcard is out of the shop (status 0): it cannot be bought, so nothing moves.
    expect(await json<StockSummary>("/api/stock/summary")).toEqual(afterEdit);

    await placeOrder(t, buyer, "mb", [
      { product_id: c.productIds.saco!, variant_id: v("saco", "Verde Valor", "L-V"), quantity: 3 },
    ]);
    const afterSale = await json<StockSummary>("/api/stock/summary");
    expect(afterSale.totalStock).toBe(afterEdit.totalStock - 3);
    expect(afterSale.totalVariants).toBe(afterEdit.totalVariants);
  });
});

describe("GET /api/stock/products", () => {
  it("answers each product with the figures of its detail, its catalogue read and its variant rows", async () => {
    const items = await allPages<StockProductItem>(t, c.admin, "/api/stock/products", 4);
    const byName = await t.db.execute(sql`select id from products where deleted_at is null order by name, id`);
    expect(items.map((p) => p.id)).toEqual(byName.rows.map((r) => Number(r.id)));
    for (const item of items) {
      const detail = await json<StockProductDetail>(`/api/stock/product/${item.id}`);
      const catalogue = await json<ApiStockDetail>(`/api/product/stockdetalhe/${item.id}`);
      const product = await json<ApiProduct>(`/api/product/${item.id}`);
      const dbRows = await t.db.select().from(variants).where(eq(variants.productId, item.id));
      const stocks = dbRows.map((r) => r.stock);

      expect(item.name).toBe(product.name);
      expect(item.categoria).toBe(product.categoria);
      expect(item.status).toBe(product.status);
      expect(item.totalStock, item.name).toBe(detail.totalStock);
      expect(item.totalStock, item.name).toBe(catalogue.variants.reduce((s, x) => s + x.stock, 0));
      expect(item.totalStock, item.name).toBe(stocks.reduce((s, x) => s + x, 0));
      expect(item.variantsCount).toBe(detail.variantsCount);
      expect(item.variantsCount).toBe(dbRows.length);
      expect(item.colors).toEqual(
        [...new Set(catalogue.variants.map((x) => x.color!))].sort((a, b) => a.localeCompare(b)),
      );
      expect([...item.sizes].sort()).toEqual(
        [...new Set(catalogue.variants.flatMap((x) => (x.size ? [x.size] : [])))].sort(),
      );
      expect(item.isOutOfStock, item.name).toBe(stocks.reduce((s, x) => s + x, 0) === 0);
      expect(item.hasLowStock, item.name).toBe(stocks.some(isLow));
      expect(item.variantsOutOfStock, item.name).toBe(stocks.filter((x) => x === 0).length);
      expect(detail.lowStockCount).toBe(stocks.filter(isLow).length);
    }
    // A product with one sold-out variant among others in stock is neither 'Sem Stock' nor all fine.
    const caneca = items.find((p) => p.id === c.productIds.caneca)!;
    expect(caneca).toMatchObject({ isOutOfStock: false, variantsOutOfStock: 2 });
  });
});

describe("GET /api/stock/product/{id}", () => {
  it("answers each variant's stock and reservation as the rows, the reservation being the units of unpaid orders", async () => {
    for (const p of PLAN) {
      const id = c.productIds[p.key]!;
      const detail = await json<StockProductDetail>(`/api/stock/product/${id}`);
      const dbRows = await t.db.select().from(variants).where(eq(variants.productId, id));
      expect(detail.variants.map((x) => [x.id, x.stock, x.reserved]).sort()).toEqual(
        dbRows.map((r) => [r.id, r.stock, r.reserved]).sort(),
      );
      for (const variant of detail.variants) {
        const pending = await t.db
          .select({ quantity: orderLines.quantity })
          .from(orderLines)
          .innerJoin(orders, eq(orders.id, orderLines.orderId))
          .where(and(eq(orderLines.variantId, variant.id), eq(orders.status, "pending_payment")));
        expect(variant.reserved, `${p.name} ${variant.color} ${variant.size}`).toBe(
          pending.reduce((s, l) => s + l.quantity, 0),
        );
      }
    }
  });
});

describe("GET /api/stock/low-stock", () => {
  it("lists exactly the products with a variant at or below the threshold, with their own figures", async () => {
    for (const threshold of [5, 10, 15]) {
      const list = await json<LowStockItem[]>(`/api/stock/low-stock?threshold=${threshold}`);
      const expected: number[] = [];
      for (const id of Object.values(c.productIds)) {
        const detail = await json<StockProductDetail>(`/api/stock/product/${id}`);
        if (detail.variants.some((x) => x.stock <= threshold)) expected.push(id);
      }
      expect(list.map((x) => x.id).sort(), `threshold ${threshold}`).toEqual(expected.sort());
      for (const item of list) {
        const detail = await json<StockProductDetail>(`/api/stock/product/${item.id}`);
        expect(item.minStock).toBe(Math.min(...detail.variants.map((x) => x.stock)));
        expect(item.totalStock).toBe(detail.totalStock);
        expect(item.variantsCount).toBe(detail.variantsCount);
        expect(item.name).toBe(detail.name);
        expect(item.categoria).toBe((await json<ApiProduct>(`/api/product/${item.id}`)).categoria);
      }
      expect(list.map((x) => x.minStock)).toEqual([...list.map((x) => x.minStock)].sort((a, b) => a - b));
    }
  });
});
