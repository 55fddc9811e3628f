import { randomBytes } from "node:crypto";
import fastifyCompress from "@fastify/compress";
import fastifyCookie from "@fastify/cookie";
import fastifyHelmet from "@fastify/helmet";
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyReply } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { accountsRoutes } from "#server/modules/accounts/routes.ts";
import { accountPrivacyRoutes } from "#server/flows/account-privacy/routes.ts";
import { catalogRoutes } from "#server/modules/catalog/routes.ts";
import { contactRoutes } from "#server/modules/contact/routes.ts";
import type { Config } from "#server/core/config.ts";
import { databaseAnswers } from "#server/core/db/unavailable.ts";
import { fulfilmentRoutes } from "#server/modules/aftersale/fulfilment/routes.ts";
import { invoicingRoutes } from "#server/modules/invoicing/routes.ts";
import { registerAccess } from "#server/http/access.ts";
import { helmetHeaders, registerHotReads } from "#server/http/hot-reads.ts";
import { PERMISSIONS_POLICY } from "#server/http/permissions-policy.ts";
import { PageCache, registerPageCache } from "#server/http/page-cache.ts";
import { errorBody } from "#server/core/errors.ts";
import { registerErrorHandler } from "#server/http/error-handler.ts";
import { registerMetrics } from "#server/http/metrics/routes.ts";
import { adminOrdersRoutes } from "#server/flows/order-reports/routes.ts";
import { checkoutRoutes } from "#server/flows/checkout/routes.ts";
import { paymentExceptionsRoutes } from "#server/flows/payment-exceptions/routes.ts";
import { paymentPageRoutes } from "#server/flows/payment-page/routes.ts";
import { paymentReceivedRoutes } from "#server/flows/payment-received/routes.ts";
import { orderViewsRoutes } from "#server/flows/order-views/routes.ts";
import { cancellationAndRefundRoutes } from "#server/flows/cancellation-and-refund/routes.ts";
import { ordersRoutes } from "#server/modules/orders/routes.ts";
import { paymentsRoutes } from "#server/modules/payments/routes.ts";
import { promotionsRoutes } from "#server/modules/promotions/routes.ts";
import { promotionFiguresRoutes } from "#server/flows/promotion-figures/routes.ts";
import { returnsAdminRoutes } from "#server/modules/aftersale/returns/admin-routes.ts";
import { withdrawalRoutes } from "#server/modules/aftersale/returns/public-routes.ts";
import { seoRoutes } from "#server/modules/seo/routes.ts";
import { searchRoutes } from "#server/modules/search/routes.ts";
import { settingsRoutes } from "#server/modules/settings/routes.ts";
import { stockRoutes } from "#server/modules/inventory/routes.ts";
import "#server/http/types.ts";
import { registerUploads } from "#server/http/uploads.ts";
import { registerWeb } from "#server/http/web.ts";
import type { Services } from "./services.ts";

export interface BuildAppOptions {
  config: Config;
  services: Services;
  /** "none" for API-only tests. */
  web: "production" | "development" | "none";
  loggerInstance?: FastifyBaseLogger;
  /** True once the process is shutting down: /healthz answers 503 so a load balancer stops sending (server/main.ts). */
  draining?: () => boolean;
}

/** Content-Security-Policy for everything that is not an HTML page (JSON, images). */
const JSON_CSP = "default-src 'none'; frame-ancestors 'none'";

/**
 * Content-Security-Policy for HTML pages: scripts only from us or with this request's nonce; pictures also from
 * UPLOADS_PUBLIC_URL's origin (a CDN) when set.
 */
function cspFor(dev: boolean, picturesOrigin?: string) {
  return (nonce: string) =>
    [
      "default-src 'self'",
      dev ? "script-src 'self' 'unsafe-inline' 'unsafe-eval'" : `script-src 'self' 'nonce-${nonce}'`,
      "style-src 'self' 'unsafe-inline'",
      `img-src 'self' data: blob:${picturesOrigin ? ` ${picturesOrigin}` : ""}`,
      "font-src 'self' data:",
      dev ? "connect-src 'self' ws: wss:" : "connect-src 'self'",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "frame-ancestors 'none'",
    ].join("; ");
}

