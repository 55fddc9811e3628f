/**
 * Server-only reads of the product-admin screens' loaders, over the catalogue service (the same
 * functions the API routes call).
 */
import { data } from "react-router";
import type { ApiProductListItem } from "#server/modules/catalog/schemas.ts";
import type { WebContext } from "#app/context.ts";
import { parseProductId, PRODUCT_TEXT } from "./product-api.ts";

type Catalog = WebContext["services"]["catalog"];

/** GET /api/product/all as an admin gets it (every product not deleted): the API's cached body. */
export async function adminProductList(catalog: Catalog): Promise<ApiProductListItem[]> {
  const cached = await catalog.listAll({ admin: true });
  return JSON.parse(cached.body.toString("utf8")) as ApiProductListItem[];
}

/** The product id of a route's URL (`/…/{id}`); anything else is the screen's 'ID do produto inválido' (400). */
export function productIdParam(raw: string | undefined): number {
  const id = parseProductId(raw);
  if (id === null) throw data({ message: PRODUCT_TEXT.invalidId }, { status: 400 });
  return id;
}
