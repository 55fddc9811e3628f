import "../../lib/zod-csp.ts";
import { zodResolver } from "@hookform/resolvers/zod";
import { Tags } from "lucide-react";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "../../lib/toast.tsx";
import { z } from "zod";
import { type ApiColor, CATALOG_MESSAGES } from "../../../server/catalog/schemas.ts";
import { Field, fieldInputClass } from "../../components/admin/dashboard/fields.tsx";
import { buttonClass, inputClass, PageHeader, Panel, useApiData } from "../../components/admin/ui.tsx";
import { apiPost, messageFrom } from "../../lib/api.ts";
import type { Route } from "./+types/produto-categoria";

// A route's meta replaces its parents', so noindex is repeated here.
export const meta: Route.MetaFunction = () => [
  { title: "Criar Categoria | Loja Admin" },
  { name: "robots", content: "noindex" },
];

const FAILURE = "Erro ao criar Categoria";

/** Tamanho and cor, both required (spec section 5). */
const categoryForm = z.object({
  tamanho: z.string().trim().min(1, CATALOG_MESSAGES.entryRequired).max(30, CATALOG_MESSAGES.sizeTooLong),
  cor: z.string().trim().min(1, CATALOG_MESSAGES.entryRequired).max(50, CATALOG_MESSAGES.colorTooLong),
});
type FormInput = z.input<typeof categoryForm>;
type FormOutput = z.output<typeof categoryForm>;

const EMPTY: FormInput = { tamanho: "", cor: "" };

/** /produto/categoria: the size-and-colour form; existing sizes and colours are offered as suggestions. */
export default function Page() {
  const sizes = useApiData<{ id: number; name: string }[]>("/api/product/tamanhos", "Erro ao carregar os tamanhos");
  const colors = useApiData<ApiColor[]>("/api/product/cores", "Erro ao carregar as cores");
  const listId = useId();
  const [saving, setSaving] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    clearErrors,
    formState: { errors },
  } = useForm<FormInput, unknown, FormOutput>({ resolver: zodResolver(categoryForm), defaultValues: EMPTY });

  async function onValid(values: FormOutput) {
    setSaving(true);
    try {
      const response = await apiPost("/api/product/categoria", values);
      if (response.ok) {
        toast.success(messageFrom(response.data) ?? "Categoria criada com sucesso!");
        reset(EMPTY);
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
    <div className="mx-auto max-w-2xl">
      <PageHeader title="Criar Categoria" description="Associe um tamanho a uma cor." />
      <Panel>
        <form onSubmit={handleSubmit(onValid)} noValidate className="space-y-5">
          <Field label="Tamanho" error={errors.tamanho?.message}>
            {(props) => (
              <input
                {...props}
                type="text"
                list={`${listId}-tamanhos`}
                autoComplete="off"
                className={fieldInputClass(inputClass, !!errors.tamanho)}
                {...register("tamanho", { onChange: () => clearErrors("tamanho") })}
              />
            )}
          </Field>
          <datalist id={`${listId}-tamanhos`}>
            {sizes.data?.map((size) => <option key={size.id} value={size.name} />)}
          </datalist>
          <Field label="Cor" error={errors.cor?.message}>
            {(props) => (
              <input
                {...props}
                type="text"
                list={`${listId}-cores`}
                autoComplete="off"
                className={fieldInputClass(inputClass, !!errors.cor)}
                {...register("cor", { onChange: () => clearErrors("cor") })}
              />
            )}
          </Field>
          <datalist id={`${listId}-cores`}>
            {colors.data?.map((color) => <option key={color.id} value={color.name} />)}
          </datalist>
          <button type="submit" className={buttonClass.primary} disabled={saving}>
            <Tags aria-hidden="true" className="size-4" />
            {saving ? "Aguarde..." : "Criar Categoria"}
          </button>
        </form>
      </Panel>
    </div>
  );
}
