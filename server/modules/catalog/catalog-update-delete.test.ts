import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { useCatalogApp } from "#tests/support/catalog-app.ts";
import type { TestApp } from "#tests/support/db.ts";
import { form, image, insertOrder, type FormInput } from "#tests/support/factories.ts";
import { createUser, type AuthHeaders } from "#tests/support/http.ts";
import { colors, productImages, products, variants } from "./schema.ts";
import { orderLines } from "#server/modules/orders/schema.ts";
import { CATALOG_MESSAGES as M } from "./schemas.ts";

/** Changing and deleting products: PUT /api/product/updateproductstock/:id, DELETE /api/product/:id. */

const { app, call, get, files, createProduct, countAll } = useCatalogApp();
let t: TestApp;
let admin: AuthHeaders;
let categoryId: number;
beforeAll(() => {
  ({ t, admin, categoryId } = app);
});

describe("PUT /api/product/updateproductstock/:id", () => {
  it("updates the data and appends new pictures after the existing ones", async () => {
    const id = await createProduct({ sizes: "S" });
    const [firstImage] = await t.db.select().from(productImages).where(eq(productImages.productId, id));
    const res = await call("PUT", `/api/product/updateproductstock/${id}`, {
      headers: admin,
      payload: form({
        fields: {
          name: "Novo nome",
          description: "Nova descrição",
          price: "19.99",
          categoria: "Agendas",
          sizes: "M,L",
          status: "0",
          modelo_id: "12",
        },
        files: [{ data: await image({ r: 1, g: 2, b: 3 }) }],
      }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, message: "Produto atualizado com sucesso!", id });
    const product = (await get(`/api/product/${id}`, admin)).json();
    expect(product).toMatchObject({
      name: "Novo nome",
      description: "Nova descrição",
      price: 19.99,
      price_cents: 1999,
      categoria: "Agendas",
      sizes: "M,L",
      status: 0,
      modelo_id: 12,
    });
    expect(product.images).toHaveLength(2);
    expect(product.images[0]).toBe(firstImage!.fileName);
  });

  it("keeps what is not sent and needs no new picture", async () => {
    const id = await createProduct({ sizes: "S,M", modelo_id: "55" });
    const res = await call("PUT", `/api/product/updateproductstock/${id}`, {
      headers: admin,
      payload: form({ fields: { name: "Só nome", description: "D", price: "1" } }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await get(`/api/product/${id}`)).json()).toMatchObject({
      name: "Só nome",
      sizes: "S,M",
      modelo_id: 55,
      status: 1,
      categoria_id: categoryId,
      price_cents: 100,
    });
  });

  it("refuses bad input without changing anything", async () => {
    const id = await createProduct({ name: "Intacto" });
    const before = await countAll();
    const cases: Array<[FormInput, number, string]> = [
      [{ fields: { description: "D", price: "1" } }, 400, M.required],
      [{ fields: { name: "N", description: "D", price: "-2" } }, 400, M.priceNegative],
      [
        { fields: { name: "N", description: "D", price: "2" }, files: [{ data: Buffer.from("GIF89a não") }] },
        400,
        "O ficheiro enviado não é uma imagem válida.",
      ],
      [{ fields: { name: "N", description: "D", price: "2", categoria: "888888" } }, 400, M.categoryNotFound],
    ];
    for (const [input, status, message] of cases) {
      const res = await call("PUT", `/api/product/updateproductstock/${id}`, { headers: admin, payload: form(input) });
      expect(res.statusCode).toBe(status);
      expect(res.json().message).toBe(message);
    }
    // The failed update with a category also stored no picture.
    const withPicture = await call("PUT", `/api/product/updateproductstock/${id}`, {
      headers: admin,
      payload: form({
        fields: { name: "N", description: "D", price: "2", categoria: "888888" },
        files: [{ data: await image() }],
      }),
    });
    expect(withPicture.statusCode).toBe(400);
    expect(await countAll()).toEqual(before);
    expect((await get(`/api/product/${id}`)).json().name).toBe("Intacto");
    const unknown = await call("PUT", "/api/product/updateproductstock/2147483647", {
      headers: admin,
      payload: form({ fields: { name: "N", description: "D", price: "2" } }),
    });
    expect(unknown.statusCode).toBe(404);
  });
});

// ---------- deletion ----------

describe("DELETE /api/product/:id", () => {
  it("deletes an unsold product with its pictures on disk", async () => {
    const id = await createProduct({}, 2);
    const imgs = await t.db.select().from(productImages).where(eq(productImages.productId, id));
    const res = await call("DELETE", `/api/product/${id}`, { headers: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: "Produto eliminado com sucesso!" });
    expect(await t.db.$count(products, eq(products.id, id))).toBe(0);
    for (const img of imgs) expect(files().some((f) => f.startsWith(img.fileName.replace(/\.\w+$/, "")))).toBe(false);
    const again = await call("DELETE", `/api/product/${id}`, { headers: admin });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ success: false, error: "Produto não encontrado ou já foi eliminado" });
  });

  it("hides a sold product instead, keeping the order line", async () => {
    const id = await createProduct({ name: "Vendido" });
    const [color] = await t.db.insert(colors).values({ name: "Preto vendido" }).returning();
    const [variant] = await t.db.insert(variants).values({ productId: id, colorId: color!.id, stock: 3 }).returning();
    const buyer = await createUser(t.db, "cliente");
    const order = await insertOrder(t, buyer.id, { deliveryName: "Ana" });
    const [line] = await t.db
      .insert(orderLines)
      .values({
        orderId: order.id,
        productId: id,
        variantId: variant!.id,
        productName: "Vendido",
        unitPriceCents: 1250,
        quantity: 1,
      })
      .returning();
    const imageCount = await t.db.$count(productImages, eq(productImages.productId, id));
    const filesBefore = files().length;

    const res = await call("DELETE", `/api/product/${id}`, { headers: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: "Produto eliminado com sucesso!" });

    const [row] = await t.db.select().from(products).where(eq(products.id, id));
    expect(row?.deletedAt).toBeInstanceOf(Date);
    expect(row?.status).toBe(0);
    const [kept] = await t.db.select().from(orderLines).where(eq(orderLines.id, line!.id));
    expect(kept).toMatchObject({ productId: id, variantId: variant!.id, productName: "Vendido" });
    expect(await t.db.$count(productImages, eq(productImages.productId, id))).toBe(imageCount);
    expect(files().length).toBe(filesBefore);

    expect((await get(`/api/product/${id}`, admin)).statusCode).toBe(404);
    const adminAll = (await get("/api/product/all", admin)).json() as Array<{ id: number }>;
    expect(adminAll.map((p) => p.id)).not.toContain(id);
    expect((await call("PUT", `/api/product/status/${id}`, { headers: admin })).statusCode).toBe(404);
    const again = await call("DELETE", `/api/product/${id}`, { headers: admin });
    expect(again.statusCode).toBe(404);
    expect(again.json().error).toBe("Produto não encontrado ou já foi eliminado");
  });
});
