import { beforeAll, describe, expect, it } from "vitest";
import { type Method, useCatalogApp } from "#tests/support/catalog-app.ts";
import type { TestApp } from "#tests/support/db.ts";
import { form, image } from "#tests/support/factories.ts";
import { type AuthHeaders } from "#tests/support/http.ts";
import { products } from "./schema.ts";

/** Bad input to the catalogue API never gives a 5xx, and admin calls stay closed. */

const { app, call, createProduct } = useCatalogApp();
let t: TestApp;
let admin: AuthHeaders;
let cliente: AuthHeaders;
beforeAll(() => {
  ({ t, admin, cliente } = app);
});

describe("bad input never gives a 5xx", () => {
  const nasty: unknown[] = [
    null,
    [],
    [1, 2],
    "texto",
    42,
    { id: { $gt: 0 } },
    { product_id: "1; DROP TABLE variants", color_id: "1 OR 1=1", stock: "1" },
    { cor: "<script>alert(1)</script>".repeat(1000) },
    { tamanho: { nested: true } },
    { tamanho: "M", cor: ["a"] },
    { __proto__: { admin: true }, id: 1 },
    { id: Number.MAX_SAFE_INTEGER },
    { id: 1e308 },
    { stock: "9".repeat(5000), product_id: 1, color_id: 1 },
  ];
  const jsonCalls: Array<[Method, string]> = [
    ["POST", "/api/product/update"],
    ["POST", "/api/product/createVariants"],
    ["POST", "/api/product/create_color"],
    ["POST", "/api/product/create_size"],
    ["POST", "/api/product/categoria"],
  ];

  it("on the JSON calls", async () => {
    for (const [method, url] of jsonCalls) {
      for (const payload of nasty) {
        const res = await t.app.inject({
          method,
          url,
          headers: { ...admin, "content-type": "application/json" },
          payload: JSON.stringify(payload),
        });
        expect(res.statusCode, `${url} ${JSON.stringify(payload)?.slice(0, 60)} -> ${res.body}`).toBeLessThan(500);
        expect(res.json().message).toBeTruthy();
      }
      const empty = await call(method, url, { headers: admin });
      expect(empty.statusCode, `${url} without body`).toBeLessThan(500);
      const garbage = await t.app.inject({
        method,
        url,
        headers: { ...admin, "content-type": "application/json" },
        payload: "{nope",
      });
      expect(garbage.statusCode).toBe(400);
    }
  });

  it("on the multipart and id calls", async () => {
    const id = await createProduct();
    const urls: Array<[Method, string]> = [
      ["POST", "/api/product/create"],
      ["PUT", `/api/product/updateproductstock/${id}`],
      ["POST", "/api/product/create_banner"],
    ];
    const bodies: Array<Record<string, string> | string> = [
      "",
      "texto simples",
      { name: "'; --", description: "<b>", price: "1; drop table", categoria: "1 OR 1=1" },
      { name: "x".repeat(90_000), description: "d", price: "1", categoria: "c" },
      { titulo: "\u0000\uFFFF", slogam: "🙂" },
    ];
    for (const [method, url] of urls) {
      for (const body of bodies) {
        const res =
          typeof body === "string"
            ? await t.app.inject({ method, url, headers: { ...admin, "content-type": "text/plain" }, payload: body })
            : await call(method, url, { headers: admin, payload: form({ fields: body }) });
        expect(res.statusCode, `${url} ${res.body}`).toBeLessThan(500);
        expect(res.statusCode).toBeGreaterThanOrEqual(400);
      }
    }
    for (const bad of ["abc", "-1", "0", "1.5", "99999999999", "1%27%20OR%201%3D1"]) {
      for (const [method, url] of [
        ["PUT", `/api/product/status/${bad}`],
        ["PUT", `/api/product/editstatus/${bad}`],
        ["DELETE", `/api/product/${bad}`],
        ["DELETE", `/api/product/variant/${bad}`],
        ["DELETE", `/api/product/deleteBanner/${bad}`],
      ] as Array<[Method, string]>) {
        const res = await call(method, url, { headers: admin });
        expect(res.statusCode, `${method} ${url}`).toBe(400);
      }
    }
  });

  it("keeps admin calls closed to visitors and clientes", async () => {
    const payload = form({
      fields: { name: "N", description: "D", price: "1", categoria: "c" },
      files: [{ data: await image() }],
    });
    const before = await t.db.$count(products);
    expect((await call("POST", "/api/product/create", { payload })).statusCode).toBe(401);
    expect(
      (await call("POST", "/api/product/create", { headers: cliente, payload: form({ fields: { name: "N" } }) }))
        .statusCode,
    ).toBe(403);
    expect(await t.db.$count(products)).toBe(before);
  });
});
