import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#tests/support/db.ts";
import { insertOrder, signIn } from "#tests/support/factories.ts";
import { createUser, type AuthHeaders } from "#tests/support/http.ts";
import { users } from "./schema.ts";
import { orders } from "#server/modules/orders/schema.ts";

/** Admin user management: constraint violations answer their own pt-PT message (issue 11, 2.9). */

let t: TestApp;
let admin: AuthHeaders;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await signIn(t, "admin")).headers;
});
afterAll(() => t.close());

describe("PUT /api/users/:id", () => {
  it("refuses an e-mail another account already uses with 409 and the specific message, changing nothing", async () => {
    const first = await createUser(t.db, "cliente");
    const second = await createUser(t.db, "cliente");
    const res = await t.app.inject({
      method: "PUT",
      url: `/api/users/${second.id}`,
      headers: admin,
      payload: { name: "Outro Nome", email: first.email.toUpperCase() },
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({ success: false, message: "Já existe um utilizador com este email." });
    const [row] = await t.db.select().from(users).where(eq(users.id, second.id));
    expect(row?.email).toBe(second.email);
    expect(row?.name).not.toBe("Outro Nome");
  });
});

describe("DELETE /api/users/:id", () => {
  it("refuses to delete a user who has orders with 409 and the specific message, keeping the user and the order", async () => {
    const buyer = await createUser(t.db, "cliente");
    const order = await insertOrder(t, buyer.id);
    const res = await t.app.inject({ method: "DELETE", url: `/api/users/${buyer.id}`, headers: admin });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({
      success: false,
      message: "Este utilizador tem encomendas e não pode ser eliminado.",
    });
    expect(await t.db.$count(users, eq(users.id, buyer.id))).toBe(1);
    expect(await t.db.$count(orders, eq(orders.id, order.id))).toBe(1);
  });

  it("deletes a user without orders", async () => {
    const idle = await createUser(t.db, "cliente");
    const res = await t.app.inject({ method: "DELETE", url: `/api/users/${idle.id}`, headers: admin });
    expect(res.statusCode, res.body).toBe(200);
    expect(await t.db.$count(users, eq(users.id, idle.id))).toBe(0);
  });
});
