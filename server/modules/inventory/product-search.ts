import { type SQL, sql } from "drizzle-orm";
import { likeContains } from "#server/core/zod.ts";

/**
 * The products not deleted as `p`, only those whose name contains `search` when there is one. The search is a
 * subquery the planner keeps apart (OFFSET 0), so it finds the matches through the trigram index and sorts those,
 * instead of walking every product in the page's order and testing each name.
 */
export function searchedProducts(search: string | undefined): SQL {
  return search
    ? sql`(select * from products p0 where p0.deleted_at is null and p0.name ilike ${likeContains(search)} offset 0) p`
    : sql`products p where p.deleted_at is null`;
}
