/*
 * The /definicoes form's values: one text per field, keyed by the field's path in the API body ("identity/nipc",
 * "vat/rates/madeira/normal"), so the server's field errors (`details[].path` "/identity/nipc") land beside the
 * right input. Money is typed in euros and IVA in % here, and sent in cents and basis points (the wire's units).
 * Pure and without zod: the browser gets the types only (the server's schema has the last word).
 */
import type { ShopSettings, VatCategory, VatRegion } from "#server/modules/settings/schemas.ts";

export type SettingsValues = Record<string, string>;
export type SettingsErrors = Record<string, string>;

export const IDENTITY_FIELDS = [
  "shopName",
  "legalName",
  "nipc",
  "address",
  "postalCode",
  "city",
  "email",
  "phone",
  "instagram",
  "facebook",
  "tiktok",
  "disputeEntityName",
  "disputeEntityUrl",
] as const satisfies readonly (keyof ShopSettings["identity"])[];

export const DELIVERY_FIELDS = [
  "mainlandCents",
  "islandsCents",
  "fastCents",
  "freeDeliveryThresholdCents",
] as const satisfies readonly (keyof ShopSettings["delivery"])[];

export const REGIONS: readonly { id: VatRegion; label: string }[] = [
  { id: "continente", label: "Continente" },
  { id: "madeira", label: "Madeira" },
  { id: "acores", label: "Açores" },
];
export const RATE_CATEGORIES = [
  { id: "normal", label: "Normal" },
  { id: "intermedia", label: "Intermédia" },
  { id: "reduzida", label: "Reduzida" },
] as const;
export const DEFAULT_CATEGORIES: readonly { id: VatCategory; label: string }[] = [
  ...RATE_CATEGORIES,
  { id: "isenta", label: "Isento" },
];

export const EUROS_MESSAGE = "Indique um valor em euros, por exemplo 3,90.";
export const PERCENT_MESSAGE = "Indique a taxa em %, por exemplo 23.";

export const rateKey = (region: VatRegion, category: string) => `vat/rates/${region}/${category}`;

/** 390 -> "3,90"; 2300 (basis points) -> "23"; 550 -> "5,5". */
const eurosText = (cents: number) => (cents / 100).toFixed(2).replace(".", ",");
const percentText = (bp: number) => String(bp / 100).replace(".", ",");

/** "3,90", "3.9", "12" -> cents; anything else -> null. */
export function parseEuros(text: string): number | null {
  const t = text.trim();
  if (!/^\d{1,6}([.,]\d{1,2})?$/.test(t)) return null;
  return Math.round(Number(t.replace(",", ".")) * 100);
}

/** "23", "5,5" -> basis points; anything else -> null. */
export function parsePercent(text: string): number | null {
  const t = text.trim();
  if (!/^\d{1,3}([.,]\d{1,2})?$/.test(t)) return null;
  return Math.round(Number(t.replace(",", ".")) * 100);
}

export function toValues(s: ShopSettings): SettingsValues {
  const values: SettingsValues = {};
  for (const f of IDENTITY_FIELDS) values[`identity/${f}`] = s.identity[f];
  for (const f of DELIVERY_FIELDS) {
    const cents = s.delivery[f];
    values[`delivery/${f}`] = cents === null ? "" : eurosText(cents);
  }
  values["vat/defaultCategory"] = s.vat.defaultCategory;
  values["vat/defaultExemptionCode"] = s.vat.defaultExemptionCode;
  for (const r of REGIONS) {
    for (const c of RATE_CATEGORIES) values[rateKey(r.id, c.id)] = percentText(s.vat.rates[r.id][c.id]);
  }
  return values;
}

/** The API body, or the fields whose money or rate is not a number (texts are checked by the server). */
export function fromValues(
  v: SettingsValues,
): { ok: true; body: ShopSettings } | { ok: false; errors: SettingsErrors } {
  const errors: SettingsErrors = {};
  const money = (key: string, optional = false): number | null => {
    if (optional && (v[key] ?? "").trim() === "") return null;
    const cents = parseEuros(v[key] ?? "");
    if (cents === null) errors[key] = EUROS_MESSAGE;
    return cents;
  };
  const rate = (region: VatRegion, category: string): number => {
    const bp = parsePercent(v[rateKey(region, category)] ?? "");
    if (bp === null) errors[rateKey(region, category)] = PERCENT_MESSAGE;
    return bp ?? 0;
  };
  const identity = Object.fromEntries(IDENTITY_FIELDS.map((f) => [f, v[`identity/${f}`] ?? ""]));
  const delivery = {
    mainlandCents: money("delivery/mainlandCents") ?? 0,
    islandsCents: money("delivery/islandsCents") ?? 0,
    fastCents: money("delivery/fastCents") ?? 0,
    freeDeliveryThresholdCents: money("delivery/freeDeliveryThresholdCents", true),
  };
  const regionRates = (region: VatRegion) => ({
    normal: rate(region, "normal"),
    intermedia: rate(region, "intermedia"),
    reduzida: rate(region, "reduzida"),
  });
  const body = {
    identity: identity as ShopSettings["identity"],
    delivery,
    vat: {
      defaultCategory: (v["vat/defaultCategory"] ?? "normal") as VatCategory,
      defaultExemptionCode: v["vat/defaultExemptionCode"] ?? "",
      rates: { continente: regionRates("continente"), madeira: regionRates("madeira"), acores: regionRates("acores") },
    },
  };
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, body };
}
