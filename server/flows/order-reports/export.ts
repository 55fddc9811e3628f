import { Readable } from "node:stream";
import { sql, type SQL } from "drizzle-orm";
import type { Database } from "#server/core/db/client.ts";
import { SHOP_TIME_ZONE as TIME_ZONE } from "#server/core/time.ts";
import { csvLine, CSV_BOM, euroCell, quoted, referenceCell, textCell } from "./csv.ts";
import { orderConditions, resolveSearch, whereAll } from "./filters.ts";
import type { AdminOrderFilters } from "#server/modules/orders/admin/schemas.ts";
import { ORDER_STATUS_LABELS, type OrderStatus } from "#server/modules/orders/timeline.ts";

/*
 * GET /api/orders/export.csv: the report's filtered orders for the accountant, one row per order, newest
 * first. Streamed in batches of BATCH orders read by keyset (id below the last one sent), so 100 000 orders
 * never sit in memory and each batch is one short indexed query.
 */

const BATCH = 1000;

export const CSV_HEADER = [
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
  // Issue 20: every discount of the order (lines and delivery) and the code used; Total = Subtotal − Desconto + Portes.
  "Desconto (€)",
  "Código de desconto",
];

const METHOD_LABELS: Record<string, string> = { mbway: "MB WAY", mb: "Multibanco", payshop: "Payshop" };

interface ExportRow {
  id: number;
  created: string;
  name: string;
  email: string;
  method: string;
  reference: string | null;
  status: string;
  subtotal_cents: number;
  shipping_cents: number;
  total_cents: number;
  discount_cents: number;
  discount_code: string | null;
}

function rowLine(r: ExportRow): string {
  return csvLine([
    String(r.id),
    r.created,
    textCell(r.name),
    textCell(r.email),
    METHOD_LABELS[r.method] ?? quoted(r.method),
    referenceCell(r.reference),
    ORDER_STATUS_LABELS[r.status as OrderStatus] ?? quoted(r.status),
    euroCell(Number(r.subtotal_cents)),
    euroCell(Number(r.shipping_cents)),
    euroCell(Number(r.total_cents)),
    euroCell(Number(r.discount_cents)),
    r.discount_code === null ? "" : textCell(r.discount_code),
  ]);
}

async function* csvChunks(db: Database, filters: Partial<AdminOrderFilters>): AsyncGenerator<string> {
  yield CSV_BOM + csvLine(CSV_HEADER);
  const conditions = orderConditions(filters, sql`o.id`, await resolveSearch(db, filters.search));
  let below: number | null = null;
  for (;;) {
    const keyset: SQL[] = below === null ? [] : [sql`o.id < ${below}`];
    const { rows }: { rows: Record<string, unknown>[] } = await db.execute(sql`
      select o.id, to_char(o.created_at at time zone ${TIME_ZONE}, 'DD/MM/YYYY HH24:MI') as created,
             u.name, u.email, o.payment_method as method, coalesce(p.reference, p.request_id) as reference,
             o.status, o.subtotal_cents, o.shipping_cents, o.total_cents,
             o.discount_cents + o.shipping_discount_cents as discount_cents, o.discount_code
      from orders o
      join users u on u.id = o.user_id
      left join lateral (
        select reference, request_id from payments where payments.order_id = o.id order by payments.id desc limit 1
      ) p on true
      ${whereAll([...conditions, ...keyset])}
      order by o.id desc
      limit ${BATCH}`);
    if (rows.length === 0) return;
    yield rows.map((r) => rowLine({ ...(r as unknown as ExportRow), id: Number(r.id) })).join("");
    if (rows.length < BATCH) return;
    below = Number(rows.at(-1)!.id);
  }
}

/** The CSV of the orders matching `filters`, as a stream of text. */
export function exportOrdersCsv(db: Database, filters: Partial<AdminOrderFilters>): Readable {
  return Readable.from(csvChunks(db, filters), { objectMode: false });
}
