import { IMAGE_WIDTHS, MAX_IMAGE_SIDE, variantFileName } from "#server/modules/catalog/rules.ts";

/**
 * URLs of stored catalogue pictures: served under /uploads/ by the shop itself, or from UPLOADS_PUBLIC_URL
 * (a CDN in front of the pictures) when the owner set it.
 *
 * Every upload is kept as `<uuid>.jpg|webp` plus WebP copies `<uuid>-<width>.webp` for the
 * widths of server/modules/catalog/rules.ts (shared with the server's images.ts). A copy is skipped when
 * it would be wider than the original, so a srcset candidate may be missing: CatalogImage then
 * falls back to the original, then to the default.
 */

export { IMAGE_WIDTHS, variantFileName };
export const DEFAULT_IMAGE = "/images/default.jpg";

/**
 * Where pictures' URLs start: UPLOADS_PUBLIC_URL (without its trailing slash) or "/uploads". The server reads its
 * environment (the SSR bundle is a module of its own, so no setter could reach it); the browser reads what the
 * server rendered into <html data-pictures> (app/root.tsx), so both render the same URLs.
 */
export function picturesBase(): string {
  if (typeof document !== "undefined") return document.documentElement.dataset.pictures || "/uploads";
  return configuredPicturesBase() ?? "/uploads";
}

/** UPLOADS_PUBLIC_URL (the server's environment; in the browser, what the server rendered), or undefined. */
export function configuredPicturesBase(): string | undefined {
  if (typeof document !== "undefined") return document.documentElement.dataset.pictures || undefined;
  if (typeof process === "undefined") return undefined;
  return process.env.UPLOADS_PUBLIC_URL?.trim().replace(/\/+$/, "") || undefined;
}

/** "/uploads/abc.jpg" (or the CDN's URL), or the default picture for an empty name. */
export function uploadPath(fileName: string | null | undefined): string {
  return fileName ? `${picturesBase()}/${encodeURIComponent(fileName)}` : DEFAULT_IMAGE;
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
