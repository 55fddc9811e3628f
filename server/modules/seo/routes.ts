import type { FastifyInstance } from "fastify";
import type { CatalogService } from "#server/modules/catalog/service.ts";

/**
 * robots.txt and sitemap.xml. Both are built from the live catalogue on each
 * request (they are small and cached by crawlers for an hour).
 */

/** The public pages (app/routes.ts) that have content of their own. */
export const SITEMAP_PAGES = [
  "/",
  "/sobre-nos",
  "/contato",
  "/politica-de-cookies",
  "/livro-de-reclamacao",
  "/termos-e-condicoes",
  "/livre-resolucao",
  "/info-envio",
  "/politica-privacidade",
] as const;

/** Admin screens, the API, and pages with nothing to index (cart, payment, account). */
export const DISALLOWED_PATHS = [
  "/dashboard",
  "/produtos",
  "/produto/categoria",
  "/produto/relatorio",
  "/produto/ver/",
  "/orders",
  "/usuarios",
  "/payment-status",
  "/gestao-stock",
  "/stock-baixo",
  "/definicoes",
  "/mensagens",
  "/api/",
  // /carrinho, /login and /register stay crawlable on purpose (docs/decisions/0007): they hold
  // nothing private, and blocking them costs the shop its SEO audit. Not in the sitemap either way.
  "/pagamento",
  "/PagamentoConcluido",
  "/verificar-email",
  // The shopper's own pages and the one-time password link: private, and a token must never be crawled.
  "/conta",
  "/redefinir-palavra-passe",
] as const;

const XML_ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };

/** Text safe inside an XML element or attribute. Characters XML 1.0 forbids are dropped. */
export function xmlEscape(value: string): string {
  return (
    value
      // eslint-disable-next-line no-control-regex -- removing the control characters XML cannot carry
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, "")
      .replace(/[&<>"']/g, (c) => XML_ENTITIES[c]!)
  );
}

const base = (publicUrl: string) => publicUrl.replace(/\/+$/, "");

export function robotsTxt(publicUrl: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    ...DISALLOWED_PATHS.map((p) => `Disallow: ${p}`),
    "",
    `Sitemap: ${base(publicUrl)}/sitemap.xml`,
    "",
  ].join("\n");
}

export interface SitemapEntry {
  path: string;
  /** ISO date or date-time. */
  lastmod?: string;
}

export function sitemapXml(publicUrl: string, entries: readonly SitemapEntry[]): string {
  const urls = entries.map((entry) => {
    const loc = `    <loc>${xmlEscape(base(publicUrl) + entry.path)}</loc>`;
    const lastmod = entry.lastmod ? `\n    <lastmod>${xmlEscape(entry.lastmod)}</lastmod>` : "";
    return `  <url>\n${loc}${lastmod}\n  </url>`;
  });
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">`,
    ...urls,
    `</urlset>`,
    "",
  ].join("\n");
}

/** "2025-03-07T10:20:00.000Z" -> "2025-03-07" (W3C date; undefined when unreadable). */
function w3cDate(iso: string): string | undefined {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString().slice(0, 10);
}

export function seoRoutes(app: FastifyInstance, opts: { catalog: CatalogService; publicUrl: string }): void {
  const { catalog, publicUrl } = opts;

  app.get("/robots.txt", { config: { access: "public" } }, async (_request, reply) => {
    return reply
      .type("text/plain; charset=utf-8")
      .header("cache-control", "public, max-age=3600")
      .send(robotsTxt(publicUrl));
  });

  app.get("/sitemap.xml", { config: { access: "public" } }, async (_request, reply) => {
    // In the shop only (status 1, not deleted): what visitors may open.
    const products = await catalog.listShop();
    const entries: SitemapEntry[] = [
      ...SITEMAP_PAGES.map((path) => ({ path })),
      ...products
        .slice()
        .sort((a, b) => a.id - b.id)
        .map((p) => ({ path: `/produto/${p.id}`, lastmod: w3cDate(p.created_at) })),
    ];
    return reply
      .type("application/xml; charset=utf-8")
      .header("cache-control", "public, max-age=3600")
      .send(sitemapXml(publicUrl, entries));
  });
}
