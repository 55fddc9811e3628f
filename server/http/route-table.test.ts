import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#tests/support/db.ts";
import { createUser, login, type AuthHeaders } from "#tests/support/http.ts";
import type { Access } from "#server/modules/accounts/guard.ts";

/** Every call of the product definition's API table (and of the admin API contract), with the access it must have. */
const SPEC_CALLS: Array<[string, string, Access]> = [
  ["GET", "/api/product", "public"],
  ["GET", "/api/product/all", "public"],
  ["GET", "/api/product/:id", "public"],
  ["GET", "/api/product/related/:id", "public"],
  ["GET", "/api/product/stock/:id", "public"],
  ["GET", "/api/product/stockdetalhe/:id", "public"],
  ["GET", "/api/product/coresDetails/:id", "public"],
  ["GET", "/api/product/productSize/:id", "public"],
  ["PUT", "/api/product/status/:id", "admin"],
  ["PUT", "/api/product/editstatus/:id", "admin"],
  ["DELETE", "/api/product/:id", "admin"],
  ["GET", "/api/product/categorias", "public"],
  ["GET", "/api/product/cores", "public"],
  ["GET", "/api/product/artigo", "public"],
  ["POST", "/api/product/create", "admin"],
  ["PUT", "/api/product/updateproductstock/:id", "admin"],
  ["POST", "/api/product/create_banner", "admin"],
  ["GET", "/api/product/banners", "public"],
  ["GET", "/api/product/getbanner", "public"],
  ["POST", "/api/product/update", "admin"],
  ["DELETE", "/api/product/deleteBanner/:id", "admin"],
  ["POST", "/api/product/createVariants", "admin"],
  ["DELETE", "/api/product/variant/:id", "admin"],
  ["POST", "/api/product/create_color", "admin"],
  ["POST", "/api/product/create_size", "admin"],
  ["POST", "/api/product/categoria", "admin"],
  ["POST", "/api/users/register", "public"],
  ["POST", "/users/login", "public"],
  ["POST", "/users/newuser", "admin"],
  ["GET", "/api/users", "admin"],
  ["GET", "/api/users/:id", "admin"],
  ["PUT", "/api/users/:id", "admin"],
  ["DELETE", "/api/users/:id", "admin"],
  ["GET", "/api/users/verificar-email", "public"],
  ["GET", "/api/orders", "admin"],
  ["GET", "/api/orders/por-tempo", "admin"],
  ["GET", "/api/orders/:id", "admin"],
  ["POST", "/orders", "user"],
  ["GET", "/api/payments/verify-all", "admin"],
  ["GET", "/api/payments/verify/:reference", "admin"],
  ["POST", "/api/email/send-order-confirmation", "user"],
  ["POST", "/api/email/send", "admin"],
  ["GET", "/api/stock/summary", "admin"],
  ["GET", "/api/stock/products", "admin"],
  ["GET", "/api/stock/product/:id", "admin"],
  ["GET", "/api/stock/low-stock", "admin"],
  ["PUT", "/api/stock/variant/:variantId", "admin"],
  ["GET", "/api/stock/variant/:variantId/movements", "admin"],
];

let t: TestApp;
let registered: Array<{ method: string; url: string; access: Access }>;
let cliente: AuthHeaders;
let admin: AuthHeaders;

const collectRoutes = (app: FastifyInstance) => [...app.apiRouteTable];

const concrete = (url: string) => url.replace(/:(id|variantId)/g, "1").replace(":reference", "123456789");

beforeAll(async () => {
  t = await createTestApp();
  registered = collectRoutes(t.app);
  const c = await createUser(t.db, "cliente");
  const a = await createUser(t.db, "admin");
  cliente = await login(t.app, c.email, c.password);
  admin = await login(t.app, a.email, a.password);
});
afterAll(() => t.close());

describe("route table", () => {
  it("registers every call of the API table with its access rule", () => {
    for (const [method, url, access] of SPEC_CALLS) {
      const found = registered.find((r) => r.method === method && r.url === url);
      expect(found, `${method} ${url}`).toBeDefined();
      expect(found?.access, `${method} ${url}`).toBe(access);
    }
  });

  it("answers 401 to visitors and 403 to clientes on every admin call", async () => {
    const adminRoutes = registered.filter((r) => r.access === "admin");
    expect(adminRoutes.length).toBeGreaterThanOrEqual(SPEC_CALLS.filter((c) => c[2] === "admin").length);
    for (const r of adminRoutes) {
      const req = { method: r.method as "GET", url: concrete(r.url) };
      const visitor = await t.app.inject(req);
      expect(visitor.statusCode, `visitor ${r.method} ${r.url}`).toBe(401);
      expect(visitor.json().message).toBeTruthy();
      const asCliente = await t.app.inject({ ...req, headers: cliente });
      expect(asCliente.statusCode, `cliente ${r.method} ${r.url}`).toBe(403);
    }
  });

  it("answers 401 to visitors on calls that need an account", async () => {
    for (const r of registered.filter((x) => x.access === "user")) {
      const res = await t.app.inject({ method: r.method as "POST", url: concrete(r.url) });
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(401);
    }
  });

  it("lets an admin through the guard on every admin call", async () => {
    for (const r of registered.filter((x) => x.access === "admin")) {
      const res = await t.app.inject({ method: r.method as "GET", url: concrete(r.url), headers: admin });
      expect([401, 403, 500, 501], `admin ${r.method} ${r.url} -> ${res.statusCode}`).not.toContain(res.statusCode);
    }
  });
});
