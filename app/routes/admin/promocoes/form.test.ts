import { describe, expect, it } from "vitest";
import { promotionBody } from "#server/modules/promotions/rules.ts";
import type { Promotion } from "#server/modules/promotions/schemas.ts";
import { bodyFrom, bodyOf, EMPTY_PROMOTION, formValuesOf, promotionResolver } from "./form.ts";

/** The 'Promoções' form: what it sends is what the API stores, and its errors are the API's messages. */

const saved: Promotion = {
  id: 7,
  nome: "Natal",
  codigo: "NATAL-10",
  tipo: "valor",
  valor: 7.5,
  minimo: 25,
  inicio: "2026-12-01T00:00",
  fim: "2026-12-31T23:59",
  usos_max: 100,
  usos_por_cliente: 2,
  categorias: [3],
  produtos: [12, 31],
  acumulavel: true,
  usos: 4,
  ativa: true,
};

const parsed = (body: object) => promotionBody.parse(body);

describe("the promotion form", () => {
  it("editing a saved promotion and saving it unchanged sends the very same promotion", () => {
    const values = formValuesOf(saved);
    expect(values).toMatchObject({ valor: "7,50", minimo: "25,00", produtos: "12, 31", categorias: ["3"] });
    expect(parsed(bodyOf(values))).toEqual(parsed(bodyFrom(saved)));
    expect(parsed(bodyOf(values))).toMatchObject({ amountCents: 750, minimumCents: 2500, productIds: [12, 31] });
  });

  it("an automatic promotion drops what only a code has", () => {
    const body = bodyOf({ ...formValuesOf(saved), automatica: true });
    expect(body).toMatchObject({
      codigo: null,
      minimo: null,
      usos_max: null,
      usos_por_cliente: null,
      acumulavel: false,
    });
    expect(parsed(body)).toMatchObject({ code: null, minimumCents: null, maxUses: null, combinesWithAutomatic: false });
  });

  it("bodyFrom changes one field and leaves out what the API does not take", () => {
    expect(bodyFrom({ ...saved, resultados: { encomendas: 1 } }, { ativa: false })).toEqual({
      ...saved,
      id: undefined,
      usos: undefined,
      resultados: undefined,
      ativa: false,
    });
  });

  it("shows the API's messages under the fields", async () => {
    const result = await promotionResolver({ ...EMPTY_PROMOTION, codigo: "AB", valor: "0" }, undefined, {
      fields: {},
      shouldUseNativeValidation: false,
    });
    expect(result.errors.nome?.message).toBe("Indique o nome da promoção.");
    expect(result.errors.codigo?.message).toBe(
      "O código tem de ter entre 3 e 40 caracteres: letras, algarismos, - ou _.",
    );
  });
});
