import { useWatch, type Control, type FieldErrors, type UseFormRegister } from "react-hook-form";
import { SAFETY_LIMITS, type SafetyDefaults, type SafetyFormInput } from "#server/modules/catalog/safety/rules.ts";
import { inputClass } from "#app/components/admin/ui.tsx";
import { PrefilledTextarea } from "#app/lib/prefill.tsx";
import { FieldError, FieldLabel, fieldAria } from "./ProductFields.tsx";

/*
 * 'Informação de segurança' of both product forms (GPSR, Regulation (EU) 2023/988): the manufacturer (empty: the
 * shop's identity of /definicoes, shown as the placeholder), the EU responsible person when the manufacturer is
 * outside the EU, the product's identifiers and its warnings. The rules are safety/rules.ts, the API's own.
 */

/** The values the form's `seguranca` object holds. */
type Values = { seguranca: SafetyFormInput };

/** What the fieldset shows of the shop's identity (from the page's loader). */
export type SafetyFormDefaults = { name: string; address: string; contact: string };

/** The loader's part: the settings' identity as the manufacturer's defaults. */
export function safetyFormDefaults(identity: SafetyDefaults): SafetyFormDefaults {
  return {
    name: identity.legalName,
    address: `${identity.address}, ${identity.postalCode} ${identity.city}, Portugal`,
    contact: identity.email,
  };
}

type Props<T extends Values> = {
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
  control: Control<T>;
  idPrefix: string;
  defaults: SafetyFormDefaults;
};

export function SafetyFields<T extends Values>({ register, errors, control, idPrefix, defaults }: Props<T>) {
  const reg = register as unknown as UseFormRegister<Values>;
  const outsideEu = useWatch({
    control: control as unknown as Control<Values>,
    name: "seguranca.fabricante_fora_ue",
  });
  const err = (errors as FieldErrors<Values>).seguranca;
  const id = (name: keyof SafetyFormInput) => `${idPrefix}-seg-${name}`;
  const msg = (name: keyof SafetyFormInput) => err?.[name]?.message as string | undefined;

  const textField = (
    name: keyof SafetyFormInput,
    label: string,
    opts: { max: number; placeholder?: string; hint?: string; required?: boolean; wide?: boolean },
  ) => {
    const hintId = opts.hint ? `${id(name)}-hint` : undefined;
    const aria = fieldAria(id(name), msg(name));
    const describedBy = [hintId, aria["aria-describedby"]].filter(Boolean).join(" ") || undefined;
    return (
      <div className={opts.wide ? "sm:col-span-2" : undefined}>
        <FieldLabel htmlFor={id(name)} required={opts.required}>
          {label}
        </FieldLabel>
        <input
          id={id(name)}
          type="text"
          autoComplete="off"
          maxLength={opts.max}
          placeholder={opts.placeholder}
          className={inputClass}
          aria-invalid={aria["aria-invalid"]}
          aria-describedby={describedBy}
          {...reg(`seguranca.${name}`)}
        />
        {opts.hint && (
          <p id={hintId} className="mt-1 text-xs text-gray-700">
            {opts.hint}
          </p>
        )}
        <FieldError id={`${id(name)}-error`} message={msg(name)} />
      </div>
    );
  };

  return (
    <fieldset className="grid grid-cols-1 gap-5 rounded-md border border-gray-200 p-4 sm:col-span-2 sm:grid-cols-2">
      <legend className="px-1 text-base font-semibold text-gray-900">Informação de segurança</legend>
      <p className="-mt-2 text-sm text-gray-700 sm:col-span-2">
        Mostrada na página do produto (Regulamento (UE) 2023/988). Os campos do fabricante vazios usam a identidade da
        loja em Definições.
      </p>
      {textField("fabricante_nome", "Fabricante", {
        max: SAFETY_LIMITS.name,
        placeholder: defaults.name,
        required: outsideEu,
      })}
      {textField("fabricante_contacto", "E-mail ou sítio do fabricante", {
        max: SAFETY_LIMITS.contact,
        placeholder: defaults.contact,
      })}
      {textField("fabricante_morada", "Morada do fabricante", {
        max: SAFETY_LIMITS.address,
        placeholder: defaults.address,
        required: outsideEu,
        wide: true,
      })}
      <div className="sm:col-span-2">
        <div className="flex items-center gap-2">
          <input
            id={id("fabricante_fora_ue")}
            type="checkbox"
            className="size-4 rounded border-gray-400 accent-brand-600"
            aria-describedby={`${id("fabricante_fora_ue")}-hint`}
            {...reg("seguranca.fabricante_fora_ue")}
          />
          <label htmlFor={id("fabricante_fora_ue")} className="text-sm font-medium text-gray-800">
            Fabricante fora da UE
          </label>
        </div>
        <p id={`${id("fabricante_fora_ue")}-hint`} className="mt-1 text-xs text-gray-700">
          Com o fabricante fora da União Europeia, indique o fabricante e a pessoa responsável na UE.
        </p>
      </div>
      {outsideEu && (
        <>
          {textField("responsavel_ue_nome", "Pessoa responsável na UE", {
            max: SAFETY_LIMITS.name,
            required: true,
          })}
          {textField("responsavel_ue_morada", "Morada da pessoa responsável na UE", {
            max: SAFETY_LIMITS.address,
            required: true,
          })}
        </>
      )}
      {textField("tipo_modelo", "Tipo / modelo", { max: SAFETY_LIMITS.identifier })}
      {textField("lote", "Lote", { max: SAFETY_LIMITS.identifier })}
      {textField("ean", "EAN", {
        max: 20,
        hint: "8 ou 13 dígitos; o último é o dígito de controlo.",
      })}
      <div className="sm:col-span-2">
        <FieldLabel htmlFor={id("avisos")}>Avisos e informação de segurança</FieldLabel>
        <PrefilledTextarea
          id={id("avisos")}
          rows={3}
          maxLength={SAFETY_LIMITS.warnings}
          placeholder="Ex.: Não adequado a micro-ondas. Lavar a 30 °C."
          className={inputClass}
          {...fieldAria(id("avisos"), msg("avisos"))}
          {...reg("seguranca.avisos")}
        />
        <FieldError id={`${id("avisos")}-error`} message={msg("avisos")} />
      </div>
    </fieldset>
  );
}
