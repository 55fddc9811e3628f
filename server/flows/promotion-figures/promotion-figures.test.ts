import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderLines } from "#server/modules/orders/schema.ts";
import { promotions } from "#server/modules/promotions/schema.ts";
import { createTestApp, type TestApp } from "#tests/support/db.ts";
import { insertOrder, seedProduct, signIn } from "#tests/support/factories.ts";
import type { AuthHeaders } from "#tests/support/http.ts";

/**
 * The admin's figures per promotion (issue 20 item 5): GET /api/promocoes/{id}/resultados, from paid orders only,
 * checked against the orders written here, summed another way (in the test, from the rows' own values).
 */

let t: TestApp;
let admin: AuthHeaders;
let cliente: AuthHeaders;
let userId: number;
let productA: number;
let productB: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await signIn(t, "admin")).headers;
  const shopper = await signIn(t, "cliente");
  cliente = shopper.headers;
  userId = shopper.id;
  productA = (await seedProduct(t, 1990, 50)).product.id;
  productB = (await seedProduct(t, 3450, 50)).product.id;
});
afterAll(() => t.close());

const post = async (body: object) => {
  const res = await t.app.inject({ method: "POST", url: "/api/promocoes", headers: admin, payload: body });
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json().id as number;
};
/** The figures as `headers` asks for them (null: a visitor). */
const figures = (id: number, headers: AuthHeaders | null = admin) =>
  t.app.inject({ method: "GET", url: `/api/promocoes/${id}/resultados`, headers: headers ?? undefined });

type Status = "pending_payment" | "paid" | "em_preparacao" | "enviada" | "entregue" | "cancelled" | "expired";
interface Written {
  status: Status;
  promotionId: number | null;
  totalCents: number;
  discountCents: number;
  shippingDiscountCents: number;
  lines: Array<{
    productId: number;
    unitPriceCents: number;
    quantity: number;
    discountCents: number;
    /** The automatic reduction's part of discountCents. */
    autoCents: number;
    auto: number | null;
  }>;
}

/** An order with its lines, as checkout would have stored it (every amount different). */
async function writeOrder(o: Written) {
  const order = await insertOrder(t, userId, {
    status: o.status,
    promotionId: o.promotionId,
    discountCode: o.promotionId ? "CODIGO" : null,
    subtotalCents: o.lines.reduce((s, l) => s + l.unitPriceCents * l.quantity, 0),
    totalCents: o.totalCents,
    discountCents: o.discountCents,
    shippingDiscountCents: o.shippingDiscountCents,
    paidAt: ["pending_payment", "expired"].includes(o.status) ? null : new Date(),
  });
  for (const l of o.lines) {
    await t.db.insert(orderLines).values({
      orderId: order.id,
      productId: l.productId,
      productName: "Produto",
      unitPriceCents: l.unitPriceCents,
      quantity: l.quantity,
      discountCents: l.discountCents,
      automaticDiscountCents: l.autoCents,
      automaticPromotionId: l.auto,
    });
  }
}

