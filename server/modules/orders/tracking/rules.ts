/*
 * Carriers and their tracking links. No zod and no server imports: the admin order page imports the carrier
 * names from here too (a file of its own, so the cart's checkout rules do not carry them). The link is built
 * once, when the order is shipped, and stored in orders.tracking_url, so the shopper's e-mail, /conta and the
 * admin page all show the same link.
 */

export const CARRIERS = ["ctt", "dpd", "gls", "ups", "outra"] as const;
export type Carrier = (typeof CARRIERS)[number];

export const CARRIER_NAMES: Record<Carrier, string> = {
  ctt: "CTT",
  dpd: "DPD",
  gls: "GLS",
  ups: "UPS",
  outra: "Outra transportadora",
};

/** A tracking number as carriers print them: letters, digits, and dashes or spaces between groups. */
export const TRACKING_NUMBER_PATTERN = /^[A-Za-z0-9][A-Za-z0-9 -]{2,38}[A-Za-z0-9]$/;
export const TRACKING_URL_MAX = 500;

/** Each known carrier's public tracking page for one number (Portuguese pages where the carrier has them). */
const TRACKING_PAGES: Record<Exclude<Carrier, "outra">, (number: string) => string> = {
  ctt: (n) => `https://www.ctt.pt/feapl_2/app/open/objectSearch/objectSearch.jspx?objects=${n}`,
  dpd: (n) => `https://tracking.dpd.de/status/pt_PT/parcel/${n}`,
  gls: (n) => `https://gls-group.com/PT/pt/seguir-envio/?match=${n}`,
  ups: (n) => `https://www.ups.com/track?loc=pt_PT&tracknum=${n}`,
};

/** The number as stored and put in links: spaces dropped, letters upper-case ("rr 1234 pt" → "RR1234PT"). */
export const normaliseTrackingNumber = (raw: string) => raw.replace(/\s+/g, "").toUpperCase();

/**
 * The link the shopper follows: built from the number for CTT, DPD, GLS and UPS; for 'outra', the
 * shop's own https link (required and checked by the request schema, schemas.ts).
 */
export function trackingUrl(carrier: Carrier, trackingNumber: string, customUrl?: string): string {
  if (carrier === "outra") return customUrl ?? "";
  return TRACKING_PAGES[carrier](encodeURIComponent(normaliseTrackingNumber(trackingNumber)));
}
