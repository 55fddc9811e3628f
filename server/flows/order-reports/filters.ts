import { sql, type SQL } from "drizzle-orm";
import { INT32_MAX } from "#server/modules/catalog/rules.ts";
import type { Database } from "#server/core/db/client.ts";
import { SHOP_TIME_ZONE as TIME_ZONE } from "#server/core/time.ts";
import type { AdminOrderFilters } from "#server/modules/orders/admin/schemas.ts";

/*
 * The /orders report's filters as SQL conditions on an order id and its `orders` row (alias `o`), shared by
 * the page, its count and the CSV export. Each search path starts from an index, never from all orders:
 * an order number is the primary key, a reference or MB WAY request id payments_ref_idx / payments_request_idx,
 * a full e-mail users' lower(email) index; a part of a name or e-mail scans only the users (far fewer than
 * orders) and reaches their orders through orders_user_idx. The matching customers are read first
 * (resolveSearch), so the planner sees how many they are: from a pattern alone it cannot tell (a shop
 * whose customers' names share a word would get a plan for thousands). Dates are Lisbon days, both included.
 */

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** What a search text can be: digits (spaces and '#' ignored) are an order number or a reference. */
export function readSearch(text: string): { digits: string | null; orderId: number | null; email: string | null } {
  const compact = text.replace(/[\s#]/g, "");
  const digits = /^\d{1,30}$/.test(compact) ? compact : null;
  const orderId = digits && digits.length <= 10 && Number(digits) <= INT32_MAX ? Number(digits) : null;
  return { digits, orderId, email: EMAIL.test(text) ? text.toLowerCase() : null };
}

/** `text` inside an ILIKE pattern, its wildcards taken literally. */
const likeContains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Above this many matching customers the search keeps them as a subquery (their orders are many anyway). */
const MAX_LISTED_CUSTOMERS = 1000;

/**
 * The customers a search text names: their ids, read before the orders; or null when they stay a subquery
 * (a whole e-mail, which the unique lower(email) index tells the planner is one row, or more than 1 000).
 */
export interface ResolvedSearch {
  text: string;
  customerIds: number[] | null;
}

/** Customers whose e-mail is the text (whole, any case), or whose name or e-mail contains it; none for digits. */
function customersSql(text: string): SQL | null {
  const { digits, email } = readSearch(text);
  if (email) return sql`select u.id from users u where lower(u.email) = ${email}`;
  if (digits) return null;
  const pattern = likeContains(text);
  return sql`select u.id from users u where u.name ilike ${pattern} or u.email ilike ${pattern}`;
}

export async function resolveSearch(db: Database, text: string | undefined): Promise<ResolvedSearch | undefined> {
  if (!text) return undefined;
  const customers = customersSql(text);
  if (!customers) return { text, customerIds: [] };
  if (readSearch(text).email) return { text, customerIds: null };
  const { rows } = await db.execute(sql`${customers} limit ${MAX_LISTED_CUSTOMERS + 1}`);
  const ids = rows.map((r) => Number(r.id));
  return { text, customerIds: ids.length > MAX_LISTED_CUSTOMERS ? null : ids };
}

/** The ids of the orders a search text matches (a small set, each branch from an index). */
function searchedOrderIds({ text, customerIds }: ResolvedSearch): SQL {
  const { digits, orderId } = readSearch(text);
  const branches: SQL[] = [
    digits
      ? sql`select p.order_id from payments p where p.reference = ${digits} or p.request_id = ${text}`
      : sql`select p.order_id from payments p where p.request_id = ${text}`,
  ];
  if (orderId !== null) branches.push(sql`select ${orderId}::int`);
  if (customerIds === null) {
    branches.push(sql`select o2.id from orders o2 where o2.user_id in (${customersSql(text)})`);
  } else if (customerIds.length > 0) {
    branches.push(sql`select o2.id from orders o2 where o2.user_id = any(${sql.param(customerIds)}::int[])`);
  }
  return sql.join(branches, sql` union `);
}

/**
 * The conditions of `filters` on the order id `orderId` (an SQL column such as o.id or l.order_id) and, when
 * `usesOrder` says so, the `orders` row `o`. Empty when nothing filters. A search needs `search` (resolveSearch).
 */
export function orderConditions(
  filters: Partial<AdminOrderFilters>,
  orderId: SQL,
  search: ResolvedSearch | undefined,
): SQL[] {
  const out: SQL[] = [];
  if (filters.status)
    out.push(sql`exists (select 1 from payments p where p.order_id = ${orderId} and p.status = ${filters.status})`);
  if (filters.order_status) out.push(sql`o.status = ${filters.order_status}`);
  if (filters.method) out.push(sql`o.payment_method = ${filters.method}`);
  if (filters.from) out.push(sql`o.created_at >= (${filters.from}::date::timestamp at time zone ${TIME_ZONE})`);
  if (filters.to) out.push(sql`o.created_at < ((${filters.to}::date + 1)::timestamp at time zone ${TIME_ZONE})`);
  if (filters.search) {
    if (search?.text !== filters.search) throw new Error("orderConditions: the search was not resolved");
    out.push(sql`${orderId} in (${searchedOrderIds(search)})`);
  }
  return out;
}

/** Whether the conditions read the `orders` row (every filter but the payment status does). */
export const usesOrder = (filters: Partial<AdminOrderFilters>): boolean =>
  Boolean(filters.order_status || filters.method || filters.from || filters.to || filters.search);

export const whereAll = (conditions: SQL[]): SQL =>
  conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
