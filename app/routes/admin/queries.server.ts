/**
 * What the admin screens' loaders read on the server: the API routes' own query schemas (zod, so a screen
 * accepts exactly what the API accepts) and the order statuses' labels. Imported by the route modules for
 * their loaders only; the `.server` suffix keeps these modules out of the browser bundle.
 */
export { contactMessagesQuery } from "#server/modules/contact/schemas.ts";
export { adminProductsQuery, lowStockQuery, stockProductsQuery } from "#server/modules/inventory/schemas.ts";
export { adminOrdersQuery, porTempoQuery } from "#server/modules/orders/admin/schemas.ts";
export { ORDER_STATUS_LABELS } from "#server/modules/orders/timeline.ts";
