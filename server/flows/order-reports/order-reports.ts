import type { Readable } from "node:stream";
import { asc, desc, eq, sql, type SQL } from "drizzle-orm";
import type { Database } from "#server/core/db/client.ts";
import { users } from "#server/modules/accounts/schema.ts";
import { orderLines, orders } from "#server/modules/orders/schema.ts";
import { payments } from "#server/modules/payments/schema.ts";
import { NotFoundError } from "#server/core/errors.ts";
import { formatYmd, lisbonParts } from "#server/core/time.ts";
import { linesCountKey, orderCount, orderCountKeys, ordersDayKey } from "./counts.ts";
import { exportOrdersCsv } from "./export.ts";
import { orderConditions, type ResolvedSearch, resolveSearch, usesOrder, whereAll } from "./filters.ts";
import {
  ADMIN_ORDER_MESSAGES as M,
  type AdminOrder,
  type AdminOrderFilters,
  type AdminOrderLine,
  type AdminOrdersQuery,
  type OrdersPerDay,
} from "#server/modules/orders/admin/schemas.ts";
import type { OrderStatus } from "#server/modules/orders/timeline.ts";

/*
 * Admin reads of orders (the /orders report and its chart), with each order's latest payment: a flow, as it
 * reads the orders and the payments modules' tables together. Read-only, paged and aggregated in SQL, so each
 * call stays well under a second at 100 000 orders. Checkout creates one payment per order; should an order
 * ever have more, the latest one is shown.
 */

/** pg returns bigint as text. */
const num = (value: unknown): number => (value === null || value === undefined ? 0 : Number(value));
const euros = (cents: number) => Math.round(cents) / 100;
const isoOrNull = (d: Date | null) => (d ? d.toISOString() : null);

/** An instant as ISO 8601 UTC text, computed in SQL (raw queries return timestamps as text). */
const iso = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

type PaymentStatus = AdminOrderLine["payment_status"];
type Method = AdminOrderLine["metodo_pagamento"];

type LinesQuery = Pick<AdminOrdersQuery, "page" | "limit"> & Partial<AdminOrderFilters>;

/**
 * The two statements of GET /api/orders: the page of lines (unfiltered, straight off the order_lines index by
 * order id; the page's rows only then joined to orders, users and the latest payment) and the count of every
 * matching line, for a search already resolved (admin-filters.ts). Exported so a test can read their plans.
 */
export function linesQueries(query: LinesQuery, search: ResolvedSearch | undefined): { page: SQL; count: SQL } {
  const offset = (query.page - 1) * query.limit;
  const where = whereAll(orderConditions(query, sql`l.order_id`, search));
  const source = usesOrder(query)
    ? sql`from order_lines l join orders o on o.id = l.order_id ${where}`
    : sql`from order_lines l ${where}`;
  const page = sql`
    with page as (
      select l.id, l.order_id ${source}
      order by l.order_id desc, l.id
      limit ${query.limit} offset ${offset}
    )
    select o.id, l.id as line_id, coalesce(p.reference, p.request_id) as payment_reference,
           o.user_id, u.name as cliente_nome, u.email as cliente_email,
           l.product_id, l.product_name, l.quantity, ${iso(sql`o.created_at`)} as created_at,
           p.status as payment_status, ${iso(sql`o.confirmation_sent_at`)} as confirmed_at,
           o.total_cents, o.payment_method, o.status as order_status
    from page
    join order_lines l on l.id = page.id
    join orders o on o.id = page.order_id
    join users u on u.id = o.user_id
    left join lateral (
      select status, reference, request_id from payments
      where payments.order_id = o.id order by payments.id desc limit 1
    ) p on true
    order by page.order_id desc, page.id`;
  return { page, count: sql`select count(*) as total ${source}` };
}

/**
 * GET /api/orders (and /orders): one row per order line, newest order first, one page, with the total
 * number of matching lines. "Newest" is the highest order id: ids are taken when the order row is
 * inserted, in the transaction that sets created_at, so they follow creation order and, unfiltered, the
 * page comes straight off the order_lines index (order_id) without sorting the table; only the page's
 * rows are then joined to orders, users and payments. Filters: admin-filters.ts.
 */
export async function listOrderLines(
  db: Database,
  query: LinesQuery,
): Promise<{ items: AdminOrderLine[]; total: number }> {
  const { page: pageSql, count: countSql } = linesQueries(query, await resolveSearch(db, query.search));
  // The total from its counter when one holds it (counts.ts), else counted.
  const countKey = linesCountKey(query);
  const [page, total] = await Promise.all([
    db.execute(pageSql),
    countKey ? orderCount(db, countKey) : db.execute(countSql).then((r) => num(r.rows[0]?.total)),
  ]);
  const items = page.rows.map((r) => ({
    id: num(r.id),
    line_id: num(r.line_id),
    payment_reference: (r.payment_reference as string | null) ?? null,
    user_id: num(r.user_id),
    cliente_nome: String(r.cliente_nome),
    cliente_email: String(r.cliente_email),
    product_id: num(r.product_id),
    product_name: String(r.product_name),
    quantity: num(r.quantity),
    created_at: String(r.created_at),
    payment_status: (r.payment_status as PaymentStatus) ?? null,
    paymentConfirmed: r.confirmed_at !== null,
    confirmedAt: (r.confirmed_at as string | null) ?? null,
    amount: euros(num(r.total_cents)),
    metodo_pagamento: r.payment_method as Method,
    order_status: r.order_status as OrderStatus,
  }));
  return { items, total };
}

