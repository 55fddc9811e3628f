/**
 * URLs of stored catalogue pictures (served under /uploads/ by the API host).
 *
 * Every upload is kept as `<uuid>.jpg|webp` plus WebP copies `<uuid>-<width>.webp` for the
 * widths below (server/catalog/images.ts, which this mirrors without importing sharp into the
 * browser bundle). A copy is skipped when it would be wider than the original, so a srcset
 * candidate may be missing: CatalogImage then falls back to the original, then to the default.
 */

export const IMAGE_WIDTHS = [320, 640, 1024] as const;
/** Longest side of a stored original: its srcset descriptor (the browser only uses it to choose). */
export const ORIGINAL_MAX_WIDTH = 1600;
export const DEFAULT_IMAGE = "/images/default.jpg";

/** "abc.jpg", 640 -> "abc-640.webp" */
export function variantFileName(fileName: string, width: number): string {
  const dot = fileName.lastIndexOf(".");
  const base = dot > 0 ? fileName.slice(0, dot) : fileName;
  return `${base}-${width}.webp`;
}

/** "/uploads/abc.jpg", or the default picture for an empty name. */
export function uploadPath(fileName: string | null | undefined): string {
  return fileName ? `/uploads/${encodeURIComponent(fileName)}` : DEFAULT_IMAGE;
}

/** srcset of the WebP copies plus the original as the largest candidate. */
export function uploadSrcSet(fileName: string): string {
  return [
    ...IMAGE_WIDTHS.map((w) => `${uploadPath(variantFileName(fileName, w))} ${w}w`),
    `${uploadPath(fileName)} ${ORIGINAL_MAX_WIDTH}w`,
  ].join(", ");
}

/** "a.jpg,b.jpg" or ["a.jpg", "b.jpg"] -> "a.jpg" (the main picture), "" when none. */
export function firstImage(images: string | readonly string[] | null | undefined): string {
  if (!images) return "";
  const list = typeof images === "string" ? images.split(",") : images;
  return list.map((s) => s.trim()).find(Boolean) ?? "";
}
