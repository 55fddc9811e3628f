import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { SEARCH_MESSAGES } from "#server/core/zod.ts";
import { createTestApp, type TestApp } from "#tests/support/db.ts";
import { signIn } from "#tests/support/factories.ts";
import type { AuthHeaders } from "#tests/support/http.ts";

/*
 * Every admin list's `search` is validated by the one zod piece of server/core/zod.ts: a NUL byte or another
 * control character is a pt-PT 400 before any SQL is sent (PostgreSQL refuses NUL in text and logs the whole
 * statement), a text too long likewise, and blanks around it are trimmed.
 */

const LISTS = [
  "/api/stock/products",
  "/api/stock/low-stock",
  "/api/orders",
  "/api/users",
  "/api/product/admin",
  "/api/contact/messages",
] as const;

let t: TestApp;
let admin: AuthHeaders;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await signIn(t, "admin")).headers;
});
afterAll(() => t?.close());

/** Every text and parameter the app sends to PostgreSQL while `run` runs. */
async function sentToDatabase(run: () => Promise<unknown>): Promise<string[]> {
  const spy = vi.spyOn(t.db.$client, "query");
  try {
    await run();
    return spy.mock.calls.map((call) => JSON.stringify(call));
  } finally {
    spy.mockRestore();
  }
}

describe("the search text of the admin lists", () => {
  it.each(LISTS)(
    "%s refuses a NUL byte and control characters with 400, sending nothing to PostgreSQL",
    async (url) => {
      for (const bad of ["%00", "caneca%00", "a%00b", "%1B%5B31m", "linha%0Aoutra", "%7F", "%C2%85"]) {
        const sent = await sentToDatabase(async () => {
          const res = await t.app.inject({ url: `${url}?search=${bad}`, headers: admin });
          expect(res.statusCode, `${url} ${bad}`).toBe(400);
          expect(res.json().message).toBe(SEARCH_MESSAGES.invalid);
        });
        // The session lookup reads the database; no statement carries the text.
        expect(sent.filter((s) => s.includes("\\u0000") || s.includes("\\u001b"))).toEqual([]);
      }
    },
  );

  it.each(LISTS)("%s refuses a text over the length limit and accepts one at it", async (url) => {
    const long = await t.app.inject({ url: `${url}?search=${"x".repeat(201)}`, headers: admin });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe(SEARCH_MESSAGES.tooLong);
    const atLimit = await t.app.inject({ url: `${url}?search=${"x".repeat(200)}`, headers: admin });
    expect(atLimit.statusCode).toBe(200);
  });

  it.each(LISTS)("%s trims the text and treats blanks as no search", async (url) => {
    const all = await t.app.inject({ url, headers: admin });
    const blank = await t.app.inject({ url: `${url}?search=%20%20`, headers: admin });
    expect(blank.statusCode).toBe(200);
    expect(blank.json()).toEqual(all.json());
  });
});
