import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { useCatalogApp } from "#tests/support/catalog-app.ts";
import type { TestApp } from "#tests/support/db.ts";
import { form, image } from "#tests/support/factories.ts";
import type { AuthHeaders } from "#tests/support/http.ts";
import { products } from "#server/modules/catalog/schema.ts";
import { isValidEan, NO_SAFETY, SAFETY_MESSAGES as M } from "./rules.ts";

/*
 * A product's safety information (GPSR) through the spec's product calls: optional fields, stored and read back in
 * `seguranca` (null: the shop's default), each refusal a 400 with its pt-PT message and nothing stored.
 */

const { app, call, get, createProduct, countAll } = useCatalogApp();
let t: TestApp;
let admin: AuthHeaders;
beforeAll(() => {
  ({ t, admin } = app);
});

/** A well-known valid EAN-13 (check digit 1) and EAN-8 (check digit 4). */
const EAN13 = "4006381333931";
const EAN8 = "96385074";

const OVERRIDES = {
  fabricante_nome: "Cerâmicas do Norte, Lda.",
  fabricante_morada: "Rua da Olaria, 7, 4400-123 Vila Nova de Gaia, Portugal",
  fabricante_contacto: "https://ceramicas.example.pt/contacto",
  tipo_modelo: "CAN-330",
  lote: "L2026-11",
  ean: "4006 3813 3393-1",
  avisos: "Não adequado a micro-ondas.\nLavar à mão.",
};

const safetyOf = async (id: number) => (await get(`/api/product/${id}`, admin)).json().seguranca;

const create = async (fields: Record<string, string>) =>
  call("POST", "/api/product/create", {
    headers: admin,
    payload: form({
      fields: { name: "Caneca", description: "Cerâmica.", price: "12,50", categoria: "Canecas", ...fields },
      files: [{ data: await image() }],
    }),
  });

const update = async (id: number, fields: Record<string, string>) =>
  call("PUT", `/api/product/updateproductstock/${id}`, {
    headers: admin,
    payload: form({ fields: { name: "Caneca", description: "Cerâmica.", price: "12,50", ...fields } }),
  });

describe("EAN check digit", () => {
  it.each([
    [EAN13, true],
    ["4006381333932", false],
    [EAN8, true],
    ["96385075", false],
    ["036000291452", true], // UPC-A
    ["00036000291452", true], // GTIN-14
    ["12345", false],
    ["40063813339311", false],
  ])("%s is valid: %s", (code, valid) => expect(isValidEan(code)).toBe(valid));
});

