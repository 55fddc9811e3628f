import type { AddressInfo } from "node:net";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#tests/support/db.ts";
import { createUser, login, type AuthHeaders } from "#tests/support/http.ts";
import { products } from "./schema.ts";
import { seedDemoCatalog } from "#server/seed/demo.ts";

/*
 * The catalogue calls over the demo catalogue (every response must match its schema, or the
 * serializer would answer 500) and multipart uploads over a real socket.
 */

let t: TestApp;
let admin: AuthHeaders;
let base: string;

beforeAll(async () => {
  t = await createTestApp();
  expect(await seedDemoCatalog(t.db, t.config.dataDir)).toBe(true);
  const a = await createUser(t.db, "admin");
  admin = await login(t.app, a.email, a.password);
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

describe("catalogue calls over the demo catalogue", () => {
  it("answers every public call for every product, as visitor and as admin", async () => {
    const ids = (await t.db.select({ id: products.id }).from(products)).map((p) => p.id);
    expect(ids.length).toBeGreaterThan(0);
    for (const url of ["", "/all", "/categorias", "/cores", "/tamanhos", "/artigo", "/banners", "/getbanner"]) {
      const res = await t.app.inject({ url: `/api/product${url}` });
      expect(res.statusCode, url).toBe(200);
      expect(Array.isArray(res.json()), url).toBe(true);
    }
    expect((await t.app.inject({ url: "/api/product/getbanner" })).json()).toHaveLength(1);
    for (const id of ids) {
      for (const prefix of ["", "related/", "stock/", "stockdetalhe/", "coresDetails/", "productSize/"]) {
        const asAdmin = await t.app.inject({ url: `/api/product/${prefix}${id}`, headers: admin });
        expect(asAdmin.statusCode, `${prefix}${id} ${asAdmin.body}`).toBe(200);
        const asVisitor = await t.app.inject({ url: `/api/product/${prefix}${id}` });
        expect([200, 404], `${prefix}${id}`).toContain(asVisitor.statusCode);
      }
    }
    const stock = await t.app.inject({ url: `/api/product/stockdetalhe/${ids[0]}`, headers: admin });
    expect(stock.json().quantidade).toBe(
      (stock.json().variants as Array<{ stock: number }>).reduce((sum, v) => sum + v.stock, 0),
    );
  });
});

describe("multipart over HTTP", () => {
  const picture = () =>
    sharp({ create: { width: 300, height: 200, channels: 3, background: { r: 9, g: 99, b: 199 } } })
      .jpeg()
      .toBuffer();

  const post = (body: FormData) => fetch(`${base}/api/product/create`, { method: "POST", headers: admin, body });

  const fields = (fd: FormData, extra: Record<string, string> = {}) => {
    const values = { name: "Caneca HTTP", description: "Pelo socket.", price: "9,90", categoria: "Canecas", ...extra };
    for (const [k, v] of Object.entries(values)) fd.append(k, v);
    return fd;
  };

  it("creates a product", async () => {
    const fd = fields(new FormData());
    fd.append("images", new Blob([new Uint8Array(await picture())], { type: "image/jpeg" }), "a.jpg");
    const res = await post(fd);
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ success: true, message: "Produto criado com sucesso!" });
  });

  it("answers (and does not hang) when refusing a body part-way", async () => {
    const tooLong = fields(new FormData(), { description: "x".repeat(150 * 1024) });
    tooLong.append("images", new Blob([new Uint8Array(await picture())], { type: "image/jpeg" }), "a.jpg");
    const res = await post(tooLong);
    expect(res.status).toBe(413);
    expect((await res.json()).message).toMatch(/demasiado longo/);

    const big = fields(new FormData());
    big.append("images", new Blob([new Uint8Array(9 * 1024 * 1024)], { type: "image/jpeg" }), "big.jpg");
    const bigRes = await post(big);
    expect(bigRes.status).toBe(413);

    // The server still answers afterwards.
    expect((await fetch(`${base}/api/product/all`)).status).toBe(200);
  });
});
