import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#tests/support/db.ts";
import { products } from "#server/modules/catalog/schema.ts";
import { seedProduct } from "#tests/support/orders.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const check = (items: object[]) => t.app.inject({ method: "POST", url: "/api/cart/check", payload: { items } });

describe("POST /api/cart/check and products a visitor may not see", () => {
  it("reports hidden and deleted products only as unavailable: no name, no price, the same answer as an unknown id", async () => {
    const hidden = await seedProduct(t, 4321, 5, { status: 0, name: "Caneca Secreta Hidden" });
    const deleted = await seedProduct(t, 8765, 5, { name: "Agenda Apagada Deleted" });
    await t.db.update(products).set({ deletedAt: new Date() }).where(eq(products.id, deleted.product.id));
    const visible = await seedProduct(t, 1999, 5, { name: "T-shirt Visível" });

    const res = await check([
      { product_id: hidden.product.id, variant_id: hidden.variants[0]!.id, quantity: 1, price: 1 },
      { product_id: deleted.product.id, quantity: 2 },
      { product_id: 987_654, quantity: 1 },
      { product_id: visible.product.id, quantity: 1, price: 19.99 },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    // Nothing about the hidden or deleted product leaks, anywhere in the answer.
    for (const secret of ["Secreta", "Hidden", "Apagada", "Deleted", "43,21", "43.21", "87,65", "87.65"])
      expect(res.body).not.toContain(secret);
    const [h, d, unknown, ok] = body.lines;
    expect(h).toEqual({
      product_id: hidden.product.id,
      variant_id: null,
      name: null,
      price: null,
      quantity: 1,
      available: 0,
      status: "unavailable",
      message: unknown.message,
    });
    expect(d).toEqual({
      product_id: deleted.product.id,
      variant_id: null,
      name: null,
      price: null,
      quantity: 2,
      available: 0,
      status: "unavailable",
      message: unknown.message,
    });
    expect(unknown).toMatchObject({ product_id: 987_654, name: null, price: null, status: "unavailable" });
    expect(unknown.message).toBe("Este produto já não está disponível. Retire-o do carrinho.");
    // A visible product is still named and priced from the database.
    expect(ok).toMatchObject({
      name: "T-shirt Visível",
      price: 19.99,
      status: "ok",
      variant_id: visible.variants[0]!.id,
      available: 5,
    });
    expect(body.ok).toBe(false);
  });
});
