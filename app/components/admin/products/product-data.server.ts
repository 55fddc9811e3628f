/**
 * Server-only reads of the product-admin screens' loaders, over the catalogue service (the same
 * functions the API routes call).
 */
import { data } from "react-router";
import { parseProductId, PRODUCT_TEXT } from "./product-api.ts";

/** The product id of a route's URL (`/…/{id}`); anything else is the screen's 'ID do produto inválido' (400). */
export function productIdParam(raw: string | undefined): number {
  const id = parseProductId(raw);
  if (id === null) throw data({ message: PRODUCT_TEXT.invalidId }, { status: 400 });
  return id;
}
