import { writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, type TestApp } from "#tests/support/db.ts";
import { createUser, login } from "#tests/support/http.ts";
import { seedDemoCatalog } from "#server/seed/demo.ts";

/*
 * Issue 20 item 12: every answer carries a restrictive Permissions-Policy (the shop, MB WAY included, needs no camera,
 * microphone, location, payment handler, USB…): JSON answers, refusals, not-found, the answers Fastify gives before
 * any hook, the first hook's cached lists and static files. Pages get it from the same hook and base headers
 * (server/app.ts; the page cache's base headers are these).
 */

let t: TestApp;

const DENIED = ["camera", "microphone", "geolocation", "payment", "usb", "serial", "hid", "midi", "display-capture"];

function expectPolicy(header: unknown, what: string) {
  expect(typeof header, `${what}: no Permissions-Policy`).toBe("string");
  const features = new Map(
    String(header)
      .split(",")
      .map((d) => d.trim().split("=") as [string, string]),
  );
  for (const f of DENIED) expect(features.get(f), `${what}: ${f}`).toBe("()");
  // Nothing is allowed to anybody: every directive is an empty list.
  expect(
    [...features.values()].every((v) => v === "()"),
    `${what}: ${String(header)}`,
  ).toBe(true);
}

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoCatalog(t.db, t.config.dataDir);
});
afterAll(() => t.close());

describe("Permissions-Policy on every answer", () => {
  it("public JSON, a session's JSON, refusals, validation errors and not-found", async () => {
    const u = await createUser(t.db, "cliente");
    const headers = await login(t.app, u.email, u.password);
    const answers = {
      "GET /api/product/getbanner": await t.app.inject({ url: "/api/product/getbanner" }),
      "GET /api/users/me": await t.app.inject({ url: "/api/users/me", headers }),
      "GET /api/users/me (401)": await t.app.inject({ url: "/api/users/me" }),
      "GET /api/users (403)": await t.app.inject({ url: "/api/users", headers }),
      "POST /users/login (400)": await t.app.inject({ method: "POST", url: "/users/login", payload: {} }),
      "GET /api/nada (404)": await t.app.inject({ url: "/api/nada" }),
      "GET /uploads/nada.webp (404)": await t.app.inject({ url: "/uploads/nada.webp" }),
      "GET /%E0%A4%A (bad URL)": await t.app.inject({ url: "/%E0%A4%A" }),
    };
    for (const [what, res] of Object.entries(answers)) {
      expect(res.statusCode, what).toBeLessThan(500);
      expectPolicy(res.headers["permissions-policy"], what);
    }
  });

  it("a static file and the first hook's cached product list", async () => {
    writeFileSync(path.join(t.config.dataDir, "uploads", "teste.txt"), "ola");
    const file = await t.app.inject({ url: "/uploads/teste.txt" });
    expect(file.statusCode).toBe(200);
    expectPolicy(file.headers["permissions-policy"], "GET /uploads/teste.txt");

    // Served from memory by the first onRequest hook once the catalogue cache holds it.
    await vi.waitFor(
      async () => {
        await t.app.inject({ url: "/api/product" });
        expect(t.services.catalog.peekShopCached()).toBeDefined();
      },
      { timeout: 10_000, interval: 50 },
    );
    const hot = await t.app.inject({ url: "/api/product" });
    expect(hot.statusCode).toBe(200);
    expectPolicy(hot.headers["permissions-policy"], "GET /api/product (cached)");
  });
});
