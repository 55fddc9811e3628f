import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "#server/modules/accounts/schema.ts";
import { orders } from "#server/modules/orders/schema.ts";
import { allLines, facts, get, t, useReportOrders } from "#tests/support/admin-report-kit.ts";

/*
 * GET /api/orders/export.csv: the file parsed back (BOM, ';', quoting) equals the database's rows and the
 * page's filtered lines; formulas are neutralised; more orders than one batch stream each once.
 */

useReportOrders();

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
    // The header line as the accountant's spreadsheet shows it.
    expect(header).toEqual(
      "Encomenda;Data;Cliente;E-mail;Método;Referência;Estado;Subtotal (€);Portes (€);Total (€);Desconto (€);Código de desconto".split(
        ";",
      ),
    );
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
      expect(row).toHaveLength(12);
      // Issue 20: the order's discounts (none in these orders) and its code.
      expect([cents(row[10]!), row[11]]).toEqual([o.discountCents + o.shippingDiscountCents, o.discountCode ?? ""]);
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
