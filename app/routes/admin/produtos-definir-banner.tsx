import { CheckCircle2, ImagePlus, Pencil, Star, Trash2 } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { toast } from "#app/lib/toast.tsx";
import type { ApiBanner } from "#server/catalog/schemas.ts";
import { CatalogImage } from "#app/components/catalog/CatalogImage.tsx";
import {
  Badge,
  buttonClass,
  EmptyState,
  ErrorPanel,
  focusRing,
  LoadingState,
  PageHeader,
  useApiData,
  useConfirm,
} from "#app/components/admin/ui.tsx";
import { apiDelete, apiPost, messageFrom, NetworkError, type ApiResponse } from "#app/lib/api.ts";
import type { Route } from "./+types/produtos-definir-banner";

// A route's meta replaces its parents', so noindex is repeated here.
export const meta: Route.MetaFunction = () => [
  { title: "Definir Banner | Loja Admin" },
  { name: "robots", content: "noindex" },
];

/** 'Erro: {error}' of spec section 8, from the JSON error body. */
function jsonError(response: ApiResponse<unknown>): string {
  const data = (response.data ?? {}) as { error?: unknown };
  const error =
    typeof data.error === "string" && data.error
      ? data.error
      : (messageFrom(response.data) ?? `Erro ${response.status}`);
  return `Erro: ${error}`;
}

/** /produtos/definir_banner: the banners, which one is active, activate and delete (spec sections 2, 4, 8). */
export default function Page() {
  const {
    data: banners,
    error,
    loading,
    reload,
  } = useApiData<ApiBanner[]>("/api/product/banners", "Erro ao carregar os Banners");
  const { confirm, dialog } = useConfirm();
  const [busy, setBusy] = useState<number | null>(null);

  async function activate(banner: ApiBanner) {
    if (!(await confirm("Tens a certeza que queres adicionar este Banner?", "Ativar"))) return;
    setBusy(banner.idimg_banner);
    try {
      const response = await apiPost("/api/product/update", { id: banner.idimg_banner });
      if (!response.isJson) toast.error("Erro inesperado no servidor.");
      else if (!response.ok) toast.error(jsonError(response));
      else toast.success(messageFrom(response.data) ?? "Banner ativado com sucesso!");
      await reload();
    } catch (cause) {
      toast.error(cause instanceof NetworkError ? "Erro de conexão com o servidor" : "Erro inesperado no servidor.");
    } finally {
      setBusy(null);
    }
  }

  async function remove(banner: ApiBanner) {
    if (!(await confirm("Tens a certeza que queres eliminar este Banner?", "Eliminar"))) return;
    setBusy(banner.idimg_banner);
    try {
      const response = await apiDelete(`/api/product/deleteBanner/${banner.idimg_banner}`);
      if (!response.isJson) toast.error("Erro inesperado ao eliminar Banner.");
      else if (!response.ok) toast.error(jsonError(response));
      else toast.success(messageFrom(response.data) ?? "Banner eliminado com sucesso!");
      // Deleting reloads the list (spec section 4).
      await reload();
    } catch (cause) {
      toast.error(
        cause instanceof NetworkError ? "Erro de conexão ao eliminar Banner." : "Erro inesperado ao eliminar Banner.",
      );
    } finally {
      setBusy(null);
    }
  }

  return (
    <div>
      <PageHeader
        title="Definir Banner"
        description="Escolha o banner que aparece na página inicial da loja. Só um banner pode estar ativo."
        actions={
          <Link to="/produtos/criar_banner" className={buttonClass.primary}>
            <ImagePlus aria-hidden="true" className="size-4" />
            Criar Banner
          </Link>
        }
      />
      {loading && !banners ? (
        <LoadingState label="Carregando banners..." />
      ) : error && !banners ? (
        <ErrorPanel message="Erro ao carregar os Banners" onRetry={() => void reload()} />
      ) : !banners || banners.length === 0 ? (
        <EmptyState message="Nenhum banner encontrado.">
          <Link to="/produtos/criar_banner" className={`${buttonClass.primary} mt-4`}>
            Criar Banner
          </Link>
        </EmptyState>
      ) : (
        <ul aria-label="Banners" className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {banners.map((banner) => (
            <li
              key={banner.idimg_banner}
              aria-label={`Banner ${banner.titulo}`}
              className={`flex flex-col overflow-hidden rounded-lg border bg-white shadow-sm ${
                banner.is_active ? "border-green-600 ring-2 ring-green-600" : "border-gray-200"
              }`}
            >
              {/* Spec section 2: the cards link to /produto/{idimg_banner}. */}
              <Link
                to={`/produto/${banner.idimg_banner}`}
                className={`${focusRing} block`}
                aria-label={`Abrir ${banner.titulo}`}
              >
                <CatalogImage
                  file={banner.imagem}
                  alt=""
                  width={800}
                  height={300}
                  sizes="(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
                  className="aspect-[8/3] w-full bg-gray-100 object-cover"
                />
              </Link>
              <div className="flex flex-1 flex-col gap-2 p-4">
                <div className="flex items-start justify-between gap-2">
                  <h2 className="font-semibold break-words text-gray-900">{banner.titulo}</h2>
                  {banner.is_active ? (
                    <Badge className="shrink-0 bg-green-100 text-green-800">
                      <CheckCircle2 aria-hidden="true" className="mr-1 size-3.5" />
                      Ativo
                    </Badge>
                  ) : null}
                </div>
                <p className="text-sm break-words text-gray-700">{banner.slogam}</p>
                <div className="mt-auto flex flex-wrap gap-2 pt-2">
                  <button
                    type="button"
                    className={buttonClass.success}
                    onClick={() => void activate(banner)}
                    disabled={banner.is_active || busy === banner.idimg_banner}
                    aria-label={banner.is_active ? `${banner.titulo} já está ativo` : `Ativar ${banner.titulo}`}
                  >
                    <Star aria-hidden="true" className="size-4" />
                    {banner.is_active ? "Ativo" : "Ativar"}
                  </button>
                  <button
                    type="button"
                    className={buttonClass.secondary}
                    disabled
                    title="A edição de banners ainda não está disponível."
                    aria-label={`Editar ${banner.titulo} (indisponível)`}
                  >
                    <Pencil aria-hidden="true" className="size-4" />
                    Editar
                  </button>
                  <button
                    type="button"
                    className={buttonClass.danger}
                    onClick={() => void remove(banner)}
                    disabled={busy === banner.idimg_banner}
                    aria-label={`Eliminar ${banner.titulo}`}
                  >
                    <Trash2 aria-hidden="true" className="size-4" />
                    Eliminar
                  </button>
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
      {dialog}
    </div>
  );
}
