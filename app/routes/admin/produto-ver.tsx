import { Pencil } from "lucide-react";
import { Link } from "react-router";
import { BackButton } from "#app/components/admin/BackButton.tsx";
import { StatusBadge } from "#app/components/admin/products/AdminProductCard.tsx";
import { vatCategoryText } from "#app/components/admin/products/VatFields.tsx";
import { PRODUCT_TEXT } from "#app/components/admin/products/product-api.ts";
import { screenErrorBoundary } from "#app/components/admin/route-data.tsx";
import { buttonClass, PageHeader, Panel } from "#app/components/admin/ui.tsx";
import { CatalogImage } from "#app/components/catalog/CatalogImage.tsx";
import { firstImage } from "#app/components/catalog/image-urls.ts";
import { formatEuros } from "#app/lib/format.ts";
import { productIdParam } from "#app/components/admin/products/product-data.server.ts";
import { load, servicesOf } from "#app/lib/route-data.server.ts";
import { adminMeta } from "#app/lib/seo.ts";
import type { Route } from "./+types/produto-ver";

// A route's meta replaces its parents', so noindex is repeated here.
export const meta: Route.MetaFunction = () => adminMeta("Ver Produto");

/** GET /api/product/{id} as the admin sees it (products out of the shop too). */
export async function loader({ context, params }: Route.LoaderArgs) {
  const id = productIdParam(params.id);
  return { product: await load(() => servicesOf(context).catalog.getProduct(id, { admin: true })) };
}

export const ErrorBoundary = screenErrorBoundary(PRODUCT_TEXT.editLoadError);

/** /produto/ver/{id} 'Ver Produto' (from /produto/relatorio): the product's picture and facts. */
export default function Page({ loaderData: { product: p } }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader
        title={p.name}
        actions={
          <>
            <Link to={`/produtos/editar/${p.id}`} className={buttonClass.primary}>
              <Pencil aria-hidden="true" className="size-4" />
              Editar
            </Link>
            <BackButton fallback="/produto/relatorio" />
          </>
        }
      />
      <Panel>
        <div className="grid grid-cols-1 gap-6 md:grid-cols-[16rem_minmax(0,1fr)]">
          <CatalogImage
            file={firstImage(p.images.length ? p.images : p.image)}
            alt={p.name}
            width={512}
            height={512}
            sizes="(min-width: 768px) 256px, 100vw"
            priority
            className="aspect-square w-full rounded-lg border border-gray-200 object-cover"
          />
          <dl className="grid grid-cols-1 content-start gap-4 sm:grid-cols-2">
            <div className="sm:col-span-2">
              <dt className="text-sm font-medium text-gray-700">Nome</dt>
              <dd className="text-lg font-semibold text-gray-900">{p.name}</dd>
            </div>
            <div>
              <dt className="text-sm font-medium text-gray-700">Preço</dt>
              <dd className="text-gray-900 tabular-nums">{formatEuros(p.price)}</dd>
            </div>
            <div>
              <dt className="text-sm font-medium text-gray-700">Taxa de IVA</dt>
              <dd className="text-gray-900">{vatCategoryText(p.vat_category, p.vat_exemption_code)}</dd>
            </div>
            <div>
              <dt className="text-sm font-medium text-gray-700">Quantidade</dt>
              <dd className="text-gray-900 tabular-nums">{p.quantidade}</dd>
            </div>
            <div>
              <dt className="text-sm font-medium text-gray-700">Categoria</dt>
              <dd className="text-gray-900">{p.categoria ?? "N/A"}</dd>
            </div>
            <div>
              <dt className="text-sm font-medium text-gray-700">Estado</dt>
              <dd className="mt-1">
                <StatusBadge status={p.status} />
              </dd>
            </div>
          </dl>
        </div>
      </Panel>
    </div>
  );
}
