import type { FastifyInstance, FastifyReply } from "fastify";
import type { Database } from "#server/core/db/client.ts";
import { SITEMAP_MAX_URLS, sitemapFile, sitemapPlan, type SitemapEntry } from "./sitemap.ts";

export type { SitemapEntry } from "./sitemap.ts";

/**
 * robots.txt and sitemap.xml. Both are built from the live catalogue on each
 * request (cached by crawlers for an hour). Past 50 000 URLs, sitemap.xml is an index of
 * /sitemap-1.xml … /sitemap-N.xml (sitemap.ts).
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
  "/acessibilidade",
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
  "/promocoes",
  "/api/",
  // /carrinho, /login and /register stay crawlable on purpose (docs/decisions/0007): they hold
  // nothing private, and blocking them costs the shop its SEO audit. Not in the sitemap either way.
  "/pagamento",
  "/PagamentoConcluido",
  "/verificar-email",
  // The shopper's own pages and the one-time password link: private, and a token must never be crawled.
  "/conta",
  "/redefinir-palavra-passe",
  // The withdrawal's one-time link (the public form itself, /livre-resolucao, stays crawlable).
  "/livre-resolucao/confirmar",
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

/** The index of the sitemap's files: /sitemap-1.xml … /sitemap-{files}.xml. */
export function sitemapIndexXml(publicUrl: string, files: number): string {
  const entries = Array.from(
    { length: files },
    (_, i) => `  <sitemap>\n    <loc>${xmlEscape(`${base(publicUrl)}/sitemap-${i + 1}.xml`)}</loc>\n  </sitemap>`,
  );
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">`,
    ...entries,
    `</sitemapindex>`,
    "",
  ].join("\n");
}

const sendXml = (reply: FastifyReply, xml: string) =>
  reply.type("application/xml; charset=utf-8").header("cache-control", "public, max-age=3600").send(xml);

export function seoRoutes(
  app: FastifyInstance,
  opts: {
    db: Database;
    publicUrl: string;
    /** URLs per sitemap file: the protocol's 50 000 (lower in tests). */
    maxUrls?: number;
  },
): void {
  const { publicUrl } = opts;
  const source = { db: opts.db, pages: SITEMAP_PAGES, maxUrls: opts.maxUrls ?? SITEMAP_MAX_URLS };

  app.get("/robots.txt", { config: { access: "public" } }, async (_request, reply) => {
    return reply
      .type("text/plain; charset=utf-8")
      .header("cache-control", "public, max-age=3600")
      .send(robotsTxt(publicUrl));
  });

  // In the shop only (status 1, not deleted): what visitors may open; every category page.
  app.get("/sitemap.xml", { config: { access: "public" } }, async (_request, reply) => {
    const plan = await sitemapPlan(source);
    return sendXml(
      reply,
      plan.kind === "urlset" ? sitemapXml(publicUrl, plan.entries) : sitemapIndexXml(publicUrl, plan.files),
    );
  });

  app.get<{ Params: { n: string } }>("/sitemap-:n.xml", { config: { access: "public" } }, async (request, reply) => {
    const n = /^[1-9]\d{0,5}$/.test(request.params.n) ? Number(request.params.n) : 0;
    const entries = n > 0 ? await sitemapFile(source, n) : null;
    if (!entries) return reply.status(404).type("text/plain; charset=utf-8").send("Sitemap não encontrado.");
    return sendXml(reply, sitemapXml(publicUrl, entries));
  });
}
