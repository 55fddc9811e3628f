import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#tests/support/db.ts";
import { createUser, login, type AuthHeaders } from "#tests/support/http.ts";
import { products } from "#server/modules/catalog/schema.ts";

/**
 * Personal and admin answers are never kept by a browser or a shared cache: every route of the
 * route table that needs an account answers with `Cache-Control: no-store`, whatever its status,
 * and so does every public read whose answer to an admin differs from a visitor's (issue 11, 3.7).
 */

let t: TestApp;
let cliente: AuthHeaders;
let admin: AuthHeaders;
let clienteUser: { id: number; email: string; password: string };

// Ids no row has: the sweep may call DELETE and PUT routes without changing anything.
const concrete = (url: string) =>
  url.replace(/:(\w+)/g, (_m, name: string) => (name === "reference" ? "123456789" : "2147483000"));

beforeAll(async () => {
  t = await createTestApp();
  clienteUser = await createUser(t.db, "cliente");
  const a = await createUser(t.db, "admin");
  cliente = await login(t.app, clienteUser.email, clienteUser.password);
  admin = await login(t.app, a.email, a.password);
});
afterAll(() => t.close());

describe("Cache-Control on personal and admin answers", () => {
  it("every admin and account route answers no-store to the role it serves", async () => {
    const routes = t.app.apiRouteTable.filter((r) => r.access !== "public");
    expect(routes.filter((r) => r.access === "admin").length).toBeGreaterThan(30);
    expect(routes.filter((r) => r.access === "user").length).toBeGreaterThan(2);
    for (const r of routes) {
      const headers = r.access === "admin" ? admin : cliente;
      const res = await t.app.inject({
        method: r.method as "GET",
        url: concrete(r.url),
        headers,
        payload: r.method === "GET" ? undefined : {},
      });
      expect(res.statusCode, `${r.method} ${r.url}`).not.toBe(401);
      expect(res.headers["cache-control"], `${r.method} ${r.url} -> ${res.statusCode}`).toBe("no-store");
    }
  });

  it("the refusals of those routes are no-store too", async () => {
    for (const r of t.app.apiRouteTable.filter((x) => x.access !== "public")) {
      const visitor = await t.app.inject({ method: r.method as "GET", url: concrete(r.url) });
      expect(visitor.statusCode, `${r.method} ${r.url}`).toBe(401);
      expect(visitor.headers["cache-control"], `${r.method} ${r.url}`).toBe("no-store");
    }
  });

  it("a public read answered differently to an admin than to a visitor is no-store for the admin", async () => {
    // A product out of the shop: the admin sees it, a visitor does not.
    const [hidden] = await t.db
      .insert(products)
      .values({ name: "Caneca fora da loja", description: "Só para o admin", priceCents: 1290, status: 0 })
      .returning({ id: products.id });
    const gets = t.app.apiRouteTable.filter((r) => r.access === "public" && r.method === "GET");
    expect(gets.length).toBeGreaterThan(10);
    let differing = 0;
    for (const r of gets) {
      const url = r.url.replace(":id", String(hidden!.id));
      const visitor = await t.app.inject({ url });
      const asAdmin = await t.app.inject({ url, headers: admin });
      if (asAdmin.body !== visitor.body || asAdmin.statusCode !== visitor.statusCode) {
        differing++;
        expect(asAdmin.headers["cache-control"], `admin GET ${r.url}`).toBe("no-store");
      } else {
        expect(asAdmin.headers["cache-control"] ?? "", `admin GET ${r.url}`).not.toMatch(/private/);
      }
    }
    expect(differing).toBeGreaterThan(0);
  });

  it("the answers of login and logout, which carry the user and the session cookies, are no-store", async () => {
    const signIn = await t.app.inject({
      method: "POST",
      url: "/users/login",
      payload: { email: clienteUser.email, password: clienteUser.password },
    });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().user.id).toBe(clienteUser.id);
    expect(signIn.headers["cache-control"]).toBe("no-store");
    const headers = await login(t.app, clienteUser.email, clienteUser.password);
    const signOut = await t.app.inject({ method: "POST", url: "/api/users/logout", headers });
    expect(signOut.statusCode).toBe(200);
    expect(signOut.headers["cache-control"]).toBe("no-store");
  });
});
