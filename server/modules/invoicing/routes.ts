import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { orderIdParams } from "#server/modules/orders/admin/schemas.ts";
import { myOrderParams } from "#server/modules/orders/shopper/schemas.ts";
import { documentIdParams, invoiceChange, invoiceFailures, manualNumberBody, orderDocuments } from "./schemas.ts";
import type { InvoicingService } from "./service.ts";

/**
 * Certified documents: the admin order page's 'Documentos fiscais' (read, 'Tentar novamente', a number issued by
 * hand), the failures beside the payment exceptions, and the shopper's invoice PDF. Thin: validate, call, answer.
 */
export function invoicingRoutes(app: FastifyInstance, deps: { invoicing: InvoicingService }): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { invoicing } = deps;
  const admin = { access: "admin" } as const;

  api.get(
    "/api/orders/:id/invoices",
    { config: admin, schema: { params: orderIdParams, response: { 200: orderDocuments } } },
    async (request) => ({ documents: await invoicing.documents(request.params.id) }),
  );

  api.get("/api/invoices/failures", { config: admin, schema: { response: { 200: invoiceFailures } } }, async () => ({
    failures: await invoicing.failures(),
  }));

  api.post(
    "/api/invoices/:id/retry",
    { config: admin, schema: { params: documentIdParams, response: { 200: invoiceChange } } },
    (request) => invoicing.retry(request.user!, request.params.id),
  );

  api.post(
    "/api/invoices/:id/manual",
    { config: admin, schema: { params: documentIdParams, body: manualNumberBody, response: { 200: invoiceChange } } },
    (request) => invoicing.recordManual(request.user!, request.params.id, request.body.numero),
  );

  // The shopper's own order only (someone else's: 404); the PDF is the service's, so a redirect.
  api.get(
    "/api/users/me/orders/:id/invoice",
    { config: { access: "user" }, schema: { params: myOrderParams } },
    async (request, reply) => reply.redirect(await invoicing.shopperPdfUrl(request.user!.id, request.params.id), 302),
  );
}
