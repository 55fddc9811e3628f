/** Shipping zones of Portugal by postal code, and what delivery costs. */

export type ShippingZone = "continente" | "madeira" | "acores";

/** The shop's delivery prices (settings' `delivery`, edited on /definicoes). */
export interface ShippingRates {
  mainlandCents: number;
  islandsCents: number;
  /** Surcharge for next-day delivery ("entrega rápida"). */
  fastCents: number;
  /** Standard delivery is free once the subtotal reaches this; null or absent: never free. */
  freeDeliveryThresholdCents?: number | null;
}

/** Madeira is 9000-9399 and the Azores 9500-9999; everything else is mainland. */
export function zoneFor(postalCode: string): ShippingZone {
  const prefix = Number.parseInt(postalCode.slice(0, 4), 10);
  if (prefix >= 9000 && prefix <= 9399) return "madeira";
  if (prefix >= 9500 && prefix <= 9999) return "acores";
  return "continente";
}

/** Delivery for an order of `subtotalCents`: the zone's rate (free from the threshold) plus the next-day surcharge. */
export function shippingCents(zone: ShippingZone, fast: boolean, rates: ShippingRates, subtotalCents = 0): number {
  const threshold = rates.freeDeliveryThresholdCents;
  const free = threshold !== null && threshold !== undefined && subtotalCents >= threshold;
  const base = free ? 0 : zone === "continente" ? rates.mainlandCents : rates.islandsCents;
  return base + (fast ? rates.fastCents : 0);
}
