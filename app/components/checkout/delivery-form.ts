import "#app/lib/zod-csp.ts";
import { deliveryData, type DeliveryData } from "#server/modules/orders/delivery/rules.ts";
import { ORDER_MESSAGES } from "#server/modules/orders/rules.ts";

/**
 * Cart /carrinho, 'Dados de entrega': the form's fields and their validation with the server's own schema.
 * Loaded with the dialog (zod is only fetched once the shopper presses 'Finalizar Compra').
 */

/** Delivery data as stored under `delivery_data` (the spec's names). */
export interface DeliveryForm {
  nome: string;
  morada: string;
  codigoPostal: string;
  cidade: string;
  telefone: string;
  entregaRapida: boolean;
}

/** The validated payload of POST /orders `dados_entrega`. */
export type DeliveryPayload = DeliveryData;

export type TextField = Exclude<keyof DeliveryForm, "entregaRapida">;
export type FieldErrors = Partial<Record<TextField, string>>;

export const EMPTY_DELIVERY: DeliveryForm = {
  nome: "",
  morada: "",
  codigoPostal: "",
  cidade: "",
  telefone: "",
  entregaRapida: false,
};

export const DELIVERY_FIELDS: ReadonlyArray<{
  name: TextField;
  label: string;
  autoComplete: string;
  placeholder?: string;
  type?: string;
  inputMode?: "numeric" | "tel";
}> = [
  { name: "nome", label: "Nome", autoComplete: "name" },
  { name: "morada", label: "Morada", autoComplete: "street-address" },
  {
    name: "codigoPostal",
    label: "Código postal",
    autoComplete: "postal-code",
    placeholder: "0000-000",
    inputMode: "numeric",
  },
  { name: "cidade", label: "Cidade", autoComplete: "address-level2" },
  { name: "telefone", label: "Telefone", autoComplete: "tel", type: "tel", inputMode: "tel" },
];

const SCHEMA_TO_FIELD: Record<string, TextField> = {
  nome: "nome",
  morada: "morada",
  codigo_postal: "codigoPostal",
  cidade: "cidade",
  telefone: "telefone",
};

/**
 * Validates with the server's schema; returns the payload, or the error per field and the summary shown
 * under the form (the 'required' text whenever a field is empty, else the first field's error).
 */
export function validateDelivery(
  form: DeliveryForm,
): { ok: true; payload: DeliveryPayload } | { ok: false; errors: FieldErrors; summary: string } {
  const result = deliveryData.safeParse({
    nome: form.nome,
    morada: form.morada,
    codigo_postal: form.codigoPostal,
    cidade: form.cidade,
    telefone: form.telefone,
    entrega_rapida: form.entregaRapida,
  });
  if (result.success) return { ok: true, payload: result.data };
  const errors: FieldErrors = {};
  let missing = false;
  for (const issue of result.error.issues) {
    const field = SCHEMA_TO_FIELD[String(issue.path[0])];
    if (!field || errors[field]) continue;
    errors[field] = issue.message;
    if (issue.message === ORDER_MESSAGES.required) missing = true;
  }
  const summary = missing ? ORDER_MESSAGES.required : (Object.values(errors)[0] ?? ORDER_MESSAGES.required);
  return { ok: false, errors, summary };
}
