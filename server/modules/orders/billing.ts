import { z } from "zod";
import { CONSUMIDOR_FINAL_NIF, isValidNif, NIF_MESSAGE, normaliseNif } from "#server/modules/tax/nif.ts";
import { ORDER_MESSAGES, POSTAL_CODE } from "./rules.ts";

/*
 * The order's billing data (issue 14 §1): an optional NIF and, with it, an optional other name and address for the
 * invoice. Pure (zod and the NIF rule only): the delivery dialog validates with these very schemas.
 *
 * Storage (orders.billing_*): a null NIF is 'Consumidor final'; null name/address mean "the delivery ones". The
 * shopper's choice is stored as made, not a copy of the delivery data, so "the same as the delivery" stays
 * distinguishable (the dialog offers it again untoggled). `invoiceBuyer` derives the buyer the invoice carries:
 * always a name and a whole address, since the delivery data is required on every order. That is what the law asks
 * of sales of 1 000 € or more, and it is kept for every sale (the invoice's buyer is never half known).
 */

export const BILLING_MESSAGES = {
  nif: NIF_MESSAGE,
  address: "Indique a morada de faturação.",
  postalCode: "Indique o código postal de faturação.",
  city: "Indique a cidade de faturação.",
  nifNeeded: "Indique o NIF para usar dados de faturação diferentes da entrega.",
} as const;
const B = BILLING_MESSAGES;

/** A sale of this total or more must name the buyer and their address on the invoice. */
export const NAMED_BUYER_FROM_CENTS = 100_000;

/** Optional text: trimmed, and empty means not given (null). */
const optionalText = (max: number) =>
  z
    .string({ error: `Máximo de ${max} caracteres.` })
    .trim()
    .max(max, `Máximo de ${max} caracteres.`)
    .nullish()
    .transform((v) => v || null);

/**
 * 'PT 123 456 789' and '123-456-789' are what people type: stored as '123456789'. Empty or blank = Consumidor
 * final (null); anything else typed must be a NIF ('PT' alone is not).
 */
export const nifField = z
  .string({ error: B.nif })
  .max(30, B.nif)
  .nullish()
  .transform((v) => (v?.trim() ? normaliseNif(v) : null))
  .refine((v) => v === null || isValidNif(v), B.nif);

/** POST /orders `dados_faturacao` (all optional). */
export const billingData = z
  .object({
    nif: nifField,
    nome: optionalText(120),
    morada: optionalText(300),
    codigo_postal: z
      .string({ error: ORDER_MESSAGES.postalCode })
      .trim()
      .nullish()
      .transform((v) => v || null)
      .refine((v) => v === null || POSTAL_CODE.test(v), ORDER_MESSAGES.postalCode)
      .transform((v) => (v === null || v.includes("-") ? v : `${v.slice(0, 4)}-${v.slice(4)}`)),
    cidade: optionalText(120),
  })
  .superRefine((b, ctx) => {
    const other = b.nome || b.morada || b.codigo_postal || b.cidade;
    if (!other) return;
    // Other billing data are for an invoice with a NIF (the dialog shows them only once a NIF is typed).
    if (!b.nif) ctx.addIssue({ code: "custom", path: ["nif"], message: B.nifNeeded });
    // An address is whole or not given: half of it taken from the delivery would be nobody's address.
    if (!b.morada) ctx.addIssue({ code: "custom", path: ["morada"], message: B.address });
    if (!b.codigo_postal) ctx.addIssue({ code: "custom", path: ["codigo_postal"], message: B.postalCode });
    if (!b.cidade) ctx.addIssue({ code: "custom", path: ["cidade"], message: B.city });
  });
export type BillingInput = z.input<typeof billingData>;
export type BillingData = z.infer<typeof billingData>;

/** The orders.billing_* columns for what the shopper gave (nothing given: Consumidor final, delivery data). */
export function billingColumns(b: BillingData | undefined) {
  return {
    nif: b?.nif ?? null,
    name: b?.nome ?? null,
    address: b?.morada ?? null,
    postalCode: b?.codigo_postal ?? null,
    city: b?.cidade ?? null,
  };
}

/** The order columns the buyer is derived from (a Drizzle `orders` row has them). */
export interface BillingSource {
  billingNif: string | null;
  billingName: string | null;
  billingAddress: string | null;
  billingPostalCode: string | null;
  billingCity: string | null;
  deliveryName: string;
  deliveryAddress: string;
  deliveryPostalCode: string;
  deliveryCity: string;
}

/**
 * The 'Faturação' block of the order pages (admin and /conta): the NIF or null for 'Consumidor final', and the
 * name and address the invoice carries. `outros_dados` says they are not the delivery ones.
 */
export const billingView = z.object({
  nif: z.string().nullable(),
  nome: z.string(),
  morada: z.string(),
  codigo_postal: z.string(),
  cidade: z.string(),
  outros_dados: z.boolean(),
});
export type BillingView = z.infer<typeof billingView>;

export function billingViewOf(o: BillingSource): BillingView {
  // The address is stored whole or not at all (billingData), so the postal code says which one it is.
  const other = o.billingPostalCode !== null;
  return {
    nif: o.billingNif,
    nome: o.billingName ?? o.deliveryName,
    morada: other ? (o.billingAddress ?? "") : o.deliveryAddress,
    codigo_postal: other ? o.billingPostalCode! : o.deliveryPostalCode,
    cidade: other ? (o.billingCity ?? "") : o.deliveryCity,
    outros_dados: other || o.billingName !== null,
  };
}

/** The invoice's buyer: the NIF (999999990 for Consumidor final), name and whole address. */
export function invoiceBuyer(o: BillingSource) {
  const view = billingViewOf(o);
  return {
    nif: view.nif ?? CONSUMIDOR_FINAL_NIF,
    consumidorFinal: view.nif === null,
    name: view.nome,
    address: view.morada,
    postalCode: view.codigo_postal,
    city: view.cidade,
  };
}

/** GET /api/users/me/delivery `faturacao`: the NIF and billing data of the account's newest order with a NIF. */
export const savedBilling = z
  .object({
    nif: z.string(),
    nome: z.string().nullable(),
    morada: z.string().nullable(),
    codigo_postal: z.string().nullable(),
    cidade: z.string().nullable(),
  })
  .nullable();
export type SavedBilling = z.infer<typeof savedBilling>;
