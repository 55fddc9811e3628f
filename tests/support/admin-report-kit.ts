import { afterAll, beforeAll, expect } from "vitest";
import { createTestApp, type TestApp } from "./db.ts";
import { createUser, login, type AuthHeaders } from "./http.ts";
import { users } from "#server/modules/accounts/schema.ts";
import { products } from "#server/modules/catalog/schema.ts";
import { orderLines, orders } from "#server/modules/orders/schema.ts";
import { payments } from "#server/modules/payments/schema.ts";
import { lisbonParts, lisbonTime } from "#server/core/time.ts";
import type { AdminOrderLine } from "#server/modules/orders/admin/schemas.ts";
import type { OrderStatus } from "#server/modules/orders/timeline.ts";

/*
 * The /orders report's test data (admin-search.test.ts, admin-export.test.ts): orders that all differ in
 * customer (one named like a formula, one with quotes, ';' and a line break), status, method, day (around
 * Lisbon midnights, summer and winter), reference, number of lines and amounts; and what each one is (`facts`),
 * so the answers can be compared with the rows filtered another way. The bindings are filled by useReportOrders.
 */

export let t: TestApp;
export let admin: AuthHeaders;
export let cliente: AuthHeaders;

export const get = (url: string, headers: AuthHeaders | null = admin) =>
  t.app.inject({ method: "GET", url, headers: headers ?? undefined });

export interface Fact {
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
export let facts: Fact[] = [];

/** Lisbon's calendar day of an instant, YYYY-MM-DD. */
export function lisbonDay(d: Date): string {
  const p = lisbonParts(d);
  return `${p.year}-${String(p.month).padStart(2, "0")}-${String(p.day).padStart(2, "0")}`;
}

/** Every page of a filtered list, and the X-Total-Count of the first. */
export async function allLines(query: string): Promise<{ lines: AdminOrderLine[]; total: number }> {
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

/** Registers the test file's beforeAll/afterAll: the app, an admin and a cliente, and the orders. */
export function useReportOrders(): void {
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
}
