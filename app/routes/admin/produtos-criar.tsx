import "#app/lib/zod-csp.ts";
import { zodResolver } from "@hookform/resolvers/zod";
import { Loader2 } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useNavigate } from "react-router";
import { toast } from "#app/lib/toast.tsx";
import { ImagePicker } from "#app/components/admin/products/ImagePicker.tsx";
import { PRODUCT_TEXT, thrownError } from "#app/components/admin/products/product-api.ts";
import {
  hasMissingRequired,
  ProductFields,
  productFieldsSchema,
  sizesText,
  type ProductFieldsInput,
} from "#app/components/admin/products/ProductFields.tsx";
import { buttonClass, PageHeader, Panel } from "#app/components/admin/ui.tsx";
import { apiPost, messageFrom } from "#app/lib/api.ts";
import type { Route } from "./+types/produtos-criar";

// A route's meta replaces its parents', so noindex is repeated here.
export const meta: Route.MetaFunction = () => [
  { title: "Criar Novo Produto | Loja Admin" },
  { name: "robots", content: "noindex" },
];

export default function Page() {
  const navigate = useNavigate();
  const [images, setImages] = useState<File[]>([]);
  const [imageError, setImageError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitted },
  } = useForm<ProductFieldsInput>({
    resolver: zodResolver(productFieldsSchema),
    defaultValues: { name: "", description: "", price: "", categoria: "", sizes: "" },
  });

  const checkImages = () => {
    if (images.length === 0) {
      setImageError(PRODUCT_TEXT.imageRequired);
      return false;
    }
    return true;
  };

  const onSubmit = async (values: ProductFieldsInput) => {
    if (!checkImages()) {
      toast.error(PRODUCT_TEXT.imageRequired);
      return;
    }
    const form = new FormData();
    form.append("name", values.name.trim());
    form.append("description", values.description.trim());
    form.append("price", values.price.trim());
    form.append("sizes", sizesText(values.sizes));
    form.append("categoria", values.categoria.trim());
    for (const file of images) form.append("images", file, file.name);

    setSubmitting(true);
    try {
      const response = await apiPost("/api/product/create", form);
      if (response.ok) {
        toast.success(messageFrom(response.data) ?? "Produto criado com sucesso!");
        await navigate("/produtos");
        return;
      }
      const detail = messageFrom(response.data);
      toast.error(PRODUCT_TEXT.createError, detail ? { description: detail } : undefined);
    } catch (error) {
      toast.error(PRODUCT_TEXT.createError, { description: thrownError(error, "Erro inesperado.") });
    } finally {
      setSubmitting(false);
    }
  };

  const missing = isSubmitted && hasMissingRequired(errors);

  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        title="Criar Novo Produto"
        description="Os campos marcados com * são obrigatórios."
        actions={
          <Link to="/produtos" className={buttonClass.secondary}>
            Voltar
          </Link>
        }
      />
      <Panel>
        <form
          noValidate
          onSubmit={(e) => {
            // The pictures are checked together with the fields, so every problem shows at once.
            checkImages();
            void handleSubmit(onSubmit)(e);
          }}
          className="grid grid-cols-1 gap-5 sm:grid-cols-2"
          aria-busy={submitting}
        >
          {missing && (
            <p
              role="alert"
              className="rounded-md border border-red-200 bg-red-50 p-3 text-sm font-medium text-red-800 sm:col-span-2"
            >
              {PRODUCT_TEXT.required}
            </p>
          )}
          <ProductFields register={register} errors={errors} idPrefix="create" />
          <div className="sm:col-span-2">
            <ImagePicker
              label="Imagens do produto *"
              files={images}
              onChange={(files) => {
                setImages(files);
                if (files.length > 0) setImageError(null);
              }}
              error={imageError}
              hint="A primeira imagem é a principal. Pode escolher várias (máximo 10, até 8 MB cada)."
            />
          </div>
          <div className="flex flex-col-reverse gap-2 sm:col-span-2 sm:flex-row sm:justify-end">
            <Link to="/produtos" className={buttonClass.secondary}>
              Cancelar
            </Link>
            <button type="submit" disabled={submitting} className={buttonClass.primary}>
              {submitting && <Loader2 aria-hidden="true" className="size-4 animate-spin" />}
              {submitting ? "A criar..." : "Criar Produto"}
            </button>
          </div>
        </form>
      </Panel>
    </div>
  );
}
