/** The admin order page's loader helper: the same read as GET /api/orders/:id/detail, the id checked alike. */
import { orderIdParams } from "#server/modules/orders/admin/schemas.ts";
import { BadRequestError } from "#server/core/errors.ts";
import type { OrderDetail } from "#server/modules/aftersale/fulfilment/schemas.ts";
import type { OrderReturns } from "#server/modules/aftersale/returns/admin-schemas.ts";
import { load, servicesOf } from "#app/lib/route-data.server.ts";
import { readAdminOrder } from "#server/flows/order-views/order-views.ts";

type Context = Parameters<typeof servicesOf>[0];

export function loadOrderDetail(context: Context, rawId: string | undefined): Promise<OrderDetail> {
  return load(() => {
    const parsed = orderIdParams.safeParse({ id: rawId });
    if (!parsed.success) throw new BadRequestError(parsed.error.issues[0]?.message ?? "ID da encomenda inválido");
    return readAdminOrder(servicesOf(context).db, parsed.data.id);
  });
}

/** The order page's 'Devoluções e reembolsos': the same read as GET /api/orders/:id/returns. */
export function loadOrderReturns(context: Context, rawId: string | undefined): Promise<OrderReturns> {
  return load(() => {
    const parsed = orderIdParams.safeParse({ id: rawId });
    if (!parsed.success) throw new BadRequestError(parsed.error.issues[0]?.message ?? "ID da encomenda inválido");
    return servicesOf(context).returnsAdmin.orderReturns(parsed.data.id);
  });
}
