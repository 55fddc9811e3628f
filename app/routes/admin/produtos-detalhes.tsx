import "#app/lib/zod-csp.ts";
import { zodResolver } from "@hookform/resolvers/zod";
import { PackagePlus } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useFetcher, useLocation, useNavigation, useSearchParams } from "react-router";
import { prefilled } from "#app/lib/prefill.tsx";
import { toast } from "#app/lib/toast.tsx";
import { z } from "zod";
import { CATALOG_MESSAGES, MAX_STOCK } from "#server/modules/catalog/admin/rules.ts";
import { Field, fieldInputClass } from "#app/components/admin/dashboard/fields.tsx";
import { buttonClass, EmptyState, inputClass, LoadingState, PageHeader, Panel } from "#app/components/admin/ui.tsx";
import { VariantStockTable } from "#app/components/admin/products/VariantStockTable.tsx";
import { changeVariant, useActionResult, type VariantChange } from "#app/components/admin/products/product-actions.ts";
import { parseProductId } from "#app/components/admin/products/product-api.ts";
import { ListSearch } from "#app/components/admin/ListSearch.tsx";
import { searchQuery } from "#app/components/admin/search-query.server.ts";
import { type ActionResult, screenErrorBoundary, submission } from "#app/components/admin/route-data.tsx";
import { load, servicesOf } from "#app/lib/route-data.server.ts";
import { adminMeta } from "#app/lib/seo.ts";
import type { Route } from "./+types/produtos-detalhes";
import { adminProductsQuery } from "./queries.server.ts";

// A route's meta replaces its parents', so noindex is repeated here.
export const meta: Route.MetaFunction = () => adminMeta("Definir Produto");

const FAILURE = "Erro ao criar variante";
/** The chosen product, in the URL so the loader reads its variants. */
const PRODUCT_PARAM = "produto";
/** The text the product list is searched by (on the server: the catalogue may hold 100 000 products). */
const SEARCH_PARAM = "pesquisa";
/** How many products the list offers at once: the newest, or the first that match the search. */
const CHOICES = 50;
const M = CATALOG_MESSAGES;

/** Product, colour and stock required; the size is optional (size_id of the API). */
const variantForm = z.object({
  product_id: z.string().min(1, M.productRequired),
  color_id: z.string().min(1, M.variantRequired),
  size_id: z.string(),
  stock: z
    .string()
    .trim()
    .min(1, M.variantRequired)
    .regex(/^\d+$/, M.invalidStock)
    .transform(Number)
    .refine((n) => n <= MAX_STOCK, M.stockTooHigh),
});
type FormInput = z.input<typeof variantForm>;
type FormOutput = z.output<typeof variantForm>;

const EMPTY: FormInput = { product_id: "", color_id: "", size_id: "", stock: "" };

/**
 * The products the form offers (the newest, or those matching `?pesquisa=`, at most CHOICES: never the whole
 * catalogue), the colours and sizes, and the chosen product's variants (`?produto={id}`).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const chosen = parseProductId(new URL(request.url).searchParams.get(PRODUCT_PARAM) ?? undefined);
  const { search } = searchQuery(request, adminProductsQuery.pick({ search: true }), { search: SEARCH_PARAM });
  const { catalog, stock } = servicesOf(context);
  const [page, colors, sizes, detail] = await load(() =>
    Promise.all([
      stock.adminProducts({ page: 1, limit: CHOICES, search }),
      catalog.listColors(),
      catalog.listSizes(),
      chosen === null ? null : catalog.stockDetail(chosen, { admin: true }),
    ]),
  );
  const products = page.items.map(({ id, name, status }) => ({ id, name, status }));
  // The chosen product stays on offer whatever the search shows.
  if (detail && !products.some((p) => p.id === detail.id)) {
    products.unshift({ id: detail.id, name: detail.name, status: detail.status });
  }
  return { products, matching: page.total, colors, sizes, detail };
}

/** POST /api/product/createVariants. */
export async function clientAction({ request }: Route.ClientActionArgs) {
  return changeVariant(await submission<VariantChange>(request));
}

export const ErrorBoundary = screenErrorBoundary("Erro ao carregar os produtos");

