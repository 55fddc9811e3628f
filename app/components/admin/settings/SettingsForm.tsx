import { type ReactNode, useState } from "react";
import { useFetcher } from "react-router";
import type { ShopSettings } from "#server/modules/settings/schemas.ts";
import { fieldErrorsFrom } from "#app/components/account/PasswordParts.tsx";
import { PrefilledTextarea } from "#app/lib/prefill.tsx";
import { toast } from "#app/lib/toast.tsx";
import { type ActionResult, useFetcherToast } from "#app/components/admin/route-data.tsx";
import { buttonClass, inputClass, labelClass, Panel } from "#app/components/admin/ui.tsx";
import {
  DEFAULT_CATEGORIES,
  fromValues,
  RATE_CATEGORIES,
  rateKey,
  REGIONS,
  type SettingsErrors,
  type SettingsValues,
  toValues,
} from "./settings-form.ts";

/*
 * /definicoes: the shop's identity, social links, dispute resolution entity, delivery prices and IVA, saved as one
 * PUT /api/settings (the route's clientAction). The server's field errors are shown beside their inputs.
 */

interface FieldProps {
  name: string;
  label: string;
  hint?: string;
  type?: "text" | "email" | "tel" | "url";
  inputMode?: "decimal" | "numeric";
  autoComplete?: string;
  suffix?: string;
  className?: string;
  /** Long texts (the dispute resolution entity's name): a textarea that wraps instead of scrolling sideways. */
  multiline?: boolean;
}

const fieldId = (name: string) => `definicoes-${name.replace(/\//g, "-")}`;

/**
 * The fields are uncontrolled, filled from the loader in the server's HTML and read from the form when saving:
 * what the admin typed before hydration is what is saved (issue 18, defect 1).
 */
function useSettingsForm(settings: ShopSettings) {
  const [values] = useState<SettingsValues>(() => toValues(settings));
  // The form's own checks (money and rates), and the fields edited since the last answer (their error is stale).
  const [checked, setChecked] = useState<SettingsErrors>({});
  const [edited, setEdited] = useState<ReadonlySet<string>>(new Set());
  const fetcher = useFetcher<ActionResult>();
  useFetcherToast(fetcher, { success: "Definições guardadas.", failure: "Erro ao guardar as definições." });

  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const fromServer = answer && !answer.ok ? fieldErrorsFrom(answer.data) : {};
  const errors: SettingsErrors = {
    ...Object.fromEntries(Object.entries(fromServer).filter(([name]) => !edited.has(name))),
    ...checked,
  };

  function change(name: string) {
    setChecked(({ [name]: _, ...rest }) => rest);
    setEdited((names) => new Set(names).add(name));
  }
  function submit(form: HTMLFormElement) {
    const typed: SettingsValues = {};
    for (const [name, value] of new FormData(form)) if (typeof value === "string") typed[name] = value;
    const result = fromValues(typed);
    setEdited(new Set());
    if (!result.ok) {
      setChecked(result.errors);
      toast.error("Erro ao guardar as definições.", { description: "Corrija os campos assinalados." });
      return;
    }
    setChecked({});
    void fetcher.submit(result.body, { method: "put", encType: "application/json" });
  }
  return { values, errors, change, submit, busy: fetcher.state !== "idle" };
}

