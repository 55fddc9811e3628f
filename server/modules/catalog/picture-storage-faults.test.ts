import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { categories, productImages, products } from "#server/modules/catalog/schema.ts";
import { StorageUnavailableError } from "#server/core/storage/storage.ts";
import { createTestApp } from "#tests/support/db.ts";
import { form, image, signIn } from "#tests/support/factories.ts";
import type { AuthHeaders } from "#tests/support/http.ts";
import { backendNames } from "#tests/support/picture-backends.ts";
import { startS3Standin, startStalledProxy, type S3Standin } from "#tests/standins/s3/s3-standin.ts";

/*
 * The s3 driver when the bucket misbehaves, over real HTTP: the S3 server stopped, a bucket that never answers
 * (a proxy holding every request), refused credentials. Each answers 503 with a pt-PT message, in bounded time,
 * and leaves no product behind: pictures are written first, the product row only after them.
 */

const TIMEOUT_MS = 800;

async function shopOn(env: Record<string, string>) {
  const t = await createTestApp({ UPLOADS_TIMEOUT_MS: String(TIMEOUT_MS), ...env });
  const admin: AuthHeaders = (await signIn(t, "admin")).headers;
  await t.db.insert(categories).values({ name: "Canecas" });
  const create = async () =>
    t.app.inject({
      method: "POST",
      url: "/api/product/create",
      headers: admin,
      payload: form({
        fields: { name: "Caneca verde", description: "Caneca de grés.", price: "9,90", categoria: "Canecas" },
        files: [{ data: await image({ r: 20, g: 160, b: 60 }, 700, 500) }],
      }) as unknown as string,
    });
  const rows = async () => ({ products: await t.db.$count(products), images: await t.db.$count(productImages) });
  return { t, create, rows };
}

describe("S3 server down", () => {
  let s3: S3Standin;
  let shop: Awaited<ReturnType<typeof shopOn>>;
  beforeAll(async () => {
    s3 = await startS3Standin();
    shop = await shopOn(s3.env());
  });
  afterAll(async () => {
    await shop?.t.close();
    await s3?.close();
  });

  it("answers 503 in pt-PT and writes no product; stored pictures answer 503 too", async () => {
    const ok = await shop.create();
    expect(ok.statusCode, ok.body).toBe(201);
    const stored = await backendNames(shop.t);
    expect(stored.length).toBeGreaterThan(0);
    const before = await shop.rows();

    await s3.stop();
    const started = Date.now();
    const res = await shop.create();
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe(
      "Não foi possível guardar a imagem: o armazenamento de ficheiros do servidor não está disponível. Tente novamente mais tarde.",
    );
    expect(res.headers["retry-after"]).toBeDefined();
    expect(Date.now() - started).toBeLessThan(4 * TIMEOUT_MS);
    expect(await shop.rows()).toEqual(before);

    const served = await shop.t.app.inject({ method: "GET", url: `/uploads/${stored[0]}` });
    expect(served.statusCode).toBe(503);
    expect(served.json().message).toMatch(/^O armazenamento de imagens não está disponível de momento\./);
  });
});

describe("S3 server too slow", () => {
  let proxy: Awaited<ReturnType<typeof startStalledProxy>>;
  let shop: Awaited<ReturnType<typeof shopOn>>;
  beforeAll(async () => {
    proxy = await startStalledProxy();
    shop = await shopOn({
      UPLOADS_STORAGE: "s3",
      S3_ENDPOINT: proxy.endpoint,
      S3_BUCKET: "loja-pictures",
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
    });
  });
  afterAll(async () => {
    await shop?.t.close();
    await proxy?.close();
  });

  it("answers 503 once UPLOADS_TIMEOUT_MS has passed, not when the bucket gives up, and writes no product", async () => {
    const before = await shop.rows();
    const started = Date.now();
    const res = await shop.create();
    const elapsed = Date.now() - started;
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toMatch(/^Não foi possível guardar a imagem: o armazenamento de ficheiros/);
    expect(proxy.held()).toBeGreaterThan(0); // the requests did reach the "bucket"
    expect(elapsed).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    expect(elapsed).toBeLessThan(TIMEOUT_MS + 1500);
    expect(await shop.rows()).toEqual(before);

    const readStarted = Date.now();
    const served = await shop.t.app.inject({ method: "GET", url: "/uploads/00000000-0000-4000-8000-000000000000.jpg" });
    expect(served.statusCode).toBe(503);
    expect(served.json().message).toBe(
      "O armazenamento de imagens não respondeu a tempo. Tente novamente dentro de momentos.",
    );
    expect(Date.now() - readStarted).toBeLessThan(TIMEOUT_MS + 1500);
  });
});

describe("S3 credentials refused", () => {
  let s3: S3Standin;
  let shop: Awaited<ReturnType<typeof shopOn>>;
  beforeAll(async () => {
    s3 = await startS3Standin();
    shop = await shopOn(s3.env({ S3_ACCESS_KEY_ID: "ERRADA", S3_SECRET_ACCESS_KEY: "TAMBEM-ERRADA" }));
  });
  afterAll(async () => {
    await shop?.t.close();
    await s3?.close();
  });

  it("answers 503 saying the storage refused the server's credentials, and writes no product", async () => {
    const before = await shop.rows();
    const res = await shop.create();
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe(
      "Não foi possível guardar a imagem: o armazenamento de ficheiros do servidor recusou o acesso (credenciais inválidas). Avise o responsável técnico da loja.",
    );
    expect(await shop.rows()).toEqual(before);
    const served = await shop.t.app.inject({ method: "GET", url: "/uploads/00000000-0000-4000-8000-000000000000.jpg" });
    expect(served.statusCode).toBe(503);
    expect(served.json().message).toMatch(/credenciais inválidas/);
  });

  it("logs which settings to check: the error's cause names S3_ACCESS_KEY_ID and the bucket", async () => {
    const error = await shop.t.services.pictures.get("x.jpg").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StorageUnavailableError);
    expect((error as StorageUnavailableError).failure).toBe("credentials");
    const cause = (error as Error).cause as Error;
    expect(cause.message).toMatch(
      /^picture storage \(s3\): get x\.jpg: S3 refused the credentials for bucket loja-pictures at http:\/\/127\.0\.0\.1:\d+: check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY \(InvalidAccessKeyId/,
    );
  });
});
