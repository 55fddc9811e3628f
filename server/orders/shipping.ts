/** Shipping zones of Portugal by postal code, and what delivery costs. */

export type ShippingZone = "continente" | "madeira" | "acores";

export interface ShippingRates {
  mainlandCents: number;
  islandsCents: number;
  /** Surcharge for next-day delivery ("entrega rápida"). */
  fastCents: number;
}

/** Madeira is 9000-9399 and the Azores 9500-9999; everything else is mainland. */
export function zoneFor(postalCode: string): ShippingZone {
  const prefix = Number.parseInt(postalCode.slice(0, 4), 10);
  if (prefix >= 9000 && prefix <= 9399) return "madeira";
  if (prefix >= 9500 && prefix <= 9999) return "acores";
  return "continente";
}

export function shippingCents(zone: ShippingZone, fast: boolean, rates: ShippingRates): number {
  const base = zone === "continente" ? rates.mainlandCents : rates.islandsCents;
  return base + (fast ? rates.fastCents : 0);
}
