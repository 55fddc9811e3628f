import { BILLING_FIELDS, type BillingErrors, type BillingForm, type BillingTextField } from "./billing-form.ts";

const inputClass = (error: string | undefined) =>
  `mt-1 block w-full rounded-lg border px-3 py-2 text-base text-gray-900 shadow-sm outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 sm:text-sm ${
    error ? "border-red-500" : "border-gray-300"
  }`;

function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <p id={id} className="mt-1 text-xs text-red-600">
      {error}
    </p>
  ) : null;
}

/** The id of a billing field's input, for labels, error links and focus. */
export const billingFieldId = (baseId: string, name: BillingTextField) => `${baseId}-faturacao-${name}`;

/**
 * The delivery dialog's invoice part: the optional 'NIF (para a fatura)' and, once a NIF is typed, the toggle
 * 'Dados de faturação diferentes da entrega' revealing the billing name and address. Errors beside the fields.
 */
export function BillingFields({
  baseId,
  value,
  errors,
  onChange,
}: {
  baseId: string;
  value: BillingForm;
  errors: BillingErrors;
  onChange: (patch: Partial<BillingForm>) => void;
}) {
  const nifId = billingFieldId(baseId, "nif");
  const hasNif = value.nif.trim() !== "";
  return (
    <fieldset className="grid gap-4 rounded-lg border border-gray-200 p-3 sm:col-span-2 sm:grid-cols-2">
      <legend className="px-1 text-sm font-medium text-gray-900">Fatura</legend>
      <div className="sm:col-span-2">
        <label htmlFor={nifId} className="block text-sm font-medium text-gray-800">
          NIF (para a fatura)
        </label>
        <input
          id={nifId}
          name="nif"
          type="text"
          inputMode="numeric"
          autoComplete="off"
          maxLength={30}
          aria-invalid={errors.nif ? true : undefined}
          aria-describedby={errors.nif ? `${nifId}-error` : `${nifId}-help`}
          value={value.nif}
          onChange={(e) => onChange({ nif: e.target.value })}
          className={inputClass(errors.nif)}
        />
        {errors.nif ? (
          <FieldError id={`${nifId}-error`} error={errors.nif} />
        ) : (
          <p id={`${nifId}-help`} className="mt-1 text-xs text-gray-600">
            Deixe em branco para Consumidor final.
          </p>
        )}
      </div>

      {hasNif ? (
        <label className="flex cursor-pointer items-start gap-3 sm:col-span-2">
          <input
            type="checkbox"
            name="faturacaoDiferente"
            checked={value.outros}
            onChange={(e) => onChange({ outros: e.target.checked })}
            className="mt-0.5 size-4 accent-brand-600"
          />
          <span className="text-sm font-medium text-gray-900">Dados de faturação diferentes da entrega</span>
        </label>
      ) : null}

      {hasNif && value.outros
        ? BILLING_FIELDS.map((field) => {
            const id = billingFieldId(baseId, field.name);
            const error = errors[field.name];
            return (
              <div key={field.name} className={field.name === "nome" || field.name === "morada" ? "sm:col-span-2" : ""}>
                <label htmlFor={id} className="block text-sm font-medium text-gray-800">
                  {field.label}{" "}
                  {field.required ? (
                    <span className="text-red-600" aria-hidden="true">
                      *
                    </span>
                  ) : (
                    <span className="font-normal text-gray-500">(opcional)</span>
                  )}
                </label>
                <input
                  id={id}
                  name={`faturacao-${field.name}`}
                  type="text"
                  inputMode={field.inputMode}
                  autoComplete={field.autoComplete}
                  placeholder={field.placeholder}
                  required={field.required}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${id}-error` : undefined}
                  value={value[field.name]}
                  onChange={(e) => onChange({ [field.name]: e.target.value })}
                  className={inputClass(error)}
                />
                <FieldError id={`${id}-error`} error={error} />
              </div>
            );
          })
        : null}
    </fieldset>
  );
}
