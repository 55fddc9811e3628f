import "#app/lib/zod-csp.ts";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useFetcher, useNavigate } from "react-router";
import { z } from "zod";
import { CATALOG_MESSAGES as M, formatPriceInput } from "#server/modules/catalog/admin/rules.ts";
import { CatalogImage } from "#app/components/catalog/CatalogImage.tsx";
import { prefilled } from "#app/lib/prefill.tsx";
import { toast } from "#app/lib/toast.tsx";
import type { ActionResult } from "#app/components/admin/route-data.tsx";
import { inputClass, labelClass, Panel } from "#app/components/admin/ui.tsx";
import { ImagePicker } from "./ImagePicker.tsx";
import { useActionResult } from "./product-actions.ts";
import { type ApiProduct, imageList, PRODUCT_TEXT } from "./product-api.ts";
import {
  FieldError,
  FieldLabel,
  FIELD_REQUIRED,
  hasMissingRequired,
  ProductFields,
  productFieldsSchema,
  productFormData,
} from "./ProductFields.tsx";
import { FormAlert, ProductFormShell } from "./ProductFormShell.tsx";
import { VatFields, type VatFormSettings } from "./VatFields.tsx";
import { SafetyFields, type SafetyFormDefaults } from "./SafetyFields.tsx";
import { safetyFormFields, safetyFormValues } from "#server/modules/catalog/safety/rules.ts";

/** On update the category may stay as it is (a product can have none). */
const editSchema = productFieldsSchema.extend({
  categoria: z.string().trim().max(100, M.categoryTooLong),
  status: z.enum(["0", "1"]),
  modelo_id: z
    .string()
    .trim()
    .min(1, FIELD_REQUIRED)
    .regex(/^\d{1,9}$/, M.modeloInvalid)
    .refine((v) => Number(v) >= 1, M.modeloInvalid),
});
type EditInput = z.infer<typeof editSchema>;

function toForm(p: ApiProduct): EditInput {
  return {
    name: p.name,
    description: p.description,
    price: formatPriceInput(Math.round(p.price * 100)),
    categoria: p.categoria ?? "",
    sizes: p.sizes,
    status: p.status === 1 ? "1" : "0",
    modelo_id: String(p.modelo_id),
    vat_category: p.vat_category,
    vat_exemption_code: p.vat_exemption_code ?? "",
    seguranca: safetyFormValues(p.seguranca),
  };
}

/**
 * /produtos/editar/{id}'s 'Dados do produto': the common fields, status, model and new pictures,
 * sent (multipart) to the page's clientAction through a fetcher; saving goes back to /produtos, a
 * failure shows the server's message (or the 30-second time-out's).
 */
export function EditProductForm({
  product,
  categories,
  vat,
  safety,
}: {
  product: ApiProduct;
  categories: Array<{ id: number; name: string }>;
  /** The settings' IVA defaults and mainland rates. */
  vat: VatFormSettings;
  /** The shop's identity: the manufacturer fields' defaults. */
  safety: SafetyFormDefaults;
}) {
  const navigate = useNavigate();
  const fetcher = useFetcher<ActionResult>();
  const saving = fetcher.state !== "idle";
  const [images, setImages] = useState<File[]>([]);
  // The loader's product, once: the form starts from it (in the server's HTML too) and is never reset on mount.
  const [defaults] = useState(() => toForm(product));
  const form = useForm<EditInput>({ resolver: zodResolver(editSchema), defaultValues: defaults });
  const {
    handleSubmit,
    control,
    formState: { errors, isSubmitted },
  } = form;
  const register = prefilled(form.register, defaults);

  const failure = (result: ActionResult) => result.message ?? `Erro ${result.status}`;
  useActionResult(fetcher, (result) => {
    if (!result.ok) return toast.error(failure(result));
    toast.success(result.message ?? "Produto atualizado com sucesso!");
    void navigate("/produtos");
  });
  const saveError = fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? failure(fetcher.data) : null;

  const onSubmit = (values: EditInput) =>
    void fetcher.submit(
      productFormData(values, images, {
        status: values.status,
        modelo_id: values.modelo_id.trim(),
        ...safetyFormFields(values.seguranca),
      }),
      {
        method: "post",
        encType: "multipart/form-data",
      },
    );

  const current = imageList(product.images.length ? product.images : product.image);

  return (
    <Panel title="Dados do produto">
      <ProductFormShell
        onSubmit={(e) => void handleSubmit(onSubmit)(e)}
        busy={saving}
        missingRequired={isSubmitted && hasMissingRequired(errors)}
        submitLabel="Guardar Alterações"
        busyLabel="Guardando..."
      >
        <ProductFields
          register={register}
          errors={errors}
          idPrefix="edit"
          categories={categories}
          categoryRequired={false}
        />
        <VatFields register={register} errors={errors} idPrefix="edit" control={control} settings={vat} />
        <SafetyFields register={register} errors={errors} idPrefix="edit" control={control} defaults={safety} />
        <div>
          <FieldLabel htmlFor="edit-status">Estado</FieldLabel>
          <select id="edit-status" className={inputClass} {...register("status")}>
            <option value="1">{PRODUCT_TEXT.inShop}</option>
            <option value="0">{PRODUCT_TEXT.outOfShop}</option>
          </select>
        </div>
        <div>
          <FieldLabel htmlFor="edit-modelo" required>
            Modelo (modelo_id)
          </FieldLabel>
          <input
            id="edit-modelo"
            type="number"
            min={1}
            step={1}
            inputMode="numeric"
            className={inputClass}
            aria-invalid={errors.modelo_id ? true : undefined}
            aria-describedby={errors.modelo_id ? "edit-modelo-error" : "edit-modelo-hint"}
            {...register("modelo_id")}
          />
          <p id="edit-modelo-hint" className="mt-1 text-xs text-gray-700">
            Produtos com o mesmo modelo aparecem juntos em 'Produtos do Modelo'.
          </p>
          <FieldError id="edit-modelo-error" message={errors.modelo_id?.message} />
        </div>

        <div className="sm:col-span-2">
          <p className={labelClass}>Imagens atuais</p>
          {current.length === 0 ? (
            <p className="text-sm text-gray-700">Este produto não tem imagens.</p>
          ) : (
            <ul className="grid grid-cols-3 gap-3 sm:grid-cols-5" aria-label="Imagens atuais">
              {current.map((file, index) => (
                <li key={file}>
                  <CatalogImage
                    file={file}
                    alt={`${product.name} — imagem ${index + 1}`}
                    width={160}
                    height={160}
                    sizes="120px"
                    className="aspect-square w-full rounded-md border border-gray-200 object-cover"
                  />
                </li>
              ))}
            </ul>
          )}
        </div>
        <div className="sm:col-span-2">
          <ImagePicker
            label="Novas imagens (opcional)"
            files={images}
            onChange={setImages}
            hint="As novas imagens são acrescentadas às atuais."
          />
        </div>
        {saveError && <FormAlert>{saveError}</FormAlert>}
      </ProductFormShell>
    </Panel>
  );
}
