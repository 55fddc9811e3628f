import { existsSync } from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { pathToFileURL } from "node:url";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import type { FormContext, WebContext } from "#app/context.ts";
import {
  CSRF_COOKIE,
  DEVICE_COOKIE,
  SESSION_COOKIE,
  csrfTokenFor,
  deviceAccount,
  deviceCookie,
  safeEqual,
  sessionCookies,
} from "#server/modules/accounts/sessions.ts";
import { databaseAnswers } from "#server/core/db/unavailable.ts";
import type { Services } from "#server/services.ts";
import { ForbiddenError, ServiceUnavailableError } from "#server/core/errors.ts";
import { CSRF_FIELD } from "#server/modules/accounts/rules.ts";
import { CSRF_REFUSED } from "./access.ts";
import { sendAndKeep, type PageCache } from "./page-cache.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
export const BUILD_DIR = path.join(ROOT, "build");
const SERVER_BUILD = path.join(BUILD_DIR, "server/index.js");

/**
 * Serves the React Router app (SSR) from Fastify. Production loads the Vite build;
 * development runs Vite in middleware mode with hot reload. API routes are registered
 * before this catch-all, so they always win.
 */
export async function registerWeb(
  app: FastifyInstance,
  opts: {
    mode: "production" | "development";
    services: Services;
    publicUrl: string;
    cspFor: (nonce: string) => string;
    /** Signs the session-bound CSRF tokens and the sign-in cookies of the pages' form actions. */
    sessionSecret: string;
    secureCookies: boolean;
    /** Anonymous catalogue pages kept in memory (server/http/page-cache.ts); none in development. */
    pageCache?: PageCache;
  },
): Promise<void> {
  let getHandler: () => Promise<{ build: ServerBuild; handle: ReturnType<typeof createRequestHandler> }>;

  if (opts.mode === "development") {
    const { createServer, createServerModuleRunner } = await import("vite");
    const { ESModulesEvaluator } = await import("vite/module-runner");
    const vite = await createServer({ server: { middlewareMode: true }, appType: "custom" });
    // Vite leaves the app's #server/* imports to the runner (web-bundle.ts); imported from here, Node resolves them
    // through package.json "imports" to this process's own modules (Vite's default would resolve from its package).
    const evaluator = new ESModulesEvaluator();
    evaluator.runExternalModule = (file: string) => import(file);
    const runner = createServerModuleRunner(vite.environments.ssr, { evaluator });
    await app.register(import("@fastify/middie"));
    app.use((req, res, next) => {
      if (req.url?.startsWith("/api/") || req.url?.startsWith("/uploads/")) return next();
      vite.middlewares(req, res, next);
    });
    app.addHook("onClose", async () => {
      await runner.close();
      await vite.close();
    });
    getHandler = async () => {
      const build = (await runner.import("virtual:react-router/server-build")) as ServerBuild;
      return { build, handle: createRequestHandler(build, "development") };
    };
  } else {
    if (!existsSync(SERVER_BUILD)) throw new Error("No web build found: run `npm run build` first.");
    const build = (await import(pathToFileURL(SERVER_BUILD).href)) as ServerBuild;
    const ready = { build, handle: createRequestHandler(build, "production") };
    getHandler = async () => ready;
    await registerClientAssets(app, path.join(BUILD_DIR, "client"));
  }

  await app.register(async (web) => {
    // React Router reads the raw body itself.
    web.removeAllContentTypeParsers();
    web.addContentTypeParser("*", (_request, payload, done) => done(null, payload));

    web.route({
      method: ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"],
      url: "*",
      config: { csrfInForm: true },
      handler: async (request, reply) => {
        // A visitor's catalogue page is rendered from its URL's normal form, at the versions read before the render.
        const page = !request.user && opts.pageCache ? opts.pageCache.candidate(request) : null;
        const ticket = page ? await opts.pageCache!.ticket() : null;
        const webRequest = toWebRequest(request, opts.publicUrl, page?.url);
        if (request.csrfFormToken !== null) await checkFormToken(webRequest, request.csrfFormToken);
        const { build, handle } = await getHandler();
        const context = new RouterContextProvider();
        const key = (build.entry.module as unknown as Record<string, unknown>).webContext as Parameters<
          typeof context.set
        >[0];
        const failure = { databaseUnavailable: false };
        context.set(key, {
          user: request.user,
          nonce: request.cspNonce,
          publicUrl: opts.publicUrl,
          log: request.log,
          services: opts.services,
          forms: formContext(web, request, opts),
          failure,
        } satisfies WebContext);
        const response = await handle(webRequest, context);
        // A page that failed because the database is unreachable gets the 503 page, not the app's
        // error page: known from the loader's own error (entry.server's handleError), else asked.
        if (
          response.status >= 500 &&
          (failure.databaseUnavailable || !(await databaseAnswers(opts.services.db.$client)))
        ) {
          await response.body?.cancel().catch(() => {});
          throw new ServiceUnavailableError();
        }
        if ((response.headers.get("content-type") ?? "").startsWith("text/html")) {
          reply.header("content-security-policy", opts.cspFor(request.cspNonce));
        }
        if (page && ticket) {
          const sent = await sendAndKeep(opts.pageCache!, page, ticket, response, request.cspNonce, reply);
          if (sent) return sent;
        }
        return sendWebResponse(reply, response);
      },
    });
  });
}