describe("GET /api/promocoes/{id}/resultados", () => {
  let code: number;
  let automatic: number;
  let unused: number;
  const written: Written[] = [];

  beforeAll(async () => {
    code = await post({ nome: "Código", codigo: "FIGURAS10", tipo: "percentagem", valor: 10 });
    automatic = await post({ nome: "Automática", codigo: null, tipo: "valor", valor: "1,50", produtos: [productA] });
    unused = await post({ nome: "Sem uso", codigo: "NINGUEM", tipo: "valor", valor: 3 });
    const line = (
      productId: number,
      unitPriceCents: number,
      quantity: number,
      discountCents: number,
      auto: number | null,
      /** The automatic part (default: all of it when an automatic promotion reduced the line). */
      autoCents = auto === null ? 0 : discountCents,
    ) => ({
      productId,
      unitPriceCents,
      quantity,
      discountCents,
      autoCents,
      auto,
    });
    const orders: Written[] = [
      // Code only, paid.
      {
        status: "paid",
        promotionId: code,
        totalCents: 3455,
        discountCents: 345,
        shippingDiscountCents: 0,
        lines: [line(productB, 3450, 1, 345, null)],
      },
      // Code and automatic together (the code combines): line A has both (3,00 automatic + 3,40 the code's share).
      {
        status: "em_preparacao",
        promotionId: code,
        totalCents: 7231,
        discountCents: 640 + 690,
        shippingDiscountCents: 120,
        lines: [line(productA, 1990, 2, 640, automatic, 300), line(productB, 3450, 2, 690, null)],
      },
      {
        status: "enviada",
        promotionId: null,
        totalCents: 5620,
        discountCents: 450,
        shippingDiscountCents: 0,
        lines: [line(productA, 1990, 3, 450, automatic)],
      },
      {
        status: "entregue",
        promotionId: code,
        totalCents: 1951,
        discountCents: 199,
        shippingDiscountCents: 0,
        lines: [line(productA, 1990, 1, 199, null)],
      },
      // Not paid (or no longer): never counted.
      {
        status: "pending_payment",
        promotionId: code,
        totalCents: 9001,
        discountCents: 901,
        shippingDiscountCents: 0,
        lines: [line(productB, 3450, 3, 901, null)],
      },
      {
        status: "cancelled",
        promotionId: code,
        totalCents: 8113,
        discountCents: 813,
        shippingDiscountCents: 350,
        lines: [line(productB, 3450, 2, 813, null)],
      },
      {
        status: "expired",
        promotionId: null,
        totalCents: 2777,
        discountCents: 600,
        shippingDiscountCents: 0,
        lines: [line(productA, 1990, 4, 600, automatic)],
      },
      // No promotion at all.
      {
        status: "paid",
        promotionId: null,
        totalCents: 4321,
        discountCents: 0,
        shippingDiscountCents: 0,
        lines: [line(productB, 3450, 1, 0, null)],
      },
    ];
    for (const o of orders) {
      await writeOrder(o);
      written.push(o);
    }
  });

  const PAID = new Set(["paid", "em_preparacao", "enviada", "entregue"]);

  it("a code: its paid orders, what they paid and what the code took off (delivery included, not the automatic part)", async () => {
    const mine = written.filter((o) => PAID.has(o.status) && o.promotionId === code);
    const automaticPart = (o: Written) => o.lines.reduce((s, l) => s + l.autoCents, 0);
    const expected = {
      encomendas: mine.length,
      receita: mine.reduce((s, o) => s + o.totalCents, 0) / 100,
      desconto: mine.reduce((s, o) => s + o.discountCents + o.shippingDiscountCents - automaticPart(o), 0) / 100,
    };
    expect(expected).toEqual({ encomendas: 3, receita: 126.37, desconto: 16.94 });
    const res = await figures(code);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual(expected);
  });

  it("an automatic promotion: the paid orders with a line it reduced, those lines' net and its own reductions", async () => {
    const lines = written.filter((o) => PAID.has(o.status)).flatMap((o) => o.lines.filter((l) => l.auto === automatic));
    const expected = {
      encomendas: lines.length,
      receita: lines.reduce((s, l) => s + l.unitPriceCents * l.quantity - l.discountCents, 0) / 100,
      desconto: lines.reduce((s, l) => s + l.autoCents, 0) / 100,
    };
    expect(expected).toEqual({ encomendas: 2, receita: 88.6, desconto: 7.5 });
    const res = await figures(automatic);
    expect(res.json()).toEqual(expected);
  });

  it("a promotion without paid orders answers zeros; an unknown one 404", async () => {
    expect((await figures(unused)).json()).toEqual({ encomendas: 0, receita: 0, desconto: 0 });
    const res = await figures(999999);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe("Promoção não encontrada.");
  });

  it("is for admins only", async () => {
    expect((await figures(code, null)).statusCode).toBe(401);
    expect((await figures(code, cliente)).statusCode).toBe(403);
  });

  it("DELETE only deactivates a promotion that orders name, even with no use counted", async () => {
    // The automatic promotion counts no uses, but order lines name it.
    const [before] = await t.db.select().from(promotions).where(eq(promotions.id, automatic));
    expect(before!.uses).toBe(0);
    const res = await t.app.inject({ method: "DELETE", url: `/api/promocoes/${automatic}`, headers: admin });
    expect(res.json()).toMatchObject({ desativada: true });
    const [after] = await t.db.select().from(promotions).where(eq(promotions.id, automatic));
    expect(after!.active).toBe(false);
    const named = await t.db.select().from(orderLines).where(eq(orderLines.automaticPromotionId, automatic));
    expect(named).toHaveLength(3);
  });
});
