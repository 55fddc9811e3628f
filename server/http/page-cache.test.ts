import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createDatabase } from "#server/core/db/client.ts";
import { products } from "#server/modules/catalog/schema.ts";
import { shopSettings } from "#server/modules/settings/schema.ts";
import { createServices, type Services } from "#server/services.ts";
import { createTestApp, type TestApp } from "#tests/support/db.ts";
import { createProduct, form, signIn } from "#tests/support/factories.ts";
import type { AuthHeaders } from "#tests/support/http.ts";
import { categories } from "#server/modules/catalog/schema.ts";
import { normalQuery, PageCache, registerPageCache, sendAndKeep } from "./page-cache.ts";
import { sendWebResponse } from "./web.ts";

/*
 * The anonymous page cache (page-cache.ts) on two instances sharing one database. Each instance is the real
 * services (catalogue cache with its LISTEN connection, settings) with the page cache's hook and, in place of
 * React Router, a page that renders the product's name and price through the same catalogue read as the product
 * page (catalog.productPage) with the request's nonce in its script tags, wired as server/http/web.ts wires it.
 * The real pages are checked the same way by tests/e2e/page-cache.spec.ts.
 */

const cspFor = (nonce: string) => `script-src 'self' 'nonce-${nonce}'`;

interface Instance {
  services: Services;
  cache: PageCache;
  app: FastifyInstance;
  renders: number;
  /** Set-Cookie the next page answers with (a page that signs in, say). */
  setCookie?: string;
}

async function pageInstance(services: Services, maxBytes?: number): Promise<Instance> {
  const cache = new PageCache({
    catalogVersion: () => services.catalogCache.version(),
    settings: () => services.settings.get(),
    ...(maxBytes ? { maxBytes } : {}),
  });
  const app = Fastify();
  const instance: Instance = { services, cache, app, renders: 0 };
  registerPageCache(app, cache, { baseHeaders: { "x-frame-options": "SAMEORIGIN" }, cspFor });
  app.get("/*", async (request, reply) => {
    const page = cache.candidate(request);
    const ticket = page ? await cache.ticket() : null;
    const url = new URL(page?.url ?? request.url, "http://loja.test");
    const nonce = randomBytes(16).toString("base64");
    instance.renders++;
    const id = Number(url.pathname.split("/")[2] ?? 0);
    const { product } = await services.catalog.productPage(id);
    const { identity } = await services.settings.get();
    const headers = new Headers({ "content-type": "text/html; charset=utf-8" });
    if (instance.setCookie) headers.set("set-cookie", instance.setCookie);
    const response = new Response(
      `<!doctype html><title>${identity.shopName}</title><script nonce="${nonce}">1</script>` +
        `<h1>${product.name}</h1><p>${product.price} €</p><p>${url.search}</p><script nonce="${nonce}">2</script>`,
      { status: 200, headers },
    );
    reply.header("content-security-policy", cspFor(nonce));
    if (page && ticket) {
      const sent = await sendAndKeep(cache, page, ticket, response, nonce, reply);
      if (sent) return sent;
    }
    return sendWebResponse(reply, response);
  });
  await app.ready();
  return instance;
}

let t: TestApp;
let admin: AuthHeaders;
let a: Instance;
let b: Instance;
let servicesB: Services;
let closeB: () => Promise<void>;
let productId: number;

/** A browser's user agent (light-my-request's own reads as a bot to isbot). */
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36";
const get = (i: Instance, url: string, headers: Record<string, string> = {}) =>
  i.app.inject({ method: "GET", url, headers: { "user-agent": BROWSER, ...headers } });
const nonceOf = (res: LightMyRequestResponse) =>
  /'nonce-([^']+)'/.exec(String(res.headers["content-security-policy"]))![1]!;
const price = (res: LightMyRequestResponse) => /<p>([\d.,]+) €<\/p>/.exec(res.body)?.[1];

