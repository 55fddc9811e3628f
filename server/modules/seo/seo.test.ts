import type { RouteConfigEntry } from "@react-router/dev/routes";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import routes from "#app/routes.ts";
import { createTestApp, type TestApp } from "#tests/support/db.ts";
import { categories, products } from "#server/modules/catalog/schema.ts";
import { categorySlug } from "#server/modules/catalog/slug.ts";
import { DEMO_PRODUCTS, seedDemoCatalog } from "#server/seed/demo.ts";
import { DISALLOWED_PATHS, SITEMAP_PAGES, sitemapXml, xmlEscape } from "./routes.ts";

/**
 * A small well-formedness check: one prolog, properly nested elements, no stray "<" or "&".
 * Returns the element names in document order.
 */
function parseXml(xml: string): string[] {
  expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n')).toBe(true);
  const body = xml.slice(xml.indexOf("?>") + 2);
  const stack: string[] = [];
  const names: string[] = [];
  const token = /<(\/?)([A-Za-z][\w:.-]*)((?:\s+[\w:.-]+="[^"<&]*")*)\s*(\/?)>|([^<]+)/gy;
  let match: RegExpExecArray | null;
  let consumed = 0;
  while ((match = token.exec(body)) !== null) {
    consumed = token.lastIndex;
    const [, closing, name, , selfClosing, text] = match;
    if (text !== undefined) {
      // Text: only the five predefined entities (or none).
      expect(text.replace(/&(amp|lt|gt|quot|apos);/g, "")).not.toMatch(/[&<>]/);
      if (stack.length === 0) expect(text.trim()).toBe("");
      continue;
    }
    if (closing) {
      expect(stack.pop()).toBe(name);
    } else {
      if (stack.length === 0) expect(names.length).toBe(0); // a single root element
      names.push(name!);
      if (!selfClosing) stack.push(name!);
    }
  }
  expect(consumed).toBe(body.length);
  expect(stack).toEqual([]);
  return names;
}

/** The URL of every page under the admin layout of app/routes.ts, its parameters filled with 1. */
function pagesUnder(entries: readonly RouteConfigEntry[], inside: boolean, prefix = ""): string[] {
  return entries.flatMap((entry) => {
    const path = entry.path ? `${prefix}/${entry.path}` : prefix;
    const here = inside || entry.file === "routes/admin/layout.tsx";
    const own = here && entry.path ? [path.replace(/:[^/]+/g, "1")] : [];
    return [...own, ...pagesUnder(entry.children ?? [], here, path)];
  });
}

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!);

