import "#app/lib/zod-csp.ts";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useFetcher, useNavigate } from "react-router";
import { prefilled } from "#app/lib/prefill.tsx";
import { toast } from "#app/lib/toast.tsx";
import { ImagePicker } from "#app/components/admin/products/ImagePicker.tsx";
import { useActionResult } from "#app/components/admin/products/product-actions.ts";
import { PRODUCT_TEXT } from "#app/components/admin/products/product-api.ts";
import {
  hasMissingRequired,
  ProductFields,
  productFieldsSchema,
  productFormData,
  type ProductFieldsInput,
} from "#app/components/admin/products/ProductFields.tsx";
import { ProductFormShell } from "#app/components/admin/products/ProductFormShell.tsx";
import { SafetyFields, safetyFormDefaults } from "#app/components/admin/products/SafetyFields.tsx";
import { VatFields, vatFormSettings } from "#app/components/admin/products/VatFields.tsx";
import { safetyFormFields, safetyFormValues } from "#server/modules/catalog/safety/rules.ts";
import { type ActionResult, screenErrorBoundary, submission, submitToApi } from "#app/components/admin/route-data.tsx";
import { buttonClass, PageHeader, Panel } from "#app/components/admin/ui.tsx";
import { load, servicesOf } from "#app/lib/route-data.server.ts";
import { adminMeta } from "#app/lib/seo.ts";
import type { Route } from "./+types/produtos-criar";

// A route's meta replaces its parents', so noindex is repeated here.
export const meta: Route.MetaFunction = () => adminMeta("Criar Novo Produto");

/** The category suggestions (GET /api/product/categorias) and the settings' IVA defaults. */
export async function loader({ context }: Route.LoaderArgs) {
  const { catalog, settings } = servicesOf(context);
  const [categories, shop] = await load(() => Promise.all([catalog.listCategories(), settings.get()]));
  return { categories, vat: vatFormSettings(shop.vat), safety: safetyFormDefaults(shop.identity) };
}

/** POST /api/product/create (multipart: the fields and the pictures). */
export async function clientAction({ request }: Route.ClientActionArgs) {
  return submitToApi("/api/product/create", { method: "POST", body: await submission(request) });
}

export const ErrorBoundary = screenErrorBoundary("Erro ao carregar a página");

/** /produtos/criar 'Criar Novo Produto': the fields and at least one picture; back to /produtos once created. */
export default function Page({ loaderData: { categories, vat, safety } }: Route.ComponentProps) {
  const navigate = useNavigate();
  const fetcher = useFetcher<ActionResult>();
  const submitting = fetcher.state !== "idle";
  const [images, setImages] = useState<File[]>([]);
  const [imageError, setImageError] = useState<string | null>(null);
  // The settings' IVA category is in the server's HTML too (prefilled), not set once the scripts run.
  const [defaults] = useState<ProductFieldsInput>(() => ({
    name: "",
    description: "",
    price: "",
    categoria: "",
    sizes: "",
    vat_category: vat.defaultCategory,
    vat_exemption_code: "",
    seguranca: safetyFormValues(undefined),
  }));
  const form = useForm<ProductFieldsInput>({ resolver: zodResolver(productFieldsSchema), defaultValues: defaults });
  const {
    handleSubmit,
    control,
    formState: { errors, isSubmitted },
  } = form;
  const register = prefilled(form.register, defaults);

  useActionResult(fetcher, (result) => {
    if (result.ok) {
      toast.success(result.message ?? "Produto criado com sucesso!");
      void navigate("/produtos");
    } else {
      toast.error(PRODUCT_TEXT.createError, result.message ? { description: result.message } : undefined);
    }
  });

  const checkImages = () => {
    if (images.length === 0) {
      setImageError(PRODUCT_TEXT.imageRequired);
      return false;
    }
    return true;
  };

  const onSubmit = (values: ProductFieldsInput) => {
    if (!checkImages()) {
      toast.error(PRODUCT_TEXT.imageRequired);
      return;
    }
    void fetcher.submit(productFormData(values, images, safetyFormFields(values.seguranca)), {
      method: "post",
      encType: "multipart/form-data",
    });
  };

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
        <ProductFormShell
          onSubmit={(e) => {
            // The pictures are checked together with the fields, so every problem shows at once.
            checkImages();
            void handleSubmit(onSubmit)(e);
          }}
          busy={submitting}
          missingRequired={isSubmitted && hasMissingRequired(errors)}
          submitLabel="Criar Produto"
          busyLabel="A criar..."
        >
          <ProductFields register={register} errors={errors} idPrefix="create" categories={categories} />
          <VatFields register={register} errors={errors} idPrefix="create" control={control} settings={vat} />
          <SafetyFields register={register} errors={errors} idPrefix="create" control={control} defaults={safety} />
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
        </ProductFormShell>
      </Panel>
    </div>
  );
}
