import { useWatch, type Control, type FieldErrors, type UseFormRegister } from "react-hook-form";
import type { ShopSettings } from "#server/modules/settings/schemas.ts";
import { VAT_CATEGORIES, VAT_CATEGORY_LABELS, type VatCategory } from "#server/modules/settings/rules.ts";
import { formatRate } from "#server/modules/tax/rules.ts";
import { inputClass } from "#app/components/admin/ui.tsx";
import { FieldError, FieldLabel, fieldAria, type ProductFieldsInput } from "./ProductFields.tsx";

/** What the product forms need of the settings' IVA (from the page's loader). */
export type VatFormSettings = Pick<ShopSettings["vat"], "defaultCategory" | "defaultExemptionCode"> & {
  /** Mainland rates, shown beside each category. */
  rates: ShopSettings["vat"]["rates"]["continente"];
};

/** The loader's part: the settings' IVA defaults and mainland rates. */
export function vatFormSettings(vat: ShopSettings["vat"]): VatFormSettings {
  return {
    defaultCategory: vat.defaultCategory,
    defaultExemptionCode: vat.defaultExemptionCode,
    rates: vat.rates.continente,
  };
}

/** A product's IVA as the admin's product views show it: "Reduzida", "Isento (M10)". */
export function vatCategoryText(category: VatCategory, code: string | null): string {
  return category === "isenta" && code ? `${VAT_CATEGORY_LABELS.isenta} (${code})` : VAT_CATEGORY_LABELS[category];
}

/** "Reduzida (6 % no continente)" */
export function vatCategoryOption(category: VatCategory, rates: VatFormSettings["rates"]): string {
  const label = VAT_CATEGORY_LABELS[category];
  return category === "isenta" ? label : `${label} (${formatRate(rates[category])} no continente)`;
}

/**
 * 'Taxa de IVA' (Normal / Intermédia / Reduzida / Isento) and, for Isento, 'Motivo de isenção' (M01–M99). Prices
 * stay IVA included; the rate applied is the delivery region's (Madeira and Açores have their own), so the labels
 * show the mainland's and the hint says so.
 */
export function VatFields<T extends ProductFieldsInput>({
  register,
  errors,
  control,
  idPrefix,
  settings,
}: {
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
  control: Control<T>;
  idPrefix: string;
  settings: VatFormSettings;
}) {
  const reg = register as unknown as UseFormRegister<ProductFieldsInput>;
  const category = useWatch({
    control: control as unknown as Control<ProductFieldsInput>,
    name: "vat_category",
  });
  const err = errors as FieldErrors<ProductFieldsInput>;
  const id = (name: string) => `${idPrefix}-${name}`;
  const codeError = err.vat_exemption_code?.message as string | undefined;
  return (
    <>
      <div>
        <FieldLabel htmlFor={id("vat")} required>
          Taxa de IVA
        </FieldLabel>
        <select id={id("vat")} className={inputClass} aria-describedby={`${id("vat")}-hint`} {...reg("vat_category")}>
          {VAT_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {vatCategoryOption(c, settings.rates)}
            </option>
          ))}
        </select>
        <p id={`${id("vat")}-hint`} className="mt-1 text-xs text-gray-700">
          O preço inclui IVA. Nas entregas na Madeira e nos Açores aplica-se a taxa da região.
        </p>
      </div>
      {category === "isenta" && (
        <div>
          <FieldLabel htmlFor={id("vat-code")}>Motivo de isenção (código)</FieldLabel>
          <input
            id={id("vat-code")}
            type="text"
            autoComplete="off"
            maxLength={3}
            placeholder={settings.defaultExemptionCode || "M10"}
            className={inputClass}
            {...fieldAria(id("vat-code"), codeError)}
            {...reg("vat_exemption_code")}
          />
          <p className="mt-1 text-xs text-gray-700">
            Código da Autoridade Tributária, de M01 a M99 (por exemplo M10, regime de isenção do artigo 53.º).
            {settings.defaultExemptionCode ? ` Vazio: ${settings.defaultExemptionCode}.` : ""}
          </p>
          <FieldError id={`${id("vat-code")}-error`} message={codeError} />
        </div>
      )}
    </>
  );
}
