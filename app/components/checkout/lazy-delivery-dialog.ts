import { lazy } from "react";

/**
 * Cart /carrinho: the delivery form (zod validation and the Radix dialog) is only needed once the shopper
 * presses 'Finalizar Compra'; it is fetched then, alongside the last cart check, instead of with the page.
 */
export const loadDeliveryDialog = () => import("./DeliveryDialog.tsx");

export const LazyDeliveryDialog = lazy(() => loadDeliveryDialog().then((m) => ({ default: m.DeliveryDialog })));
