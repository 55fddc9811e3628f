import "#app/lib/zod-csp.ts";
import type { SavedBilling } from "#server/modules/orders/billing.ts";
import { BILLING_MESSAGES, billingData, type BillingData } from "#server/modules/orders/delivery/rules.ts";

/**
 * The delivery dialog's 'NIF (para a fatura)' and, once a NIF is typed, the other billing data behind the toggle
 * 'Dados de faturação diferentes da entrega'. Validated with the server's own schema (server/modules/orders/billing.ts).
 */

export interface BillingForm {
  nif: string;
  /** The toggle: other name and address on the invoice. */
  outros: boolean;
  nome: string;
  morada: string;
  codigoPostal: string;
  cidade: string;
}

export type BillingTextField = Exclude<keyof BillingForm, "outros">;
export type BillingErrors = Partial<Record<BillingTextField, string>>;

export const EMPTY_BILLING: BillingForm = {
  nif: "",
  outros: false,
  nome: "",
  morada: "",
  codigoPostal: "",
  cidade: "",
};

/** The fields behind the toggle, in order (the NIF comes first, on its own). */
export const BILLING_FIELDS: ReadonlyArray<{
  name: Exclude<BillingTextField, "nif">;
  label: string;
  autoComplete: string;
  required: boolean;
  placeholder?: string;
  inputMode?: "numeric";
}> = [
  { name: "nome", label: "Nome ou empresa na fatura", autoComplete: "billing organization", required: false },
  { name: "morada", label: "Morada de faturação", autoComplete: "billing street-address", required: true },
  {
    name: "codigoPostal",
    label: "Código postal de faturação",
    autoComplete: "billing postal-code",
    required: true,
    placeholder: "0000-000",
    inputMode: "numeric",
  },
  { name: "cidade", label: "Cidade de faturação", autoComplete: "billing address-level2", required: true },
];

const SCHEMA_TO_FIELD: Record<string, BillingTextField> = {
  nif: "nif",
  nome: "nome",
  morada: "morada",
  codigo_postal: "codigoPostal",
  cidade: "cidade",
};

/** The account's saved NIF and billing data (GET /api/users/me/delivery `faturacao`) as the form. */
export function billingFormOf(saved: SavedBilling): BillingForm | null {
  if (!saved) return null;
  const other = saved.codigo_postal !== null;
  return {
    nif: saved.nif,
    outros: other,
    nome: saved.nome ?? "",
    morada: saved.morada ?? "",
    codigoPostal: saved.codigo_postal ?? "",
    cidade: saved.cidade ?? "",
  };
}

/**
 * The `dados_faturacao` of POST /orders (undefined for Consumidor final) or the error per field. The toggle's
 * fields count only while it is on and a NIF is typed (they are hidden otherwise); on, it asks for an address.
 */
export function validateBilling(
  form: BillingForm,
): { ok: true; payload: BillingData | undefined } | { ok: false; errors: BillingErrors } {
  const withOthers = form.outros && form.nif.trim() !== "";
  const result = billingData.safeParse(
    withOthers
      ? { nif: form.nif, nome: form.nome, morada: form.morada, codigo_postal: form.codigoPostal, cidade: form.cidade }
      : { nif: form.nif },
  );
  const errors: BillingErrors = {};
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = SCHEMA_TO_FIELD[String(issue.path[0])];
      if (field && !errors[field]) errors[field] = issue.message;
    }
  } else if (withOthers && !result.data.morada) {
    // The toggle on with nothing typed: other data were meant, so the address is asked for.
    errors.morada = BILLING_MESSAGES.address;
    errors.codigoPostal = BILLING_MESSAGES.postalCode;
    errors.cidade = BILLING_MESSAGES.city;
  }
  if (!result.success || Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, payload: result.data.nif ? result.data : undefined };
}
