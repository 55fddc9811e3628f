/**
 * Loader helpers of /dashboard's 'Status Pagamentos': the same service calls as GET /api/orders
 * (one page of order lines and its total, the API's X-Total-Count) and GET /api/orders/:id
 * (the customer-data modal).
 */
import { ADMIN_ORDER_MESSAGES, orderIdParams } from "#server/modules/orders/admin/schemas.ts";
import { load, servicesOf } from "#app/lib/route-data.server.ts";
import type { CustomerOrder } from "./CustomerDialog.tsx";
import type { PaymentsPage } from "./PaymentsPanel.tsx";

type Context = Parameters<typeof servicesOf>[0];

/** 10 order lines per page. */
export const PAYMENTS_PAGE_SIZE = 10;

export async function loadPaymentsPage(context: Context, page: number): Promise<PaymentsPage> {
  const { items, total } = await load(() =>
    servicesOf(context).adminOrders.listLines({ page, limit: PAYMENTS_PAGE_SIZE, status: undefined }),
  );
  return { items, total, page, pageSize: PAYMENTS_PAGE_SIZE };
}

/**
 * The order the customer-data modal shows (`rawId` from the URL), or the service's pt-PT reason
 * (an unknown id): the modal shows it with 'Tentar Novamente', the rest of the dashboard stays.
 */
export async function loadCustomerOrder(context: Context, rawId: string | null): Promise<CustomerOrder | null> {
  if (rawId === null) return null;
  const parsed = orderIdParams.safeParse({ id: rawId });
  if (!parsed.success) return { orderId: rawId, order: null, error: ADMIN_ORDER_MESSAGES.invalidOrderId };
  try {
    return { orderId: rawId, order: await servicesOf(context).adminOrders.getOrder(parsed.data.id), error: null };
  } catch (error) {
    const reason = clientErrorMessage(error);
    if (reason !== null) return { orderId: rawId, order: null, error: reason };
    throw error;
  }
}

/**
 * The pt-PT message of a service's typed 4xx error (AppError), else null. Read by shape, not
 * `instanceof`: the built web app carries its own copy of server/core/errors.ts, apart from the
 * one the services (built by the server process) throw.
 */
function clientErrorMessage(error: unknown): string | null {
  if (!(error instanceof Error)) return null;
  const { status } = error as { status?: unknown };
  return typeof status === "number" && status >= 400 && status < 500 ? error.message : null;
}
