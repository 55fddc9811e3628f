import type { FastifyInstance } from "fastify";
import { Counter, Histogram, type Registry } from "prom-client";

/** Seconds; a page or an API answer is expected well under 250 ms, a checkout under a second. */
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * Request rate, latency and errors per route pattern (`/api/product/:id`, never the raw URL: one series per route,
 * whatever the ids). Counted when the socket is done with the answer, so the answers written straight to the socket
 * (the hot reads, the page cache) count too; that is also why this hook must be the first onRequest hook.
 */
export function registerRequestMetrics(app: FastifyInstance, registry: Registry): void {
  const requests = new Counter({
    name: "loja_http_requests_total",
    help: "HTTP requests answered, by method, route pattern and status ('aborted': the client left first).",
    labelNames: ["method", "route", "status"] as const,
    registers: [registry],
  });
  const errors = new Counter({
    name: "loja_http_errors_total",
    help: "HTTP answers with status 400 or above, by status.",
    labelNames: ["status"] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: "loja_http_request_duration_seconds",
    help: "Time from the request's arrival to the last byte of the answer, by method and route pattern.",
    labelNames: ["method", "route"] as const,
    buckets: BUCKETS,
    registers: [registry],
  });

  app.addHook("onRequest", (request, reply, done) => {
    const started = process.hrtime.bigint();
    const route = request.routeOptions.url ?? "(unmatched)";
    const method = request.method;
    if (route === "/metrics") return done(); // the scrapes themselves are not the shop's traffic
    reply.raw.once("close", () => {
      const finished = reply.raw.writableFinished;
      const status = finished ? reply.raw.statusCode : 0;
      requests.inc({ method, route, status: finished ? String(status) : "aborted" });
      if (status >= 400) errors.inc({ status: String(status) });
      duration.observe({ method, route }, Number(process.hrtime.bigint() - started) / 1e9);
    });
    done();
  });
}
