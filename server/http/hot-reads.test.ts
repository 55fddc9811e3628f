import { gunzipSync } from "node:zlib";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, type TestApp } from "#tests/support/db.ts";
import { createUser, login, type AuthHeaders } from "#tests/support/http.ts";
import { seedDemoCatalog } from "#server/seed/demo.ts";

/**
 * GET /api/product once cached is answered by the first onRequest hook (hot-reads.ts). It must be
 * indistinguishable from the normal route's answer: same bytes, same headers, ETag/304, gzip.
 */
let t: TestApp;
let admin: AuthHeaders;

const get = (headers: Record<string, string> = {}) => t.app.inject({ method: "GET", url: "/api/product", headers });
const comparable = (res: LightMyRequestResponse) => {
  const headers = Object.fromEntries(
    Object.entries(res.headers)
      .filter(([name]) => !["date", "connection", "keep-alive", "transfer-encoding"].includes(name.toLowerCase()))
      .map(([name, value]) => [name.toLowerCase(), String(value)]),
  );
  return { status: res.statusCode, headers };
};

/** Reads until the cache holds the list (the LISTEN connection comes up asynchronously). */
async function warm(): Promise<void> {
  await vi.waitFor(
    async () => {
      await get();
      expect(t.services.catalog.peekShopCached()).toBeDefined();
    },
    { timeout: 5_000, interval: 20 },
  );
}

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoCatalog(t.db, t.config.dataDir);
  const a = await createUser(t.db, "admin");
  admin = await login(t.app, a.email, a.password);
  await warm();
});
afterAll(() => t.close());

describe("hot reads", () => {
  it("answer exactly what the route handler answers (bytes and headers)", async () => {
    const handler = vi.spyOn(t.services.catalog, "listShopCached"); // called by the route handler only
    const hot = await get();
    expect(handler).not.toHaveBeenCalled();
    t.services.catalogCache.invalidate(); // the next read goes through the whole lifecycle
    expect(t.services.catalog.peekShopCached()).toBeUndefined();
    const normal = await get();
    expect(handler).toHaveBeenCalledTimes(1);
    expect(t.services.catalog.peekShopCached()).toBeDefined();
    const hotAgain = await get();
    expect(handler).toHaveBeenCalledTimes(1);
    handler.mockRestore();

    expect(normal.statusCode).toBe(200);
    expect(JSON.parse(normal.body).length).toBeGreaterThan(5);
    expect(hot.rawPayload.equals(normal.rawPayload)).toBe(true);
    expect(hotAgain.rawPayload.equals(normal.rawPayload)).toBe(true);
    expect(comparable(hot)).toEqual(comparable(normal));
    expect(comparable(hotAgain)).toEqual(comparable(normal));
    // The security headers are there, not just equal.
    expect(hot.headers["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(hot.headers["x-content-type-options"]).toBe("nosniff");
    expect(hot.headers["x-frame-options"]).toBe("SAMEORIGIN");
  });

  // What the hot read is for (decision 0009): it runs before Fastify's other hooks. If an upgrade of Fastify
  // changed the hook order or what a hook sees of the matched route, the request would take the normal path.
  it("run before the other hooks: a visitor's session is not even looked up", async () => {
    const findUser = vi.spyOn(t.services.sessions, "findUser");
    const hot = await get({ cookie: admin.cookie });
    expect(hot.statusCode).toBe(200);
    expect(findUser).not.toHaveBeenCalled();
    t.services.catalogCache.invalidate();
    const normal = await get({ cookie: admin.cookie });
    expect(normal.statusCode).toBe(200);
    expect(findUser).toHaveBeenCalledTimes(1); // the normal path does look it up
    findUser.mockRestore();
  });

  it("answer a matching If-None-Match with 304 and no body", async () => {
    const first = await get();
    const etag = String(first.headers.etag);
    const again = await get({ "if-none-match": etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
    expect(again.headers.etag).toBe(etag);
    expect((await get({ "if-none-match": 'W/"something-else"' })).statusCode).toBe(200);
  });

  it("send gzip when it is accepted and identity when it is refused", async () => {
    const plain = await get();
    const zipped = await get({ "accept-encoding": "gzip, deflate, br" });
    expect(zipped.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(zipped.rawPayload).equals(plain.rawPayload)).toBe(true);
    expect(Number(zipped.headers["content-length"])).toBe(zipped.rawPayload.length);
    const refused = await get({ "accept-encoding": "gzip;q=0, identity" });
    expect(refused.headers["content-encoding"]).toBeUndefined();
    expect(refused.rawPayload.equals(plain.rawPayload)).toBe(true);
  });

  it("never serve a list older than the admin's own change (the next read already shows it)", async () => {
    const ids = async () => (JSON.parse((await get()).body) as { id: number }[]).map((p) => p.id);
    const target = (await ids())[0]!;
    expect(t.services.catalog.peekShopCached()).toBeDefined();
    const out = await t.app.inject({ method: "PUT", url: `/api/product/editstatus/${target}`, headers: admin });
    expect(out.statusCode).toBe(200);
    expect(await ids()).not.toContain(target);
    const back = await t.app.inject({ method: "PUT", url: `/api/product/status/${target}`, headers: admin });
    expect(back.statusCode).toBe(200);
    expect(await ids()).toContain(target);
  });
});