export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  const { config, services } = opts;
  const picturesOrigin = config.uploads.publicUrl ? new URL(config.uploads.publicUrl).origin : undefined;
  const helmetOptions = {
    // The HTML CSP carries a per-request nonce and is set by the web handler; JSON gets the strict one below.
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
    hsts: config.secureCookies ? { maxAge: 15552000, includeSubDomains: true } : false,
  } as const;
  // Helmet's headers and the Permissions-Policy (helmet has none): what the answers made outside the normal path
  // (framework errors, the hot reads, the page cache) carry by hand; the onRequest hook below sets it on the rest.
  const securityHeaders = { ...helmetHeaders(helmetOptions), "permissions-policy": PERMISSIONS_POLICY };
  // Answers Fastify gives before any hook runs (a URL it cannot decode) get the same headers by hand.
  const frameworkErrorHeaders = {
    ...securityHeaders,
    "content-security-policy": JSON_CSP,
    "cache-control": "no-store",
  };
  const app = Fastify({
    ...(opts.loggerInstance ? { loggerInstance: opts.loggerInstance } : { logger: false }),
    trustProxy: config.trustProxy,
    bodyLimit: 1_048_576,
    // Ends keep-alive sockets on close, so SIGTERM does not wait for idle browsers.
    forceCloseConnections: "idle",
    routerOptions: { maxParamLength: 200 },
    frameworkErrors: (error, _request, genericReply) => {
      // The option's reply type is generic over every route's schema; this answer has none.
      const reply = (genericReply as unknown as FastifyReply).headers(frameworkErrorHeaders);
      if (error.code === "FST_ERR_BAD_URL") return reply.status(400).send(errorBody("Endereço inválido."));
      // A parameter longer than maxParamLength: no route here reaches it (each has a wildcard fallback).
      if (error.code === "FST_ERR_MAX_PARAM_LENGTH")
        return reply.status(414).send(errorBody("O endereço é demasiado longo."));
      return reply.status(500).send(errorBody("Erro interno do servidor"));
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  // GET /metrics; its request timing is the very first onRequest hook, so it sees the hot reads' answers too.
  registerMetrics(app, { db: services.db, token: config.metricsToken });

  // First of all hooks: cached public lists are answered from memory with the same headers.
  registerHotReads(app, { ...securityHeaders, "content-security-policy": JSON_CSP });
  // Then visitors' catalogue pages kept in memory per catalogue and settings version (server/http/page-cache.ts).
  const pageCache =
    opts.web === "production"
      ? new PageCache({
          catalogVersion: () => services.catalogCache.version(),
          settings: () => services.settings.get(),
          // An automatic promotion starting or ending changes prices without a write: pages expire then.
          validUntil: async () => (await services.shopWindow.nextBoundary())?.getTime() ?? null,
        })
      : undefined;
  if (pageCache)
    registerPageCache(app, pageCache, { baseHeaders: securityHeaders, cspFor: cspFor(false, picturesOrigin) });

  await app.register(fastifyCookie);
  await app.register(fastifyHelmet, helmetOptions);
  await app.register(fastifyCompress, { global: true, threshold: 1024 });

  app.addHook("onClose", () => services.catalogCache.close());
  app.addHook("onClose", () => services.settings.close());

  // Only HTML pages need a script nonce (server/http/web.ts); JSON answers skip the random bytes.
  // /orders/… is the admin's order page (the checkout API is /orders itself, which this never matched).
  app.decorateRequest("cspNonce", "");
  app.addHook("onRequest", (request, reply, done) => {
    if (!/^\/(api|users|uploads|assets)\//.test(request.url)) request.cspNonce = randomBytes(16).toString("base64");
    reply.header("content-security-policy", JSON_CSP);
    reply.header("permissions-policy", PERMISSIONS_POLICY);
    done();
  });

  registerAccess(app, { sessions: services.sessions, secret: config.sessionSecret, publicUrl: config.publicUrl });

  app.get("/healthz", { config: { access: "public" } }, async (_request, reply) => {
    if (opts.draining?.())
      return reply.status(503).send({ status: "draining", message: "A loja está a encerrar esta instância." });
    if (await databaseAnswers(services.db.$client)) return { status: "ok" };
    return reply
      .status(503)
      .header("retry-after", "5")
      .send({ status: "unavailable", message: "A base de dados não responde." });
  });

  accountsRoutes(app, {
    accounts: services.accounts,
    limiter: services.limiter,
    secret: config.sessionSecret,
    secureCookies: config.secureCookies,
  });
  accountPrivacyRoutes(app, { privacy: services.privacy, limiter: services.limiter });
  await app.register(catalogRoutes, { catalog: services.catalog });
  ordersRoutes(app, { orders: services.orders });
  checkoutRoutes(app, { checkout: services.checkout, limiter: services.limiter });
  paymentsRoutes(app, {
    db: services.db,
    provider: services.paymentProvider,
    callbackKey: config.payments.callbackKey,
    publicUrl: config.publicUrl,
  });
  paymentReceivedRoutes(app, { payments: services.paymentFlows });
  paymentExceptionsRoutes(app, { payments: services.paymentFlows });
  paymentPageRoutes(app, { paymentPage: services.paymentFlows });
  stockRoutes(app, { stock: services.stock, catalogChanged: () => services.catalog.invalidateCache() });
  adminOrdersRoutes(app, { adminOrders: services.adminOrders });
  fulfilmentRoutes(app, { db: services.db });
  cancellationAndRefundRoutes(app, services.orderChanges);
  orderViewsRoutes(app, { db: services.db });
  invoicingRoutes(app, { invoicing: services.invoicing });
  withdrawalRoutes(app, { withdrawal: services.withdrawal, limiter: services.limiter });
  returnsAdminRoutes(app, { returnsAdmin: services.returnsAdmin });
  seoRoutes(app, { db: services.db, publicUrl: config.publicUrl });
  settingsRoutes(app, { settings: services.settings });
  contactRoutes(app, { contact: services.contact });
  searchRoutes(app, { search: services.search });
  promotionsRoutes(app, { promotions: services.promotions, catalogChanged: () => services.catalog.invalidateCache() });
  promotionFiguresRoutes(app, { db: services.db, promotions: services.promotions });

  // Catalogue pictures from the picture storage (UPLOADS_STORAGE): the same headers on every driver.
  registerUploads(app, { pictures: services.pictures });

  // Unknown API paths answer JSON, never the HTML catch-all.
  app.all("/api/*", { config: { access: "public" } }, async (_request, reply) =>
    reply.status(404).send(errorBody("Recurso não encontrado.")),
  );

  if (opts.web !== "none") {
    await registerWeb(app, {
      mode: opts.web,
      services,
      publicUrl: config.publicUrl,
      cspFor: cspFor(opts.web === "development", picturesOrigin),
      sessionSecret: config.sessionSecret,
      secureCookies: config.secureCookies,
      pageCache,
    });
  }
  return app;
}