/** Reads until the page is served from the cache (the LISTEN connection comes up asynchronously). */
async function warm(i: Instance, url: string, headers: Record<string, string> = {}) {
  await vi.waitFor(
    async () => {
      const res = await get(i, url, headers);
      expect(res.headers["x-page-cache"]).toBe("hit");
    },
    { timeout: 5_000, interval: 20 },
  );
}

async function setPrice(euros: string) {
  const res = await t.app.inject({
    method: "PUT",
    url: `/api/product/updateproductstock/${productId}`,
    headers: admin,
    payload: form({
      fields: { name: "Caneca Azulejo", description: "Caneca.", price: euros, categoria: "Canecas", sizes: "Único" },
    }) as unknown as string,
  });
  expect(res.statusCode, res.body).toBe(200);
}

beforeAll(async () => {
  t = await createTestApp();
  admin = (await signIn(t, "admin")).headers;
  await t.db.insert(categories).values({ name: "Canecas" });
  productId = await createProduct(t, admin, { name: "Caneca Azulejo", price: "12,50" });
  const dbB = createDatabase(t.config.databaseUrl!, { max: 4 });
  servicesB = createServices({ config: t.config, db: dbB });
  closeB = async () => {
    await servicesB.catalogCache.close();
    await servicesB.settings.close();
    await dbB.$client.end();
  };
  a = await pageInstance(t.services);
  b = await pageInstance(servicesB);
});
afterAll(async () => {
  await a?.app.close();
  await b?.app.close();
  await closeB?.();
  await t?.close();
});

