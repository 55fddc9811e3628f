import { z } from "zod";
import { VAT_CATEGORIES, VAT_CATEGORY_LABELS, type VatCategory } from "./rules.ts";
import { isValidNif } from "#server/modules/tax/nif.ts";

/*
 * The shop's settings (/definicoes): identity, delivery prices, IVA. One zod schema is the truth for the
 * stored JSON (shop_settings.data), the API and the admin form. Stored values are merged over the defaults
 * below, so a setting added later has a value on shops that never saved it.
 */

const text = (max: number) => z.string().trim().max(max, `Máximo de ${max} caracteres.`);
const required = (max: number) => text(max).min(1, "Campo obrigatório.");
const url = z
  .string()
  .trim()
  .max(300)
  .refine((v) => v === "" || /^https:\/\/[^\s]+$/.test(v), "Indique um endereço que comece por https://.");
const cents = z
  .number({ error: "Indique um valor em cêntimos." })
  .int("Indique um valor em cêntimos.")
  .min(0, "O valor não pode ser negativo.")
  .max(100_000_00, "Valor demasiado alto.");
/** IVA rates in basis points: 2300 = 23 %. */
const rateBp = z
  .number({ error: "Indique a taxa." })
  .int("Taxa inválida.")
  .min(0, "Taxa inválida.")
  .max(10_000, "Taxa inválida.");

export { VAT_CATEGORIES, VAT_CATEGORY_LABELS, type VatCategory };
export const vatCategory = z.enum(VAT_CATEGORIES, { error: "Escolha a taxa de IVA." });

export const VAT_REGIONS = ["continente", "madeira", "acores"] as const;
export type VatRegion = (typeof VAT_REGIONS)[number];
const regionRates = z.object({ normal: rateBp, intermedia: rateBp, reduzida: rateBp });

export const shopSettingsSchema = z.object({
  identity: z.object({
    shopName: required(80),
    legalName: required(160),
    /** NIPC: the company's tax number (9 digits, prefix and check digit: the invoicing domain's NIF rule). */
    nipc: z
      .string()
      .trim()
      .regex(/^\d{9}$/, "O NIPC tem 9 dígitos.")
      .refine(isValidNif, "NIPC inválido."),
    address: required(300),
    postalCode: z
      .string()
      .trim()
      .regex(/^\d{4}-\d{3}$/, "Código postal no formato 0000-000."),
    city: required(120),
    email: z.email("Email inválido").max(200),
    phone: text(30),
    instagram: url,
    facebook: url,
    tiktok: url,
    /** Alternative dispute resolution entity (RAL), required on a consumer shop's site. */
    disputeEntityName: required(200),
    disputeEntityUrl: url,
  }),
  delivery: z.object({
    mainlandCents: cents,
    islandsCents: cents,
    fastCents: cents,
    /** Orders whose subtotal reaches this get free standard delivery; null: never free. */
    freeDeliveryThresholdCents: cents.nullable(),
  }),
  vat: z.object({
    defaultCategory: vatCategory,
    /** The reason code printed for exempt products (e.g. M10: article 53 of the IVA code). */
    defaultExemptionCode: z
      .string()
      .trim()
      .regex(/^(M\d{2})?$/, "Código de isenção no formato M00."),
    rates: z.object({ continente: regionRates, madeira: regionRates, acores: regionRates }),
  }),
});
export type ShopSettings = z.infer<typeof shopSettingsSchema>;

/** What every storefront page may show (footer, legal pages, delivery prices): identity and delivery, not IVA. */
export type PublicShop = Pick<ShopSettings, "identity" | "delivery">;

/** What a new shop starts with; delivery prices come from the environment (config.shipping) on first start. */
export function defaultSettings(shipping: { mainlandCents: number; islandsCents: number; fastCents: number }) {
  return {
    identity: {
      shopName: "Loja",
      legalName: "Loja, Lda.",
      nipc: "509999999",
      address: "Rua do Comércio, 1",
      postalCode: "1100-148",
      city: "Lisboa",
      email: "apoio@loja.pt",
      phone: "",
      instagram: "https://www.instagram.com/",
      facebook: "https://www.facebook.com/",
      tiktok: "https://www.tiktok.com/",
      disputeEntityName: "CNIACC – Centro Nacional de Informação e Arbitragem de Conflitos de Consumo",
      disputeEntityUrl: "https://www.cniacc.pt",
    },
    delivery: { ...shipping, freeDeliveryThresholdCents: null },
    vat: {
      defaultCategory: "normal",
      defaultExemptionCode: "M10",
      // Mainland 23/13/6 %, Madeira 22/12/4 %, Açores 16/9/4 % (IVA code, art. 18; RAM and RAA rates).
      rates: {
        continente: { normal: 2300, intermedia: 1300, reduzida: 600 },
        madeira: { normal: 2200, intermedia: 1200, reduzida: 400 },
        acores: { normal: 1600, intermedia: 900, reduzida: 400 },
      },
    },
  } satisfies ShopSettings;
}

/** The IVA rate (basis points) of a category in a region; exempt is 0. */
export function vatRateBp(settings: ShopSettings, region: VatRegion, category: VatCategory): number {
  return category === "isenta" ? 0 : settings.vat.rates[region][category];
}
