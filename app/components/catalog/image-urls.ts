import { IMAGE_WIDTHS, MAX_IMAGE_SIDE, variantFileName } from "#server/modules/catalog/rules.ts";

/**
 * URLs of stored catalogue pictures (served under /uploads/ by the API host).
 *
 * Every upload is kept as `<uuid>.jpg|webp` plus WebP copies `<uuid>-<width>.webp` for the
 * widths of server/modules/catalog/rules.ts (shared with the server's images.ts). A copy is skipped when
 * it would be wider than the original, so a srcset candidate may be missing: CatalogImage then
 * falls back to the original, then to the default.
 */

export { IMAGE_WIDTHS, variantFileName };
export const DEFAULT_IMAGE = "/images/default.jpg";

/** "/uploads/abc.jpg", or the default picture for an empty name. */
export function uploadPath(fileName: string | null | undefined): string {
  return fileName ? `/uploads/${encodeURIComponent(fileName)}` : DEFAULT_IMAGE;
}

/** srcset of the WebP copies plus the original as the largest candidate. */
export function uploadSrcSet(fileName: string): string {
  return [
    ...IMAGE_WIDTHS.map((w) => `${uploadPath(variantFileName(fileName, w))} ${w}w`),
    `${uploadPath(fileName)} ${MAX_IMAGE_SIDE}w`,
  ].join(", ");
}

/** "a.jpg,b.jpg" or ["a.jpg", "b.jpg"] -> "a.jpg" (the main picture), "" when none. */
export function firstImage(images: string | readonly string[] | null | undefined): string {
  if (!images) return "";
  const list = typeof images === "string" ? images.split(",") : images;
  return list.map((s) => s.trim()).find(Boolean) ?? "";
}
