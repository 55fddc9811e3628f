import { shippingVat } from "#server/modules/tax/vat.ts";
import { vatRateBp, type ShopSettings, type VatCategory } from "#server/modules/settings/schemas.ts";
import type { ShippingZone } from "./shipping.ts";

/*
 * Checkout's IVA: each line at its product's category in the delivery's region (the settings of now), exempt lines at
 * 0 % with the product's reason code (else the settings' default), and the delivery's rate (decision 0013).
 * Prices stay IVA included: the rate only says how much of what the shopper pays is IVA.
 */

export interface VatFacts {
  vatCategory: VatCategory;
  vatExemptionCode: string | null;
}

export function orderVat<L extends VatFacts>(settings: ShopSettings, zone: ShippingZone, lines: readonly L[]) {
  const rated = lines.map((l) => {
    const exempt = l.vatCategory === "isenta";
    return {
      ...l,
      vatRateBp: vatRateBp(settings, zone, l.vatCategory),
      vatExemptionCode: exempt ? (l.vatExemptionCode ?? settings.vat.defaultExemptionCode) || null : null,
    };
  });
  const shipping = shippingVat(rated, vatRateBp(settings, zone, "normal"));
  return { lines: rated, shippingVatRateBp: shipping.vatRateBp };
}