describe("robots.txt and sitemap.xml", () => {
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    t = await createTestApp();
    base = t.config.publicUrl;
    expect(await seedDemoCatalog(t.db, t.config.dataDir)).toBe(true);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("robots.txt allows the shop, disallows the admin paths and points to the sitemap", async () => {
    const res = await t.app.inject({ method: "GET", url: "/robots.txt" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/plain/);
    const lines = res.body.split("\n");
    expect(lines[0]).toBe("User-agent: *");
    expect(lines).toContain("Allow: /");
    // Every admin page of app/routes.ts, and the pages with nothing to index, are disallowed.
    const disallowed = (path: string) =>
      lines.some((l) => l.startsWith("Disallow: ") && path.startsWith(l.slice("Disallow: ".length)));
    const adminPages = pagesUnder(routes, false);
    expect(adminPages).toContain("/dashboard");
    for (const path of [
      ...adminPages,
      "/api/product",
      "/pagamento",
      "/PagamentoConcluido",
      "/verificar-email",
      "/livre-resolucao/confirmar?ligacao=abc",
    ]) {
      expect(disallowed(path), path).toBe(true);
    }
    // Product pages stay crawlable: no rule is a prefix of /produto/{id}.
    const rules = lines.filter((l) => l.startsWith("Disallow: ")).map((l) => l.slice("Disallow: ".length));
    expect(rules.some((rule) => "/produto/12".startsWith(rule))).toBe(false);
    // The cart and the account entry pages are crawlable (docs/decisions/0007).
    for (const open of ["/carrinho", "/login", "/register", "/livre-resolucao"])
      expect(rules.some((rule) => open.startsWith(rule))).toBe(false);
    expect(rules).toEqual([...DISALLOWED_PATHS]);
    expect(lines).toContain(`Sitemap: ${base}/sitemap.xml`);
  });

  it("sitemap.xml lists the public pages, every category page and every product in the shop, none outside it", async () => {
    const res = await t.app.inject({ method: "GET", url: "/sitemap.xml" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^application\/xml/);

    const names = parseXml(res.body);
    expect(names[0]).toBe("urlset");
    expect(res.body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const urlCount = names.filter((n) => n === "url").length;
    expect(names.filter((n) => n === "loc")).toHaveLength(urlCount);

    const rows = await t.db.select({ id: products.id, status: products.status }).from(products);
    const inShop = rows.filter((r) => r.status === 1).map((r) => `${base}/produto/${r.id}`);
    const outOfShop = rows.filter((r) => r.status === 0).map((r) => `${base}/produto/${r.id}`);
    expect(inShop).toHaveLength(DEMO_PRODUCTS.filter((p) => p.status === 1).length);
    expect(outOfShop.length).toBeGreaterThan(0);

    // Every category has its page (issue 19: /categoria/{slug}).
    const categoryPages = (await t.db.select({ name: categories.name }).from(categories)).map(
      (c) => `${base}/categoria/${categorySlug(c.name)}`,
    );
    expect(categoryPages.length).toBeGreaterThan(0);

    const listed = locs(res.body);
    expect(listed).toEqual(
      expect.arrayContaining([...SITEMAP_PAGES.map((p) => base + p), ...categoryPages, ...inShop]),
    );
    expect(listed).toHaveLength(SITEMAP_PAGES.length + categoryPages.length + inShop.length);
    for (const url of outOfShop) expect(listed).not.toContain(url);

    // Every product URL carries a W3C date.
    const productUrls = [
      ...res.body.matchAll(
        /<url>\s*<loc>[^<]*\/produto\/\d+<\/loc>\s*<lastmod>(\d{4}-\d{2}-\d{2})<\/lastmod>\s*<\/url>/g,
      ),
    ];
    expect(productUrls).toHaveLength(inShop.length);

    // One file: no numbered file (sitemap.test.ts splits past the limit), and the route answers through the access hook.
    const numbered = await t.app.inject({ method: "GET", url: "/sitemap-1.xml" });
    expect(numbered.statusCode).toBe(404);
    expect(numbered.body).toBe("Sitemap não encontrado.");
  });

  it("a product taken out of the shop leaves the sitemap, and comes back with it", async () => {
    const [first] = await t.db.select({ id: products.id }).from(products).where(eq(products.status, 1)).limit(1);
    const url = `${base}/produto/${first!.id}`;
    await t.services.catalog.setStatus(first!.id, 0);
    expect(locs((await t.app.inject({ method: "GET", url: "/sitemap.xml" })).body)).not.toContain(url);
    await t.services.catalog.setStatus(first!.id, 1);
    expect(locs((await t.app.inject({ method: "GET", url: "/sitemap.xml" })).body)).toContain(url);
  });

  it("escapes XML in every value", () => {
    expect(xmlEscape(`a&b<c>"d'e`)).toBe("a&amp;b&lt;c&gt;&quot;d&apos;e");
    expect(xmlEscape("x\u0000y\u001Fz")).toBe("xyz");
    const xml = sitemapXml("https://loja.pt/a&b", [{ path: "/produto/1?x=<y>", lastmod: "2025-01-01" }]);
    parseXml(xml);
    expect(xml).toContain("<loc>https://loja.pt/a&amp;b/produto/1?x=&lt;y&gt;</loc>");
  });
});
