import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#tests/support/db.ts";
import { checkout, delivery, seedProduct, signIn, type Session } from "#tests/support/factories.ts";
import { orders } from "#server/modules/orders/schema.ts";

/* GET /api/users/me/delivery: the account's newest order's delivery data, pre-filled in the delivery dialog. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ MB_ENTITY: "12345", MB_SUBENTITY: "123" });
});
afterAll(() => t.close());

const mine = (buyer?: Session) =>
  t.app.inject({ method: "GET", url: "/api/users/me/delivery", headers: buyer?.headers ?? {} });

/** An order through POST /orders with these delivery data. */
async function orderTo(buyer: Session, dados_entrega: object) {
  const { product, variants } = await seedProduct(t, 1500, 5);
  const res = await checkout(t, buyer.headers, {
    dados_entrega,
    items: [{ product_id: product.id, variant_id: variants[0]!.id, quantity: 1 }],
  });
  if (res.statusCode !== 201) throw new Error(`checkout: ${res.statusCode} ${res.body}`);
  return res.json().order_id as number;
}

describe("GET /api/users/me/delivery", () => {
  it("is null before the first order, then the newest order's delivery data as stored", async () => {
    const buyer = await signIn(t, "cliente");
    const none = await mine(buyer);
    expect(none.statusCode, none.body).toBe(200);
    expect(none.json()).toBeNull();

    await orderTo(buyer, delivery);
    const second = {
      nome: "Beatriz Sousa",
      morada: "Canada do Pico, 3",
      codigo_postal: "9500321",
      cidade: "Ponta Delgada",
      telefone: "+351 296 123 456",
      entrega_rapida: true,
    };
    const newest = await orderTo(buyer, second);

    const res = await mine(buyer);
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toContain("no-store");
    // The row of the newest order, read straight from the table (the code and phone as checkout normalised them).
    const [row] = await t.db
      .select()
      .from(orders)
      .where(eq(orders.userId, buyer.id))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(1);
    expect(row!.id).toBe(newest);
    expect(res.json()).toEqual({
      nome: row!.deliveryName,
      morada: row!.deliveryAddress,
      codigo_postal: row!.deliveryPostalCode,
      cidade: row!.deliveryCity,
      telefone: row!.deliveryPhone,
      entrega_rapida: row!.fastDelivery,
      // No order of this account had a NIF (billing.test.ts covers the NIF offered again).
      faturacao: null,
    });
    expect(res.json()).toMatchObject({ nome: "Beatriz Sousa", codigo_postal: "9500-321", telefone: "296123456" });
  });

  it("never shows another account's address, and asks a visitor to sign in", async () => {
    const owner = await signIn(t, "cliente");
    await orderTo(owner, { ...delivery, nome: "Carla Dona", morada: "Rua Privada, 9" });
    const stranger = await signIn(t, "cliente");
    const res = await mine(stranger);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toBeNull();
    expect(res.body).not.toContain("Rua Privada");

    const visitor = await mine();
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().message).toBe("Tem de iniciar sessão para continuar.");
  });
});