/** GET /api/orders/export.csv: the filtered orders as a CSV stream, and its file name (Lisbon's date). */
export function exportOrders(
  db: Database,
  filters: Partial<AdminOrderFilters>,
): { filename: string; stream: Readable } {
  const p = lisbonParts(new Date());
  const day = `${p.year}-${String(p.month).padStart(2, "0")}-${String(p.day).padStart(2, "0")}`;
  return { filename: `encomendas-${day}.csv`, stream: exportOrdersCsv(db, filters) };
}

/** GET /api/orders/:id: the order with its customer, delivery data, lines and latest payment. */
export async function adminOrder(db: Database, id: number): Promise<AdminOrder> {
  const [orderRows, lineRows, paymentRows] = await Promise.all([
    db
      .select({ order: orders, clienteNome: users.name, clienteEmail: users.email })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(eq(orders.id, id)),
    db.select().from(orderLines).where(eq(orderLines.orderId, id)).orderBy(asc(orderLines.id)),
    db.select().from(payments).where(eq(payments.orderId, id)).orderBy(desc(payments.id)).limit(1),
  ]);
  const row = orderRows[0];
  if (!row) throw new NotFoundError(M.orderNotFound);
  const o = row.order;
  const p = paymentRows[0];
  return {
    id: o.id,
    user_id: o.userId,
    cliente_nome: row.clienteNome,
    cliente_email: row.clienteEmail,
    status: o.status as OrderStatus,
    metodo_pagamento: o.paymentMethod as Method,
    created_at: o.createdAt.toISOString(),
    paid_at: isoOrNull(o.paidAt),
    subtotal: euros(o.subtotalCents),
    shipping: euros(o.shippingCents),
    total: euros(o.totalCents),
    dados_entrega: {
      nome: o.deliveryName,
      morada: o.deliveryAddress,
      codigo_postal: o.deliveryPostalCode,
      cidade: o.deliveryCity,
      telefone: o.deliveryPhone,
      entrega_rapida: o.fastDelivery,
    },
    payment: p
      ? {
          status: p.status as NonNullable<PaymentStatus>,
          entidade: p.entity,
          referencia: p.reference,
          request_id: p.requestId,
          telefone: p.phone,
          validade: p.method === "mbway" || !p.expiresAt ? null : formatYmd(p.expiresAt),
          valor: euros(p.amountCents),
        }
      : null,
    lines: lineRows.map((l) => ({
      product_id: l.productId,
      product_name: l.productName,
      color: l.colorName,
      size: l.sizeName,
      quantity: l.quantity,
      unit_price: euros(l.unitPriceCents),
    })),
    paymentConfirmed: o.confirmationSentAt !== null,
    confirmedAt: isoOrNull(o.confirmationSentAt),
  };
}

/**
 * GET /api/orders/por-tempo: orders created on each of the last `days` calendar days in
 * Lisbon (today included), oldest first, days without orders as zeros. Each day's figure is its
 * counter (counts.ts), kept in the transaction that creates, moves or deletes an order.
 */
export async function ordersPerDay(db: Database, days: number): Promise<OrdersPerDay> {
  const p = lisbonParts(new Date());
  const today = Date.UTC(p.year, p.month - 1, p.day);
  const dias = Array.from({ length: days }, (_, i) =>
    new Date(today - (days - 1 - i) * 86_400_000).toISOString().slice(0, 10),
  );
  const counts = await orderCountKeys(db, dias.map(ordersDayKey));
  return dias.map((dia) => ({ dia, total_pedidos: counts[ordersDayKey(dia)] ?? 0 }));
}

/** The admin's order report bound to one database: the routes' and the loaders' `services.adminOrders`. */
export interface AdminOrdersService {
  listLines(query: LinesQuery): Promise<{ items: AdminOrderLine[]; total: number }>;
  exportCsv(filters: Partial<AdminOrderFilters>): { filename: string; stream: Readable };
  getOrder(id: number): Promise<AdminOrder>;
  perDay(days: number): Promise<OrdersPerDay>;
}

export function adminOrdersService(db: Database): AdminOrdersService {
  return {
    listLines: (query) => listOrderLines(db, query),
    exportCsv: (filters) => exportOrders(db, filters),
    getOrder: (id) => adminOrder(db, id),
    perDay: (days) => ordersPerDay(db, days),
  };
}
