import { z } from "zod";
import { MAX_UNITS_PER_LINE, MBWAY_PHONE, normalisePhone, ORDER_MESSAGES, POSTAL_CODE } from "./rules.ts";
import { billingData, savedBilling } from "./billing.ts";
import { deliveryData, type DeliveryData } from "#server/modules/orders/delivery/rules.ts";

/** Checkout shapes (the order, the delivery form's rules, POST /orders), shared by the API and the cart page. */

export { MAX_UNITS_PER_LINE, MBWAY_PHONE, normalisePhone, ORDER_MESSAGES };
// The delivery dialog's schema lives in delivery/rules.ts (browser-safe, decision 0016).
export { deliveryData, type DeliveryData };

const M = ORDER_MESSAGES;

const id = z.coerce
  .number({ error: M.invalidId })
  .int(M.invalidId)
  .positive(M.invalidId)
  .max(2_147_483_647, M.invalidId);

export const orderItem = z.object({
  product_id: id,
  quantity: z.number({ error: M.quantity }).int(M.quantity).min(1, M.quantity).max(MAX_UNITS_PER_LINE, M.tooManyUnits),
  /** Not in the spec's payload, but a shop must know which colour and size it sold (see issue 4). */
  variant_id: id.optional(),
  cor: z.string().trim().max(60).optional(),
  tamanho: z.string().trim().max(40).optional(),
});

/** POST /api/cart/check: the stored cart (the price is what the shopper saw, only to flag a change). */
export const cartCheckBody = z.object({
  items: z
    .array(orderItem.extend({ price: z.number().nonnegative().max(1_000_000).optional() }), { error: M.emptyCart })
    .min(1, M.emptyCart)
    .max(50, M.tooManyLines),
});
export type CartCheckBody = z.infer<typeof cartCheckBody>;

export const cartCheckLine = z.object({
  product_id: z.number(),
  variant_id: z.number().nullable(),
  name: z.string().nullable(),
  /** Current unit price in euros (from the database). */
  price: z.number().nullable(),
  quantity: z.number(),
  /** Free units of the variant right now. */
  available: z.number(),
  status: z.enum(["ok", "price_changed", "insufficient_stock", "unavailable", "variant"]),
  message: z.string().nullable(),
});
export type CartCheckLine = z.infer<typeof cartCheckLine>;
export const cartCheckResponse = z.object({ ok: z.boolean(), lines: z.array(cartCheckLine) });
export type CartCheck = z.infer<typeof cartCheckResponse>;

/** A discount code as typed (issue 20): blank or absent = none; the server decides whether it applies. */
const discountCode = z
  .string({ error: "Código de desconto inválido." })
  .trim()
  .max(64, "Código de desconto desconhecido.")
  .optional()
  .nullable();

/**
 * POST /api/cart/quote: the stored cart with the delivery choices typed so far. `codigo_postal` is sent only
 * once it is a whole postal code (the cart page has none yet); `entrega_rapida` adds the next-day surcharge.
 */
export const cartQuoteBody = cartCheckBody.extend({
  codigo_postal: z
    .string({ error: M.postalCode })
    .trim()
    .regex(POSTAL_CODE, M.postalCode)
    .transform((v) => (v.includes("-") ? v : `${v.slice(0, 4)}-${v.slice(4)}`))
    .optional(),
  entrega_rapida: z.boolean({ error: "Indique se quer entrega rápida (verdadeiro ou falso)." }).default(false),
  codigo_desconto: discountCode,
});
export type CartQuoteBody = z.infer<typeof cartQuoteBody>;

/**
 * The price before the order button, in euros (2 decimals) from cents in the database. `subtotal` sums every line
 * still on sale at its current price (unavailable lines count nothing); `portes` is the zone's rate plus the
 * next-day surcharge. `zona` is null while no postal code is known: `portes` is then the mainland rate (the
 * islands cost more; the shopper is asked for the postal code). `ok` is true when every line can be ordered as
 * it stands (the same rule as /api/cart/check).
 */
export const cartQuoteLine = cartCheckLine.extend({
  /** The unit list price (euros; null for a line not on sale). */
  preco_original: z.number().nullable(),
  /** The line's discount, whole line (euros): automatic reductions and its share of the code. */
  desconto: z.number(),
  /** The automatic reductions' part of `desconto` (euros): what the product page and cards already show. */
  desconto_automatico: z.number(),
});
export type CartQuoteLine = z.infer<typeof cartQuoteLine>;

