import { sql } from "drizzle-orm";
import { Gauge, type Registry } from "prom-client";
import type { Database } from "#server/core/db/client.ts";
import { emailOutbox } from "#server/core/db/schema.ts";
import { variants } from "#server/modules/catalog/schema.ts";
import { invoices } from "#server/modules/invoicing/schema.ts";
import { orders } from "#server/modules/orders/schema.ts";
import { paymentExceptions } from "#server/modules/payments/schema.ts";

/** pg-boss's jobs that are not done yet, and the failed ones it still keeps (its own retention, hours). */
const JOB_STATES = ["created", "retry", "active", "failed"] as const;

type Figures = {
  mail_pending: number;
  mail_failed: number;
  invoices_pending: number;
  invoices_failed: number;
  payment_exceptions_open: number;
  units_reserved: number;
  orders_awaiting_payment: number;
};

/**
 * The shop's own state, read from the database on each scrape (every count runs on an index of its status, the
 * reserved units are one sum over the variants), so every instance reports the same figures: alert on max(), not
 * sum(). A database that does not answer sets loja_database_up to 0 and leaves the last figures.
 */
export function registerShopGauges(db: Database, registry: Registry): { refresh(): Promise<void> } {
  const gauge = (name: string, help: string) => new Gauge({ name, help, registers: [registry] });
  const up = gauge("loja_database_up", "1 when the database answered this scrape's queries, else 0.");
  const mailBacklog = gauge("loja_mail_outbox_backlog", "E-mails waiting in the outbox to be sent (or retried).");
  const mailFailed = gauge("loja_mail_outbox_failed", "E-mails the outbox gave up on (kept for their retention).");
  const invoicesPending = gauge("loja_invoices_pending", "Invoices and credit notes queued, not yet issued.");
  const invoicesFailed = gauge(
    "loja_invoices_failed",
    "Invoices and credit notes the invoicing service refused or that exhausted their retries (the admin's list).",
  );
  const exceptionsOpen = gauge("loja_payment_exceptions_open", "Payment exceptions waiting for the admin.");
  const reserved = gauge("loja_stock_reserved_units", "Units of stock held by orders awaiting payment.");
  const awaiting = gauge("loja_orders_awaiting_payment", "Orders placed and not yet paid, expired or cancelled.");
  const jobs = new Gauge({
    name: "loja_jobs",
    help: "Background jobs (pg-boss) by queue and state: created/retry (waiting), active, failed (kept by pg-boss).",
    labelNames: ["queue", "state"] as const,
    registers: [registry],
  });

  const count = (table: typeof emailOutbox | typeof invoices | typeof paymentExceptions, status: string) =>
    sql`(select count(*)::int from ${table} where ${table.status} = ${status})`;

  async function readJobs(): Promise<void> {
    const exists = await db.execute<{ ok: boolean }>(sql`select to_regclass('pgboss.job') is not null as ok`);
    jobs.reset();
    if (!exists.rows[0]?.ok) return; // the jobs never started on this database (API tests)
    const rows = await db.execute<{ name: string; state: string; n: number }>(
      sql`select name, state::text as state, count(*)::int as n from pgboss.job
          where state::text in (${sql.join(
            JOB_STATES.map((s) => sql`${s}`),
            sql`, `,
          )}) group by 1, 2`,
    );
    for (const r of rows.rows) jobs.set({ queue: r.name, state: r.state }, r.n);
  }

  return {
    async refresh() {
      try {
        const result = await db.execute<Figures>(sql`select
          ${count(emailOutbox, "pending")} as mail_pending,
          ${count(emailOutbox, "failed")} as mail_failed,
          ${count(invoices, "pending")} as invoices_pending,
          ${count(invoices, "failed")} as invoices_failed,
          ${count(paymentExceptions, "open")} as payment_exceptions_open,
          (select coalesce(sum(${variants.reserved}), 0)::bigint from ${variants}) as units_reserved,
          (select count(*)::int from ${orders} where ${orders.status} = 'pending_payment') as orders_awaiting_payment`);
        const f = result.rows[0]!;
        mailBacklog.set(f.mail_pending);
        mailFailed.set(f.mail_failed);
        invoicesPending.set(f.invoices_pending);
        invoicesFailed.set(f.invoices_failed);
        exceptionsOpen.set(f.payment_exceptions_open);
        reserved.set(Number(f.units_reserved));
        awaiting.set(f.orders_awaiting_payment);
        await readJobs();
        up.set(1);
      } catch {
        up.set(0);
      }
    },
  };
}
