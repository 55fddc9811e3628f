import "../../lib/zod-csp.ts";
import { zodResolver } from "@hookform/resolvers/zod";
import { ImagePlus } from "lucide-react";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { toast } from "../../lib/toast.tsx";
import { z } from "zod";
import { CATALOG_MESSAGES, createBannerFields } from "../../../server/catalog/schemas.ts";
import { Field, fieldInputClass } from "../../components/admin/dashboard/fields.tsx";
import { buttonClass, inputClass, PageHeader, Panel } from "../../components/admin/ui.tsx";
import { apiPost, messageFrom } from "../../lib/api.ts";
import type { Route } from "./+types/produtos-criar-banner";

// A route's meta replaces its parents', so noindex is repeated here.
export const meta: Route.MetaFunction = () => [
  { title: "Criar Banner | Loja Admin" },
  { name: "robots", content: "noindex" },
];

const FAILURE = "Erro ao criar banner";
const NOT_AN_IMAGE = "Apenas são aceites imagens.";

/** Title, slogan and one image (spec section 5). */
const bannerForm = createBannerFields.extend({
  imagem: z
    .custom<FileList | null>()
    .refine((files) => !!files && files.length > 0, CATALOG_MESSAGES.bannerImageRequired)
    .refine((files) => !files?.[0] || files[0].type.startsWith("image/"), NOT_AN_IMAGE),
});
type FormInput = z.input<typeof bannerForm>;
type FormOutput = z.output<typeof bannerForm>;

const EMPTY: FormInput = { titulo: "", slogam: "", imagem: null };

export default function Page() {
  const [saving, setSaving] = useState(false);
  const [preview, setPreview] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    clearErrors,
    watch,
    formState: { errors },
  } = useForm<FormInput, unknown, FormOutput>({ resolver: zodResolver(bannerForm), defaultValues: EMPTY });

  const files = watch("imagem");
  useEffect(() => {
    const file = files?.[0];
    if (!file || !file.type.startsWith("image/")) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [files]);

  async function onValid(values: FormOutput) {
    setSaving(true);
    try {
      const form = new FormData();
      form.append("titulo", values.titulo);
      form.append("slogam", values.slogam);
      form.append("imagem", values.imagem![0]!);
      const response = await apiPost("/api/product/create_banner", form);
      if (response.ok) {
        toast.success(messageFrom(response.data) ?? "Banner criado com sucesso!");
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
        <form onSubmit={handleSubmit(onValid)} noValidate className="space-y-5">
          <Field label="Título" error={errors.titulo?.message}>
            {(props) => (
              <input
                {...props}
                type="text"
                className={fieldInputClass(inputClass, !!errors.titulo)}
                {...register("titulo", { onChange: () => clearErrors("titulo") })}
              />
            )}
          </Field>
          <Field label="Slogan" error={errors.slogam?.message}>
            {(props) => (
              <input
                {...props}
                type="text"
                className={fieldInputClass(inputClass, !!errors.slogam)}
                {...register("slogam", { onChange: () => clearErrors("slogam") })}
              />
            )}
          </Field>
          <Field label="Imagem" error={errors.imagem?.message} hint="Uma imagem (JPEG, PNG ou WebP).">
            {(props) => (
              <input
                {...props}
                type="file"
                accept="image/*"
                className={`${fieldInputClass(inputClass, !!errors.imagem)} file:mr-3 file:rounded file:border-0 file:bg-gray-100 file:px-3 file:py-1 file:text-sm file:font-medium file:text-gray-800`}
                {...register("imagem", { onChange: () => clearErrors("imagem") })}
              />
            )}
          </Field>
          {preview ? (
            <img src={preview} alt="Pré-visualização do banner" className="aspect-[8/3] w-full rounded-md border border-gray-200 object-cover" />
          ) : null}
          <button type="submit" className={buttonClass.primary} disabled={saving}>
            <ImagePlus aria-hidden="true" className="size-4" />
            {saving ? "Aguarde..." : "Criar Banner"}
          </button>
        </form>
      </Panel>
    </div>
  );
}
