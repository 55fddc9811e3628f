import { CheckCircle2, ImagePlus, Pencil, Star, Trash2 } from "lucide-react";
import { Link, useFetcher } from "react-router";
import { toast } from "#app/lib/toast.tsx";
import type { ApiBanner } from "#server/modules/catalog/schemas.ts";
import { CatalogImage } from "#app/components/catalog/CatalogImage.tsx";
import { useActionResult } from "#app/components/admin/products/product-actions.ts";
import {
  type ActionResult,
  CONNECTION_ERROR,
  screenErrorBoundary,
  submission,
  submitToApi,
} from "#app/components/admin/route-data.tsx";
import { Badge, buttonClass, EmptyState, focusRing, PageHeader, useConfirm } from "#app/components/admin/ui.tsx";
import { load, servicesOf } from "#app/lib/route-data.server.ts";
import { adminMeta } from "#app/lib/seo.ts";
import type { Route } from "./+types/produtos-definir-banner";

// A route's meta replaces its parents', so noindex is repeated here.
export const meta: Route.MetaFunction = () => adminMeta("Definir Banner");

/** What a banner card submits: make it the active banner, or delete it. */
type BannerChange = { intent: "activate" | "delete"; id: number };

/** The pt-PT message of a banner change's answer (the API's message, or 'Erro: {error}'; a non-JSON answer or none at all have their own). */
function bannerMessage(intent: BannerChange["intent"], result: ActionResult): string {
  const activate = intent === "activate";
  if (result.status === 0) return activate ? CONNECTION_ERROR : "Erro de conexão ao eliminar Banner.";
  if (result.data === null) return activate ? "Erro inesperado no servidor." : "Erro inesperado ao eliminar Banner.";
  if (!result.ok) return `Erro: ${result.message ?? `Erro ${result.status}`}`;
  return result.message ?? (activate ? "Banner ativado com sucesso!" : "Banner eliminado com sucesso!");
}

/** GET /api/product/banners. */
export async function loader({ context }: Route.LoaderArgs) {
  return { banners: await load(() => servicesOf(context).catalog.listBanners()) };
}

/** POST /api/product/update (activate) or DELETE /api/product/deleteBanner/{id}; `message` is the toast's text. */
export async function clientAction({ request }: Route.ClientActionArgs) {
  const { intent, id } = await submission<BannerChange>(request);
  const result =
    intent === "activate"
      ? await submitToApi("/api/product/update", { method: "POST", body: { id } })
      : await submitToApi(`/api/product/deleteBanner/${id}`, { method: "DELETE" });
  return { ...result, ok: result.ok && result.data !== null, message: bannerMessage(intent, result) } as ActionResult;
}

export const ErrorBoundary = screenErrorBoundary("Erro ao carregar os Banners");

/** /produtos/definir_banner: the banners, which one is active, activate and delete. */
export default function Page({ loaderData: { banners } }: Route.ComponentProps) {
  const { confirm, dialog } = useConfirm();
  const fetcher = useFetcher<ActionResult>();
  const busy = fetcher.state !== "idle" ? (fetcher.json as BannerChange | undefined)?.id : undefined;
  useActionResult(fetcher, (result) => (result.ok ? toast.success(result.message!) : toast.error(result.message!)));

  async function change(banner: ApiBanner, intent: BannerChange["intent"]) {
    const question = intent === "activate" ? "adicionar" : "eliminar";
    const label = intent === "activate" ? "Ativar" : "Eliminar";
    if (!(await confirm(`Tens a certeza que queres ${question} este Banner?`, label))) return;
    const body: BannerChange = { intent, id: banner.idimg_banner };
    void fetcher.submit(body, { method: "post", encType: "application/json" });
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
      {banners.length === 0 ? (
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
              {/* The cards link to /produto/{idimg_banner}, as the original shop did. */}
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
                    onClick={() => void change(banner, "activate")}
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
                    onClick={() => void change(banner, "delete")}
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
