import "#app/lib/zod-csp.ts";
import { zodResolver } from "@hookform/resolvers/zod";
import { PackagePlus } from "lucide-react";
import { useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { toast } from "#app/lib/toast.tsx";
import { z } from "zod";
import {
  type ApiColor,
  type ApiProductListItem,
  type ApiStockDetail,
  CATALOG_MESSAGES,
  MAX_STOCK,
} from "#server/catalog/schemas.ts";
import { Field, fieldInputClass } from "#app/components/admin/dashboard/fields.tsx";
import {
  Badge,
  buttonClass,
  EmptyState,
  ErrorPanel,
  inputClass,
  LoadingState,
  PageHeader,
  Panel,
  stockLevel,
  TableWrap,
  tdClass,
  thClass,
  useApiData,
} from "#app/components/admin/ui.tsx";
import { apiPost, messageFrom } from "#app/lib/api.ts";
import type { Route } from "./+types/produtos-detalhes";

// A route's meta replaces its parents', so noindex is repeated here.
export const meta: Route.MetaFunction = () => [
  { title: "Definir Produto | Loja Admin" },
  { name: "robots", content: "noindex" },
];

const FAILURE = "Erro ao criar variante";
const M = CATALOG_MESSAGES;

/** Product, colour and stock required (spec section 5); the size is optional (size_id of the API). */
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

/** Folds accents and case, so 'caneca' finds 'Caneca Água'. */
const fold = (s: string) =>
  s
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase();

/** /produtos/detalhes 'Definir Produto': add a variant (colour, optional size, stock) to a product. */
export default function Page() {
  const products = useApiData<ApiProductListItem[]>("/api/product/all", "Erro ao carregar os produtos");
  const colors = useApiData<ApiColor[]>("/api/product/cores", "Erro ao carregar as cores");
  const sizes = useApiData<{ id: number; name: string }[]>("/api/product/tamanhos", "Erro ao carregar os tamanhos");
  const [search, setSearch] = useState("");
  const [saving, setSaving] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    clearErrors,
    watch,
    getValues,
    formState: { errors },
  } = useForm<FormInput, unknown, FormOutput>({ resolver: zodResolver(variantForm), defaultValues: EMPTY });

  const productId = watch("product_id");
  const detail = useApiData<ApiStockDetail>(
    productId ? `/api/product/stockdetalhe/${productId}` : null,
    "Erro ao carregar as variantes",
  );

  const visibleProducts = useMemo(() => {
    const list = products.data ?? [];
    const needle = fold(search.trim());
    if (!needle) return list;
    // The chosen product stays in the list while searching.
    return list.filter((p) => fold(p.name).includes(needle) || String(p.id) === productId);
  }, [products.data, search, productId]);

  async function onValid(values: FormOutput) {
    setSaving(true);
    try {
      const response = await apiPost("/api/product/createVariants", {
        product_id: Number(values.product_id),
        color_id: Number(values.color_id),
        ...(values.size_id ? { size_id: Number(values.size_id) } : {}),
        stock: values.stock,
      });
      if (response.ok) {
        toast.success(messageFrom(response.data) ?? "Variante criada com sucesso!");
        // Keep the product chosen, so several variants can be added in a row.
        reset({ ...EMPTY, product_id: getValues("product_id") });
        await detail.reload();
      } else {
        toast.error(messageFrom(response.data) ?? FAILURE);
      }
    } catch {
      toast.error(FAILURE);
    } finally {
      setSaving(false);
    }
  }

  const listsFailed = products.error ?? colors.error;

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageHeader
        title="Definir Produto"
        description="Escolha o produto, a cor, o tamanho (opcional) e a quantidade em stock."
      />
      {listsFailed && (!products.data || !colors.data) ? (
        <ErrorPanel
          message={listsFailed}
          onRetry={() => {
            void products.reload();
            void colors.reload();
          }}
        />
      ) : (products.loading && !products.data) || (colors.loading && !colors.data) ? (
        <LoadingState label="Carregando produtos e cores..." />
      ) : (
        <Panel>
          <form onSubmit={handleSubmit(onValid)} noValidate className="space-y-5">
            <Field label="Pesquisar produto" hint={`${visibleProducts.length} produto(s) na lista.`}>
              {(props) => (
                <input
                  {...props}
                  type="search"
                  value={search}
                  onChange={(event) => setSearch(event.target.value)}
                  placeholder="Escreva parte do nome"
                  className={inputClass}
                />
              )}
            </Field>
            <Field label="Produto" error={errors.product_id?.message}>
              {(props) => (
                <select
                  {...props}
                  className={fieldInputClass(inputClass, !!errors.product_id)}
                  {...register("product_id", { onChange: () => clearErrors("product_id") })}
                >
                  <option value="">— Selecione um produto —</option>
                  {visibleProducts.map((p) => (
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
                    {colors.data?.map((c) => (
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
                    {sizes.data?.map((s) => (
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
      )}

      {productId ? (
        <Panel title={detail.data ? `Variantes de ${detail.data.name}` : "Variantes do produto"}>
          {detail.loading && !detail.data ? (
            <LoadingState label="Carregando variantes..." />
          ) : detail.error && !detail.data ? (
            <ErrorPanel message={detail.error} onRetry={() => void detail.reload()} />
          ) : !detail.data || detail.data.variants.length === 0 ? (
            <EmptyState message="Este produto ainda não tem variantes." />
          ) : (
            <TableWrap label="Variantes do produto">
              <table className="min-w-full divide-y divide-gray-200">
                <thead className="bg-gray-50">
                  <tr>
                    <th scope="col" className={thClass}>
                      Cor
                    </th>
                    <th scope="col" className={thClass}>
                      Tamanho
                    </th>
                    <th scope="col" className={thClass}>
                      Stock
                    </th>
                    <th scope="col" className={thClass}>
                      Estado
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-gray-200">
                  {detail.data.variants.map((v) => {
                    const level = stockLevel(v.stock);
                    return (
                      <tr key={v.id}>
                        <td className={tdClass}>{v.color ?? v.color_name ?? "N/A"}</td>
                        <td className={tdClass}>{v.size ?? v.size_name ?? "N/A"}</td>
                        <td className={tdClass}>{v.stock}</td>
                        <td className={tdClass}>
                          <Badge className={level.className}>{level.label}</Badge>
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </TableWrap>
          )}
        </Panel>
      ) : null}
    </div>
  );
}
