import { timingSafeEqual } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { collectDefaultMetrics, Registry } from "prom-client";
import type { Database } from "#server/core/db/client.ts";
import { errorBody } from "#server/core/errors.ts";
import { registerPoolMetrics } from "./pool.ts";
import { registerRequestMetrics } from "./requests.ts";
import { registerShopGauges } from "./shop.ts";

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * GET /metrics in Prometheus's text format, for a scraper holding METRICS_TOKEN (`Authorization: Bearer …`; wrong or
 * missing: 401). Without METRICS_TOKEN nothing is measured and the endpoint answers 404, like any unknown path.
 * Call before every other onRequest hook (server/app.ts): the request metrics must see every answer.
 */
export function registerMetrics(app: FastifyInstance, deps: { db: Database; token: string | undefined }): void {
  const { token } = deps;
  if (!token) {
    app.get("/metrics", { config: { access: "public" } }, async (_request, reply) =>
      reply.status(404).send(errorBody("Recurso não encontrado.")),
    );
    return;
  }
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  registerRequestMetrics(app, registry);
  const unwatch = registerPoolMetrics(deps.db.$client, registry);
  const shop = registerShopGauges(deps.db, registry);
  app.addHook("onClose", async () => unwatch());

  app.get("/metrics", { config: { access: "public" } }, async (request, reply) => {
    const given = /^Bearer (.+)$/i.exec(request.headers.authorization ?? "")?.[1]?.trim() ?? "";
    if (!sameToken(given, token)) {
      return reply
        .status(401)
        .header("www-authenticate", 'Bearer realm="metrics"')
        .send(errorBody("Token de métricas em falta ou inválido."));
    }
    await shop.refresh();
    return reply
      .header("cache-control", "no-store")
      .type(registry.contentType)
      .send(await registry.metrics());
  });
}
