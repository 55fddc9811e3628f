import type { AddressInfo } from "node:net";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailOutbox } from "#server/core/db/schema.ts";
import { invoices } from "#server/modules/invoicing/schema.ts";
import { startInvoiceXpressStandIn, type IxStandIn } from "#tests/standins/invoicing/invoicexpress.ts";
import { createTestApp, type TestApp } from "#tests/support/db.ts";
import { checkout, signIn } from "#tests/support/factories.ts";
import { CALLBACK_KEY, payOrder, seedProduct } from "#tests/support/orders.ts";

/*
 * GET /metrics against what was done: N requests move the route's counter by N, a document the invoicing service
 * refused shows in loja_invoices_failed, the outbox backlog equals its pending rows, the pool's gauges are there.
 */

const TOKEN = "metrics-token-0123456789abcdef";

const s = {} as { t: TestApp; ix: IxStandIn; base: string };
beforeAll(async () => {
  s.ix = await startInvoiceXpressStandIn({ pdfReadyAfter: 0 });
  s.t = await createTestApp({
    METRICS_TOKEN: TOKEN,
    PAYMENT_CALLBACK_KEY: CALLBACK_KEY,
    MB_ENTITY: "12345",
    MB_SUBENTITY: "123",
    INVOICE_PROVIDER: "invoicexpress",
    INVOICEXPRESS_ACCOUNT: s.ix.account,
    INVOICEXPRESS_API_KEY: s.ix.apiKey,
    INVOICEXPRESS_BASE_URL: s.ix.url,
    INVOICE_TIMEOUT_MS: "2000",
  });
  // Over a real socket: the hot reads answer straight on it, and those answers must be counted too.
  await s.t.app.listen({ port: 0, host: "127.0.0.1" });
  s.base = `http://127.0.0.1:${(s.t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await s.t?.close();
  await s.ix?.close();
});

async function scrape(): Promise<string> {
  const res = await fetch(`${s.base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.text();
}

/** The value of one series (0 when it is not there yet). */
function value(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split("\n")) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const have = (match[2] ?? "").split(",").filter(Boolean);
    if (wanted.every((w) => have.includes(w))) return Number(match[3]);
  }
  return 0;
}

describe("GET /metrics", () => {
  it("answers 401 without the token or with a wrong one", async () => {
    expect((await fetch(`${s.base}/metrics`)).status).toBe(401);
    const wrong = await fetch(`${s.base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}x` } });
    expect(wrong.status).toBe(401);
    expect((await wrong.json()).message).toBe("Token de métricas em falta ou inválido.");
  });

  it("N requests move the route's counter and latency count by N (by pattern, not by URL)", async () => {
    const N = 7;
    const labels = { method: "GET", route: "/api/product/:id", status: "404" };
    const before = await scrape();
    for (let i = 0; i < N; i++) {
      const res = await fetch(`${s.base}/api/product/${900_000 + i}`);
      expect(res.status).toBe(404);
      await res.arrayBuffer();
    }
    const cores = await fetch(`${s.base}/api/product/cores`); // a hot read, answered on the socket
    expect(cores.status).toBe(200);
    await cores.arrayBuffer();
    const after = await scrape();
    expect(value(after, "loja_http_requests_total", labels) - value(before, "loja_http_requests_total", labels)).toBe(
      N,
    );
    const timed = { method: "GET", route: "/api/product/:id" };
    expect(
      value(after, "loja_http_request_duration_seconds_count", timed) -
        value(before, "loja_http_request_duration_seconds_count", timed),
    ).toBe(N);
    expect(value(after, "loja_http_errors_total", { status: "404" })).toBeGreaterThanOrEqual(N);
    const hot = { method: "GET", route: "/api/product/cores", status: "200" };
    expect(value(after, "loja_http_requests_total", hot) - value(before, "loja_http_requests_total", hot)).toBe(1);
    expect(after).not.toMatch(/route="\/api\/product\/9000/);
    // The scrapes are not counted.
    expect(after).not.toMatch(/route="\/metrics"/);
  });

  it("a document refused by the invoicing service shows in loja_invoices_failed; the outbox backlog equals its rows", async () => {
    const before = await scrape();
    expect(value(before, "loja_invoices_failed")).toBe(0);
    const buyer = await signIn(s.t, "cliente");
    const { product, variants } = await seedProduct(s.t, 1290, 5);
    const placed = await checkout(s.t, buyer.headers, {
      items: [{ product_id: product.id, variant_id: variants[0]!.id, quantity: 2 }],
    });
    expect(placed.statusCode).toBe(201);
    const orderId = placed.json().order_id as number;
    const held = await scrape();
    expect(value(held, "loja_stock_reserved_units")).toBe(2);
    expect(value(held, "loja_orders_awaiting_payment")).toBe(1);

    await payOrder(s.t, orderId);
    await s.ix.setMode("invalid");
    const run = await s.t.services.invoicing.issueDue();
    expect(run.failed).toBe(1);
    const [row] = await s.t.db.select().from(invoices).where(eq(invoices.orderId, orderId));
    expect(row!.status).toBe("failed");

    const after = await scrape();
    expect(value(after, "loja_invoices_failed")).toBe(1);
    expect(value(after, "loja_stock_reserved_units")).toBe(0);
    const [pending] = await s.t.db.select({ n: count() }).from(emailOutbox).where(eq(emailOutbox.status, "pending"));
    expect(pending!.n).toBeGreaterThan(0); // the paid order's e-mail at least (no mail worker runs here)
    expect(value(after, "loja_mail_outbox_backlog")).toBe(pending!.n);
    expect(value(after, "loja_payment_exceptions_open")).toBe(0);
    expect(value(after, "loja_database_up")).toBe(1);
  });

  it("reports the database pool: connections, limit, waits", async () => {
    const text = await scrape();
    expect(value(text, "loja_db_pool_max")).toBe(s.t.db.$client.options.max);
    expect(value(text, "loja_db_pool_connections", { state: "idle" })).toBeGreaterThan(0);
    expect(value(text, "loja_db_pool_wait_seconds_count")).toBeGreaterThan(0);
  });
});

describe("GET /metrics without METRICS_TOKEN", () => {
  it("answers 404, even with a token", async () => {
    const t = await createTestApp();
    try {
      const res = await t.app.inject({ method: "GET", url: "/metrics", headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