/**
 * A form posted to a page with the session cookie but without the X-CSRF-Token header (no script): its `_csrf`
 * field must hold the session's token (access.ts found which). Read from a copy: React Router reads the body.
 */
async function checkFormToken(webRequest: Request, expected: string): Promise<void> {
  const form = await webRequest
    .clone()
    .formData()
    .catch(() => null);
  const sent = form?.get(CSRF_FIELD);
  if (typeof sent !== "string" || !safeEqual(sent, expected)) throw new ForbiddenError(CSRF_REFUSED);
}

function formContext(
  web: FastifyInstance,
  request: FastifyRequest,
  opts: { sessionSecret: string; secureCookies: boolean },
): FormContext {
  const cookie = request.cookies[SESSION_COOKIE];
  return {
    ip: request.ip,
    sessionToken: request.sessionToken,
    csrfToken: cookie ? csrfTokenFor(opts.sessionSecret, cookie) : null,
    signInCookies: (token) =>
      sessionCookies(opts.sessionSecret, token, opts.secureCookies).map((c) =>
        web.serializeCookie(c.name, c.value, c.options),
      ),
    deviceAccount: deviceAccount(opts.sessionSecret, request.cookies[DEVICE_COOKIE]),
    deviceCookie: (userId) => {
      const c = deviceCookie(opts.sessionSecret, userId, opts.secureCookies);
      return web.serializeCookie(c.name, c.value, c.options);
    },
    signOutCookies: () =>
      [SESSION_COOKIE, CSRF_COOKIE].map((name) =>
        web.serializeCookie(name, "", { path: "/", expires: new Date(0), maxAge: 0 }),
      ),
  };
}

/**
 * The browser build's files (scripts, stylesheet, public/). Also used by the Lighthouse audit's bare
 * React Router page (scripts/audit-floor/server.ts), so both are served the same way.
 */
export async function registerClientAssets(app: FastifyInstance, clientDir: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: clientDir,
    prefix: "/",
    wildcard: false,
    decorateReply: false,
    setHeaders(reply, filePath) {
      // Vite puts content hashes in /assets/ names: those never change.
      if (filePath.includes(`${path.sep}assets${path.sep}`))
        reply.header("cache-control", "public, max-age=31536000, immutable");
      else reply.header("cache-control", "public, max-age=3600");
    },
  });
}

/** `path` replaces the request's own path and query (the page cache renders a URL's normal form). */
export function toWebRequest(request: FastifyRequest, publicUrl: string, path = request.url): Request {
  const url = new URL(path, publicUrl);
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    // A form posted from a page under Referrer-Policy no-referrer (helmet's; /redefinir-palavra-passe's meta) comes
    // with `Origin: null`. The access hook has already refused cross-site requests (Sec-Fetch-Site); React Router's
    // own origin check would refuse "null" (400 'Bad Request'), so the header that says nothing is left out.
    if (name === "origin" && value === "null") continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  const controller = new AbortController();
  request.raw.on("close", () => {
    if (!request.raw.complete) controller.abort();
  });
  const hasBody = request.method !== "GET" && request.method !== "HEAD";
  return new Request(url, {
    method: request.method,
    headers,
    signal: controller.signal,
    ...(hasBody ? { body: Readable.toWeb(request.body as Readable) as ReadableStream, duplex: "half" } : {}),
  } as RequestInit);
}

/** Sends a Web `Response` (React Router's answer) through Fastify's reply. */
export async function sendWebResponse(reply: FastifyReply, response: Response): Promise<FastifyReply> {
  reply.status(response.status);
  for (const [name, value] of response.headers) {
    if (name === "set-cookie") continue;
    reply.header(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length) reply.header("set-cookie", cookies);
  if (!response.body) return reply.send();
  return reply.send(Readable.fromWeb(response.body as NodeReadableStream));
}
