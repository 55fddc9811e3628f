import { beforeAll, describe, expect, it } from "vitest";
import { useCatalogApp } from "#tests/support/catalog-app.ts";
import type { TestApp } from "#tests/support/db.ts";
import { type AuthHeaders } from "#tests/support/http.ts";
import { CATALOG_MESSAGES as M } from "./schemas.ts";

/** What the shop shows: products out of the shop (status 0), shop status, the /all ETag, models and related products. */

const { app, call, get, createProduct } = useCatalogApp();
let t: TestApp;
let admin: AuthHeaders;
let cliente: AuthHeaders;
beforeAll(() => {
  ({ t, admin, cliente } = app);
});

describe("visibility of products out of the shop (status 0)", () => {
  let shown: number;
  let hidden: number;
  beforeAll(async () => {
    shown = await createProduct({ modelo_id: "77", name: "Visível" });
    hidden = await createProduct({ modelo_id: "77", name: "Escondido" });
    const res = await call("PUT", `/api/product/editstatus/${hidden}`, { headers: admin });
    expect(res.statusCode).toBe(200);
  });

  it("hides it from visitors and clientes on every public call", async () => {
    for (const headers of [undefined, cliente]) {
      const list = (await get("/api/product", headers)).json() as Array<{ id: number }>;
      expect(list.map((p) => p.id)).toContain(shown);
      expect(list.map((p) => p.id)).not.toContain(hidden);
      const all = (await get("/api/product/all", headers)).json() as Array<{ id: number }>;
      expect(all.map((p) => p.id)).toContain(shown);
      expect(all.map((p) => p.id)).not.toContain(hidden);
      for (const url of ["", "related/", "stock/", "stockdetalhe/", "coresDetails/", "productSize/"]) {
        const res = await get(`/api/product/${url}${hidden}`, headers);
        expect(res.statusCode, url).toBe(404);
        expect(res.json().message).toBe("Produto não encontrado");
      }
      const related = (await get(`/api/product/related/${shown}`, headers)).json() as Array<{ id: number }>;
      expect(related.map((p) => p.id)).not.toContain(hidden);
    }
  });

  it("shows it to admins on /all and /:id (and the per-product calls)", async () => {
    const all = (await get("/api/product/all", admin)).json() as Array<{ id: number; status: number }>;
    expect(all.find((p) => p.id === hidden)).toMatchObject({ status: 0 });
    const one = await get(`/api/product/${hidden}`, admin);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ id: hidden, status: 0, name: "Escondido" });
    for (const url of ["stock/", "stockdetalhe/", "coresDetails/", "productSize/", "related/"]) {
      expect((await get(`/api/product/${url}${hidden}`, admin)).statusCode, url).toBe(200);
    }
    // Related products are in-shop products only, whoever asks.
    const related = (await get(`/api/product/related/${hidden}`, admin)).json() as Array<{ id: number }>;
    expect(related.map((p) => p.id)).toEqual([shown]);
  });

  it("/all lists id, status, name, image and price", async () => {
    const all = (await get("/api/product/all", admin)).json() as Array<Record<string, unknown>>;
    const item = all.find((p) => p.id === shown)!;
    expect(item).toEqual({
      id: shown,
      status: 1,
      name: "Visível",
      image: expect.any(String),
      price: 12.5,
      price_cents: 1250,
    });
  });

  it("answers 400 'ID do produto inválido' to malformed ids and 404 to unknown ones", async () => {
    for (const id of ["abc", "-1", "0", "1.5", "1e3", "99999999999", "2147483648", "%20"]) {
      for (const prefix of ["", "related/", "stock/", "stockdetalhe/", "coresDetails/", "productSize/"]) {
        const res = await get(`/api/product/${prefix}${id}`);
        expect(res.statusCode, `${prefix}${id}`).toBe(400);
        expect(res.json().message).toBe(M.invalidProductId);
      }
    }
    const unknown = await get("/api/product/2147483647");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ success: false, message: "Produto não encontrado" });
  });
});

describe("shop status", () => {
  it("adds to and removes from the shop with the spec's messages", async () => {
    const id = await createProduct({ name: "Agenda 2027" });
    const off = await call("PUT", `/api/product/editstatus/${id}`, { headers: admin });
    expect(off.json()).toEqual({ success: true, message: "Agenda 2027 Retirado da loja", id, status: 0 });
    const on = await call("PUT", `/api/product/status/${id}`, { headers: admin });
    expect(on.json()).toEqual({ success: true, message: "Agenda 2027 Adicionado a loja", id, status: 1 });
    expect((await call("PUT", "/api/product/status/2147483647", { headers: admin })).statusCode).toBe(404);
    expect((await call("PUT", "/api/product/status/abc", { headers: admin })).statusCode).toBe(400);
  });
});

describe("GET /api/product/all ETag", () => {
  it("answers 304 while nothing changed and a new ETag after a change", async () => {
    const id = await createProduct();
    const first = await get("/api/product/all", admin);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    // The admin's list is personal (it holds products out of the shop): no-store (issue 11, 3.7).
    expect(first.headers["cache-control"]).toBe("no-store");

    const same = await t.app.inject({ url: "/api/product/all", headers: { ...admin, "if-none-match": etag } });
    expect(same.statusCode).toBe(304);
    expect(same.body).toBe("");
    const gzip = await t.app.inject({
      url: "/api/product/all",
      headers: { ...admin, "if-none-match": etag, "accept-encoding": "gzip" },
    });
    expect(gzip.statusCode).toBe(304);

    await call("PUT", `/api/product/editstatus/${id}`, { headers: admin });
    const changed = await t.app.inject({ url: "/api/product/all", headers: { ...admin, "if-none-match": etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);

    // Visitors do not see the status 0 product, so their list (and ETag) differs from the admin's.
    const visitor = await get("/api/product/all");
    expect(visitor.headers.etag).not.toBe(changed.headers.etag);
    expect(visitor.headers["cache-control"]).toMatch(/no-cache/);
    const visitorAgain = await t.app.inject({
      url: "/api/product/all",
      headers: { "if-none-match": `"x", ${visitor.headers.etag}` },
    });
    expect(visitorAgain.statusCode).toBe(304);
  });
});

// ---------- models ----------

describe("models (artigo) and related products", () => {
  it("lists each in-shop model once, named after its first product; related excludes the product itself", async () => {
    const a = await createProduct({ modelo_id: "901", name: "Modelo A1" });
    const b = await createProduct({ modelo_id: "901", name: "Modelo A2" });
    const c = await createProduct({ modelo_id: "902", name: "Modelo B escondido", status: "0" });
    const models = (await get("/api/product/artigo")).json() as Array<{ id: number; name: string }>;
    expect(models.filter((m) => m.id === 901)).toEqual([{ id: 901, name: "Modelo A1" }]);
    expect(models.find((m) => m.id === 902)).toBeUndefined();
    expect(models.map((m) => m.id)).toEqual([...models.map((m) => m.id)].sort((x, y) => x - y));
    const related = (await get(`/api/product/related/${a}`)).json() as Array<{ id: number; name: string }>;
    expect(related.map((p) => p.id)).toEqual([b]);
    expect(related[0]).toMatchObject({ name: "Modelo A2", price: 12.5, modelo_id: 901 });
    expect((await get(`/api/product/related/${c}`, admin)).json()).toEqual([]);
  });
});
