import { randomBytes } from "node:crypto";
import type { OutgoingHttpHeaders } from "node:http";
import { gzipSync } from "node:zlib";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { isbot } from "isbot";
import { CSRF_COOKIE, SESSION_COOKIE } from "#server/modules/accounts/sessions.ts";
import { cookieHeaderHasConsent } from "#app/lib/storage.ts";

/**
 * Anonymous page cache (issue 19 item 6, docs/decisions/0017-anonymous-page-cache.md): the server-rendered HTML of
 * the storefront's catalogue pages (home, product, category, search) for visitors without a session, kept in memory
 * per catalogue version and settings version and answered by the first onRequest hook.
 *
 * - Versions: the catalogue cache's version (server/modules/catalog/cache.ts: changes on every NOTIFY of
 *   `loja_catalog`, on this instance's own writes, and is null while LISTEN is down) and the settings object of now
 *   (SettingsService.get returns the same object until `loja_settings` is notified or the copy expires). Both are
 *   read BEFORE a page is rendered and checked again before it is stored, so a page rendered across a change is
 *   never kept, and a kept page is never older than the versions it is served for.
 * - Never cached: any method but GET, any path but the four kinds, a request carrying the session or CSRF cookie
 *   (signed in, or a stale session: its pages hold a CSRF token), any answer but a 200 HTML page without Set-Cookie,
 *   and search pages with no result (the search counts zero-result queries on every request).
 * - Per-visitor bits: the CSP nonce is per request, so the page is stored split around its nonce and every answer
 *   gets a fresh nonce in the same places and in its Content-Security-Policy header. The cookie notice depends on
 *   the consent cookie and crawlers get the whole document at once (entry.server.tsx): both are part of the key.
 * - Key: the path and its query in normal form (encoded alike, tracking parameters dropped); the page is rendered
 *   from that normal URL, so every URL with the same normal form gets the same bytes.
 * - Time: pages show automatic promotions' prices, which change at a promotion's start or end without any write; a
 *   page is kept no later than the next such moment (`validUntil`, read with the versions before the render).
 * - Memory: least recently used pages go first past `maxBytes`; entries older than `maxAgeMs` are not served
 *   (a bound should a notification ever be lost, like the catalogue cache's).
 */

export interface PageCacheDeps {
  /** CatalogCache.version(): null while the catalogue cache cannot be trusted. */
  catalogVersion: () => number | null;
  /** SettingsService.get(): the same object for as long as the settings have not changed. */
  settings: () => Promise<object>;
  /**
   * When pages rendered now stop being true without any write (epoch ms; null: not foreseen): the next start or end
   * of an automatic promotion, whose prices every catalogue page shows (issue 20).
   */
  validUntil?: () => Promise<number | null>;
  maxBytes?: number;
  maxAgeMs?: number;
}

/** A request whose page may come from (and go to) the cache. */
export interface PageCandidate {
  key: string;
  /** The normal form of the request's path and query: what the page is rendered from. */
  url: string;
  isSearch: boolean;
}

/** The versions a render started at. */
export interface PageTicket {
  catalog: number;
  settings: object;
  /** Epoch ms after which the page must not be served (validUntil), or null. */
  until: number | null;
}

interface Entry {
  /** The page split around its nonce: parts[0] nonce parts[1] nonce … parts[n]. */
  parts: Buffer[];
  /** The page's length without its nonces. */
  length: number;
  /** The renderer's own headers (content-type…), without Set-Cookie, CSP or lengths. */
  headers: [string, string][];
  bytes: number;
  catalog: number;
  settings: object;
  until: number | null;
  at: number;
}

export interface PageCacheStats {
  hits: number;
  misses: number;
  stores: number;
  entries: number;
  bytes: number;
}

export const PAGE_CACHE_MAX_BYTES = 64 * 1024 * 1024;
const MAX_AGE_MS = 60_000;
const CACHED_PATH = /^\/(?:produto\/[^/]+|categoria\/[^/]+|pesquisa)?$/;
const TRACKING = /^(?:utm_.*|fbclid|gclid|msclkid|mc_cid|mc_eid)$/i;
/** The search page's empty state (spec text): such a page is never stored, so every visit is counted. */
const NO_RESULTS = Buffer.from("Sem resultados para");

export class PageCache {
  private entries = new Map<string, Entry>();
  private bytes = 0;
  private counts = { hits: 0, misses: 0, stores: 0 };
  private readonly maxBytes: number;
  private readonly maxAgeMs: number;
  private readonly deps: PageCacheDeps;

