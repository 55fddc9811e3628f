import "../../lib/zod-csp.ts";
import { zodResolver } from "@hookform/resolvers/zod";
import { Palette } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "../../lib/toast.tsx";
import { z } from "zod";
import { type ApiColor, CATALOG_MESSAGES } from "../../../server/catalog/schemas.ts";
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
import type { Route } from "./+types/produtos-color";

// A route's meta replaces its parents', so noindex is repeated here.
export const meta: Route.MetaFunction = () => [
  { title: "Criar Cor do Produto | Loja Admin" },
  { name: "robots", content: "noindex" },
];

const FAILURE = "Erro ao criar a cor produto";

const colorForm = z.object({
  cor: z.string().trim().min(1, CATALOG_MESSAGES.colorRequired).max(50, CATALOG_MESSAGES.colorTooLong),
  withHex: z.boolean(),
  color_hex: z.string().regex(/^#[0-9a-fA-F]{6}$/, CATALOG_MESSAGES.colorHexInvalid),
});
type FormInput = z.input<typeof colorForm>;
type FormOutput = z.output<typeof colorForm>;

const EMPTY: FormInput = { cor: "", withHex: false, color_hex: "#000000" };

/** /produtos/color 'Criar Cor do Produto': a colour name and, optionally, its hex code. */
export default function Page() {
  const colors = useApiData<ApiColor[]>("/api/product/cores", "Erro ao carregar as cores");
  const [saving, setSaving] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    clearErrors,
    watch,
    formState: { errors },
  } = useForm<FormInput, unknown, FormOutput>({ resolver: zodResolver(colorForm), defaultValues: EMPTY });
  const withHex = watch("withHex");
  const hex = watch("color_hex");

  async function onValid(values: FormOutput) {
    setSaving(true);
    try {
      const response = await apiPost("/api/product/create_color", {
        cor: values.cor,
        ...(values.withHex ? { color_hex: values.color_hex } : {}),
      });
      if (response.ok) {
        toast.success(messageFrom(response.data) ?? "Cor criada com sucesso!");
        reset(EMPTY);
        await colors.reload();
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
      <PageHeader title="Criar Cor do Produto" description="As cores servem para definir as variantes dos produtos." />
      <Panel>
        <form onSubmit={handleSubmit(onValid)} noValidate className="space-y-5">
          <Field label="Nome da cor" error={errors.cor?.message}>
            {(props) => (
              <input
                {...props}
                type="text"
                placeholder="Ex.: Azul marinho"
                className={fieldInputClass(inputClass, !!errors.cor)}
                {...register("cor", { onChange: () => clearErrors("cor") })}
              />
            )}
          </Field>
          <div className="space-y-3">
            <label className="flex items-center gap-2 text-sm font-medium text-gray-800">
              <input type="checkbox" className="size-4 rounded border-gray-400" {...register("withHex")} />
              Indicar o código da cor (opcional)
            </label>
            {withHex ? (
              <Field label="Código da cor" error={errors.color_hex?.message}>
                {(props) => (
                  <div className="flex items-center gap-3">
                    <input {...props} type="color" className="h-10 w-16 cursor-pointer rounded border border-gray-300 bg-white p-1" {...register("color_hex")} />
                    <span className="font-mono text-sm text-gray-900">{hex}</span>
                  </div>
                )}
              </Field>
            ) : null}
          </div>
          <button type="submit" className={buttonClass.primary} disabled={saving}>
            <Palette aria-hidden="true" className="size-4" />
            {saving ? "Aguarde..." : "Criar Cor"}
          </button>
        </form>
      </Panel>

      <Panel title="Cores existentes">
        {colors.loading && !colors.data ? (
          <LoadingState label="Carregando cores..." />
        ) : colors.error && !colors.data ? (
          <ErrorPanel message={colors.error} onRetry={() => void colors.reload()} />
        ) : !colors.data || colors.data.length === 0 ? (
          <EmptyState message="Ainda não existem cores." />
        ) : (
          <ul aria-label="Cores existentes" className="flex flex-wrap gap-2">
            {colors.data.map((color) => (
              <li key={color.id} className="inline-flex items-center gap-2 rounded-full border border-gray-300 bg-white px-3 py-1 text-sm text-gray-900">
                <span
                  aria-hidden="true"
                  className="size-4 rounded-full border border-gray-400"
                  style={color.color_hex ? { backgroundColor: color.color_hex } : undefined}
                />
                {color.name}
                {color.color_hex ? <span className="font-mono text-xs text-gray-700">{color.color_hex}</span> : null}
              </li>
            ))}
          </ul>
        )}
      </Panel>
    </div>
  );
}