export function SettingsForm({ settings }: { settings: ShopSettings }) {
  const form = useSettingsForm(settings);
  const { values, errors, change } = form;

  // A plain function, not a component: a component declared here would be a new type on every render (focus lost).
  function field({
    name,
    label,
    hint,
    type = "text",
    inputMode,
    autoComplete,
    suffix,
    className = "",
    multiline,
  }: FieldProps) {
    const id = fieldId(name);
    const error = errors[name];
    const described = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ");
    return (
      <div key={name} className={`min-w-0 ${className}`}>
        <label htmlFor={id} className={labelClass}>
          {label}
        </label>
        <div className="flex items-center gap-2">
          {multiline ? (
            <PrefilledTextarea
              id={id}
              name={name}
              rows={3}
              defaultValue={values[name] ?? ""}
              onChange={() => change(name)}
              aria-invalid={error ? true : undefined}
              aria-describedby={described || undefined}
              className={`${inputClass} resize-y ${error ? "border-red-600" : ""}`}
            />
          ) : (
            <input
              id={id}
              name={name}
              type={type}
              inputMode={inputMode}
              autoComplete={autoComplete ?? "off"}
              defaultValue={values[name] ?? ""}
              onChange={() => change(name)}
              aria-invalid={error ? true : undefined}
              aria-describedby={described || undefined}
              className={`${inputClass} ${error ? "border-red-600" : ""}`}
            />
          )}
          {suffix ? <span className="shrink-0 text-sm text-gray-700">{suffix}</span> : null}
        </div>
        {hint ? (
          <p id={`${id}-hint`} className="mt-1 text-xs text-gray-700">
            {hint}
          </p>
        ) : null}
        {error ? (
          <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
            {error}
          </p>
        ) : null}
      </div>
    );
  }

  const grid = (children: ReactNode) => <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">{children}</div>;

  return (
    <form
      method="post"
      noValidate
      className="space-y-4 lg:space-y-6"
      onSubmit={(event) => {
        event.preventDefault();
        form.submit(event.currentTarget);
      }}
    >
      <Panel title="Identidade">
        <p className="mb-4 text-sm text-gray-700">
          A denominação social, a morada e o email são também o fabricante, por omissão, na «Informação de segurança» de
          cada produto.
        </p>
        {grid(
          <>
            {field({ name: "identity/shopName", label: "Nome da loja", autoComplete: "organization" })}
            {field({ name: "identity/legalName", label: "Denominação social" })}
            {field({ name: "identity/nipc", label: "NIPC", inputMode: "numeric", hint: "9 dígitos." })}
            {field({ name: "identity/address", label: "Morada", autoComplete: "street-address" })}
            {field({ name: "identity/postalCode", label: "Código postal", inputMode: "numeric", hint: "0000-000" })}
            {field({ name: "identity/city", label: "Cidade", autoComplete: "address-level2" })}
            {field({ name: "identity/email", label: "Email de contacto", type: "email" })}
            {field({ name: "identity/phone", label: "Telefone de contacto", type: "tel" })}
          </>,
        )}
      </Panel>

      <Panel title="Redes sociais">
        <p className="mb-4 text-sm text-gray-700">
          Endereços completos (https://…). Um campo vazio não aparece no rodapé.
        </p>
        <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
          {field({ name: "identity/instagram", label: "Instagram", type: "url" })}
          {field({ name: "identity/facebook", label: "Facebook", type: "url" })}
          {field({ name: "identity/tiktok", label: "TikTok", type: "url" })}
        </div>
      </Panel>

      <Panel title="Resolução alternativa de litígios">
        {grid(
          <>
            {field({ name: "identity/disputeEntityName", label: "Entidade", multiline: true })}
            {field({ name: "identity/disputeEntityUrl", label: "Endereço", type: "url" })}
          </>,
        )}
      </Panel>

      <Panel title="Entregas">
        {grid(
          <>
            {field({ name: "delivery/mainlandCents", label: "Continente", inputMode: "decimal", suffix: "€" })}
            {field({
              name: "delivery/islandsCents",
              label: "Ilhas (Madeira e Açores)",
              inputMode: "decimal",
              suffix: "€",
            })}
            {field({
              name: "delivery/fastCents",
              label: "Entrega rápida (acréscimo)",
              inputMode: "decimal",
              suffix: "€",
            })}
            {field({
              name: "delivery/freeDeliveryThresholdCents",
              label: "Portes grátis a partir de",
              inputMode: "decimal",
              suffix: "€",
              hint: "Vazio: a entrega nunca é gratuita. A entrega rápida mantém o acréscimo.",
            })}
          </>,
        )}
      </Panel>

      <Panel title="IVA">
        {grid(
          <>
            <div className="min-w-0">
              <label htmlFor={fieldId("vat/defaultCategory")} className={labelClass}>
                Taxa por omissão
              </label>
              <select
                id={fieldId("vat/defaultCategory")}
                name="vat/defaultCategory"
                defaultValue={values["vat/defaultCategory"]}
                onChange={() => change("vat/defaultCategory")}
                className={inputClass}
              >
                {DEFAULT_CATEGORIES.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.label}
                  </option>
                ))}
              </select>
            </div>
            {field({
              name: "vat/defaultExemptionCode",
              label: "Código de isenção por omissão",
              hint: "Por exemplo M10 (artigo 53.º do CIVA).",
            })}
          </>,
        )}
        <h3 className="mt-6 mb-3 text-sm font-semibold text-gray-900">Taxas por região (%)</h3>
        <div className="grid grid-cols-1 gap-4 md:grid-cols-3">
          {REGIONS.map((region) => (
            <fieldset key={region.id} className="min-w-0 rounded-md border border-gray-200 p-3">
              <legend className="px-1 text-sm font-medium text-gray-900">{region.label}</legend>
              <div className="grid grid-cols-3 gap-2">
                {RATE_CATEGORIES.map((c) =>
                  field({
                    name: rateKey(region.id, c.id),
                    label: c.label,
                    inputMode: "decimal",
                  }),
                )}
              </div>
            </fieldset>
          ))}
        </div>
      </Panel>

      <div className="flex justify-end">
        <button type="submit" className={`${buttonClass.primary} w-full sm:w-auto`} disabled={form.busy}>
          {form.busy ? "A guardar..." : "Guardar definições"}
        </button>
      </div>
    </form>
  );
}
