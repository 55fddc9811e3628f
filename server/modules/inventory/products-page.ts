import { sql, type SQL } from "drizzle-orm";
import type { Database } from "#server/core/db/client.ts";

/*
 * The `page` of an admin products list (the stock screen, the products grid), as the CTE its query selects from.
 * A name search takes its matches through products_name_trgm_idx once (materialized), then pages and counts them:
 * walking the list's order index instead filtered most of the catalogue away when the word was a common one
 * ("caneca": 84 ms at 100 000 products against 10 ms). Without a search the page comes off the order's index.
 */

export interface ProductsPage {
  /** `with …` CTEs defining `page` (and `matches` when searching). */
  ctes: SQL;
  /** A select-list item giving the number of matches on every row (searching), else nothing. */
  totalColumn: SQL;
}

export function productsPage(opts: {
  columns: SQL;
  where: SQL;
  orderBy: SQL;
  searching: boolean;
  limit: number;
  offset: number;
}): ProductsPage {
  const { columns, where, orderBy, limit, offset } = opts;
  if (!opts.searching)
    return {
      ctes: sql`with page as (select ${columns} from products p where ${where} order by ${orderBy} limit ${limit} offset ${offset})`,
      totalColumn: sql``,
    };
  return {
    ctes: sql`with matches as materialized (select ${columns} from products p where ${where}),
      page as (select * from matches p order by ${orderBy} limit ${limit} offset ${offset})`,
    totalColumn: sql`(select count(*) from matches) as total,`,
  };
}

/**
 * The number of matches of a search: carried by the page's rows, or (a page past the last one has none) counted.
 */
export async function searchTotal(db: Database, rows: Record<string, unknown>[], where: SQL): Promise<number> {
  if (rows.length > 0) return Number(rows[0]!.total);
  const counted = await db.execute<{ total: string }>(sql`select count(*) as total from products p where ${where}`);
  return Number(counted.rows[0]?.total ?? 0);
}
