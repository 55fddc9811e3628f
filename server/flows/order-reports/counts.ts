import { sql } from "drizzle-orm";
import type { Database } from "#server/core/db/client.ts";
import type { AdminOrderFilters } from "#server/modules/orders/admin/schemas.ts";

/*
 * The /orders report's exact counts kept by triggers in the transaction of each change to orders, order_lines and
 * payments (order_counts, drizzle/0011_admin_counters.sql): a total is a sum of a few rows instead of a count of
 * 200 000 lines. Keys: 'lines', 'lines:order:<order status>', 'lines:payment:<payment status>' (lines of orders
 * with a payment in that status) and 'orders:day:<YYYY-MM-DD>' (orders created that Lisbon day).
 */

/** The counts of `keys` (0 for a key never counted). */
export async function orderCountKeys(db: Database, keys: readonly string[]): Promise<Record<string, number>> {
  const { rows } = await db.execute(
    sql`select key, sum(n) as n from order_counts where key = any(${sql.param(keys)}::text[]) group by key`,
  );
  const found = new Map(rows.map((r) => [String(r.key), Number(r.n)]));
  return Object.fromEntries(keys.map((k) => [k, found.get(k) ?? 0]));
}

export async function orderCount(db: Database, key: string): Promise<number> {
  return (await orderCountKeys(db, [key]))[key] ?? 0;
}

/**
 * The counter holding the number of lines the filters match, when one does: no filter, only the payment status
 * or only the order status. Other combinations (dates, method, search) are counted by their query.
 */
export function linesCountKey(filters: Partial<AdminOrderFilters>): string | null {
  const { status, order_status, method, from, to, search } = filters;
  if (method || from || to || search) return null;
  if (status && order_status) return null;
  if (status) return `lines:payment:${status}`;
  if (order_status) return `lines:order:${order_status}`;
  return "lines";
}

/** The key of the orders created on a Lisbon calendar day (YYYY-MM-DD). */
export const ordersDayKey = (day: string) => `orders:day:${day}`;
