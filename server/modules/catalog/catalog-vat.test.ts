import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { defaultSettings, type ShopSettings } from "#server/modules/settings/schemas.ts";
import { useCatalogApp } from "#tests/support/catalog-app.ts";
import type { TestApp } from "#tests/support/db.ts";
import { form, image } from "#tests/support/factories.ts";
import type { AuthHeaders } from "#tests/support/http.ts";
import { products } from "./schema.ts";
import { VAT_FIELD_MESSAGES } from "./vat-fields.ts";

/** The product forms' 'Taxa de IVA' and exemption code: stored, defaulted from the settings, refused when wrong. */

const { app, call, get, createProduct, countAll } = useCatalogApp();
let t: TestApp;
let admin: AuthHeaders;
beforeAll(() => {
  ({ t, admin } = app);
});

const vatOf = async (id: number) => {
  const [row] = await t.db
    .select({ category: products.vatCategory, code: products.vatExemptionCode })
    .from(products)
    .where(eq(products.id, id));
  return row;
};

const update = async (id: number, fields: Record<string, string>) =>
  call("PUT", `/api/product/updateproductstock/${id}`, {
    headers: admin,
    payload: form({ fields: { name: "Caneca", description: "Cerâmica.", price: "12,50", ...fields } }),
  });

describe("product IVA", () => {
  it("stores the category chosen, and the code only for an exempt product", async () => {
    const reduced = await createProduct({ vat_category: "reduzida", vat_exemption_code: "M07" });
    expect(await vatOf(reduced)).toEqual({ category: "reduzida", code: null });
    const exempt = await createProduct({ vat_category: "isenta", vat_exemption_code: " m07 " });
    expect(await vatOf(exempt)).toEqual({ category: "isenta", code: "M07" });
    // The API answers what the row holds.
    const shown = (await get(`/api/product/${exempt}`)).json();
    expect([shown.vat_category, shown.vat_exemption_code]).toEqual(["isenta", "M07"]);
  });

  it("takes the settings' defaults when the form sends none, as they are now (no restart)", async () => {
    const first = await createProduct();
    expect(await vatOf(first)).toEqual({ category: "normal", code: null });
    const exemptDefault = await createProduct({ vat_category: "isenta" });
    expect(await vatOf(exemptDefault)).toEqual({ category: "isenta", code: "M10" });

    const next: ShopSettings = structuredClone(defaultSettings(t.config.shipping));
    next.vat.defaultCategory = "intermedia";
    next.vat.defaultExemptionCode = "M05";
    const saved = await call("PUT", "/api/settings", { headers: admin, payload: next });
    expect(saved.statusCode, saved.body).toBe(200);
    // The settings cache drops its copy on the NOTIFY; the next product follows the new defaults.
    await expect.poll(async () => (await vatOf(await createProduct()))?.category).toBe("intermedia");
    expect(await vatOf(await createProduct({ vat_category: "isenta" }))).toEqual({ category: "isenta", code: "M05" });
  });

  it.each([
    ["M00", VAT_FIELD_MESSAGES.exemptionCode],
    ["M100", VAT_FIELD_MESSAGES.exemptionCode],
    ["X10", VAT_FIELD_MESSAGES.exemptionCode],
    ["10", VAT_FIELD_MESSAGES.exemptionCode],
  ])("refuses the exemption code %s with 400 and stores nothing", async (code, message) => {
    const before = await countAll();
    const res = await call("POST", "/api/product/create", {
      headers: admin,
      payload: form({
        fields: {
          name: "Livro",
          description: "Isento.",
          price: "9,90",
          categoria: "Canecas",
          vat_category: "isenta",
          vat_exemption_code: code,
        },
        files: [{ data: await image() }],
      }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await countAll()).toEqual(before);
  });

  it("refuses an unknown category with 400", async () => {
    const before = await countAll();
    const res = await call("POST", "/api/product/create", {
      headers: admin,
      payload: form({
        fields: { name: "Livro", description: "x", price: "9,90", categoria: "Canecas", vat_category: "super" },
        files: [{ data: await image() }],
      }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(VAT_FIELD_MESSAGES.category);
    expect(await countAll()).toEqual(before);
  });

  it("changes, keeps or clears the IVA on update, and refuses a bad code without changing anything", async () => {
    const id = await createProduct({ vat_category: "normal" });
    expect((await update(id, { vat_category: "isenta", vat_exemption_code: "m16" })).statusCode).toBe(200);
    expect(await vatOf(id)).toEqual({ category: "isenta", code: "M16" });
    // A form without the IVA fields (an older client) keeps them.
    expect((await update(id, {})).statusCode).toBe(200);
    expect(await vatOf(id)).toEqual({ category: "isenta", code: "M16" });
    const bad = await update(id, { name: "Outro nome", vat_category: "isenta", vat_exemption_code: "M0" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(VAT_FIELD_MESSAGES.exemptionCode);
    const [row] = await t.db.select({ name: products.name }).from(products).where(eq(products.id, id));
    expect([row?.name, (await vatOf(id))?.code]).toEqual(["Caneca", "M16"]);
    expect((await update(id, { vat_category: "reduzida", vat_exemption_code: "M16" })).statusCode).toBe(200);
    expect(await vatOf(id)).toEqual({ category: "reduzida", code: null });
  });
});