describe("anonymous page cache", () => {
  it("serves a kept page equal to the freshly rendered one, with a fresh nonce each time", async () => {
    const url = `/produto/${productId}`;
    await warm(a, url);
    const renders = a.renders;
    const hit1 = await get(a, url);
    const hit2 = await get(a, url);
    expect(a.renders).toBe(renders);
    expect(hit1.headers["x-page-cache"]).toBe("hit");
    // Each answer has its own nonce, the same in its header and in every script tag.
    const n1 = nonceOf(hit1);
    const n2 = nonceOf(hit2);
    expect(n1).not.toBe(n2);
    expect(hit1.body.match(/nonce="([^"]+)"/g)).toEqual([`nonce="${n1}"`, `nonce="${n1}"`]);
    expect(hit2.body.match(/nonce="([^"]+)"/g)).toEqual([`nonce="${n2}"`, `nonce="${n2}"`]);
    expect(Number(hit1.headers["content-length"])).toBe(Buffer.byteLength(hit1.body));

    // The same page rendered afresh (the cache emptied): the same bytes but for the nonce, the same headers.
    a.cache.clear();
    const fresh = await get(a, url);
    expect(fresh.headers["x-page-cache"]).toBeUndefined();
    expect(a.renders).toBe(renders + 1);
    const nf = nonceOf(fresh);
    expect(hit1.body.replaceAll(n1, nf)).toBe(fresh.body);
    expect(hit1.headers["content-type"]).toBe(fresh.headers["content-type"]);
    expect(hit1.headers["content-security-policy"]).toBe(cspFor(n1));
    expect(price(fresh)).toBe("12.5");
  });

  it("shows a product change at once here and on a second instance sharing the database", async () => {
    const url = `/produto/${productId}`;
    await warm(a, url);
    await warm(b, url);
    expect(price(await get(b, url))).toBe("12.5");
    const versionB = servicesB.catalogCache.version();

    await setPrice("15,90");
    // This instance dropped its pages with the write itself: the very next request renders the new price.
    const nextA = await get(a, url);
    expect(nextA.headers["x-page-cache"]).toBeUndefined();
    expect(price(nextA)).toBe("15.9");
    // The other instance learns of it by NOTIFY: once it has arrived, its next request shows the new price.
    await vi.waitFor(() => expect(servicesB.catalogCache.version()).not.toBe(versionB), { timeout: 5_000 });
    const nextB = await get(b, url);
    expect(nextB.headers["x-page-cache"]).toBeUndefined();
    expect(price(nextB)).toBe("15.9");
    expect(price(await get(b, url))).toBe("15.9");

    // A change written by neither instance (SQL, as a migration or a script would): both learn of it by NOTIFY.
    const before = [t.services.catalogCache.version(), servicesB.catalogCache.version()];
    await t.db.update(products).set({ priceCents: 990 }).where(eq(products.id, productId));
    await vi.waitFor(() => {
      expect(t.services.catalogCache.version()).not.toBe(before[0]);
      expect(servicesB.catalogCache.version()).not.toBe(before[1]);
    });
    expect(price(await get(a, url))).toBe("9.9");
    expect(price(await get(b, url))).toBe("9.9");
  });

  it("drops kept pages on every instance when the admin saves synonyms (they change what a search finds)", async () => {
    const before = [t.services.catalogCache.version(), servicesB.catalogCache.version()];
    await t.services.search.saveSynonyms([["caneca", "chávena"]], 0);
    await vi.waitFor(
      () => {
        expect(t.services.catalogCache.version()).not.toBe(before[0]);
        expect(servicesB.catalogCache.version()).not.toBe(before[1]);
      },
      { timeout: 5_000 },
    );
  });

  it("renders again after the settings change (their own NOTIFY)", async () => {
    const url = `/produto/${productId}`;
    await warm(b, url);
    const settings = await t.services.settings.get();
    const changed = { ...settings, identity: { ...settings.identity, shopName: "Loja Nova" } };
    await t.db
      .insert(shopSettings)
      .values({ id: 1, data: changed })
      .onConflictDoUpdate({ target: shopSettings.id, set: { data: changed } });
    await vi.waitFor(async () => expect((await get(b, url)).body).toContain("<title>Loja Nova</title>"), {
      timeout: 5_000,
    });
  });

  it("never serves nor keeps a page for a request with a session or CSRF cookie", async () => {
    const url = `/produto/${productId}`;
    await warm(a, url);
    const stores = a.cache.stats().stores;
    for (const cookie of [admin.cookie, "loja_session=expired", "loja_csrf=x", "cookieConsent=true; loja_session=x"]) {
      const renders = a.renders;
      const res = await get(a, url, { cookie });
      expect(res.headers["x-page-cache"]).toBeUndefined();
      expect(a.renders).toBe(renders + 1);
    }
    expect(a.cache.stats().stores).toBe(stores);
  });

  it("never keeps an answer with Set-Cookie", async () => {
    const url = `/produto/${productId}?com=cookie`;
    a.setCookie = "visto=1; Path=/";
    try {
      const first = await get(a, url);
      expect(first.headers["set-cookie"]).toEqual(["visto=1; Path=/"]);
      const stores = a.cache.stats().stores;
      const again = await get(a, url);
      expect(again.headers["x-page-cache"]).toBeUndefined();
      expect(again.headers["set-cookie"]).toEqual(["visto=1; Path=/"]);
      expect(a.cache.stats().stores).toBe(stores);
    } finally {
      delete a.setCookie;
    }
  });

  it("keys on the query's normal form, the cookie notice and crawlers", async () => {
    expect(normalQuery("q=caneca+azul&utm_source=x&cor=Azul&cor=Verde&fbclid=1")).toBe(
      "?q=caneca+azul&cor=Azul&cor=Verde",
    );
    expect(normalQuery("q=caneca%20azul")).toBe("?q=caneca+azul");
    expect(normalQuery("utm_campaign=x")).toBe("");
    const base = `/produto/${productId}`;
    await warm(a, `${base}?q=caneca+azul`);
    const renders = a.renders;
    const same = await get(a, `${base}?q=caneca%20azul&utm_source=newsletter`);
    expect(same.headers["x-page-cache"]).toBe("hit");
    expect(a.renders).toBe(renders);
    // Another key each: what the visitor consented to (the cookie notice), a crawler (whole document), another query.
    for (const [url, headers] of [
      [`${base}?q=caneca+azul`, { cookie: "cookieConsent=true" }],
      [`${base}?q=caneca+azul`, { "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" }],
      [`${base}?q=caneca`, {}],
    ] as const) {
      const res = await get(a, url, headers);
      expect(res.headers["x-page-cache"], `${url} ${JSON.stringify(headers)}`).toBeUndefined();
    }
    expect(a.renders).toBe(renders + 3);
    // Only the four kinds of catalogue page.
    for (const path of ["/carrinho", "/conta", "/produto/1/x", "/pesquisa/x"]) {
      expect(a.cache.candidate({ method: "GET", url: path, headers: {} } as never)).toBeNull();
    }
    expect(a.cache.candidate({ method: "HEAD", url: "/", headers: {} } as never)).toBeNull();
    expect(a.cache.candidate({ method: "GET", url: "/pesquisa?q=x", headers: {} } as never)).not.toBeNull();
  });

  it("stays within its memory bound, the least recently used pages going first", async () => {
    const max = 700; // about three pages of ~210 bytes
    const small = await pageInstance(t.services, max);
    try {
      const urls = [1, 2, 3, 4, 5].map((n) => `/produto/${productId}?p=${n}`);
      await warm(small, urls[0]!);
      const one = small.cache.stats().bytes;
      expect(one).toBeGreaterThan(max / 4);
      const fits = Math.floor(max / one);
      expect(fits).toBeGreaterThan(1);
      for (const url of urls.slice(1)) await get(small, url);
      await get(small, urls[urls.length - fits]!); // the oldest of those kept, used again: now the newest
      await get(small, `/produto/${productId}?p=6`);
      const stats = small.cache.stats();
      expect(stats.bytes).toBeLessThanOrEqual(max);
      expect(stats.entries).toBe(fits);
      expect((await get(small, urls[urls.length - fits]!)).headers["x-page-cache"]).toBe("hit");
      expect((await get(small, urls[0]!)).headers["x-page-cache"]).toBeUndefined();
    } finally {
      await small.app.close();
    }
  });

  it("keeps nothing while the catalogue cache cannot be trusted (not listening)", async () => {
    const version = vi.spyOn(t.services.catalogCache, "version").mockReturnValue(null);
    try {
      const url = `/produto/${productId}?sem=listen`;
      const stores = a.cache.stats().stores;
      await get(a, url);
      expect((await get(a, url)).headers["x-page-cache"]).toBeUndefined();
      expect(a.cache.stats().stores).toBe(stores);
    } finally {
      version.mockRestore();
    }
  });
});

