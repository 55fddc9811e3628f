import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#tests/support/db.ts";
import { createUser, login, type AuthHeaders } from "#tests/support/http.ts";
import { orderLines, orders, payments, products, users } from "../db/schema.ts";
import { lisbonParts, lisbonTime } from "../payments/dates.ts";
import { ADMIN_ORDER_MESSAGES as M, type AdminOrderLine } from "./admin-schemas.ts";
import { ORDER_STATUSES, type OrderStatus } from "./timeline.ts";

/*
 * The /orders report's filters and search (GET /api/orders): every answer compared with the rows of the
 * database filtered another way (here, in JavaScript over every order, its user and its payment), on orders
 * that all differ: customer, status, method, day (around Lisbon midnights, summer and winter), reference,
 * number of lines, amounts.
 */

let t: TestApp;
let admin: AuthHeaders;
let cliente: AuthHeaders;

const get = (url: string, headers: AuthHeaders | null = admin) =>
  t.app.inject({ method: "GET", url, headers: headers ?? undefined });

interface Fact {
  id: number;
  userId: number;
  name: string;
  email: string;
  status: OrderStatus;
  method: string;
  createdAt: Date;
  reference: string | null;
  requestId: string | null;
  paymentStatus: string | null;
  lineIds: number[];
}
let facts: Fact[] = [];

/** Lisbon's calendar day of an instant, YYYY-MM-DD. */
function lisbonDay(d: Date): string {
  const p = lisbonParts(d);
  return `${p.year}-${String(p.month).padStart(2, "0")}-${String(p.day).padStart(2, "0")}`;
}

/** Every page of a filtered list, and the X-Total-Count of the first. */
async function allLines(query: string): Promise<{ lines: AdminOrderLine[]; total: number }> {
  const lines: AdminOrderLine[] = [];
  let total = -1;
  for (let page = 1; page < 50; page++) {
    const res = await get(`/api/orders?limit=3&page=${page}${query ? `&${query}` : ""}`);
    expect(res.statusCode, `${query}: ${res.body}`).toBe(200);
    if (total < 0) total = Number(res.headers["x-total-count"]);
    const items = res.json() as AdminOrderLine[];
    if (items.length === 0) break;
    lines.push(...items);
  }
  return { lines, total };
}

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

