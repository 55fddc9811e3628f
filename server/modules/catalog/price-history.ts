import { sql } from "drizzle-orm";
import type { Tx } from "#server/core/db/client.ts";

/** One list price of a product, in force from `validFrom` until the next one's (product_price_history). */
export interface PriceSpan {
  productId: number;
  priceCents: number;
  validFrom: Date;
}

/**
 * The list prices of `productIds` in force at some moment since `from`: per product, the one in force at `from` (if
 * the product existed then) and every later one, oldest first. One query, whatever the number of products.
 */
export async function priceHistorySince(
  db: Tx,
  productIds: readonly number[],
  from: Date,
): Promise<Map<number, PriceSpan[]>> {
  const spans = new Map<number, PriceSpan[]>();
  if (productIds.length === 0) return spans;
  const ids = sql`${`{${productIds.join(",")}}`}::int[]`;
  const at = from.toISOString();
  const rows = await db.execute<{ product_id: number; price_cents: number; valid_from: string | Date; id: string }>(sql`
    (select distinct on (product_id) product_id, price_cents, valid_from, id from product_price_history
      where product_id = any(${ids}) and valid_from <= ${at}::timestamptz
      order by product_id, valid_from desc, id desc)
    union all
    (select product_id, price_cents, valid_from, id from product_price_history
      where product_id = any(${ids}) and valid_from > ${at}::timestamptz)
    order by product_id, valid_from, id`);
  for (const r of rows.rows) {
    const list = spans.get(r.product_id) ?? [];
    list.push({ productId: r.product_id, priceCents: r.price_cents, validFrom: new Date(r.valid_from) });
    spans.set(r.product_id, list);
  }
  return spans;
}
