/*
 * The Permissions-Policy every answer carries (API, pages, static files, cached answers): the shop uses none of the
 * browser's powerful features (MB WAY is confirmed in the bank's app, Multibanco is a reference; no camera,
 * microphone, location or Payment Request), so each is refused to the page and to anything it could embed. Only
 * features Chromium recognises are named (an unknown one is a console error there). Helmet does not set this header.
 */
const DENIED_FEATURES = [
  "accelerometer",
  "autoplay",
  "browsing-topics",
  "camera",
  "display-capture",
  "geolocation",
  "gyroscope",
  "hid",
  "idle-detection",
  "magnetometer",
  "microphone",
  "midi",
  "payment",
  "publickey-credentials-get",
  "screen-wake-lock",
  "serial",
  "usb",
  "xr-spatial-tracking",
] as const;

export const PERMISSIONS_POLICY = DENIED_FEATURES.map((f) => `${f}=()`).join(", ");
