import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "#tests/support/db.ts";
import { variantFileName, variantWidthsFor } from "#server/modules/catalog/images.ts";
import type { Database } from "#server/core/db/client.ts";
import {
  banners,
  categories,
  colors,
  productImages,
  products,
  sizes,
  variants,
} from "#server/modules/catalog/schema.ts";
import { stockMovements } from "#server/modules/inventory/schema.ts";
import { DEMO_STOCK_REASON, seedDemoCatalog } from "./demo.ts";

const TABLES = { categories, colors, sizes, products, productImages, variants, stockMovements, banners };

async function counts(db: Database): Promise<Record<string, number>> {
  const entries = await Promise.all(
    Object.entries(TABLES).map(async ([name, table]) => [name, await db.$count(table)]),
  );
  return Object.fromEntries(entries);
}

describe("seedDemoCatalog on an empty shop", () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let dataDir: string;
  let uploads: string;
  let seeded: boolean;

  beforeAll(async () => {
    database = await createTestDatabase();
    dataDir = mkdtempSync(path.join(os.tmpdir(), "loja-demo-"));
    uploads = path.join(dataDir, "uploads");
    seeded = await seedDemoCatalog(database.db, dataDir);
  });
  afterAll(async () => {
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("returns true and creates categories, colours and sizes", async () => {
    expect(seeded).toBe(true);
    const db = database.db;
    expect((await db.select().from(categories)).map((c) => c.name).sort()).toEqual(["Agendas", "Canecas", "T-shirts"]);
    const sizeRows = await db.select().from(sizes).orderBy(sizes.sortOrder);
    expect(sizeRows.map((s) => s.name)).toEqual(expect.arrayContaining(["S", "M", "L", "XL"]));
    expect(sizeRows.filter((s) => ["S", "M", "L", "XL"].includes(s.name)).map((s) => s.sortOrder)).toEqual([
      1, 2, 3, 4,
    ]);
    const colourRows = await db.select().from(colors);
    expect(colourRows.length).toBeGreaterThanOrEqual(6);
    for (const c of colourRows) expect(c.colorHex).toMatch(/^#[0-9a-f]{6}$/);
  });

  it("creates at least ten valid products spread over the categories and grouped into models", async () => {
    const rows = await database.db.select().from(products);
    expect(rows.length).toBeGreaterThanOrEqual(10);
    const categoryIds = new Set(rows.map((p) => p.categoryId));
    expect(categoryIds.size).toBe(3);
    const shirts = (await database.db.select().from(categories).where(eq(categories.name, "T-shirts")))[0]!;
    for (const p of rows) {
      expect(p.priceCents).toBeGreaterThanOrEqual(899);
      expect(p.priceCents).toBeLessThanOrEqual(3499);
      expect(p.description.length).toBeGreaterThan(20);
      expect(p.sizes).toBe(p.categoryId === shirts.id ? "S,M,L,XL" : "Único");
      expect([0, 1]).toContain(p.status);
    }
    expect(rows.filter((p) => p.status === 1).length).toBeGreaterThanOrEqual(10);
    const perModel = Map.groupBy(rows, (p) => p.modeloId);
    expect([...perModel.values()].some((group) => group.length >= 2)).toBe(true);
  });

  it("gives every product 1-3 images whose files and WebP variants exist", async () => {
    const images = await database.db.select().from(productImages);
    const productIds = (await database.db.select({ id: products.id }).from(products)).map((p) => p.id);
    for (const id of productIds) {
      const own = images.filter((i) => i.productId === id).sort((a, b) => a.position - b.position);
      expect(own.length).toBeGreaterThanOrEqual(1);
      expect(own.length).toBeLessThanOrEqual(3);
      expect(own.map((i) => i.position)).toEqual(own.map((_, n) => n));
    }
    for (const image of images) {
      expect(image.fileName).toMatch(/^[0-9a-f-]{36}\.(jpg|webp)$/);
      expect(existsSync(path.join(uploads, image.fileName))).toBe(true);
      expect(image).toMatchObject({ width: 1200, height: 1200 });
      for (const width of variantWidthsFor(image.width!)) {
        expect(existsSync(path.join(uploads, variantFileName(image.fileName, width)))).toBe(true);
      }
    }
    const main = images.find((i) => i.position === 0)!;
    expect(await sharp(path.join(uploads, main.fileName)).metadata()).toMatchObject({ width: 1200, height: 1200 });
  });

  it("creates variants with stock at every level, each with its initial stock movement", async () => {
    const rows = await database.db.select().from(variants);
    expect(rows.length).toBeGreaterThan(0);
    for (const v of rows) {
      expect(v.stock).toBeGreaterThanOrEqual(0);
      expect(v.reserved).toBe(0);
      expect(v.colorId).not.toBeNull();
      expect(v.sizeId).not.toBeNull();
    }
    expect(rows.some((v) => v.stock === 0)).toBe(true);
    expect(rows.some((v) => v.stock >= 1 && v.stock <= 10)).toBe(true);
    expect(rows.filter((v) => v.stock > 10).length).toBeGreaterThan(rows.length / 2);

    const movements = await database.db.select().from(stockMovements);
    expect(movements).toHaveLength(rows.length);
    for (const v of rows) {
      const own = movements.filter((m) => m.variantId === v.id);
      expect(own).toHaveLength(1);
      expect(own[0]).toMatchObject({ stockBefore: 0, stockAfter: v.stock, reason: DEMO_STOCK_REASON });
    }
  });

  it("only offers variants in the sizes the product lists", async () => {
    const rows = await database.db
      .select({ sizes: products.sizes, size: sizes.name })
      .from(variants)
      .innerJoin(products, eq(products.id, variants.productId))
      .innerJoin(sizes, eq(sizes.id, variants.sizeId));
    for (const r of rows) expect(r.sizes.split(",")).toContain(r.size);
  });

  it("creates exactly one active banner with a wide image on disk", async () => {
    const rows = await database.db.select().from(banners);
    expect(rows.filter((b) => b.isActive)).toHaveLength(1);
    const banner = rows[0]!;
    expect(banner.titulo).not.toBe("");
    expect(banner.slogam).not.toBe("");
    expect(await sharp(path.join(uploads, banner.imagem)).metadata()).toMatchObject({ width: 1600, height: 600 });
  });

  it("writes only the files the database references", async () => {
    const images = await database.db.select().from(productImages);
    const [banner] = await database.db.select().from(banners);
    const expected = [...images, { fileName: banner!.imagem, width: 1600 }].flatMap((i) => [
      i.fileName,
      ...variantWidthsFor(i.width!).map((w) => variantFileName(i.fileName, w)),
    ]);
    expect(readdirSync(uploads).sort()).toEqual(expected.sort());
  });

  it("does nothing on a second call", async () => {
    const before = await counts(database.db);
    const files = readdirSync(uploads).length;
    expect(await seedDemoCatalog(database.db, dataDir)).toBe(false);
    expect(await counts(database.db)).toEqual(before);
    expect(readdirSync(uploads)).toHaveLength(files);
  });
});

describe("seedDemoCatalog on a shop that already has data", () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let dataDir: string;
  beforeAll(async () => {
    database = await createTestDatabase();
    dataDir = mkdtempSync(path.join(os.tmpdir(), "loja-demo-"));
  });
  afterAll(async () => {
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it.each([
    ["a category", (db: Database) => db.insert(categories).values({ name: "Outros" })],
    ["a colour", (db: Database) => db.insert(colors).values({ name: "Cinzento" })],
    ["a size", (db: Database) => db.insert(sizes).values({ name: "XXL" })],
    ["a product", (db: Database) => db.insert(products).values({ name: "Produto", priceCents: 100 })],
  ])("never seeds when there is %s", async (_label, insert) => {
    await insert(database.db);
    expect(await seedDemoCatalog(database.db, dataDir)).toBe(false);
    expect(await database.db.$count(banners)).toBe(0);
    expect(await database.db.$count(variants)).toBe(0);
    expect(existsSync(path.join(dataDir, "uploads")) ? readdirSync(path.join(dataDir, "uploads")) : []).toEqual([]);
    await database.db.delete(products);
    await database.db.delete(categories);
    await database.db.delete(colors);
    await database.db.delete(sizes);
  });
});
