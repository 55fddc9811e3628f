import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { categories, productImages, products } from "#server/modules/catalog/schema.ts";
import { createTestApp, type TestApp } from "#tests/support/db.ts";
import { form, image, signIn } from "#tests/support/factories.ts";
import type { AuthHeaders } from "#tests/support/http.ts";
import { backendNames } from "#tests/support/picture-backends.ts";
import { startS3Standin, type S3Standin } from "#tests/standins/s3/s3-standin.ts";
import { IMAGE_WIDTHS, variantFileName } from "./images.ts";

/*
 * One suite, every picture driver (UPLOADS_STORAGE=local, s3 against a real S3 server over HTTP, postgres):
 * an upload stores the original and its resized variants, /uploads/{name} serves them with the same headers
 * (a year's Cache-Control, the SHA-256 ETag, 304), a bad picture stores nothing, a deleted product's pictures go.
 */

const DRIVERS = ["local", "s3", "postgres"] as const;
const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

let s3: S3Standin;
beforeAll(async () => {
  s3 = await startS3Standin();
});
afterAll(() => s3?.close());

describe.each(DRIVERS)("pictures on the %s driver", (driver) => {
  let t: TestApp;
  let admin: AuthHeaders;
  beforeAll(async () => {
    t = await createTestApp(driver === "s3" ? s3.env() : { UPLOADS_STORAGE: driver });
    admin = (await signIn(t, "admin")).headers;
    await t.db.insert(categories).values({ name: "Canecas" });
  });
  afterAll(() => t?.close());

  const create = async (pictures: Buffer[]) =>
    t.app.inject({
      method: "POST",
      url: "/api/product/create",
      headers: admin,
      payload: form({
        fields: { name: "Caneca azul", description: "Caneca de grés.", price: "9,90", categoria: "Canecas" },
        files: pictures.map((data) => ({ data })),
      }) as unknown as string,
    });
  const serve = (name: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: "GET", url: `/uploads/${name}`, headers });

  it("stores an upload's original and its resized variants in the driver's backend", async () => {
    expect(t.services.pictures.driver).toBe(driver);
    const before = await backendNames(t);
    const res = await create([await image({ r: 10, g: 120, b: 200 }, 1100, 700)]);
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.db.select().from(productImages).where(eq(productImages.productId, res.json().id));
    const expected = [row!.fileName, ...IMAGE_WIDTHS.map((w) => variantFileName(row!.fileName, w))];
    expect((await backendNames(t)).filter((n) => !before.includes(n)).sort()).toEqual(expected.sort());

    const original = await serve(row!.fileName);
    expect(original.statusCode).toBe(200);
    expect(original.headers["content-type"]).toBe("image/jpeg");
    expect(await sharp(original.rawPayload).metadata()).toMatchObject({ format: "jpeg", width: 1100, height: 700 });
    for (const w of IMAGE_WIDTHS) {
      const variant = await serve(variantFileName(row!.fileName, w));
      expect(variant.statusCode, `${w}w`).toBe(200);
      expect(variant.headers["content-type"]).toBe("image/webp");
      expect((await sharp(variant.rawPayload).metadata()).width).toBe(w);
    }
  });

  it("serves pictures with a year's Cache-Control and the SHA-256 ETag, 304 when the browser has them", async () => {
    const res = await create([await image({ r: 200, g: 200, b: 20 }, 500, 300)]);
    const [row] = await t.db.select().from(productImages).where(eq(productImages.productId, res.json().id));
    const first = await serve(row!.fileName);
    expect(first.statusCode).toBe(200);
    expect(first.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(first.headers.etag).toBe(`"${sha256(first.rawPayload)}"`);
    expect(Number(first.headers["content-length"])).toBe(first.rawPayload.length);

    const again = await serve(row!.fileName, { "if-none-match": first.headers.etag as string });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers.etag).toBe(first.headers.etag);
    const changed = await serve(row!.fileName, { "if-none-match": '"something-else"' });
    expect(changed.statusCode).toBe(200);

    const head = await t.app.inject({ method: "HEAD", url: `/uploads/${row!.fileName}` });
    expect(head.statusCode).toBe(200);
    expect(head.headers.etag).toBe(first.headers.etag);
  });

  it("answers 404 for a name it does not hold, and refuses names that could reach elsewhere", async () => {
    expect((await serve("00000000-0000-4000-8000-000000000000.jpg")).statusCode).toBe(404);
    expect((await serve("..%2Fsession-secret")).statusCode).toBe(404);
    expect((await serve("%2E%2E")).statusCode).toBe(404);
  });

  it("stores nothing for a file that is not a picture, and no product", async () => {
    const before = { names: await backendNames(t), products: await t.db.$count(products) };
    const res = await create([await image(), Buffer.from("isto não é uma imagem")]);
    expect(res.statusCode).toBe(400);
    expect(await backendNames(t)).toEqual(before.names);
    expect(await t.db.$count(products)).toBe(before.products);
  });

  it("removes a deleted product's pictures and variants from the backend; their URLs answer 404", async () => {
    const res = await create([await image({ r: 1, g: 2, b: 3 }, 700, 400), await image({ r: 3, g: 2, b: 1 })]);
    const id = res.json().id as number;
    const rows = await t.db.select().from(productImages).where(eq(productImages.productId, id));
    const names = rows.flatMap((r) => [r.fileName, ...IMAGE_WIDTHS.map((w) => variantFileName(r.fileName, w))]);
    const held = (await backendNames(t)).filter((n) => names.includes(n));
    expect(held.length).toBe(2 + 2 + 1); // 700 px: 320 and 640; 400 px: 320

    const del = await t.app.inject({ method: "DELETE", url: `/api/product/${id}`, headers: admin });
    expect(del.statusCode, del.body).toBe(200);
    expect((await backendNames(t)).filter((n) => names.includes(n))).toEqual([]);
    for (const r of rows) expect((await serve(r.fileName)).statusCode).toBe(404);
  });
});