describe("product safety information through the product API", () => {
  it("a product created without the fields has none: every manufacturer value is the shop's default", async () => {
    const id = await createProduct();
    expect(await safetyOf(id)).toEqual(NO_SAFETY);
    // The stock detail (the admin's edit form) carries it too; the shop's lists do not.
    expect((await get(`/api/product/stockdetalhe/${id}`, admin)).json().seguranca).toEqual(NO_SAFETY);
    const list = (await get("/api/product")).json() as Array<Record<string, unknown>>;
    expect(list.find((p) => p.id === id)).not.toHaveProperty("seguranca");
  });

  it("stores the overrides as given (EAN without spaces) and reads them back", async () => {
    const res = await create(OVERRIDES);
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id as number;
    expect(await safetyOf(id)).toEqual({
      ...NO_SAFETY,
      ...OVERRIDES,
      ean: EAN13,
    });
  });

  it("an update changes only the fields it sends, and an empty field goes back to the default", async () => {
    const id = (await create(OVERRIDES)).json().id as number;
    const res = await update(id, { lote: "L2027-01", fabricante_nome: "" });
    expect(res.statusCode, res.body).toBe(200);
    expect(await safetyOf(id)).toEqual({
      ...NO_SAFETY,
      ...OVERRIDES,
      ean: EAN13,
      lote: "L2027-01",
      fabricante_nome: null,
    });
    // The spec's update without any safety field leaves them all as they are.
    expect((await update(id, { price: "13,00" })).statusCode).toBe(200);
    expect((await safetyOf(id)).lote).toBe("L2027-01");
  });

  it("a manufacturer outside the EU is stored with its EU responsible person", async () => {
    const res = await create({
      fabricante_nome: "Shenzhen Mugs Co.",
      fabricante_morada: "1 Ceramics Road, Shenzhen, China",
      fabricante_contacto: "sales@mugs.example.cn",
      fabricante_fora_ue: "1",
      responsavel_ue_nome: "Importadora Lusa, Lda.",
      responsavel_ue_morada: "Av. da Liberdade, 10, 1250-144 Lisboa, Portugal",
    });
    expect(res.statusCode, res.body).toBe(201);
    const s = await safetyOf(res.json().id);
    expect([s.fabricante_fora_ue, s.responsavel_ue_nome]).toEqual([true, "Importadora Lusa, Lda."]);
  });

  const outside = {
    fabricante_nome: "Shenzhen Mugs Co.",
    fabricante_morada: "1 Ceramics Road, Shenzhen, China",
    fabricante_fora_ue: "true",
    responsavel_ue_nome: "Importadora Lusa, Lda.",
    responsavel_ue_morada: "Av. da Liberdade, 10, 1250-144 Lisboa, Portugal",
  };

  it.each([
    [{ ...outside, responsavel_ue_nome: "" }, M.outsideEuResponsibleName],
    [{ ...outside, responsavel_ue_morada: "  " }, M.outsideEuResponsibleAddress],
    [{ ...outside, fabricante_nome: "" }, M.outsideEuManufacturerName],
    [{ fabricante_fora_ue: "on" }, M.outsideEuManufacturerName],
    [{ ...outside, fabricante_fora_ue: "talvez" }, M.outsideEuInvalid],
    [{ ean: "4006381333932" }, M.eanCheckDigit],
    [{ ean: "40063813339A1" }, M.eanLength],
    [{ ean: "12345" }, M.eanLength],
    [{ fabricante_contacto: "telefone 912345678" }, M.contactInvalid],
    [{ fabricante_contacto: "ftp://exemplo.pt" }, M.contactInvalid],
    [{ tipo_modelo: "x".repeat(101) }, M.typeModelTooLong],
    [{ avisos: "x".repeat(5001) }, M.warningsTooLong],
  ])("create refuses %j with 400 and stores nothing", async (fields, message) => {
    const before = await countAll();
    const res = await create(fields);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await countAll()).toEqual(before);
  });

  it("an update cannot leave an outside-EU product without its EU person, whichever field it sends", async () => {
    const id = (await create(outside)).json().id as number;
    const stored = await safetyOf(id);

    const cleared = await update(id, { responsavel_ue_morada: "" });
    expect(cleared.statusCode).toBe(400);
    expect(cleared.json().message).toBe(M.outsideEuResponsibleAddress);
    // A product stored inside the EU that is marked outside in a later update needs the person too.
    const inside = await createProduct({ fabricante_nome: "Fábrica Lda.", fabricante_morada: "Porto" });
    const marked = await update(inside, { fabricante_fora_ue: "1" });
    expect(marked.json().message).toBe(M.outsideEuResponsibleName);
    expect((await safetyOf(inside)).fabricante_fora_ue).toBe(false);

    expect(await safetyOf(id)).toEqual(stored);
    // Back inside the EU, the person may go.
    const back = await update(id, { fabricante_fora_ue: "0", responsavel_ue_nome: "", responsavel_ue_morada: "" });
    expect(back.statusCode, back.body).toBe(200);
    expect(await safetyOf(id)).toMatchObject({ fabricante_fora_ue: false, responsavel_ue_nome: null });
  });

  it("the database refuses what the API would (EAN digits, the EU person)", async () => {
    const id = await createProduct();
    await expect(t.db.update(products).set({ ean: "12345" }).where(eq(products.id, id))).rejects.toThrow();
    await expect(
      t.db.update(products).set({ manufacturerOutsideEu: true }).where(eq(products.id, id)),
    ).rejects.toThrow();
  });

  it("takes the edit form's every field at once (exempt IVA with its code, status, model and the ten safety fields)", async () => {
    const id = await createProduct();
    const res = await update(id, {
      categoria: "Canecas",
      sizes: "Único",
      vat_category: "isenta",
      vat_exemption_code: "M10",
      status: "1",
      modelo_id: "5",
      ...outside,
      fabricante_contacto: "qualidade@fabrica.pt",
      tipo_modelo: "CAN-330",
      lote: "L1",
      ean: EAN13,
      avisos: "Frágil.",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await safetyOf(id)).toMatchObject({ fabricante_fora_ue: true, avisos: "Frágil.", ean: EAN13 });
  });

  it("accepts an EAN-8 and an e-mail as the electronic address", async () => {
    const res = await create({ ean: EAN8, fabricante_contacto: "qualidade@fabrica.pt" });
    expect(res.statusCode, res.body).toBe(201);
    expect(await safetyOf(res.json().id)).toMatchObject({ ean: EAN8, fabricante_contacto: "qualidade@fabrica.pt" });
  });
});
