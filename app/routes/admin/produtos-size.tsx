import "../../lib/zod-csp.ts";
import { zodResolver } from "@hookform/resolvers/zod";
import { Ruler } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "../../lib/toast.tsx";
import { z } from "zod";
import { CATALOG_MESSAGES } from "../../../server/catalog/schemas.ts";
import { Field, fieldInputClass } from "../../components/admin/dashboard/fields.tsx";
import {
  buttonClass,
  EmptyState,
  ErrorPanel,
  inputClass,
  LoadingState,
  PageHeader,
  Panel,
  useApiData,
} from "../../components/admin/ui.tsx";
import { apiPost, messageFrom } from "../../lib/api.ts";
import type { Route } from "./+types/produtos-size";

// A route's meta replaces its parents', so noindex is repeated here.
export const meta: Route.MetaFunction = () => [
  { title: "Criar Tamanho do Produto | Loja Admin" },
  { name: "robots", content: "noindex" },
];

const FAILURE = "Erro ao criar Tamanho";

const sizeForm = z.object({
  tamanho: z.string().trim().min(1, CATALOG_MESSAGES.sizeRequired).max(30, CATALOG_MESSAGES.sizeTooLong),
});
type FormInput = z.input<typeof sizeForm>;
type FormOutput = z.output<typeof sizeForm>;

/** /produtos/size 'Criar Tamanho do Produto': a size name, and the sizes that exist. */
export default function Page() {
  const sizes = useApiData<{ id: number; name: string }[]>("/api/product/tamanhos", "Erro ao carregar os tamanhos");
  const [saving, setSaving] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    clearErrors,
    formState: { errors },
  } = useForm<FormInput, unknown, FormOutput>({ resolver: zodResolver(sizeForm), defaultValues: { tamanho: "" } });

  async function onValid(values: FormOutput) {
    setSaving(true);
    try {
      const response = await apiPost("/api/product/create_size", { tamanho: values.tamanho });
      if (response.ok) {
        toast.success(messageFrom(response.data) ?? "Tamanho criado com sucesso!");
        reset({ tamanho: "" });
        await sizes.reload();
      } else {
        toast.error(FAILURE, { description: messageFrom(response.data) ?? undefined });
      }
    } catch {
      toast.error(FAILURE);
    } finally {
      setSaving(false);
    }
  }

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageHeader title="Criar Tamanho do Produto" description="Os tamanhos servem para definir as variantes dos produtos." />
      <Panel>
        <form onSubmit={handleSubmit(onValid)} noValidate className="space-y-5">
          <Field label="Tamanho" error={errors.tamanho?.message}>
            {(props) => (
              <input
                {...props}
                type="text"
                placeholder="Ex.: XL"
                className={fieldInputClass(inputClass, !!errors.tamanho)}
                {...register("tamanho", { onChange: () => clearErrors("tamanho") })}
              />
            )}
          </Field>
          <button type="submit" className={buttonClass.primary} disabled={saving}>
            <Ruler aria-hidden="true" className="size-4" />
            {saving ? "Aguarde..." : "Criar Tamanho"}
          </button>
        </form>
      </Panel>

      <Panel title="Tamanhos existentes">
        {sizes.loading && !sizes.data ? (
          <LoadingState label="Carregando tamanhos..." />
        ) : sizes.error && !sizes.data ? (
          <ErrorPanel message={sizes.error} onRetry={() => void sizes.reload()} />
        ) : !sizes.data || sizes.data.length === 0 ? (
          <EmptyState message="Ainda não existem tamanhos." />
        ) : (
          <ul aria-label="Tamanhos existentes" className="flex flex-wrap gap-2">
            {sizes.data.map((size) => (
              <li key={size.id} className="rounded-md border border-gray-300 bg-white px-3 py-1 text-sm font-medium text-gray-900">
                {size.name}
              </li>
            ))}
          </ul>
        )}
      </Panel>
    </div>
  );
}
