import { AlertTriangle, Pencil } from "lucide-react";
import { Link } from "react-router";
import { BackButton } from "#app/components/admin/BackButton.tsx";
import { ImageCarousel } from "#app/components/admin/products/ImageCarousel.tsx";
import { StatusBadge } from "#app/components/admin/products/AdminProductCard.tsx";
import { formatDateTime, imageList, PRODUCT_TEXT } from "#app/components/admin/products/product-api.ts";
import { screenErrorBoundary } from "#app/components/admin/route-data.tsx";
import { buttonClass, PageHeader, Panel } from "#app/components/admin/ui.tsx";
import { ResponsiveTable } from "#app/components/admin/ResponsiveTable.tsx";
import { formatEuros } from "#app/lib/format.ts";
import { productIdParam } from "#app/components/admin/products/product-data.server.ts";
import { load, servicesOf } from "#app/lib/route-data.server.ts";
import { adminMeta } from "#app/lib/seo.ts";
import type { Route } from "./+types/produtos-editprodutos";

// A route's meta replaces its parents', so noindex is repeated here.
export const meta: Route.MetaFunction = () => adminMeta("Detalhe de Stock do Produto");

/** GET /api/product/stockdetalhe/{id} as the admin sees it (products out of the shop too). */
export async function loader({ context, params }: Route.LoaderArgs) {
  const id = productIdParam(params.id);
  return { product: await load(() => servicesOf(context).catalog.stockDetail(id, { admin: true })) };
}

export const ErrorBoundary = screenErrorBoundary(PRODUCT_TEXT.editLoadError);

/** /produtos/editprodutos/{id}: a product's pictures, facts and stock per variant. */
export default function Page({ loaderData: { product } }: Route.ComponentProps) {
  const images = imageList(product.images.length ? product.images : product.image);
  const total = product.variants.reduce((sum, v) => sum + v.stock, 0);

  return (
    <div>
      <PageHeader
        title={product.name}
        description="Detalhe de stock do produto"
        actions={
          <>
            <Link to={`/produtos/editar/${product.id}`} className={buttonClass.primary}>
              <Pencil aria-hidden="true" className="size-4" />
              Editar Produto
            </Link>
            <BackButton fallback="/produtos" />
          </>
        }
      />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,28rem)_minmax(0,1fr)]">
        <div className="min-w-0">
          <ImageCarousel images={images} name={product.name} />
        </div>
        <Panel title="Informação">
          <dl className="grid grid-cols-1 gap-x-6 gap-y-4 sm:grid-cols-2">
            <div>
              <dt className="text-sm font-medium text-gray-700">Preço</dt>
              <dd className="text-lg font-semibold text-gray-900 tabular-nums">{formatEuros(product.price)}</dd>
            </div>
            <div>
              <dt className="text-sm font-medium text-gray-700">Estado</dt>
              <dd className="mt-1">
                <StatusBadge status={product.status} />
              </dd>
            </div>
            <div>
              <dt className="text-sm font-medium text-gray-700">Categoria</dt>
              <dd className="text-gray-900">{product.categoria ?? "N/A"}</dd>
            </div>
            <div>
              <dt className="text-sm font-medium text-gray-700">Data de criação</dt>
              <dd className="text-gray-900 tabular-nums">{formatDateTime(product.created_at)}</dd>
            </div>
            <div>
              <dt className="text-sm font-medium text-gray-700">Stock total</dt>
              <dd className="text-gray-900 tabular-nums">{total}</dd>
            </div>
            <div>
              <dt className="text-sm font-medium text-gray-700">Tamanhos do produto</dt>
              <dd className="text-gray-900">{product.sizes || "N/A"}</dd>
            </div>
            <div className="sm:col-span-2">
              <dt className="text-sm font-medium text-gray-700">Descrição</dt>
              <dd className="whitespace-pre-line text-gray-900">{product.description}</dd>
            </div>
          </dl>
        </Panel>
      </div>

      <section className="mt-6" aria-labelledby="variants-heading">
        <h2 id="variants-heading" className="mb-3 text-lg font-semibold text-gray-900">
          Stock por variante
        </h2>
        {product.variants.length === 0 ? (
          <div
            role="status"
            className="flex items-start gap-3 rounded-lg border border-yellow-300 bg-yellow-50 p-4 text-yellow-900"
          >
            <AlertTriangle aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
            <p>
              Este produto ainda não tem stock por variante. Adicione as variantes (cor e stock) na{" "}
              <Link to={`/produtos/editar/${product.id}`} className="font-semibold underline">
                página de edição do produto
              </Link>
              .
            </p>
          </div>
        ) : (
          <ResponsiveTable
            label="Tabela de stock por variante"
            tableFrom="md"
            rows={product.variants}
            rowKey={(v) => String(v.id)}
            cardTitle={(v) => (
              <h3 className="text-base font-semibold text-gray-900">{v.color_name || v.color || "N/A"}</h3>
            )}
            columns={[
              {
                id: "color",
                header: "Cor",
                width: "w-[40%]",
                inCardTitle: true,
                cell: (v) => v.color_name || v.color || "N/A",
              },
              {
                id: "size",
                header: "Tamanhos",
                width: "w-[40%]",
                cell: (v) => v.sizes || v.size || v.size_name || "N/A",
              },
              {
                id: "stock",
                header: "Stock",
                width: "w-[20%]",
                className: "font-semibold tabular-nums",
                cell: (v) => <span className={v.stock <= 10 ? "text-red-700" : "text-green-700"}>{v.stock}</span>,
              },
            ]}
          />
        )}
      </section>
    </div>
  );
}
