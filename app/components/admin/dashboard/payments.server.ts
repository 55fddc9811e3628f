/**
 * Loader helpers of /dashboard's 'Status Pagamentos': the same service calls as GET /api/orders
 * (one page of order lines and its total, the API's X-Total-Count) and GET /api/orders/:id
 * (the customer-data modal).
 */
import { ADMIN_ORDER_MESSAGES, orderIdParams } from "#server/orders/admin-schemas.ts";
import { AppError } from "#server/http/errors.ts";
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
    if (error instanceof AppError && error.status < 500) return { orderId: rawId, order: null, error: error.message };
    throw error;
  }
}
