// Carriers and their tracking links live in tracking/rules.ts (browser-safe: the admin order page imports them too).
export {
  CARRIER_NAMES,
  CARRIERS,
  type Carrier,
  normaliseTrackingNumber,
  TRACKING_NUMBER_PATTERN,
  TRACKING_URL_MAX,
  trackingUrl,
} from "#server/modules/orders/tracking/rules.ts";