/**
 * With promotions (issue 20): `subtotal` is Σ list prices, `portes` the delivery before its discount, `desconto` every
 * discount (lines and delivery), `portes_desconto` the delivery's part of it, and `total` what is paid:
 * subtotal − desconto + portes. `desconto_automatico` is the automatic reductions' part of `desconto` (the rest is
 * the code's); `codigo_desconto` is the code applied (null: none).
 */
export const cartQuoteResponse = cartCheckResponse.extend({
  lines: z.array(cartQuoteLine),
  subtotal: z.number(),
  portes: z.number(),
  desconto: z.number(),
  portes_desconto: z.number(),
  desconto_automatico: z.number(),
  codigo_desconto: z.string().nullable(),
  total: z.number(),
  zona: z.enum(["continente", "madeira", "acores"]).nullable(),
  entrega_rapida: z.boolean(),
});
export type CartQuote = z.infer<typeof cartQuoteResponse>;

export const createOrderBody = z
  .object({
    user_id: z.coerce.number().int().positive().optional(),
    metodo_pagamento: z.enum(["mbway", "mb", "payshop"], { error: M.method }),
    telemovel: z.string().max(30).optional().nullable(),
    dados_entrega: deliveryData,
    /** Optional NIF and other billing name/address (server/modules/orders/billing.ts); absent = Consumidor final. */
    dados_faturacao: billingData.optional(),
    items: z.array(orderItem, { error: M.emptyCart }).min(1, M.emptyCart).max(50, M.tooManyLines),
    /** A discount code (issue 20); a refused one answers 400 with its pt-PT message and nothing is reserved. */
    codigo_desconto: discountCode,
    idempotency_key: z.string().trim().min(8).max(100).optional(),
    /**
     * The total the shopper was shown (euros, from POST /api/cart/quote). When given, the order is created only
     * if it still costs exactly that (409 with the new figures otherwise); API clients may leave it out.
     */
    total_esperado: z
      .number({ error: "O total esperado deve ser um valor em euros." })
      .nonnegative("O total esperado deve ser um valor em euros.")
      .max(10_000_000, "O total esperado deve ser um valor em euros.")
      .optional(),
  })
  .superRefine((body, ctx) => {
    if (body.metodo_pagamento === "mbway" && !MBWAY_PHONE.test(normalisePhone(body.telemovel ?? ""))) {
      ctx.addIssue({ code: "custom", path: ["telemovel"], message: M.mbwayPhone });
    }
  });
export type CreateOrderBody = z.infer<typeof createOrderBody>;

/** The `pagamento` object the payment page reads (/pagamento: entity, reference, amount, validity). */
export const paymentData = z.object({
  metodo: z.enum(["mbway", "MB", "payshop"]),
  entidade: z.string().nullable(),
  referencia: z.string().nullable(),
  valor: z.number(),
  telefone: z.string().nullable(),
  /** YYYYMMDD for Multibanco and Payshop; null for MB WAY (4 minutes to accept). */
  validade: z.string().nullable(),
  expira_em: z.string(),
  orderId: z.number(),
  order_id: z.number(),
});
export type PaymentData = z.infer<typeof paymentData>;

/** The details of the 409 when `total_esperado` is no longer the total (euros). */
export const totalChangedDetails = z.object({
  reason: z.literal("total_changed"),
  subtotal: z.number(),
  portes: z.number(),
  /** Every discount (lines and delivery), euros; absent before issue 20. */
  desconto: z.number().optional(),
  total: z.number(),
});
export type TotalChangedDetails = z.infer<typeof totalChangedDetails>;

/** GET /api/users/me/delivery: the delivery data of the account's newest order, or null (none yet). */
export const savedDelivery = z
  .object({
    nome: z.string(),
    morada: z.string(),
    codigo_postal: z.string(),
    cidade: z.string(),
    telefone: z.string(),
    entrega_rapida: z.boolean(),
    /** The NIF and billing data of the newest order that had a NIF (null: none yet), offered pre-filled too. */
    faturacao: savedBilling,
  })
  .nullable();
export type SavedDelivery = z.infer<typeof savedDelivery>;

export const createOrderResponse = z.object({
  success: z.boolean(),
  message: z.string(),
  order_id: z.number(),
  pagamento: paymentData,
  total: z.number(),
  portes: z.number(),
});
