import { describe, expect, it } from "vitest";
import { shippingCents, zoneFor } from "./shipping.ts";

describe("shipping", () => {
  it.each([
    ["1000-001", "continente"],
    ["8999-999", "continente"],
    ["9000-018", "madeira"],
    ["9399-999", "madeira"],
    ["9400-001", "continente"],
    ["9500-321", "acores"],
    ["9999-999", "acores"],
  ])("zone of %s is %s", (code, zone) => {
    expect(zoneFor(code)).toBe(zone);
  });

  it("adds the fast-delivery surcharge to the zone's rate", () => {
    const rates = { mainlandCents: 390, islandsCents: 790, fastCents: 290 };
    expect(shippingCents("continente", false, rates)).toBe(390);
    expect(shippingCents("madeira", false, rates)).toBe(790);
    expect(shippingCents("acores", true, rates)).toBe(1080);
  });

  it("standard delivery is free from the threshold on; the next-day surcharge is still charged", () => {
    const rates = { mainlandCents: 390, islandsCents: 790, fastCents: 290, freeDeliveryThresholdCents: 5000 };
    expect(shippingCents("continente", false, rates, 4999)).toBe(390);
    expect(shippingCents("continente", false, rates, 5000)).toBe(0);
    expect(shippingCents("madeira", false, rates, 7300)).toBe(0);
    expect(shippingCents("acores", true, rates, 5000)).toBe(290);
    expect(shippingCents("acores", true, { ...rates, freeDeliveryThresholdCents: null }, 99_999)).toBe(1080);
  });
});
