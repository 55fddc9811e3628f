import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#tests/support/db.ts";

/**
 * A URL Fastify cannot decode answers like every other error of the shop: the same security
 * headers and the `{ success: false, message, error }` body in pt-PT (issue 11, 3.8).
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const SECURITY_HEADERS = [
  "content-security-policy",
  "x-content-type-options",
  "x-frame-options",
  "referrer-policy",
  "cross-origin-opener-policy",
  "cross-origin-resource-policy",
  "strict-transport-security",
  "x-dns-prefetch-control",
  "x-download-options",
  "x-permitted-cross-domain-policies",
  "origin-agent-cluster",
  "x-xss-protection",
];

const securityHeadersOf = (headers: Record<string, unknown>) =>
  Object.fromEntries(SECURITY_HEADERS.map((name) => [name, headers[name]]));

describe("malformed URLs", () => {
  it.each(["/uploads/%c0%ae", "/api/product/%", "/api/users/%zz", "/%e0%a4%a"])(
    "%s answers 400 with the shop's headers and pt-PT error body",
    async (url) => {
      // An ordinary error answer of the same app is the reference for the headers.
      const reference = await t.app.inject({ url: "/api/nao-existe" });
      expect(reference.statusCode).toBe(404);
      expect(reference.headers["x-content-type-options"]).toBe("nosniff");

      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(400);
      expect(res.headers["content-type"]).toMatch(/^application\/json/);
      expect(res.json()).toEqual({ success: false, message: "Endereço inválido.", error: "Endereço inválido." });
      expect(securityHeadersOf(res.headers)).toEqual(securityHeadersOf(reference.headers));
      expect(res.headers["cache-control"]).toBe("no-store");
    },
  );
});
