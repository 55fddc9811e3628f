import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { useCatalogApp } from "#tests/support/catalog-app.ts";
import type { TestApp } from "#tests/support/db.ts";
import { type AuthHeaders } from "#tests/support/http.ts";
import { sizeColorEntries, variants } from "./schema.ts";
import { stockMovements } from "#server/modules/inventory/schema.ts";
import { CATALOG_MESSAGES as M } from "./schemas.ts";

/** Colours, sizes, size/colour entries and product variants. */

const { app, call, get, createProduct, createColor, createSize } = useCatalogApp();
let t: TestApp;
let admin: AuthHeaders;
let adminId: number;
beforeAll(() => {
  ({ t, admin, adminId } = app);
});

describe("colours, sizes and size/colour entries", () => {
  it("creates a colour, refuses a duplicate with 409 'Esta cor já existe.'", async () => {
    const res = await call("POST", "/api/product/create_color", {
      headers: admin,
      payload: { cor: "Azul Petróleo", color_hex: "#1A5F7A" },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      success: true,
      message: "Cor criada com sucesso!",
      color: { id: expect.any(Number), name: "Azul Petróleo", color_hex: "#1a5f7a" },
    });
    const dup = await call("POST", "/api/product/create_color", {
      headers: admin,
      payload: { cor: " azul petróleo " },
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ success: false, message: "Esta cor já existe.", error: "Esta cor já existe." });
    const noHex = await call("POST", "/api/product/create_color", { headers: admin, payload: { cor: "Cinza" } });
    expect(noHex.statusCode).toBe(201);
    expect(noHex.json().color.color_hex).toBeNull();
    const cores = (await get("/api/product/cores")).json();
    expect(cores).toEqual(expect.arrayContaining([{ id: expect.any(Number), name: "Cinza", color_hex: null }]));
  });

  it.each([
    [{}, M.colorRequired],
    [{ cor: "" }, M.colorRequired],
    [{ cor: 42 }, M.colorRequired],
    [{ cor: "X".repeat(51) }, M.colorTooLong],
    [{ cor: "Ok", color_hex: "vermelho" }, M.colorHexInvalid],
    [{ cor: "Ok", color_hex: "#12345g" }, M.colorHexInvalid],
  ])("refuses the colour %j with 400", async (payload, message) => {
    const res = await call("POST", "/api/product/create_color", { headers: admin, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it("creates a size and refuses a duplicate", async () => {
    const res = await call("POST", "/api/product/create_size", { headers: admin, payload: { tamanho: "XXL" } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ success: true, message: "Tamanho criado com sucesso!", size: { name: "XXL" } });
    const dup = await call("POST", "/api/product/create_size", { headers: admin, payload: { tamanho: "xxl" } });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe("Este tamanho já existe.");
    const missing = await call("POST", "/api/product/create_size", { headers: admin, payload: { tamanho: " " } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(M.sizeRequired);
    const list = (await get("/api/product/tamanhos")).json();
    expect(list).toEqual(expect.arrayContaining([{ id: res.json().size.id, name: "XXL" }]));
  });

  it("stores the categoria form (tamanho + cor) and requires both", async () => {
    const res = await call("POST", "/api/product/categoria", {
      headers: admin,
      payload: { tamanho: "M", cor: "Verde" },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ success: true, message: "Categoria criada com sucesso!" });
    const rows = await t.db.select().from(sizeColorEntries).where(eq(sizeColorEntries.id, res.json().id));
    expect(rows[0]).toMatchObject({ tamanho: "M", cor: "Verde" });
    for (const payload of [{ tamanho: "M" }, { cor: "Verde" }, { tamanho: "", cor: "" }]) {
      const bad = await call("POST", "/api/product/categoria", { headers: admin, payload });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe(M.entryRequired);
    }
  });
});

describe("variants", () => {
  let productId: number;
  let red: number;
  let blue: number;
  let sizeS: number;
  let sizeM: number;
  beforeAll(async () => {
    productId = await createProduct({ name: "T-shirt Galo", sizes: "S,M,L" });
    red = await createColor("Vermelho", "#dc2626");
    blue = await createColor("Azul", "#2563eb");
    sizeS = await createSize("S", 1);
    sizeM = await createSize("M", 2);
  });

  const createVariant = (payload: unknown) => call("POST", "/api/product/createVariants", { headers: admin, payload });

  it("creates a variant with its stock and records the initial stock movement", async () => {
    const res = await createVariant({ product_id: productId, color_id: red, size_id: sizeS, stock: 12 });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({
      success: true,
      message: "Variante criada com sucesso!",
      variant: {
        id: expect.any(Number),
        product_id: productId,
        color_id: red,
        color: "Vermelho",
        color_name: "Vermelho",
        color_hex: "#dc2626",
        size_id: sizeS,
        size: "S",
        size_name: "S",
        sizes: "S",
        stock: 12,
      },
    });
    const variantId = res.json().variant.id;
    const moves = await t.db.select().from(stockMovements).where(eq(stockMovements.variantId, variantId));
    expect(moves).toHaveLength(1);
    expect(moves[0]).toMatchObject({ stockBefore: 0, stockAfter: 12, reason: "Stock inicial", actorUserId: adminId });
  });

  it("accepts numbers as text (form values) and a variant without size", async () => {
    const res = await createVariant({ product_id: String(productId), color_id: String(blue), stock: "3" });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().variant).toMatchObject({ color_id: blue, size_id: null, size: null, stock: 3 });
    const noSizeAgain = await createVariant({ product_id: productId, color_id: blue, stock: 1 });
    expect(noSizeAgain.statusCode).toBe(409);
  });

  it("refuses a duplicate product + colour + size with 409", async () => {
    const res = await createVariant({ product_id: productId, color_id: red, size_id: sizeS, stock: 1 });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(M.duplicateVariant);
  });

  it.each([
    [{ color_id: 1, stock: 1 }, 400, M.productRequired],
    [{ product_id: 1, stock: 1 }, 400, M.variantRequired],
    [{ product_id: 1, color_id: 1 }, 400, M.variantRequired],
    [{ product_id: 1, color_id: 1, stock: "" }, 400, M.variantRequired],
    [{ product_id: 1, color_id: 1, stock: -1 }, 400, M.invalidStock],
    [{ product_id: 1, color_id: 1, stock: "-5" }, 400, M.invalidStock],
    [{ product_id: 1, color_id: 1, stock: 1.5 }, 400, M.invalidStock],
    [{ product_id: 1, color_id: 1, stock: "abc" }, 400, M.invalidStock],
    [{ product_id: 1, color_id: 1, stock: [1] }, 400, M.invalidStock],
    [{ product_id: 1, color_id: 1, stock: 1e12 }, 400, M.stockTooHigh],
    [{ product_id: "abc", color_id: 1, stock: 1 }, 400, M.invalidProductId],
    [{ product_id: -1, color_id: 1, stock: 1 }, 400, M.invalidProductId],
    [{ product_id: 1, color_id: 1, size_id: "x", stock: 1 }, 400, M.invalidSizeId],
    [{ product_id: 2147483647, color_id: 1, stock: 1 }, 404, M.productNotFound],
  ])("refuses %j", async (payload, status, message) => {
    const before = await t.db.$count(variants);
    const res = await createVariant(payload);
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toBe(message);
    expect(await t.db.$count(variants)).toBe(before);
  });

  it("refuses an unknown colour or size with 404", async () => {
    const c = await createVariant({ product_id: productId, color_id: 2147483647, stock: 1 });
    expect(c.statusCode).toBe(404);
    expect(c.json().message).toBe(M.colorNotFound);
    const s = await createVariant({ product_id: productId, color_id: red, size_id: 2147483647, stock: 1 });
    expect(s.statusCode).toBe(404);
    expect(s.json().message).toBe(M.sizeNotFound);
  });

  it("reports stock, colours, sizes and the stock detail from the variants", async () => {
    await createVariant({ product_id: productId, color_id: red, size_id: sizeM, stock: 0 });
    expect((await get(`/api/product/stock/${productId}`)).json()).toEqual({ totalStock: 15 });
    expect((await get(`/api/product/coresDetails/${productId}`)).json()).toEqual([
      { id: blue, name: "Azul", color_hex: "#2563eb" },
      { id: red, name: "Vermelho", color_hex: "#dc2626" },
    ]);
    expect((await get(`/api/product/productSize/${productId}`)).json()).toEqual([
      { id: sizeS, name: "S", tamanho: "S" },
      { id: sizeM, name: "M", tamanho: "M" },
    ]);
    const detail = (await get(`/api/product/stockdetalhe/${productId}`)).json();
    expect(detail).toMatchObject({
      id: productId,
      name: "T-shirt Galo",
      quantidade: 15,
      cor: "Azul,Vermelho",
      tamanho: "S,M",
    });
    expect(detail.variants).toHaveLength(3);
    expect(detail.variants[0]).toMatchObject({ color: "Azul", size: null, sizes: null, stock: 3 });
    expect(detail.variants.map((v: { size: string | null }) => v.size)).toEqual([null, "S", "M"]);
  });

  it("lists the product's own sizes when it has no sized variants", async () => {
    const id = await createProduct({ sizes: "S,XL,Único" });
    expect((await get(`/api/product/productSize/${id}`)).json()).toEqual([
      { id: sizeS, name: "S", tamanho: "S" },
      { name: "XL", tamanho: "XL" },
      { name: "Único", tamanho: "Único" },
    ]);
    expect((await get(`/api/product/coresDetails/${id}`)).json()).toEqual([]);
    expect((await get(`/api/product/stockdetalhe/${id}`)).json().variants).toEqual([]);
    expect((await get(`/api/product/stock/${id}`)).json()).toEqual({ totalStock: 0 });
  });

  it("deletes a variant (404 when missing) but not one holding reserved units", async () => {
    const res = await createVariant({ product_id: productId, color_id: blue, size_id: sizeM, stock: 5 });
    const id = res.json().variant.id;
    const ok = await call("DELETE", `/api/product/variant/${id}`, { headers: admin });
    expect(ok.json()).toEqual({ success: true, message: "Variante eliminada com sucesso!" });
    const again = await call("DELETE", `/api/product/variant/${id}`, { headers: admin });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(M.variantNotFound);
    expect((await call("DELETE", "/api/product/variant/abc", { headers: admin })).json().message).toBe(
      M.invalidVariantId,
    );

    const held = await createVariant({ product_id: productId, color_id: blue, size_id: sizeM, stock: 5 });
    await t.db.update(variants).set({ reserved: 2 }).where(eq(variants.id, held.json().variant.id));
    const refused = await call("DELETE", `/api/product/variant/${held.json().variant.id}`, { headers: admin });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(M.variantReserved);
  });
});
