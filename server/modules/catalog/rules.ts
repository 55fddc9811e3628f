/**
 * Catalogue rules without zod or Node modules, so browser code (the product page, the pictures'
 * srcset, the admin's product screens) uses the same ones as the server. The storefront's first pages
 * load this module: the admin's messages live in admin/rules.ts.
 */

/** The largest id PostgreSQL's `integer` holds. */
export const INT32_MAX = 2_147_483_647;

/** A product id from a page's URL (/produto/:id, the admin's product pages): a positive int32 in digits, else null. */
export function parseProductId(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id >= 1 && id <= INT32_MAX ? id : null;
}

/** Widths of the WebP copies written next to each stored picture, for srcset. */
export const IMAGE_WIDTHS = [320, 640, 1024] as const;
/** Longest side of a stored original (its srcset descriptor). */
export const MAX_IMAGE_SIDE = 1600;

/** "abc.jpg", 640 -> "abc-640.webp": the name of a picture's WebP copy of that width. */
export function variantFileName(fileName: string, width: number): string {
  const dot = fileName.lastIndexOf(".");
  const base = dot > 0 ? fileName.slice(0, dot) : fileName;
  return `${base}-${width}.webp`;
}
