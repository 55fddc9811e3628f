import "#app/lib/zod-csp.ts";
import { zodResolver } from "@hookform/resolvers/zod";
import { Loader2 } from "lucide-react";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useNavigate, useParams } from "react-router";
import { toast } from "#app/lib/toast.tsx";
import { z } from "zod";
import { CATALOG_MESSAGES as M, formatPriceInput } from "#server/catalog/schemas.ts";
import { CatalogImage } from "#app/components/catalog/CatalogImage.tsx";
import { ImagePicker } from "#app/components/admin/products/ImagePicker.tsx";
import {
  EDIT_SAVE_TIMEOUT_MS,
  imageList,
  parseProductId,
  PRODUCT_TEXT,
  serverError,
  thrownError,
  type ApiProduct,
} from "#app/components/admin/products/product-api.ts";
import {
  FieldError,
  FIELD_REQUIRED,
  hasMissingRequired,
  ProductFields,
  productFieldsSchema,
  sizesText,
} from "#app/components/admin/products/ProductFields.tsx";
import { VariantsManager } from "#app/components/admin/products/VariantsManager.tsx";
import {
  buttonClass,
  ErrorPanel,
  inputClass,
  labelClass,
  LoadingState,
  PageHeader,
  Panel,
  useApiData,
} from "#app/components/admin/ui.tsx";
import { apiPut, messageFrom } from "#app/lib/api.ts";
import type { Route } from "./+types/produtos-editar";

// A route's meta replaces its parents', so noindex is repeated here.
export const meta: Route.MetaFunction = () => [
  { title: "Editar Produto | Loja Admin" },
  { name: "robots", content: "noindex" },
];

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
  };
}

function EditForm({ product }: { product: ApiProduct }) {
  const navigate = useNavigate();
  const [images, setImages] = useState<File[]>([]);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitted },
  } = useForm<EditInput>({ resolver: zodResolver(editSchema), defaultValues: toForm(product) });

  useEffect(() => reset(toForm(product)), [product, reset]);

  const onSubmit = async (values: EditInput) => {
    const form = new FormData();
    form.append("name", values.name.trim());
    form.append("description", values.description.trim());
    form.append("price", values.price.trim());
    if (values.categoria.trim()) form.append("categoria", values.categoria.trim());
    form.append("sizes", sizesText(values.sizes));
    form.append("status", values.status);
    form.append("modelo_id", values.modelo_id.trim());
    for (const file of images) form.append("images", file, file.name);

    setSaving(true);
    setSaveError(null);
    try {
      const response = await apiPut(`/api/product/updateproductstock/${product.id}`, form, {
        timeoutMs: EDIT_SAVE_TIMEOUT_MS,
      });
      if (response.ok) {
        toast.success(messageFrom(response.data) ?? "Produto atualizado com sucesso!");
        await navigate("/produtos");
        return;
      }
      const message = serverError(response);
      setSaveError(message);
      toast.error(message);
    } catch (error) {
      const message = thrownError(error, "Erro inesperado ao guardar o produto.");
      setSaveError(message);
      toast.error(message);
    } finally {
      setSaving(false);
    }
  };

  const current = imageList(product.images.length ? product.images : product.image);
  const missing = isSubmitted && hasMissingRequired(errors);

  return (
    <Panel title="Dados do produto">
      <form
        noValidate
        onSubmit={(e) => void handleSubmit(onSubmit)(e)}
        className="grid grid-cols-1 gap-5 sm:grid-cols-2"
        aria-busy={saving}
      >
        {missing && (
          <p
            role="alert"
            className="rounded-md border border-red-200 bg-red-50 p-3 text-sm font-medium text-red-800 sm:col-span-2"
          >
            {PRODUCT_TEXT.required}
          </p>
        )}
        <ProductFields register={register} errors={errors} idPrefix="edit" categoryRequired={false} />
        <div>
          <label htmlFor="edit-status" className={labelClass}>
            Estado
          </label>
          <select id="edit-status" className={inputClass} {...register("status")}>
            <option value="1">{PRODUCT_TEXT.inShop}</option>
            <option value="0">{PRODUCT_TEXT.outOfShop}</option>
          </select>
        </div>
        <div>
          <label htmlFor="edit-modelo" className={labelClass}>
            Modelo (modelo_id){" "}
            <span aria-hidden="true" className="text-red-700">
              *
            </span>
          </label>
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
        {saveError && (
          <p
            role="alert"
            className="rounded-md border border-red-200 bg-red-50 p-3 text-sm font-medium text-red-800 sm:col-span-2"
          >
            {saveError}
          </p>
        )}
        <div className="flex flex-col-reverse gap-2 sm:col-span-2 sm:flex-row sm:justify-end">
          <Link to="/produtos" className={buttonClass.secondary}>
            Cancelar
          </Link>
          <button type="submit" disabled={saving} className={buttonClass.primary}>
            {saving && <Loader2 aria-hidden="true" className="size-4 animate-spin" />}
            {saving ? "Guardando..." : "Guardar Alterações"}
          </button>
        </div>
      </form>
    </Panel>
  );
}

export default function Page() {
  const params = useParams();
  const id = parseProductId(params.id);
  const product = useApiData<ApiProduct>(id === null ? null : `/api/product/${id}`, PRODUCT_TEXT.editLoadError);

  const header = (
    <PageHeader
      title="Editar Produto"
      description={product.data ? product.data.name : undefined}
      actions={
        <>
          {id !== null && (
            <Link to={`/produtos/editprodutos/${id}`} className={buttonClass.secondary}>
              Ver stock
            </Link>
          )}
          <Link to="/produtos" className={buttonClass.secondary}>
            Voltar
          </Link>
        </>
      }
    />
  );

  if (id === null) {
    return (
      <div>
        {header}
        <ErrorPanel message={PRODUCT_TEXT.invalidId} />
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-4xl">
      {header}
      {product.loading && !product.data ? (
        <LoadingState label="Carregando produto..." />
      ) : product.error || !product.data ? (
        <ErrorPanel message={PRODUCT_TEXT.editLoadError} onRetry={() => void product.reload()} />
      ) : (
        <div className="flex flex-col gap-6">
          <EditForm product={product.data} />
          <VariantsManager productId={id} />
        </div>
      )}
    </div>
  );
}
