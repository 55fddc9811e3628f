import { Link } from "react-router";
import { EditProductForm } from "#app/components/admin/products/EditProductForm.tsx";
import { changeVariant, type VariantChange } from "#app/components/admin/products/product-actions.ts";
import { EDIT_SAVE_TIMEOUT_MS, PRODUCT_TEXT } from "#app/components/admin/products/product-api.ts";
import { VariantsManager } from "#app/components/admin/products/VariantsManager.tsx";
import { vatFormSettings } from "#app/components/admin/products/VatFields.tsx";
import { safetyFormDefaults } from "#app/components/admin/products/SafetyFields.tsx";
import { screenErrorBoundary, submitToApi } from "#app/components/admin/route-data.tsx";
import { buttonClass, PageHeader } from "#app/components/admin/ui.tsx";
import { productIdParam } from "#app/components/admin/products/product-data.server.ts";
import { load, servicesOf } from "#app/lib/route-data.server.ts";
import { adminMeta } from "#app/lib/seo.ts";
import type { Route } from "./+types/produtos-editar";

// A route's meta replaces its parents', so noindex is repeated here.
export const meta: Route.MetaFunction = () => adminMeta("Editar Produto");

/** The product, its variants, and the colours, sizes and categories the forms offer. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const id = productIdParam(params.id);
  const { catalog, settings } = servicesOf(context);
  const [detail, colors, sizes, categories, shop] = await load(() =>
    Promise.all([
      catalog.stockDetail(id, { admin: true }),
      catalog.listColors(),
      catalog.listSizes(),
      catalog.listCategories(),
      settings.get(),
    ]),
  );
  // GET /api/product/stockdetalhe/{id} is GET /api/product/{id} plus the variants.
  const { variants, ...product } = detail;
  return {
    product,
    variants,
    colors,
    sizes,
    categories,
    vat: vatFormSettings(shop.vat),
    safety: safetyFormDefaults(shop.identity),
  };
}

/**
 * The product's fields and new pictures (multipart: PUT /api/product/updateproductstock/{id},
 * given up after 30 s), or a variant change (JSON).
 */
export async function clientAction({ request, params }: Route.ClientActionArgs) {
  if (request.headers.get("content-type")?.includes("json"))
    return changeVariant((await request.json()) as VariantChange);
  const signal = AbortSignal.timeout(EDIT_SAVE_TIMEOUT_MS);
  const result = await submitToApi(`/api/product/updateproductstock/${params.id}`, {
    method: "PUT",
    body: await request.formData(),
    signal,
  });
  return result.status === 0 && signal.aborted ? { ...result, message: PRODUCT_TEXT.timeout } : result;
}

export const ErrorBoundary = screenErrorBoundary(PRODUCT_TEXT.editLoadError);

/** /produtos/editar/{id} 'Editar Produto': the product's data and its variants. */
export default function Page({ loaderData }: Route.ComponentProps) {
  const { product, variants, colors, sizes, categories, vat, safety } = loaderData;
  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader
        title="Editar Produto"
        description={product.name}
        actions={
          <>
            <Link to={`/produtos/editprodutos/${product.id}`} className={buttonClass.secondary}>
              Ver stock
            </Link>
            <Link to="/produtos" className={buttonClass.secondary}>
              Voltar
            </Link>
          </>
        }
      />
      <div className="flex flex-col gap-6">
        {/* Keyed by product: the form starts from the loaded values and keeps the admin's edits while the variants reload. */}
        <EditProductForm key={product.id} product={product} categories={categories} vat={vat} safety={safety} />
        <VariantsManager productId={product.id} variants={variants} colors={colors} sizes={sizes} />
      </div>
    </div>
  );
}
