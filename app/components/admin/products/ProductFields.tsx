import "#app/lib/zod-csp.ts";
import type { FieldErrors, UseFormRegister } from "react-hook-form";
import { z } from "zod";
import {
  CATALOG_MESSAGES as M,
  EXEMPTION_CODE,
  formatPriceInput,
  normalizeSizes,
  parsePriceCents,
  VAT_FIELD_MESSAGES,
} from "#server/modules/catalog/admin/rules.ts";
import { safetyFormSchema } from "#server/modules/catalog/safety/rules.ts";
import { VAT_CATEGORIES } from "#server/modules/settings/rules.ts";
import { inputClass, labelClass } from "#app/components/admin/ui.tsx";
import { PrefilledTextarea } from "#app/lib/prefill.tsx";

/**
 * The product form's common fields (name, description, price, category, sizes) and their
 * rules, shared by /produtos/criar and /produtos/editar/{id}. Prices and sizes are checked with
 * the server's own parsers, so the browser refuses exactly what the API would.
 */

export const FIELD_REQUIRED = "Campo obrigatório.";

const required = (max: number, tooLong: string) => z.string().trim().min(1, FIELD_REQUIRED).max(max, tooLong);

export const productFieldsSchema = z.object({
  name: required(200, M.nameTooLong),
  description: required(5000, M.descriptionTooLong),
  price: z
    .string()
    .trim()
    .min(1, FIELD_REQUIRED)
    .superRefine((value, ctx) => {
      const r = parsePriceCents(value);
      if (!r.ok) ctx.addIssue({ code: "custom", message: r.message });
    }),
  categoria: required(100, M.categoryTooLong),
  sizes: z
    .string()
    .max(1000, M.sizesInvalid)
    .refine((value) => normalizeSizes(value) !== null, M.sizesInvalid),
  // 'Taxa de IVA' and, for Isento, the reason code (VatFields.tsx); the server checks them the same way.
  vat_category: z.enum(VAT_CATEGORIES, { error: VAT_FIELD_MESSAGES.category }),
  vat_exemption_code: z
    .string()
    .trim()
    .refine((v) => v === "" || EXEMPTION_CODE.test(v.toUpperCase()), VAT_FIELD_MESSAGES.exemptionCode),
  // 'Informação de segurança' (SafetyFields.tsx), sent with safetyFormFields() as the `extra` fields.
  seguranca: safetyFormSchema,
});
export type ProductFieldsInput = z.infer<typeof productFieldsSchema>;

/** True when one of the required fields is empty (the form then shows 'Por favor, preencha todos os campos obrigatórios.'). */
export function hasMissingRequired(errors: FieldErrors): boolean {
  return Object.values(errors).some((e) => e?.message === FIELD_REQUIRED);
}

/** "S, M ,,L" -> "S,M,L" */
export function sizesText(value: string): string {
  return (normalizeSizes(value) ?? []).join(",");
}

/**
 * The multipart body of POST /api/product/create and PUT /api/product/updateproductstock/{id}:
 * the common fields (trimmed; an empty category left out), `extra` fields, then the pictures.
 */
export function productFormData(
  values: ProductFieldsInput,
  images: readonly File[],
  extra: Record<string, string> = {},
): FormData {
  const form = new FormData();
  form.append("name", values.name.trim());
  form.append("description", values.description.trim());
  form.append("price", values.price.trim());
  if (values.categoria.trim()) form.append("categoria", values.categoria.trim());
  form.append("sizes", sizesText(values.sizes));
  form.append("vat_category", values.vat_category);
  if (values.vat_category === "isenta")
    form.append("vat_exemption_code", values.vat_exemption_code.trim().toUpperCase());
  for (const [name, value] of Object.entries(extra)) form.append(name, value);
  for (const file of images) form.append("images", file, file.name);
  return form;
}

export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1 text-sm font-medium text-red-700">
      {message}
    </p>
  );
}

/** A field's label, with the red '*' of a required field. */
export function FieldLabel({
  htmlFor,
  required = false,
  children,
}: {
  htmlFor: string;
  required?: boolean;
  children: string;
}) {
  return (
    <label htmlFor={htmlFor} className={labelClass}>
      {children}
      {required && (
        <>
          {" "}
          <span aria-hidden="true" className="text-red-700">
            *
          </span>
        </>
      )}
    </label>
  );
}

