import "#app/lib/zod-csp.ts";
import { Tags } from "lucide-react";
import { type ComponentProps, useId } from "react";
import { z } from "zod";
import { CATALOG_MESSAGES } from "#server/modules/catalog/admin/rules.ts";
import { SubmitButton, TextField } from "#app/components/admin/dashboard/fields.tsx";
import { PageHeader, Panel } from "#app/components/admin/ui.tsx";
import { useCreateForm } from "#app/components/admin/useCreateForm.ts";
import { screenErrorBoundary, submission, submitToApi } from "#app/components/admin/route-data.tsx";
import { load, servicesOf } from "#app/lib/route-data.server.ts";
import { adminMeta } from "#app/lib/seo.ts";
import type { Route } from "./+types/produto-categoria";

// A route's meta replaces its parents', so noindex is repeated here.
export const meta: Route.MetaFunction = () => adminMeta("Criar Categoria");

/** /produto/categoria: tamanho and cor, both required. */
const categoryForm = z.object({
  tamanho: z.string().trim().min(1, CATALOG_MESSAGES.entryRequired).max(30, CATALOG_MESSAGES.sizeTooLong),
  cor: z.string().trim().min(1, CATALOG_MESSAGES.entryRequired).max(50, CATALOG_MESSAGES.colorTooLong),
});

/** A text field offering the existing names as suggestions (a datalist), free text allowed. */
function SuggestedField({
  suggestions,
  ...field
}: { suggestions: string[] } & Omit<ComponentProps<typeof TextField>, "list" | "autoComplete">) {
  const listId = useId();
  return (
    <>
      <TextField {...field} list={listId} autoComplete="off" />
      <datalist id={listId}>
        {suggestions.map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
    </>
  );
}

/** /produto/categoria: the size-and-colour form; existing sizes and colours are offered as suggestions. */
export async function loader({ context }: Route.LoaderArgs) {
  const { catalog } = servicesOf(context);
  const [sizes, colors] = await load(() => Promise.all([catalog.listSizes(), catalog.listColors()]));
  return { sizes, colors };
}

export async function clientAction({ request }: Route.ClientActionArgs) {
  return submitToApi("/api/product/categoria", { method: "POST", body: await submission(request) });
}

export const ErrorBoundary = screenErrorBoundary("Erro ao carregar os tamanhos e as cores");

export default function Page({ loaderData: { sizes, colors } }: Route.ComponentProps) {
  const { field, onSubmit, saving, formState } = useCreateForm({
    schema: categoryForm,
    empty: { tamanho: "", cor: "" },
    successMessage: "Categoria criada com sucesso!",
    failureMessage: "Erro ao criar Categoria",
  });

  return (
    <div className="mx-auto max-w-2xl">
      <PageHeader title="Criar Categoria" description="Associe um tamanho a uma cor." />
      <Panel>
        <form method="post" onSubmit={onSubmit} noValidate className="space-y-5">
          <SuggestedField
            label="Tamanho"
            error={formState.errors.tamanho?.message}
            registration={field("tamanho")}
            suggestions={sizes.map((size) => size.name)}
          />
          <SuggestedField
            label="Cor"
            error={formState.errors.cor?.message}
            registration={field("cor")}
            suggestions={colors.map((color) => color.name)}
          />
          <SubmitButton icon={Tags} busy={saving}>
            Criar Categoria
          </SubmitButton>
        </form>
      </Panel>
    </div>
  );
}