  constructor(deps: PageCacheDeps) {
    this.deps = deps;
    this.maxBytes = deps.maxBytes ?? PAGE_CACHE_MAX_BYTES;
    this.maxAgeMs = deps.maxAgeMs ?? MAX_AGE_MS;
  }

  /** Whether this request's page may be cached: an anonymous GET of a catalogue page. Reads headers only. */
  candidate(request: FastifyRequest): PageCandidate | null {
    if (request.method !== "GET") return null;
    const url = request.url;
    const q = url.indexOf("?");
    const path = q === -1 ? url : url.slice(0, q);
    if (!CACHED_PATH.test(path)) return null;
    const cookie = request.headers.cookie;
    if (cookie && hasCookie(cookie, [SESSION_COOKIE, CSRF_COOKIE])) return null;
    const normal = path + normalQuery(q === -1 ? "" : url.slice(q + 1));
    const ua = request.headers["user-agent"];
    const variant = `${ua && isbot(ua) ? "b" : "v"}${cookieHeaderHasConsent(cookie ?? null) ? "c" : "n"}`;
    return { key: `${variant} ${normal}`, url: normal, isSearch: path === "/pesquisa" };
  }

  /** The versions of now, or null when nothing can be cached (the catalogue cache is not listening). */
  async ticket(): Promise<PageTicket | null> {
    const catalog = this.deps.catalogVersion();
    if (catalog === null) return null;
    const [settings, until] = await Promise.all([this.deps.settings(), this.deps.validUntil?.() ?? null]);
    return { catalog, settings, until };
  }

  /** The page for `key` if it was rendered at the versions of now. */
  async lookup(key: string): Promise<Entry | undefined> {
    const entry = this.entries.get(key);
    if (!entry) {
      this.counts.misses++;
      return undefined;
    }
    const catalog = this.deps.catalogVersion();
    const now = Date.now();
    if (catalog !== entry.catalog || now - entry.at > this.maxAgeMs) return this.evict(key, entry);
    if (entry.until !== null && now >= entry.until) return this.evict(key, entry);
    if ((await this.deps.settings()) !== entry.settings) return this.evict(key, entry);
    // Most recently used last: the Map's order is the eviction order.
    this.entries.delete(key);
    this.entries.set(key, entry);
    this.counts.hits++;
    return entry;
  }

  /**
   * Keeps a rendered page when it may be kept: a 200 HTML page without Set-Cookie, rendered entirely at the
   * versions of now (the ticket, taken before the render, is still current). Returns whether it was stored.
   */
  async store(
    candidate: PageCandidate,
    ticket: PageTicket,
    page: { status: number; headers: Headers; body: Buffer },
    nonce: string,
  ): Promise<boolean> {
    if (page.status !== 200) return false;
    if (!(page.headers.get("content-type") ?? "").startsWith("text/html")) return false;
    if (page.headers.has("set-cookie")) return false;
    if (candidate.isSearch && page.body.includes(NO_RESULTS)) return false;
    if (this.deps.catalogVersion() !== ticket.catalog) return false;
    if (ticket.until !== null && Date.now() >= ticket.until) return false;
    if ((await this.deps.settings()) !== ticket.settings) return false;
    const parts = nonce ? split(page.body, Buffer.from(nonce)) : [page.body];
    const headers: [string, string][] = [];
    for (const [name, value] of page.headers) {
      if (!SKIPPED_HEADERS.has(name)) headers.push([name, value]);
    }
    const bytes = page.body.length + candidate.key.length;
    if (bytes > this.maxBytes) return false;
    const old = this.entries.get(candidate.key);
    if (old) this.evict(candidate.key, old);
    const length = parts.reduce((sum, p) => sum + p.length, 0);
    this.entries.set(candidate.key, { parts, length, headers, bytes, ...ticket, at: Date.now() });
    this.bytes += bytes;
    this.counts.stores++;
    for (const [key, entry] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.evict(key, entry);
    }
    return true;
  }

  clear(): void {
    this.entries = new Map();
    this.bytes = 0;
  }

  stats(): PageCacheStats {
    return { ...this.counts, entries: this.entries.size, bytes: this.bytes };
  }

  private evict(key: string, entry: Entry): undefined {
    if (this.entries.get(key) === entry) {
      this.entries.delete(key);
      this.bytes -= entry.bytes;
    }
    this.counts.misses++;
    return undefined;
  }
}

