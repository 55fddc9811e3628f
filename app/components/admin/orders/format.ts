/** How the admin's order screens (/orders, /payment-status) show an order line's customer and dates. */
import type { AdminOrderLine } from "#server/modules/orders/admin/schemas.ts";
import { formatShopDateTime } from "#app/lib/format.ts";

/** 'Maria Silva (ID 7)' or only 'ID 7'. */
export function customerText(line: Pick<AdminOrderLine, "cliente_nome" | "user_id">): string {
  return line.cliente_nome ? `${line.cliente_nome} (ID ${line.user_id})` : `ID ${line.user_id}`;
}

export function formatDateTime(iso: string | null | undefined): string {
  return formatShopDateTime(iso);
}
