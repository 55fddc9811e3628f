import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import { gzipSync } from "node:zlib";
import type { FastifyInstance } from "fastify";
import helmet, { type HelmetOptions } from "helmet";
import type { CachedBody } from "#server/modules/catalog/cache.ts";
import { etagMatches } from "#server/core/http/etag.ts";

/**
 * Hot reads: the public lists every visitor asks for, answered from memory by the first
 * onRequest hook, before cookies, sessions, helmet, compression and the route handler run.
 *
 * A route opts in with `config.hotRead`, a function returning its cached bytes when they are
 * current (server/modules/catalog/cache.ts `peek`). When it returns nothing (cache cold, being
 * recomputed, or the cache cannot be trusted because LISTEN is down) the request goes through
 * the normal lifecycle, which computes and caches the bytes. The answer is the same as the normal
 * path's: the same security headers (taken from helmet with the app's own options), the strict
 * JSON Content-Security-Policy, ETag and 304, gzip when asked for (compressed once per version).
 * docs/decisions/0009-hot-catalogue-reads.md says why this exists.
 */
export interface HotRead {
  /** The bytes to send, or undefined to let the normal route handler answer. */
  read: () => CachedBody | undefined;
  cacheControl: string;
}

declare module "fastify" {
  interface FastifyContextConfig {
    /** Answered from memory before the rest of the lifecycle when cached (server/http/hot-reads.ts). */
    hotRead?: HotRead;
  }
}

const gzipped = new WeakMap<CachedBody, Buffer>();
const gzipOf = (cached: CachedBody) => {
  let body = gzipped.get(cached);
  if (!body) gzipped.set(cached, (body = gzipSync(cached.body)));
  return body;
};

/** gzip is accepted unless refused with q=0 (what @fastify/compress would also send it for). */
function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  return header.split(",").some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(";");
    if (coding !== "gzip" && coding !== "*") return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    return !q || Number(q.slice(2)) > 0;
  });
}

/** The headers helmet sets with these options, read once by running its middleware on a stand-in response. */
export function helmetHeaders(options: Readonly<HelmetOptions>): OutgoingHttpHeaders {
  const headers: OutgoingHttpHeaders = {};
  const response = {
    setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = value),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => {});
  return headers;
}

/** Registers the hook; call before any other onRequest hook so it runs first. */
export function registerHotReads(app: FastifyInstance, baseHeaders: OutgoingHttpHeaders): void {
  app.addHook("onRequest", (request, reply, done) => {
    const hot = request.method === "GET" ? request.routeOptions.config?.hotRead : undefined;
    const cached = hot?.read();
    if (!hot || !cached) return done();
    const headers: OutgoingHttpHeaders = {
      ...baseHeaders,
      etag: cached.etag,
      "cache-control": hot.cacheControl,
      vary: "accept-encoding",
    };
    reply.hijack();
    if (etagMatches(request.headers["if-none-match"], cached.etag)) {
      reply.raw.writeHead(304, headers).end();
      return;
    }
    const gzip = acceptsGzip(request.headers["accept-encoding"]);
    const body = gzip ? gzipOf(cached) : cached.body;
    headers["content-type"] = "application/json; charset=utf-8";
    if (gzip) headers["content-encoding"] = "gzip";
    headers["content-length"] = body.length;
    reply.raw.writeHead(200, headers).end(body);
  });
}
