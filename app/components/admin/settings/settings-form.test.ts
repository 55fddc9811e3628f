import { describe, expect, it } from "vitest";
import { defaultSettings, type ShopSettings } from "#server/modules/settings/schemas.ts";
import { EUROS_MESSAGE, fromValues, parseEuros, parsePercent, PERCENT_MESSAGE, toValues } from "./settings-form.ts";

describe("/definicoes form values", () => {
  const settings = defaultSettings({ mainlandCents: 390, islandsCents: 790, fastCents: 290 });

  it("shows euros and % and sends back the same cents and basis points", () => {
    const s: ShopSettings = structuredClone(settings);
    s.delivery.freeDeliveryThresholdCents = 4950;
    s.vat.rates.acores.intermedia = 950;
    const values = toValues(s);
    expect(values["delivery/mainlandCents"]).toBe("3,90");
    expect(values["delivery/freeDeliveryThresholdCents"]).toBe("49,50");
    expect(values["vat/rates/acores/intermedia"]).toBe("9,5");
    expect(values["vat/rates/continente/normal"]).toBe("23");
    expect(values["identity/legalName"]).toBe("Loja, Lda.");
    expect(fromValues(values)).toEqual({ ok: true, body: s });
  });

  it("an empty free-delivery threshold is null (never free)", () => {
    const values = { ...toValues(settings), "delivery/freeDeliveryThresholdCents": " " };
    const result = fromValues(values);
    expect(result.ok && result.body.delivery.freeDeliveryThresholdCents).toBeNull();
  });

  it("names each field whose money or rate is not a number", () => {
    const values = {
      ...toValues(settings),
      "delivery/fastCents": "2,999",
      "delivery/islandsCents": "",
      "vat/rates/madeira/reduzida": "quatro",
    };
    expect(fromValues(values)).toEqual({
      ok: false,
      errors: {
        "delivery/fastCents": EUROS_MESSAGE,
        "delivery/islandsCents": EUROS_MESSAGE,
        "vat/rates/madeira/reduzida": PERCENT_MESSAGE,
      },
    });
  });

  it.each([
    ["3,90", 390],
    ["3.9", 390],
    ["12", 1200],
    ["0,07", 7],
    ["-1", null],
    ["1e3", null],
  ])("euros %s are %s cents", (text, cents) => expect(parseEuros(text)).toBe(cents));

  it.each([
    ["23", 2300],
    ["5,5", 550],
    ["0", 0],
    ["23%", null],
  ])("%s %% is %s basis points", (text, bp) => expect(parsePercent(text)).toBe(bp));
});
