/**
 * Category addresses for the loaders: `/categoria/{slug}` with catalog's slug rule (server code, so the
 * browser bundle never carries it; components receive ready hrefs).
 */
import { categorySlug } from "#server/modules/catalog/slug.ts";

export { categorySlug };

export function categoryPath(name: string): string {
  return `/categoria/${categorySlug(name)}`;
}