beforeAll(async () => {
  t = await createTestApp();
  const a = await createUser(t.db, "admin");
  admin = await login(t.app, a.email, a.password);
  const c = await createUser(t.db, "cliente");
  cliente = await login(t.app, c.email, c.password);

  const people = await t.db
    .insert(users)
    .values([
      { name: "Maria Silva", email: "Maria.Silva@exemplo.pt", passwordHash: "x" },
      { name: "João Sousa", email: "joao.sousa@correio.pt", passwordHash: "x" },
      { name: "Ana 100%_Martins", email: "ana_m@exemplo.pt", passwordHash: "x" },
      { name: "Rui Silvano", email: "rui@loja.pt", passwordHash: "x" },
      // What a spreadsheet would run or split: a formula, a sign, an @, quotes, ';' and a line break.
      { name: '=HYPERLINK("http://mal.example";"Ver")', email: "+formula@exemplo.pt", passwordHash: "x" },
      { name: '-Rita "a Grande"; de\r\nLisboa', email: "@rita@exemplo.pt", passwordHash: "x" },
    ])
    .returning();
  const [product] = await t.db.insert(products).values({ name: "Caneca Andorinha", priceCents: 900 }).returning();

  // [user, status, method, created (Lisbon wall clock), payment reference | request id, lines]
  const plan: Array<[number, OrderStatus, "mb" | "mbway" | "payshop", Date, string | null, number]> = [
    [0, "paid", "mb", lisbonTime(2026, 7, 10, 23, 30), "123456789", 1], // 22:30 UTC: still 10 July in Lisbon
    [0, "em_preparacao", "payshop", lisbonTime(2026, 7, 11, 0, 10), "1000000000042", 2],
    [1, "enviada", "mbway", lisbonTime(2026, 7, 11, 12, 0), "MBW-REQ-77", 3],
    [1, "entregue", "mb", lisbonTime(2026, 11, 1, 0, 0), "987654321", 1], // winter: Lisbon = UTC
    [2, "cancelled", "mb", lisbonTime(2026, 11, 1, 23, 59), "555000111", 2],
    [2, "expired", "payshop", lisbonTime(2026, 11, 2, 0, 0), "1000000000077", 1],
    [3, "pending_payment", "mbway", lisbonTime(2026, 11, 3, 9, 0), "MBW-REQ-78", 2],
    [3, "paid", "payshop", lisbonTime(2026, 11, 4, 9, 0), null, 1], // no payment row at all
    [0, "enviada", "mb", lisbonTime(2026, 11, 5, 18, 45), "000123456", 3],
    [4, "paid", "mb", lisbonTime(2026, 11, 6, 10, 0), "444555666", 1],
    [5, "entregue", "payshop", lisbonTime(2026, 11, 7, 10, 0), "1000000000099", 2],
  ];
  for (const [i, [who, status, method, createdAt, ref, lineCount]] of plan.entries()) {
    const person = people[who]!;
    const subtotal = 900 * (i + 1) + 17 * lineCount;
    const [o] = await t.db
      .insert(orders)
      .values({
        userId: person.id,
        status,
        paymentMethod: method,
        subtotalCents: subtotal,
        shippingCents: 390 + i,
        totalCents: subtotal + 390 + i,
        shippingZone: "continente",
        deliveryName: person.name,
        deliveryAddress: `Rua ${i}`,
        deliveryPostalCode: "1000-001",
        deliveryCity: "Lisboa",
        deliveryPhone: "912345678",
        createdAt,
      })
      .returning();
    const lines = await t.db
      .insert(orderLines)
      .values(
        Array.from({ length: lineCount }, (_, k) => ({
          orderId: o!.id,
          productId: product!.id,
          productName: product!.name,
          unitPriceCents: 900 + k,
          quantity: k + 1,
        })),
      )
      .returning({ id: orderLines.id });
    const isRequest = ref?.startsWith("MBW") ?? false;
    const paymentStatus = status === "pending_payment" ? "pending" : status === "expired" ? "expired" : "paid";
    if (ref !== null)
      await t.db.insert(payments).values({
        orderId: o!.id,
        provider: "sandbox",
        method,
        status: paymentStatus,
        amountCents: subtotal + 390 + i,
        entity: isRequest ? null : "12345",
        reference: isRequest ? null : ref,
        requestId: isRequest ? ref : null,
      });
    facts.push({
      id: o!.id,
      userId: person.id,
      name: person.name,
      email: person.email,
      status,
      method,
      createdAt,
      reference: isRequest ? null : ref,
      requestId: isRequest ? ref : null,
      paymentStatus: ref === null ? null : paymentStatus,
      lineIds: lines.map((l) => l.id).sort((x, y) => x - y),
    });
  }
  facts = facts.sort((a, b) => b.id - a.id);
});
afterAll(() => t.close());

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
      [`search=${"x".repeat(201)}`, M.invalidSearch],
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

/** RFC 4180 with ';': cells of each CRLF-ended record, quotes undone. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let cell = "";
  let record: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted && ch === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (quoted && ch === '"') {
      quoted = false;
    } else if (quoted || (ch !== '"' && ch !== ";" && !(ch === "\r" && text[i + 1] === "\n"))) {
      cell += ch;
    } else if (ch === '"') {
      quoted = true;
    } else {
      record.push(cell);
      cell = "";
      if (ch === "\r") {
        records.push(record);
        record = [];
        i++;
      }
    }
  }
  expect(cell === "" && record.length === 0, "the file ends with a complete record").toBe(true);
  return records;
}

/** "12,50" → 1250. */
const cents = (text: string) => {
  expect(text).toMatch(/^\d+,\d{2}$/);
  return Number(text.replace(",", ""));
};

