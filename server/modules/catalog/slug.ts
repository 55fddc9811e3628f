/**
 * A category's address part: `/categoria/{slug}`. Lower case, accents removed, every run of other characters one
 * "-" ("T-shirts" → "t-shirts", "Sabões & Velas" → "saboes-velas"). Pure: the web app builds links with it too.
 */
export function categorySlug(name: string): string {
  return name
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}