/** /produtos/detalhes 'Definir Produto': add a variant (colour, optional size, stock) to a product. */
export default function Page({ loaderData: { products, matching, colors, sizes, detail } }: Route.ComponentProps) {
  const [params, setParams] = useSearchParams();
  const navigation = useNavigation();
  const location = useLocation();
  const fetcher = useFetcher<ActionResult>();
  const saving = fetcher.state !== "idle";
  const productId = params.get(PRODUCT_PARAM) ?? "";
  // The product of the URL is chosen in the server's HTML too (prefilled).
  const [defaults] = useState<FormInput>(() => ({ ...EMPTY, product_id: productId }));
  const form = useForm<FormInput, unknown, FormOutput>({ resolver: zodResolver(variantForm), defaultValues: defaults });
  const {
    handleSubmit,
    reset,
    clearErrors,
    getValues,
    formState: { errors },
  } = form;
  const register = prefilled(form.register, defaults);

  useActionResult(fetcher, (result) => {
    if (!result.ok) return toast.error(result.message ?? FAILURE);
    toast.success(result.message ?? "Variante criada com sucesso!");
    // Keep the product chosen, so several variants can be added in a row.
    reset({ ...EMPTY, product_id: getValues("product_id") });
  });

  // The chosen product's variants are read by the loader, through the URL.
  const choose = (id: string) => {
    clearErrors("product_id");
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id) next.set(PRODUCT_PARAM, id);
        else next.delete(PRODUCT_PARAM);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  };
  const pending =
    navigation.state === "loading" && navigation.location.pathname === location.pathname
      ? new URLSearchParams(navigation.location.search)
      : null;
  const loadingVariants = pending !== null && (pending.get(PRODUCT_PARAM) ?? "") !== productId;

  function onValid(values: FormOutput) {
    const variant = {
      product_id: Number(values.product_id),
      color_id: Number(values.color_id),
      ...(values.size_id ? { size_id: Number(values.size_id) } : {}),
      stock: values.stock,
    };
    const change: VariantChange = { intent: "create-variant", variant };
    void fetcher.submit(change, { method: "post", encType: "application/json" });
  }

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageHeader
        title="Definir Produto"
        description="Escolha o produto, a cor, o tamanho (opcional) e a quantidade em stock."
      />
      <Panel>
        <ListSearch
          label="Pesquisar produto"
          placeholder="Escreva parte do nome"
          param={SEARCH_PARAM}
          className="mb-1"
        />
        <p className="mb-5 text-sm text-gray-600" aria-live="polite">
          {matching > products.length
            ? `${matching} produto(s) encontrados; a lista mostra ${products.length}. Escreva mais do nome para afinar.`
            : `${products.length} produto(s) na lista.`}
        </p>
        <form method="post" onSubmit={handleSubmit(onValid)} noValidate className="space-y-5">
          <Field label="Produto" error={errors.product_id?.message}>
            {(props) => (
              <select
                {...props}
                className={fieldInputClass(inputClass, !!errors.product_id)}
                {...register("product_id", {
                  onChange: (event: { target: HTMLSelectElement }) => choose(event.target.value),
                })}
              >
                <option value="">— Selecione um produto —</option>
                {products.map((p) => (
                  <option key={p.id} value={String(p.id)}>
                    {p.name} (#{p.id}){p.status === 1 ? "" : " — fora da loja"}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
            <Field label="Cor" error={errors.color_id?.message}>
              {(props) => (
                <select
                  {...props}
                  className={fieldInputClass(inputClass, !!errors.color_id)}
                  {...register("color_id", { onChange: () => clearErrors("color_id") })}
                >
                  <option value="">— Selecione uma cor —</option>
                  {colors.map((c) => (
                    <option key={c.id} value={String(c.id)}>
                      {c.name}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field label="Tamanho (opcional)">
              {(props) => (
                <select {...props} className={inputClass} {...register("size_id")}>
                  <option value="">Sem tamanho</option>
                  {sizes.map((s) => (
                    <option key={s.id} value={String(s.id)}>
                      {s.name}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          </div>
          <Field label="Quantidade em stock" error={errors.stock?.message}>
            {(props) => (
              <input
                {...props}
                type="number"
                inputMode="numeric"
                min={0}
                step={1}
                className={fieldInputClass(inputClass, !!errors.stock)}
                {...register("stock", { onChange: () => clearErrors("stock") })}
              />
            )}
          </Field>
          <div className="flex flex-wrap gap-2">
            <button type="submit" className={buttonClass.primary} disabled={saving}>
              <PackagePlus aria-hidden="true" className="size-4" />
              {saving ? "Aguarde..." : "Adicionar Variante"}
            </button>
            <Link to="/produtos/color" className={buttonClass.secondary}>
              Criar Cor
            </Link>
            <Link to="/produtos/size" className={buttonClass.secondary}>
              Criar Tamanho
            </Link>
          </div>
        </form>
      </Panel>

      {productId || loadingVariants ? (
        <Panel title={detail && !loadingVariants ? `Variantes de ${detail.name}` : "Variantes do produto"}>
          {loadingVariants ? (
            <LoadingState label="Carregando variantes..." />
          ) : !detail || detail.variants.length === 0 ? (
            <EmptyState message="Este produto ainda não tem variantes." />
          ) : (
            <VariantStockTable variants={detail.variants} />
          )}
        </Panel>
      ) : null}
    </div>
  );
}
