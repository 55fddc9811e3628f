import "#app/lib/zod-csp.ts";
import { Palette } from "lucide-react";
import { z } from "zod";
import { CATALOG_MESSAGES } from "#server/modules/catalog/admin/rules.ts";
import { Field, TextField } from "#app/components/admin/dashboard/fields.tsx";
import { CreateEntryScreen } from "#app/components/admin/CreateEntryScreen.tsx";
import { screenErrorBoundary, submission, submitToApi } from "#app/components/admin/route-data.tsx";
import { useCreateForm } from "#app/components/admin/useCreateForm.ts";
import { load, servicesOf } from "#app/lib/route-data.server.ts";
import { adminMeta } from "#app/lib/seo.ts";
import type { Route } from "./+types/produtos-color";

// A route's meta replaces its parents', so noindex is repeated here.
export const meta: Route.MetaFunction = () => adminMeta("Criar Cor do Produto");

const colorForm = z.object({
  cor: z.string().trim().min(1, CATALOG_MESSAGES.colorRequired).max(50, CATALOG_MESSAGES.colorTooLong),
  withHex: z.boolean(),
  color_hex: z.string().regex(/^#[0-9a-fA-F]{6}$/, CATALOG_MESSAGES.colorHexInvalid),
});

export async function loader({ context }: Route.LoaderArgs) {
  return { colors: await load(() => servicesOf(context).catalog.listColors()) };
}

export async function clientAction({ request }: Route.ClientActionArgs) {
  return submitToApi("/api/product/create_color", { method: "POST", body: await submission(request) });
}

export const ErrorBoundary = screenErrorBoundary("Erro ao carregar as cores");

/** /produtos/color 'Criar Cor do Produto': a colour name and, optionally, its hex code. */
export default function Page({ loaderData: { colors } }: Route.ComponentProps) {
  const { register, field, onSubmit, saving, watch, formState } = useCreateForm({
    schema: colorForm,
    empty: { cor: "", withHex: false, color_hex: "#000000" },
    body: (values) => ({ cor: values.cor, ...(values.withHex ? { color_hex: values.color_hex } : {}) }),
    successMessage: "Cor criada com sucesso!",
    failureMessage: "Erro ao criar a cor produto",
  });
  const withHex = watch("withHex");
  const hex = watch("color_hex");

  return (
    <CreateEntryScreen
      title="Criar Cor do Produto"
      description="As cores servem para definir as variantes dos produtos."
      existing={{
        title: "Cores existentes",
        items: colors,
        emptyMessage: "Ainda não existem cores.",
        itemClassName:
          "inline-flex items-center gap-2 rounded-full border border-gray-300 bg-white px-3 py-1 text-sm text-gray-900",
        renderItem: (color) => (
          <>
            <span
              aria-hidden="true"
              className="size-4 rounded-full border border-gray-400"
              style={color.color_hex ? { backgroundColor: color.color_hex } : undefined}
            />
            {color.name}
            {color.color_hex ? <span className="font-mono text-xs text-gray-700">{color.color_hex}</span> : null}
          </>
        ),
      }}
      onSubmit={onSubmit}
      submit={{ icon: Palette, busy: saving, label: "Criar Cor" }}
    >
      <TextField
        label="Nome da cor"
        error={formState.errors.cor?.message}
        placeholder="Ex.: Azul marinho"
        registration={field("cor")}
      />
      <div className="space-y-3">
        <label className="flex items-center gap-2 text-sm font-medium text-gray-800">
          <input type="checkbox" className="size-4 rounded border-gray-400" {...register("withHex")} />
          Indicar o código da cor (opcional)
        </label>
        {withHex ? (
          <Field label="Código da cor" error={formState.errors.color_hex?.message}>
            {(props) => (
              <div className="flex items-center gap-3">
                <input
                  {...props}
                  type="color"
                  className="h-10 w-16 cursor-pointer rounded border border-gray-300 bg-white p-1"
                  {...register("color_hex")}
                />
                <span className="font-mono text-sm text-gray-900">{hex}</span>
              </div>
            )}
          </Field>
        ) : null}
      </div>
    </CreateEntryScreen>
  );
}
