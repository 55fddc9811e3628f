import { z } from "zod";
import {
  BILLING_MESSAGES,
  billingData,
  nifField,
  NAMED_BUYER_FROM_CENTS,
  type BillingData,
  type BillingInput,
} from "#server/modules/orders/delivery/rules.ts";
import { CONSUMIDOR_FINAL_NIF } from "#server/modules/tax/nif.ts";

/*
 * The order's billing data (issue 14 §1): an optional NIF and, with it, an optional other name and address for the
 * invoice. The form's schema (delivery/rules.ts) is the one the delivery dialog validates with.
 *
 * Storage (orders.billing_*): a null NIF is 'Consumidor final'; null name/address mean "the delivery ones". The
 * shopper's choice is stored as made, not a copy of the delivery data, so "the same as the delivery" stays
 * distinguishable (the dialog offers it again untoggled). `invoiceBuyer` derives the buyer the invoice carries:
 * always a name and a whole address, since the delivery data is required on every order. That is what the law asks
 * of sales of 1 000 € or more, and it is kept for every sale (the invoice's buyer is never half known).
 */

// The dialog's billing fields and their messages live in delivery/rules.ts (browser-safe, decision 0016).
export { BILLING_MESSAGES, billingData, nifField, NAMED_BUYER_FROM_CENTS, type BillingData, type BillingInput };

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
