import type { FastifyInstance, FastifyRequest } from "fastify";
import { decide, type Access } from "#server/modules/accounts/guard.ts";
import type { PublicUser } from "#server/modules/accounts/schemas.ts";
import {
  CSRF_COOKIE,
  SESSION_COOKIE,
  csrfTokenFor,
  safeEqual,
  type SessionStore,
} from "#server/modules/accounts/sessions.ts";
import { ForbiddenError, UnauthorizedError } from "#server/core/errors.ts";
import type { ApiRoute } from "./types.ts";

const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const STATIC_PREFIXES = ["/assets/", "/uploads/", "/images/", "/favicon"];
const API_PATH = /^\/(api|users|orders)(\/|\?|$)/;

/**
 * Resolves the session user for each request, enforces each API route's declared
 * access (401 for visitors, 403 for the wrong role), and blocks cross-site request forgery:
 * - unsafe requests whose Origin (or Sec-Fetch-Site) shows another site are refused;
 * - unsafe requests that carry a session cookie must echo the session's CSRF token
 *   in the X-CSRF-Token header (double submit, bound to the session by HMAC); a page's
 *   form posted without script sends it in its `_csrf` field instead (server/http/web.ts).
 */
export function registerAccess(
  app: FastifyInstance,
  opts: { sessions: SessionStore; secret: string; publicUrl: string },
): void {
  const publicOrigin = new URL(opts.publicUrl).origin;

  app.decorateRequest("user", null);
  app.decorateRequest("sessionToken", null);
  app.decorateRequest("csrfFormToken", null);

  // Every API route must declare who may call it; a forgotten declaration fails at start.
  const table: ApiRoute[] = [];
  app.decorate("apiRouteTable", table);
  app.addHook("onRoute", (route) => {
    const isApi = API_PATH.test(route.url);
    if (!isApi) return;
    const access = route.config?.access;
    if (!access) throw new Error(`Route ${route.method} ${route.url} does not declare config.access`);
    for (const method of [route.method].flat()) {
      if (method !== "HEAD" && !route.url.includes("*")) table.push({ method, url: route.url, access });
    }
  });

  // Answers about the caller or for an admin must not be kept by a browser or a shared cache. onSend,
  // so it also covers refusals and errors and wins over a handler's own Cache-Control.
  app.addHook("onSend", async (request, reply, payload) => {
    if (isPersonalAnswer(request)) reply.header("cache-control", "no-store");
    return payload;
  });

  app.addHook("onRequest", async (request) => {
    if (STATIC_PREFIXES.some((p) => request.url.startsWith(p))) return;
    const token = request.cookies[SESSION_COOKIE];
    if (token) {
      request.user = await opts.sessions.findUser(token);
      request.sessionToken = request.user ? token : null;
    }
    if (UNSAFE_METHODS.has(request.method)) checkCsrf(request, publicOrigin, opts.secret);
    const access = request.routeOptions.config?.access;
    if (access) authorize(access, request.user);
  });
}

/** Throws the typed error that answers 401 or 403 (the rule is server/modules/accounts/guard.ts). */
function authorize(access: Access, user: PublicUser | null): void {
  const decision = decide(access, user);
  if (decision === "unauthenticated") throw new UnauthorizedError();
  if (decision === "forbidden") throw new ForbiddenError();
}

/**
 * Routes that need an account answer about that account or for an admin; a public route may say it
 * answers about the caller (config.personal); and any API answer to an admin may hold what only
 * admins see (e.g. products out of the shop).
 */
function isPersonalAnswer(request: FastifyRequest): boolean {
  const config = request.routeOptions.config;
  if (config?.access === "user" || config?.access === "admin" || config?.personal) return true;
  return request.user?.function === "admin" && API_PATH.test(request.url);
}

function checkCsrf(request: FastifyRequest, publicOrigin: string, secret: string): void {
  const origin = request.headers.origin;
  if (origin && origin !== "null") {
    const requestOrigin = `${request.protocol}://${request.host}`;
    if (origin !== publicOrigin && origin !== requestOrigin) {
      throw new ForbiddenError("Pedido recusado: origem inválida.");
    }
  } else if (request.headers["sec-fetch-site"] === "cross-site") {
    throw new ForbiddenError("Pedido recusado: origem inválida.");
  }
  if (request.routeOptions.config?.csrfExempt) return;
  const sessionToken = request.cookies[SESSION_COOKIE];
  if (!sessionToken) return;
  const expected = csrfTokenFor(secret, sessionToken);
  const sent = request.headers["x-csrf-token"];
  if (typeof sent === "string" && safeEqual(sent, expected)) return;
  // A page's form posted without script carries the token in its body: the web bridge reads and checks it there.
  if (request.routeOptions.config?.csrfInForm) {
    request.csrfFormToken = expected;
    return;
  }
  throw new ForbiddenError(CSRF_REFUSED);
}

export const CSRF_REFUSED = "Pedido recusado: a sessão expirou ou o pedido não é válido. Recarregue a página.";

export { CSRF_COOKIE };
