import "#app/lib/zod-csp.ts";
import { Ruler } from "lucide-react";
import { z } from "zod";
import { CATALOG_MESSAGES } from "#server/modules/catalog/admin/rules.ts";
import { TextField } from "#app/components/admin/dashboard/fields.tsx";
import { CreateEntryScreen } from "#app/components/admin/CreateEntryScreen.tsx";
import { useCreateForm } from "#app/components/admin/useCreateForm.ts";
import { screenErrorBoundary, submission, submitToApi } from "#app/components/admin/route-data.tsx";
import { load, servicesOf } from "#app/lib/route-data.server.ts";
import { adminMeta } from "#app/lib/seo.ts";
import type { Route } from "./+types/produtos-size";

// A route's meta replaces its parents', so noindex is repeated here.
export const meta: Route.MetaFunction = () => adminMeta("Criar Tamanho do Produto");

const sizeForm = z.object({
  tamanho: z.string().trim().min(1, CATALOG_MESSAGES.sizeRequired).max(30, CATALOG_MESSAGES.sizeTooLong),
});

export async function loader({ context }: Route.LoaderArgs) {
  return { sizes: await load(() => servicesOf(context).catalog.listSizes()) };
}

export async function clientAction({ request }: Route.ClientActionArgs) {
  return submitToApi("/api/product/create_size", { method: "POST", body: await submission(request) });
}

export const ErrorBoundary = screenErrorBoundary("Erro ao carregar os tamanhos");

/** /produtos/size 'Criar Tamanho do Produto': a size name, and the sizes that exist. */
export default function Page({ loaderData: { sizes } }: Route.ComponentProps) {
  const { field, onSubmit, saving, formState } = useCreateForm({
    schema: sizeForm,
    empty: { tamanho: "" },
    successMessage: "Tamanho criado com sucesso!",
    failureMessage: "Erro ao criar Tamanho",
  });

  return (
    <CreateEntryScreen
      title="Criar Tamanho do Produto"
      description="Os tamanhos servem para definir as variantes dos produtos."
      existing={{
        title: "Tamanhos existentes",
        items: sizes,
        emptyMessage: "Ainda não existem tamanhos.",
        itemClassName: "rounded-md border border-gray-300 bg-white px-3 py-1 text-sm font-medium text-gray-900",
        renderItem: (size) => size.name,
      }}
      onSubmit={onSubmit}
      submit={{ icon: Ruler, busy: saving, label: "Criar Tamanho" }}
    >
      <TextField
        label="Tamanho"
        error={formState.errors.tamanho?.message}
        placeholder="Ex.: XL"
        registration={field("tamanho")}
      />
    </CreateEntryScreen>
  );
}
