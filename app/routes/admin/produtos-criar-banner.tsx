import "#app/lib/zod-csp.ts";
import { ImagePlus } from "lucide-react";
import { useEffect, useMemo } from "react";
import { Link } from "react-router";
import { z } from "zod";
import { CATALOG_MESSAGES, createBannerFields } from "#server/modules/catalog/admin/rules.ts";
import { Field, fieldInputClass, SubmitButton, TextField } from "#app/components/admin/dashboard/fields.tsx";
import { buttonClass, inputClass, PageHeader, Panel } from "#app/components/admin/ui.tsx";
import { useCreateForm } from "#app/components/admin/useCreateForm.ts";
import { screenErrorBoundary, submission, submitToApi } from "#app/components/admin/route-data.tsx";
import { adminMeta } from "#app/lib/seo.ts";
import type { Route } from "./+types/produtos-criar-banner";

// A route's meta replaces its parents', so noindex is repeated here.
export const meta: Route.MetaFunction = () => adminMeta("Criar Banner");

const NOT_AN_IMAGE = "Apenas são aceites imagens.";

/** /produtos/criar_banner: title, slogan and one image, all required. */
const bannerForm = createBannerFields.extend({
  imagem: z
    .custom<FileList | null>()
    .refine((files) => !!files && files.length > 0, CATALOG_MESSAGES.bannerImageRequired)
    .refine((files) => !files?.[0] || files[0].type.startsWith("image/"), NOT_AN_IMAGE),
});

export async function clientAction({ request }: Route.ClientActionArgs) {
  return submitToApi("/api/product/create_banner", { method: "POST", body: await submission(request) });
}

export const ErrorBoundary = screenErrorBoundary("Erro ao carregar a página");

export default function Page() {
  const { field, onSubmit, saving, watch, formState } = useCreateForm({
    schema: bannerForm,
    empty: { titulo: "", slogam: "", imagem: null },
    body: (values) => {
      const form = new FormData();
      form.append("titulo", values.titulo);
      form.append("slogam", values.slogam);
      form.append("imagem", values.imagem![0]!);
      return form;
    },
    successMessage: "Banner criado com sucesso!",
    failureMessage: "Erro ao criar banner",
  });

  const file = watch("imagem")?.[0];
  // The chosen picture's preview: an object URL made for each new file and revoked when replaced.
  const preview = useMemo(() => (file?.type.startsWith("image/") ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => {
    if (preview) return () => URL.revokeObjectURL(preview);
  }, [preview]);

  return (
    <div className="mx-auto max-w-2xl">
      <PageHeader
        title="Criar Banner"
        description="O banner ativo aparece no topo da página inicial da loja."
        actions={
          <Link to="/produtos/definir_banner" className={buttonClass.secondary}>
            Definir Banner
          </Link>
        }
      />
      <Panel>
        <form method="post" onSubmit={onSubmit} noValidate className="space-y-5">
          <TextField label="Título" error={formState.errors.titulo?.message} registration={field("titulo")} />
          <TextField label="Slogan" error={formState.errors.slogam?.message} registration={field("slogam")} />
          <Field label="Imagem" error={formState.errors.imagem?.message} hint="Uma imagem (JPEG, PNG ou WebP).">
            {(props) => (
              <input
                {...props}
                type="file"
                accept="image/*"
                className={`${fieldInputClass(inputClass, !!formState.errors.imagem)} file:mr-3 file:rounded file:border-0 file:bg-gray-100 file:px-3 file:py-1 file:text-sm file:font-medium file:text-gray-800`}
                {...field("imagem")}
              />
            )}
          </Field>
          {preview ? (
            <img
              src={preview}
              alt="Pré-visualização do banner"
              className="aspect-[8/3] w-full rounded-md border border-gray-200 object-cover"
            />
          ) : null}
          <SubmitButton icon={ImagePlus} busy={saving}>
            Criar Banner
          </SubmitButton>
        </form>
      </Panel>
    </div>
  );
}
