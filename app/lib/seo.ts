import type { MetaDescriptor } from "react-router";

/**
 * Search-engine and social-sharing metadata for the public pages (issue 3, item 6):
 * <title>, description, canonical link, Open Graph tags and schema.org JSON-LD.
 * Everything here is pure, so it runs in `meta` functions on the server and the client.
 */

export const SITE_NAME = "Loja";
export const DEFAULT_DESCRIPTION =
  "Canecas, T-shirts e agendas de pequenas marcas portuguesas. Pagamento por MB WAY, Multibanco ou Payshop e envios para Portugal continental e ilhas.";
/** Search snippets show about 155 characters. */
const DESCRIPTION_MAX = 160;

/** "https://loja.pt/" + "/produto/3" -> "https://loja.pt/produto/3" (no double slash). */
export function absoluteUrl(publicUrl: string, path: string): string {
  const base = publicUrl.replace(/\/+$/, "");
  if (/^https?:\/\//i.test(path)) return path;
  return `${base}${path.startsWith("/") ? "" : "/"}${path}`;
}

/** The absolute URL of a stored picture (the original, which social networks scale themselves). */
export function uploadUrl(publicUrl: string, fileName: string): string {
  return absoluteUrl(publicUrl, `/uploads/${encodeURIComponent(fileName)}`);
}

/** One line, at most `max` characters, cut at a word boundary with an ellipsis. */
export function summarize(text: string, max = DESCRIPTION_MAX): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:!?-]+$/, "")}…`;
}

export interface PageSeo {
  /** The page's own title; the site name is appended unless it is already there. */
  title: string;
  /** The shop's name from its settings (app/lib/shop.ts `shopNameIn(matches)`); SITE_NAME without it. */
  siteName?: string;
  description: string;
  publicUrl: string;
  /** Path of the canonical URL, e.g. "/produto/3". */
  path: string;
  /** Absolute image URL for og:image. */
  image?: string;
  imageAlt?: string;
  type?: "website" | "product";
  /** Extra tags (e.g. product:price:amount). */
  extra?: MetaDescriptor[];
}

export function pageTitle(title: string, siteName = SITE_NAME): string {
  return title.includes(siteName) ? title : `${title} | ${siteName}`;
}

/** title, description, canonical link, Open Graph and Twitter card tags. */
export function seoMeta(page: PageSeo): MetaDescriptor[] {
  const siteName = page.siteName ?? SITE_NAME;
  const title = pageTitle(page.title, siteName);
  const description = summarize(page.description);
  const url = absoluteUrl(page.publicUrl, page.path);
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: siteName },
    { property: "og:locale", content: "pt_PT" },
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
  ];
  if (page.image) {
    tags.push({ property: "og:image", content: page.image });
    if (page.imageAlt) tags.push({ property: "og:image:alt", content: page.imageAlt });
    tags.push({ name: "twitter:card", content: "summary_large_image" });
  } else {
    tags.push({ name: "twitter:card", content: "summary" });
  }
  return [...tags, ...(page.extra ?? [])];
}

/** For the admin's screens: "<title> | Loja Admin", and nothing for search engines to keep. */
export function adminMeta(title: string): MetaDescriptor[] {
  return [{ title: `${title} | Loja Admin` }, { name: "robots", content: "noindex" }];
}

/** For error pages: a title, and nothing for search engines to keep. */
export function errorMeta(title: string, description?: string): MetaDescriptor[] {
  return [
    { title: pageTitle(title) },
    ...(description ? [{ name: "description", content: description }] : []),
    { name: "robots", content: "noindex" },
  ];
}

/** 12.5 -> "12.50": schema.org and Open Graph want a plain decimal with a dot. */
export function priceText(euros: number): string {
  return euros.toFixed(2);
}

export interface ProductSeoInput {
  id: number;
  name: string;
  description: string;
  price: number;
  images: readonly string[];
  inStock: boolean;
  categoria?: string | null;
}

/** schema.org Product with one Offer, for rich results. */
export function productJsonLd(product: ProductSeoInput, publicUrl: string): Record<string, unknown> {
  const url = absoluteUrl(publicUrl, `/produto/${product.id}`);
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.name,
    description: summarize(product.description, 5000),
    image: product.images.map((file) => uploadUrl(publicUrl, file)),
    sku: String(product.id),
    ...(product.categoria ? { category: product.categoria } : {}),
    brand: { "@type": "Brand", name: SITE_NAME },
    url,
    offers: {
      "@type": "Offer",
      url,
      price: priceText(product.price),
      priceCurrency: "EUR",
      availability: product.inStock ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
      itemCondition: "https://schema.org/NewCondition",
    },
  };
}

/** The shop's identity fields schema.org's Organization carries (the settings' `identity`, /definicoes). */
export interface OrganizationSeoInput {
  shopName: string;
  legalName: string;
  nipc: string;
  address: string;
  postalCode: string;
  city: string;
  email: string;
  phone: string;
  instagram: string;
  facebook: string;
  tiktok: string;
}

/** schema.org Organization: who sells (name, legal name, NIPC, address, contact, profiles), from the settings. */
export function organizationJsonLd(shop: OrganizationSeoInput, publicUrl: string): Record<string, unknown> {
  const sameAs = [shop.instagram, shop.facebook, shop.tiktok].filter((url) => url !== "");
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: shop.shopName,
    legalName: shop.legalName,
    taxID: shop.nipc,
    vatID: `PT${shop.nipc}`,
    url: absoluteUrl(publicUrl, "/"),
    email: shop.email,
    ...(shop.phone ? { telephone: shop.phone } : {}),
    address: {
      "@type": "PostalAddress",
      streetAddress: shop.address,
      postalCode: shop.postalCode,
      addressLocality: shop.city,
      addressCountry: "PT",
    },
    ...(sameAs.length > 0 ? { sameAs } : {}),
  };
}

/**
 * JSON for a <script type="application/ld+json"> element. "<", ">" and "&" become \u escapes
 * (still the same JSON), so text such as "</script>" or "<!--" in a product name can never end
 * the element or open a comment; U+2028/U+2029 are escaped too for old parsers.
 */
export function serializeJsonLd(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