describe("anonymous page cache and automatic promotions' start and end (issue 20)", () => {
  it("serves a page only until the next start or end of an automatic promotion, and keeps none rendered across it", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(new Date("2026-11-20T12:00:00Z"));
      const settings = {};
      let until: number | null = Date.parse("2026-11-20T12:00:30Z");
      const cache = new PageCache({
        catalogVersion: () => 1,
        settings: async () => settings,
        validUntil: async () => until,
      });
      const candidate = { key: "vn /produto/1", url: "/produto/1", isSearch: false };
      const page = {
        status: 200,
        headers: new Headers({ "content-type": "text/html" }),
        body: Buffer.from("<p>40 €</p>"),
      };
      expect(await cache.store(candidate, (await cache.ticket())!, page, "")).toBe(true);
      vi.setSystemTime(until - 1);
      expect(await cache.lookup(candidate.key)).toBeDefined();
      vi.setSystemTime(until);
      expect(await cache.lookup(candidate.key)).toBeUndefined();
      // Rendered before a boundary, finished after it: not kept.
      until = Date.now() + 10;
      const ticket = await cache.ticket();
      vi.setSystemTime(until);
      expect(await cache.store(candidate, ticket!, page, "")).toBe(false);
      // No boundary ahead: kept as before (the 60 s bound only).
      until = null;
      expect(await cache.store(candidate, (await cache.ticket())!, page, "")).toBe(true);
      vi.setSystemTime(Date.now() + 59_000);
      expect(await cache.lookup(candidate.key)).toBeDefined();
    } finally {
      vi.useRealTimers();
    }
  });
});
