import { chmodSync, mkdirSync, readdirSync, renameSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { asc, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#tests/support/db.ts";
import { createUser, login, type AuthHeaders } from "#tests/support/http.ts";
import { banners, productImages, products } from "./schema.ts";

/*
 * The uploads directory cannot be written (a read-only disk, wrong permissions): an upload
 * answers 503 with a pt-PT message and changes nothing (no product, no image rows, no banner).
 *
 * chmod does not stop root, and these tests may run as root: then the uploads directory is
 * replaced by a link to a path under a regular file, so every mkdir and write fails (ENOTDIR)
 * whoever runs them. As any other user, the directory itself is made read-only (EACCES).
 */

const MESSAGE =
  "Não foi possível guardar a imagem: o armazenamento de ficheiros do servidor não está disponível. Tente novamente mais tarde.";
const isRoot = typeof process.getuid === "function" && process.getuid() === 0;

let t: TestApp;
let admin: AuthHeaders;
let uploadsDir: string;
let productId: number;
let restore = () => {};

const image = (r: number) =>
  sharp({ create: { width: 320, height: 240, channels: 3, background: { r, g: 90, b: 140 } } })
    .png()
    .toBuffer();

function form(fields: Record<string, string>, files: Array<{ field: string; data: Buffer }>): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  for (const f of files) fd.append(f.field, new Blob([new Uint8Array(f.data)], { type: "image/png" }), "foto.png");
  return fd;
}

const post = (url: string, payload: FormData, method: "POST" | "PUT" = "POST") =>
  t.app.inject({ method, url, headers: admin, payload: payload as unknown as string });

function makeUploadsUnwritable(): () => void {
  if (!isRoot) {
    chmodSync(uploadsDir, 0o555);
    return () => chmodSync(uploadsDir, 0o755);
  }
  const aside = `${uploadsDir}-aside`;
  const blocker = path.join(t.config.dataDir, "not-a-directory");
  writeFileSync(blocker, "a file where a directory should be\n");
  renameSync(uploadsDir, aside);
  symlinkSync(path.join(blocker, "uploads"), uploadsDir);
  return () => {
    rmSync(uploadsDir);
    renameSync(aside, uploadsDir);
  };
}

const imageRows = () =>
  t.db
    .select({
      id: productImages.id,
      productId: productImages.productId,
      fileName: productImages.fileName,
      position: productImages.position,
    })
    .from(productImages)
    .orderBy(asc(productImages.id));

beforeAll(async () => {
  t = await createTestApp();
  uploadsDir = path.join(t.config.dataDir, "uploads");
  mkdirSync(uploadsDir, { recursive: true });
  const a = await createUser(t.db, "admin");
  admin = await login(t.app, a.email, a.password);
  const created = await post(
    "/api/product/create",
    form(
      { name: "Caneca Gaivota", description: "Caneca de grés.", price: "14,90", categoria: "Canecas", sizes: "Único" },
      [{ field: "images", data: await image(10) }],
    ),
  );
  expect(created.statusCode, created.body).toBe(201);
  productId = created.json().id as number;
  restore = makeUploadsUnwritable();
});
afterAll(async () => {
  restore();
  await t.close();
});

describe("uploads directory not writable", () => {
  it("creating a product with a picture answers 503 with the message and stores no product, no image row", async () => {
    const before = { products: await t.db.$count(products), images: await imageRows() };
    const res = await post(
      "/api/product/create",
      form(
        {
          name: "Caneca Andorinha",
          description: "Caneca de grés azul.",
          price: "16,50",
          categoria: "Canecas",
          sizes: "Único",
        },
        [{ field: "images", data: await image(60) }],
      ),
    );
    expect(res.statusCode, res.body).toBe(503);
    expect(res.json()).toEqual({ success: false, message: MESSAGE, error: MESSAGE });
    expect(await t.db.$count(products)).toBe(before.products);
    expect(await t.db.$count(products, eq(products.name, "Caneca Andorinha"))).toBe(0);
    expect(await imageRows()).toEqual(before.images);
  });

  it("adding a picture to a product answers 503 and leaves the product and its image rows as they were", async () => {
    const [productBefore] = await t.db.select().from(products).where(eq(products.id, productId));
    const imagesBefore = await imageRows();
    expect(imagesBefore.filter((r) => r.productId === productId)).toHaveLength(1);
    const res = await post(
      `/api/product/updateproductstock/${productId}`,
      form(
        {
          name: "Caneca Gaivota Grande",
          description: "Caneca de grés, maior.",
          price: "18,00",
          categoria: "Canecas",
          sizes: "Único",
        },
        [{ field: "images", data: await image(120) }],
      ),
      "PUT",
    );
    expect(res.statusCode, res.body).toBe(503);
    expect(res.json().message).toBe(MESSAGE);
    const [productAfter] = await t.db.select().from(products).where(eq(products.id, productId));
    expect(productAfter).toEqual(productBefore);
    expect(await imageRows()).toEqual(imagesBefore);
  });

  it("creating a banner answers 503 and stores no banner", async () => {
    const before = await t.db.$count(banners);
    const res = await post(
      "/api/product/create_banner",
      form({ titulo: "Verão", slogam: "Novas canecas" }, [{ field: "imagem", data: await image(200) }]),
    );
    expect(res.statusCode, res.body).toBe(503);
    expect(res.json().message).toBe(MESSAGE);
    expect(await t.db.$count(banners)).toBe(before);
  });

  it("wrote no file anywhere", () => {
    restore();
    restore = () => {};
    // Only the first product's picture and its variants, written before the directory was blocked.
    const names = readdirSync(uploadsDir);
    expect(names.filter((n) => /\.(jpg|webp)$/.test(n) && !/-\d+\.webp$/.test(n))).toHaveLength(1);
  });
});
