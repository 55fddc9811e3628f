/** schema.org structured data of the search pages and the product page's breadcrumb (pure). */
import { absoluteUrl } from "#app/lib/seo.ts";

/** BreadcrumbList: each step's name and path, the last one being the page itself. */
export function breadcrumbJsonLd(steps: Array<{ name: string; path: string }>, publicUrl: string) {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: steps.map((step, i) => ({
      "@type": "ListItem",
      position: i + 1,
      name: step.name,
      item: absoluteUrl(publicUrl, step.path),
    })),
  };
}

/** ItemList of the products shown (a category page), positions counted from the page's first product. */
export function itemListJsonLd(
  products: Array<{ id: number; name: string }>,
  firstPosition: number,
  total: number,
  publicUrl: string,
) {
  return {
    "@context": "https://schema.org",
    "@type": "ItemList",
    numberOfItems: total,
    itemListElement: products.map((p, i) => ({
      "@type": "ListItem",
      position: firstPosition + i,
      url: absoluteUrl(publicUrl, `/produto/${p.id}`),
      name: p.name,
    })),
  };
}