/** A field's error id and ARIA attributes. */
export function fieldAria(name: string, message?: string) {
  return {
    "aria-invalid": message ? true : undefined,
    "aria-describedby": message ? `${name}-error` : undefined,
  } as const;
}

/**
 * The five common inputs. `register` is a react-hook-form register of a form whose values
 * include ProductFieldsInput; `categories` (GET /api/product/categorias, from the page's loader)
 * are suggestions: the API also accepts a new category name and creates it.
 */
export function ProductFields<T extends ProductFieldsInput>({
  register,
  errors,
  idPrefix,
  categories,
  categoryRequired = true,
}: {
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
  idPrefix: string;
  categories: ReadonlyArray<{ id: number; name: string }>;
  categoryRequired?: boolean;
}) {
  const reg = register as unknown as UseFormRegister<ProductFieldsInput>;
  const err = errors as FieldErrors<ProductFieldsInput>;
  const id = (name: string) => `${idPrefix}-${name}`;
  const msg = (name: keyof ProductFieldsInput) => err[name]?.message as string | undefined;
  // A text field, not type=number: a number field drops the pt-PT comma ("15,5" became 155).
  // On leaving it, a valid price is written back the pt-PT way ("15.5" -> "15,50").
  const priceField = reg("price", {
    onBlur: (event: { target: HTMLInputElement }) => {
      const parsed = parsePriceCents(event.target.value);
      const shown = parsed.ok ? formatPriceInput(parsed.cents) : null;
      if (shown !== null && shown !== event.target.value) {
        event.target.value = shown;
        void priceField.onChange({ target: event.target, type: "change" });
      }
    },
  });

  return (
    <>
      <div className="sm:col-span-2">
        <FieldLabel htmlFor={id("name")} required>
          Nome
        </FieldLabel>
        <input
          id={id("name")}
          type="text"
          autoComplete="off"
          className={inputClass}
          {...fieldAria(id("name"), msg("name"))}
          {...reg("name")}
        />
        <FieldError id={`${id("name")}-error`} message={msg("name")} />
      </div>
      <div className="sm:col-span-2">
        <FieldLabel htmlFor={id("description")} required>
          Descrição
        </FieldLabel>
        <PrefilledTextarea
          id={id("description")}
          rows={4}
          className={inputClass}
          {...fieldAria(id("description"), msg("description"))}
          {...reg("description")}
        />
        <FieldError id={`${id("description")}-error`} message={msg("description")} />
      </div>
      <div>
        <FieldLabel htmlFor={id("price")} required>
          Preço (€)
        </FieldLabel>
        <input
          id={id("price")}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          placeholder="0,00"
          className={inputClass}
          {...fieldAria(id("price"), msg("price"))}
          {...priceField}
        />
        <FieldError id={`${id("price")}-error`} message={msg("price")} />
      </div>
      <div>
        <FieldLabel htmlFor={id("categoria")} required={categoryRequired}>
          Categoria
        </FieldLabel>
        <input
          id={id("categoria")}
          type="text"
          list={id("categorias")}
          autoComplete="off"
          placeholder="Ex.: Canecas"
          className={inputClass}
          {...fieldAria(id("categoria"), msg("categoria"))}
          {...reg("categoria")}
        />
        <datalist id={id("categorias")}>
          {categories.map((c) => (
            <option key={c.id} value={c.name} />
          ))}
        </datalist>
        <p className="mt-1 text-xs text-gray-700">Escolha uma categoria existente ou escreva uma nova.</p>
        <FieldError id={`${id("categoria")}-error`} message={msg("categoria")} />
      </div>
      <div className="sm:col-span-2">
        <FieldLabel htmlFor={id("sizes")}>Tamanhos</FieldLabel>
        <input
          id={id("sizes")}
          type="text"
          autoComplete="off"
          placeholder="S,M,L,XL"
          className={inputClass}
          aria-describedby={`${id("sizes")}-hint${msg("sizes") ? ` ${id("sizes")}-error` : ""}`}
          aria-invalid={msg("sizes") ? true : undefined}
          {...reg("sizes")}
        />
        <p id={`${id("sizes")}-hint`} className="mt-1 text-xs text-gray-700">
          Separados por vírgulas, por exemplo S,M,L,XL.
        </p>
        <FieldError id={`${id("sizes")}-error`} message={msg("sizes")} />
      </div>
    </>
  );
}
