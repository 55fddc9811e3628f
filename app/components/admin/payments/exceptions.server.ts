/**
 * Loader helper of /payment-status's 'Exceções de pagamento': the same service call as
 * GET /api/payments/exceptions (a page, open first, newest first) and the open count.
 */
import { exceptionsQuery } from "#server/modules/payments/exceptions/schemas.ts";
import { load, servicesOf } from "#app/lib/route-data.server.ts";
import { EXCEPTIONS_PAGE_PARAM, type ExceptionsPage } from "./PaymentExceptions.tsx";

type Context = Parameters<typeof servicesOf>[0];

/** 5 exceptions a page: the payments list stays in view below them. */
export const EXCEPTIONS_PAGE_SIZE = 5;

export async function loadExceptionsPage(context: Context, request: Request): Promise<ExceptionsPage> {
  const raw = new URL(request.url).searchParams.get(EXCEPTIONS_PAGE_PARAM) ?? undefined;
  const query = exceptionsQuery.safeParse({ page: raw, limit: EXCEPTIONS_PAGE_SIZE });
  // A mangled page number shows the first page rather than hiding the payments list behind an error.
  const page = query.success ? query.data.page : 1;
  const service = servicesOf(context).payments.exceptions;
  const [{ items, total }, open] = await load(() =>
    Promise.all([service.list({ page, limit: EXCEPTIONS_PAGE_SIZE }), service.countOpen()]),
  );
  return { items, total, open, page, pageSize: EXCEPTIONS_PAGE_SIZE };
}