const LISBON_DATE = new Intl.DateTimeFormat("pt-PT", {
  timeZone: "Europe/Lisbon",
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

describe("GET /api/orders/export.csv", () => {
  async function csv(query: string) {
    const res = await get(`/api/orders/export.csv${query ? `?${query}` : ""}`);
    expect(res.statusCode, res.body).toBe(200);
    return res;
  }

  it("is UTF-8 with a BOM, ';'-separated, one row per filtered order equal to the database's values", async () => {
    const res = await csv("");
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toMatch(/^attachment; filename="encomendas-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const [header, ...rows] = parseCsv(res.body.replace(/^\uFEFF/, ""));
    expect(header).toEqual([
      "Encomenda",
      "Data",
      "Cliente",
      "E-mail",
      "Método",
      "Referência",
      "Estado",
      "Subtotal (€)",
      "Portes (€)",
      "Total (€)",
    ]);
    const dbOrders = await t.db.select().from(orders);
    expect(rows.map((r) => Number(r[0]))).toEqual(dbOrders.map((o) => o.id).sort((a, b) => b - a));
    const methodNames: Record<string, string> = { mb: "Multibanco", mbway: "MB WAY", payshop: "Payshop" };
    const statusNames: Record<string, string> = {
      pending_payment: "A aguardar pagamento",
      paid: "Paga",
      em_preparacao: "Em preparação",
      enviada: "Enviada",
      entregue: "Entregue",
      cancelled: "Cancelada",
      expired: "Expirada",
    };
    for (const row of rows) {
      const o = dbOrders.find((x) => x.id === Number(row[0]))!;
      const f = facts.find((x) => x.id === o.id);
      const user = (await t.db.select().from(users)).find((u) => u.id === o.userId)!;
      expect(row).toHaveLength(10);
      expect(row[1]).toBe(LISBON_DATE.format(o.createdAt).replace(",", ""));
      // Text a spreadsheet would run starts with an apostrophe; the rest is the name as stored.
      expect(row[2]!.replace(/^'(?=[=+\-@])/, "")).toBe(user.name);
      expect(row[3]!.replace(/^'(?=[=+\-@])/, "")).toBe(user.email);
      expect(row[4]).toBe(methodNames[o.paymentMethod]);
      expect(row[5]!.replace(/ /g, "")).toBe(f?.reference ?? f?.requestId ?? "");
      expect(row[6]).toBe(statusNames[o.status]);
      expect([cents(row[7]!), cents(row[8]!), cents(row[9]!)]).toEqual([
        o.subtotalCents,
        o.shippingCents,
        o.totalCents,
      ]);
      expect(cents(row[7]!) + cents(row[8]!)).toBe(cents(row[9]!));
    }
    const sum = rows.reduce((s, r) => s + cents(r[9]!), 0);
    expect(sum).toBe(dbOrders.reduce((s, o) => s + o.totalCents, 0));
  });

  it("neutralises formulas and keeps quotes, ';' and line breaks inside their cell", async () => {
    const rows = parseCsv((await csv("search=exemplo.pt")).body.replace(/^\uFEFF/, "")).slice(1);
    const byEmail = (e: string) => rows.find((r) => r[3]!.endsWith(e))!;
    expect(byEmail("+formula@exemplo.pt").slice(2, 4)).toEqual([
      `'=HYPERLINK("http://mal.example";"Ver")`,
      "'+formula@exemplo.pt",
    ]);
    expect(byEmail("@rita@exemplo.pt").slice(2, 4)).toEqual(['\'-Rita "a Grande"; de\r\nLisboa', "'@rita@exemplo.pt"]);
    // Every cell that starts like a formula is one the shop neutralised (numbers and dates never do).
    for (const row of rows) for (const c of row) expect(c, c).not.toMatch(/^[=+\-@]/);
  });

  it("applies the page's filters: the same orders as GET /api/orders, in the same order", async () => {
    for (const query of [
      "order_status=enviada",
      "method=payshop",
      "from=2026-07-11&to=2026-11-01",
      "search=silva",
      "search=123%20456%20789",
      "status=paid&method=mb",
    ]) {
      const rows = parseCsv((await csv(query)).body.replace(/^\uFEFF/, "")).slice(1);
      const { lines } = await allLines(query);
      const fromPage = [...new Set(lines.map((l) => l.id))];
      expect(fromPage.length, query).toBeGreaterThan(0);
      expect(
        rows.map((r) => Number(r[0])),
        query,
      ).toEqual(fromPage);
      // Totals of the rows equal the page's amounts of the same orders.
      expect(rows.map((r) => cents(r[9]!))).toEqual(
        fromPage.map((id) => Math.round(lines.find((l) => l.id === id)!.amount * 100)),
      );
    }
  });

  it("streams more orders than one batch, each once", async () => {
    const { userId } = facts[0]!;
    const before = await t.db.$count(orders);
    await t.db.execute(sql`
      insert into orders (user_id, status, payment_method, subtotal_cents, shipping_cents, total_cents, shipping_zone,
                          delivery_name, delivery_address, delivery_postal_code, delivery_city, delivery_phone, created_at)
      select ${userId}, 'paid', 'mb', n, 390, n + 390, 'continente', 'Lote', 'Rua', '1000-001', 'Lisboa', '912345678',
             now() - make_interval(mins => n)
      from generate_series(1, 2500) n`);
    const rows = parseCsv((await csv("")).body.replace(/^\uFEFF/, "")).slice(1);
    const ids = rows.map((r) => Number(r[0]));
    expect(ids).toHaveLength(before + 2500);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const [{ total }] = (await t.db.execute(sql`select sum(total_cents)::int as total from orders`)).rows as [
      { total: number },
    ];
    expect(rows.reduce((s, r) => s + cents(r[9]!), 0)).toBe(total);
  });
});
