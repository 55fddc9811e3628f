import { ArrowLeft, Pencil } from "lucide-react";
import { Link, useNavigate, useParams } from "react-router";
import { StatusBadge } from "../../components/admin/products/AdminProductCard.tsx";
import { parseProductId, PRODUCT_TEXT, type ApiProduct } from "../../components/admin/products/product-api.ts";
import { buttonClass, ErrorPanel, LoadingState, PageHeader, Panel, useApiData } from "../../components/admin/ui.tsx";
import { CatalogImage } from "../../components/catalog/CatalogImage.tsx";
import { firstImage } from "../../components/catalog/image-urls.ts";
import { formatEuros } from "../../lib/format.ts";
import type { Route } from "./+types/produto-ver";

// A route's meta replaces its parents', so noindex is repeated here.
export const meta: Route.MetaFunction = () => [
  { title: "Ver Produto | Loja Admin" },
  { name: "robots", content: "noindex" },
];

export default function Page() {
  const params = useParams();
  const navigate = useNavigate();
  const id = parseProductId(params.id);
  const product = useApiData<ApiProduct>(id === null ? null : `/api/product/${id}`, PRODUCT_TEXT.editLoadError);
  const p = product.data;

  const back = (
    <button
      type="button"
      className={buttonClass.secondary}
      onClick={() => {
        if (window.history.length > 1) void navigate(-1);
        else void navigate("/produto/relatorio");
      }}
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      Voltar
    </button>
  );

  const header = (
    <PageHeader
      title={p?.name ?? "Ver Produto"}
      actions={
        <>
          {id !== null && (
            <Link to={`/produtos/editar/${id}`} className={buttonClass.primary}>
              <Pencil aria-hidden="true" className="size-4" />
              Editar
            </Link>
          )}
          {back}
        </>
      }
    />
  );

  if (id === null) {
    return (
      <div>
        {header}
        <ErrorPanel message={PRODUCT_TEXT.invalidId} />
      </div>
    );
  }
  if (product.loading && !p) {
    return (
      <div>
        {header}
        <LoadingState label="Carregando produto..." />
      </div>
    );
  }
  if (!p) {
    return (
      <div>
        {header}
        <ErrorPanel message={product.error ?? PRODUCT_TEXT.editLoadError} onRetry={() => void product.reload()} />
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-4xl">
      {header}
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
