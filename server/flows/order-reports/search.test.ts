import { describe, expect, it } from "vitest";
import { ADMIN_ORDER_MESSAGES as M } from "#server/modules/orders/admin/schemas.ts";
import {
  allLines,
  cliente,
  type Fact,
  facts,
  get,
  lisbonDay,
  useReportOrders,
} from "#tests/support/admin-report-kit.ts";
import { ORDER_STATUSES } from "#server/modules/orders/timeline.ts";

/*
 * The /orders report's filters and search (GET /api/orders): every answer compared with the rows of the
 * database filtered another way (here, in JavaScript over every order, its user and its payment), on orders
 * that all differ (admin-report-kit.ts).
 */

useReportOrders();

/** The lines the database holds for the orders `keep` accepts, newest order first (each order's lines by id). */
function expectedLines(keep: (f: Fact) => boolean): number[] {
  return facts
    .filter(keep)
    .sort((a, b) => b.id - a.id)
    .flatMap((f) => f.lineIds);
}

async function expectFilter(query: string, keep: (f: Fact) => boolean, atLeast = 1) {
  const { lines, total } = await allLines(query);
  const expected = expectedLines(keep);
  expect(expected.length, `${query} selects something`).toBeGreaterThanOrEqual(atLeast);
  expect(
    lines.map((l) => l.line_id),
    query,
  ).toEqual(expected);
  expect(total, query).toBe(expected.length);
  return lines;
}

describe("GET /api/orders filters", () => {
  it("each order status: exactly the lines of the orders with that status, and their status on each line", async () => {
    for (const status of ORDER_STATUSES) {
      const lines = await expectFilter(`order_status=${status}`, (f) => f.status === status);
      expect(new Set(lines.map((l) => l.order_status))).toEqual(new Set([status]));
    }
  });

  it("each payment method", async () => {
    for (const method of ["mb", "mbway", "payshop"]) {
      const lines = await expectFilter(`method=${method}`, (f) => f.method === method);
      expect(new Set(lines.map((l) => l.metodo_pagamento))).toEqual(new Set([method]));
    }
  });

  it("dates are Lisbon calendar days, both ends included, in summer and in winter", async () => {
    for (const [from, to] of [
      ["2026-07-10", "2026-07-10"],
      ["2026-07-11", "2026-07-11"],
      ["2026-11-01", "2026-11-01"],
      ["2026-11-02", "2026-11-04"],
      ["2026-07-11", ""],
      ["", "2026-11-01"],
    ]) {
      await expectFilter(
        `from=${from}&to=${to}`,
        (f) => (!from || lisbonDay(f.createdAt) >= from) && (!to || lisbonDay(f.createdAt) <= to),
      );
    }
    // The UTC day would have put the 23:30 order of 10 July on the 10th and the 00:10 one of the 11th on the 10th.
    const tenth = await allLines("from=2026-07-10&to=2026-07-10");
    expect(new Set(tenth.lines.map((l) => l.id))).toEqual(new Set([facts.at(-1)!.id]));
  });

  it("search: order number, reference (spaces ignored), MB WAY request id, part of a name or e-mail, a full e-mail", async () => {
    const byId = facts[3]!;
    await expectFilter(`search=${byId.id}`, (f) => f.id === byId.id);
    await expectFilter(`search=%23${byId.id}`, (f) => f.id === byId.id);
    await expectFilter("search=123456789", (f) => f.reference === "123456789");
    await expectFilter(`search=${encodeURIComponent("123 456 789")}`, (f) => f.reference === "123456789");
    await expectFilter("search=000123456", (f) => f.reference === "000123456");
    await expectFilter("search=MBW-REQ-77", (f) => f.requestId === "MBW-REQ-77");
    for (const part of ["silva", "SILV", "joão", "Martins", "exemplo.pt", "rui@"]) {
      const needle = part.toLowerCase();
      await expectFilter(
        `search=${encodeURIComponent(part)}`,
        (f) => f.name.toLowerCase().includes(needle) || f.email.toLowerCase().includes(needle),
      );
    }
    // A full e-mail is compared whole (lower(email) index): any case.
    await expectFilter("search=maria.silva%40EXEMPLO.pt", (f) => f.email.toLowerCase() === "maria.silva@exemplo.pt");
    // LIKE's wildcards are taken literally: "100%_" is in one name only; "%" alone is in that one too.
    await expectFilter(`search=${encodeURIComponent("100%_")}`, (f) => f.name.includes("100%_"));
    await expectFilter(`search=${encodeURIComponent("_m@")}`, (f) => f.email.includes("_m@"));
    for (const nothing of ["Zé Ninguém", "999999999", "ninguem@exemplo.pt"])
      expect((await allLines(`search=${encodeURIComponent(nothing)}`)).total, nothing).toBe(0);
  });

  it("filters combine (and) with each other, with the payment status and with paging", async () => {
    await expectFilter(
      "search=silva&method=mb&from=2026-07-01&to=2026-11-30",
      (f) => /silva/i.test(f.name) && f.method === "mb",
    );
    await expectFilter("order_status=enviada&method=mb", (f) => f.status === "enviada" && f.method === "mb");
    await expectFilter(
      "status=paid&from=2026-07-11",
      (f) => f.paymentStatus === "paid" && lisbonDay(f.createdAt) >= "2026-07-11",
    );
  });

  it("refuses a bad filter with a pt-PT message and answers nothing else", async () => {
    for (const [q, message] of [
      ["order_status=shipped", M.invalidOrderStatus],
      ["order_status=Paga", M.invalidOrderStatus],
      ["method=visa", M.invalidMethod],
      ["from=2026-02-30", M.invalidDate],
      ["to=24-11-2026", M.invalidDate],
      ["from=2026-11-05&to=2026-11-04", M.reversedDates],
      ["page=0", "Página inválida."],
      [`search=${"x".repeat(201)}`, M.searchTooLong],
      ["search=a%00b", M.invalidSearch],
    ] as const) {
      for (const path of ["/api/orders", "/api/orders/export.csv"]) {
        if (q === "page=0" && path.endsWith(".csv")) continue;
        const res = await get(`${path}?${q}`);
        expect(res.statusCode, `${path}?${q}`).toBe(400);
        expect(res.json(), `${path}?${q}`).toMatchObject({ success: false, message });
      }
    }
  });

  it("is the admin's only: 401 to visitors, 403 to clientes", async () => {
    for (const url of [
      "/api/orders?search=silva",
      "/api/orders/export.csv",
      "/api/orders/export.csv?order_status=paid",
    ]) {
      expect((await get(url, null)).statusCode, url).toBe(401);
      const res = await get(url, cliente);
      expect(res.statusCode, url).toBe(403);
      expect(res.body, url).not.toContain("Silva");
    }
  });
});
