import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serializeJsonLd } from "#app/lib/seo.ts";
import { createTestApp, type TestApp } from "#tests/support/db.ts";
import { createUser, login, type AuthHeaders } from "#tests/support/http.ts";
import { colors } from "#server/modules/catalog/schema.ts";

/*
 * Stored XSS, the API side. The SSR pages need the web build, which Vitest does not have, so
 * rendering (home, product, banner, admin pages) and the HTML pages' nonce CSP are checked in
 * the browser test tests/e2e/xss.spec.ts. Here: markup is stored and answered as data, in JSON
 * that a browser will not sniff or run even when opened directly, and the JSON-LD serializer
 * used inside <script> cannot be closed by a value.
 */

const SCRIPT = "<script>alert(1)</script>";
const IMG = '"><img src=x onerror=alert(1)>';

let t: TestApp;
let admin: AuthHeaders;
beforeAll(async () => {
  t = await createTestApp();
  const a = await createUser(t.db, "admin");
  admin = await login(t.app, a.email, a.password);
});
afterAll(() => t.close());

describe("markup in the API", () => {
  it("is stored as typed and answered as JSON with nosniff and a CSP that runs nothing", async () => {
    const created = await t.app.inject({
      method: "POST",
      url: "/api/product/create_color",
      headers: admin,
      payload: { cor: `${SCRIPT}${IMG}`.slice(0, 50) },
    });
    expect(created.statusCode, created.body).toBe(201);
    const [row] = await t.db.select().from(colors);
    expect(row?.name).toBe(`${SCRIPT}${IMG}`.slice(0, 50));
    for (const url of ["/api/product/cores", "/api/product/nao-existe", `/api/product/${encodeURIComponent(SCRIPT)}`]) {
      const res = await t.app.inject({ url });
      expect(res.headers["content-type"], url).toMatch(/^application\/json/);
      expect(res.headers["x-content-type-options"], url).toBe("nosniff");
      expect(res.headers["content-security-policy"], url).toBe("default-src 'none'; frame-ancestors 'none'");
    }
  });

  it("error messages never echo the markup that was sent", async () => {
    for (const url of [
      `/api/product/${encodeURIComponent(SCRIPT)}`,
      `/api/users/${encodeURIComponent(IMG)}`,
      `/api/${encodeURIComponent(SCRIPT)}`,
    ]) {
      const res = await t.app.inject({ url, headers: admin });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.body, url).not.toContain("<script>");
      expect(res.body, url).not.toContain("<img");
    }
  });
});

describe("JSON-LD inside <script>", () => {
  it("escapes anything that could close the element or start markup", () => {
    const out = serializeJsonLd({ name: `</script>${SCRIPT}${IMG}<!--`, text: "a\u2028b&c" });
    expect(out).not.toMatch(/[<>]/);
    expect(out).not.toContain("&");
    expect(out).not.toContain("\u2028");
    expect(JSON.parse(out)).toEqual({ name: `</script>${SCRIPT}${IMG}<!--`, text: "a\u2028b&c" });
  });
});