/** Headers a cached page gets anew on every answer (or never). */
const SKIPPED_HEADERS = new Set(["set-cookie", "content-length", "content-security-policy", "transfer-encoding"]);

/** The page's bytes with `nonce` in the places the render put its own. */
export function withNonce(parts: readonly Buffer[], nonce: string): Buffer {
  if (parts.length === 1) return parts[0]!;
  const n = Buffer.from(nonce);
  const list: Buffer[] = [];
  parts.forEach((part, i) => {
    if (i > 0) list.push(n);
    list.push(part);
  });
  return Buffer.concat(list);
}

function split(body: Buffer, needle: Buffer): Buffer[] {
  const parts: Buffer[] = [];
  let from = 0;
  for (let at = body.indexOf(needle, from); at !== -1; at = body.indexOf(needle, from)) {
    parts.push(body.subarray(from, at));
    from = at + needle.length;
  }
  parts.push(body.subarray(from));
  // Copies, so the entry does not keep a larger buffer alive.
  return parts.map((p) => Buffer.from(p));
}

function hasCookie(header: string, names: string[]): boolean {
  return header.split(";").some((part) => {
    const name = part.slice(0, part.indexOf("=")).trim();
    return names.includes(name);
  });
}

/**
 * The query in normal form: "?a=1&b=2" or "" — every parameter encoded alike, in the order sent (a page may build
 * its links or its canonical redirect from that order), tracking parameters (utm_*, fbclid…) dropped.
 */
export function normalQuery(search: string): string {
  if (!search) return "";
  const params = [...new URLSearchParams(search)].filter(([name]) => !TRACKING.test(name));
  const out = new URLSearchParams(params).toString();
  return out ? `?${out}` : "";
}

/** gzip is accepted unless refused with q=0. */
function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  return header.split(",").some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(";");
    if (coding !== "gzip" && coding !== "*") return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    return !q || Number(q.slice(2)) > 0;
  });
}

/**
 * The first onRequest hook (registered right after the hot reads): a cached page is answered from memory with the
 * headers the normal path gives an HTML page (helmet's, the HTML Content-Security-Policy with a fresh nonce, the
 * renderer's own), before cookies, sessions and the renderer run. Anything else goes on through the lifecycle.
 */
export function registerPageCache(
  app: FastifyInstance,
  cache: PageCache,
  opts: { baseHeaders: OutgoingHttpHeaders; cspFor: (nonce: string) => string },
): void {
  app.addHook("onRequest", (request, reply, done) => {
    const candidate = cache.candidate(request);
    if (!candidate) return done();
    cache.lookup(candidate.key).then(
      (entry) => {
        if (!entry) return done();
        const nonce = randomBytes(16).toString("base64");
        const headers: OutgoingHttpHeaders = { ...opts.baseHeaders };
        for (const [name, value] of entry.headers) headers[name] = value;
        headers["content-security-policy"] = opts.cspFor(nonce);
        headers["x-page-cache"] = "hit";
        reply.hijack();
        const res = reply.raw;
        if (acceptsGzip(request.headers["accept-encoding"])) {
          const body = gzipSync(withNonce(entry.parts, nonce), { level: 4 });
          headers["content-encoding"] = "gzip";
          headers.vary = "accept-encoding";
          headers["content-length"] = body.length;
          res.writeHead(200, headers).end(body);
          return;
        }
        // The parts and the nonce written as they are (one writev once uncorked): no copy of the page per answer.
        const n = Buffer.from(nonce);
        headers["content-length"] = entry.length + n.length * (entry.parts.length - 1);
        res.writeHead(200, headers);
        res.cork();
        entry.parts.forEach((part, i) => {
          if (i > 0) res.write(n);
          res.write(part);
        });
        res.end();
        res.uncork();
      },
      () => done(),
    );
  });
}

/**
 * The web handler's part (server/http/web.ts): after React Router answered a candidate request, keep the page if it
 * may be kept and send it. The body is read whole first (these pages are small), then sent as a Buffer.
 */
export async function sendAndKeep(
  cache: PageCache,
  candidate: PageCandidate,
  ticket: PageTicket,
  response: Response,
  nonce: string,
  reply: FastifyReply,
): Promise<FastifyReply | null> {
  if (response.status !== 200 || !response.body || response.headers.has("set-cookie")) return null;
  const body = Buffer.from(await response.arrayBuffer());
  await cache.store(candidate, ticket, { status: response.status, headers: response.headers, body }, nonce);
  reply.status(200);
  for (const [name, value] of response.headers) reply.header(name, value);
  return reply.send(body);
}
