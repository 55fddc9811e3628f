import { beforeAll, describe, expect, it, vi } from "vitest";
import type { TestApp } from "#tests/support/db.ts";
import type { AuthHeaders } from "#tests/support/http.ts";
import { checkAnswer, digest, examples, probesFor, schemaRoutes, send, useBadInputApp } from "./bad-input-kit.ts";
import type { SeenRoute } from "./support.ts";

// A test build whose Fastify instances log every route with its schema (onRoute).
vi.mock("fastify", async (orig) => (await import("./support.ts")).mockFastifyWithRouteLog(orig));

/** Hostile values in every zod-validated field and in URL ids and paths (the probes: ./bad-input-kit.ts). */

const app = useBadInputApp();
let t: TestApp;
let admin: AuthHeaders;
let routes: SeenRoute[];
let ids: ReturnType<typeof useBadInputApp>["ids"];
beforeAll(() => {
  ({ t, admin, routes, ids } = app);
});

describe("hostile values in every zod-validated field (as admin)", () => {
  it("knows the routes it probes", () => {
    const names = schemaRoutes().map((r) => `${r.method} ${r.url}`);
    expect(names.length).toBeGreaterThan(30);
    // Each route with a body or querystring schema has a plausible example, so a new one is not probed blindly.
    const withBody = schemaRoutes().filter(
      (r) => (r.schema as Record<string, unknown>).body || (r.schema as Record<string, unknown>).querystring,
    );
    const missing = withBody.map((r) => `${r.method} ${r.url}`).filter((k) => !examples(ids)[k]);
    expect(missing).toEqual([]);
  });

  it("never answers 5xx, always JSON with a message, and a refusal writes nothing", async () => {
    let sent = 0;
    for (const r of schemaRoutes()) {
      const isWrite = r.method !== "GET";
      let last = isWrite ? await digest() : "";
      for (const probe of probesFor(r)) {
        const res = await send(probe);
        sent++;
        checkAnswer(res, probe.label);
        if (!isWrite) continue;
        const now = await digest();
        if (res.statusCode >= 400) expect(now, `${probe.label} wrote while refused`).toBe(last);
        last = now;
      }
    }
    expect(sent).toBeGreaterThan(2000);
  }, 600_000);

  it("the admin's session survived (no hostile value logged it out or demoted it)", async () => {
    expect((await t.app.inject({ url: "/api/users", headers: admin })).statusCode).toBe(200);
  });
});

describe("hostile ids and paths in URLs", () => {
  it("ids with traversal, SQL, NUL, unicode and huge numbers answer 4xx JSON", async () => {
    const idRoutes = routes.filter((r) => r.url.includes("/:"));
    const bad = [
      "..%2F..%2Fetc%2Fpasswd",
      "..",
      "%2e%2e",
      "1%00",
      "1'%20or%201=1%20--",
      "-1",
      "0",
      "1.5",
      "1e3",
      "99999999999999999999",
      "%F0%9F%98%80",
      "%E2%80%AE1",
      "%3Cscript%3E",
      "0x1",
      "NaN",
      "x".repeat(190),
    ];
    for (const r of idRoutes) {
      for (const value of bad) {
        const url = r.url.replace(/:\w+/g, value);
        const before = r.method === "GET" ? "" : await digest();
        const res = await t.app.inject({ method: r.method as "GET", url, headers: admin });
        checkAnswer(res, `${r.method} ${url}`);
        // A payment reference is free text: looking up "0x1" is a fine 200 "no_data".
        if (!r.url.includes(":reference")) expect(res.statusCode, `${r.method} ${url}`).toBeGreaterThanOrEqual(400);
        if (r.method !== "GET") expect(await digest(), url).toBe(before);
      }
    }
  }, 120_000);

  it("path traversal in raw URLs never serves a file from outside uploads/", async () => {
    for (const url of [
      "/uploads/../../etc/passwd",
      "/uploads/..%2F..%2Fetc%2Fpasswd",
      "/uploads/%2e%2e/%2e%2e/etc/passwd",
      "/uploads/....//....//etc/passwd",
      "/uploads/%00",
      "/api/product/../../etc/passwd",
    ]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.body, url).not.toContain("root:");
    }
  });
});
