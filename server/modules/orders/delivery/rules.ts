import { z } from "zod";
import { DELIVERY_PHONE, normalisePhone, ORDER_MESSAGES, POSTAL_CODE } from "#server/modules/orders/rules.ts";
import { isValidNif, NIF_MESSAGE, normaliseNif } from "#server/modules/tax/rules.ts";

/*
 * The delivery dialog's data (POST /orders `dados_entrega` and `dados_faturacao`) with zod: browser-safe (decision
 * 0016) and loaded with the dialog only, not with the cart page (orders/rules.ts, which has no zod). schemas.ts and
 * billing.ts build the API on these and re-export them for the server's imports.
 */

const M = ORDER_MESSAGES;

const requiredText = (max: number) =>
  z.string({ error: M.required }).trim().min(1, M.required).max(max, `Máximo de ${max} caracteres.`);

export const deliveryData = z.object({
  nome: requiredText(120),
  morada: requiredText(300),
  codigo_postal: z
    .string({ error: M.required })
    .trim()
    .min(1, M.required)
    .regex(POSTAL_CODE, M.postalCode)
    .transform((v) => (v.includes("-") ? v : `${v.slice(0, 4)}-${v.slice(4)}`)),
  cidade: requiredText(120),
  telefone: z
    .string({ error: M.required })
    .trim()
    .min(1, M.required)
    .max(20, M.phone)
    .transform(normalisePhone)
    .pipe(z.string().regex(DELIVERY_PHONE, M.phone)),
  entrega_rapida: z.boolean().default(false),
});
export type DeliveryData = z.infer<typeof deliveryData>;

// ---------- billing (issue 14 §1) ----------

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
