import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products } from "#server/modules/catalog/schema.ts";
import { orderLines, orders } from "./schema.ts";
import { storedShipping, vatBreakdown, vatGroupLabel } from "#server/modules/tax/vat.ts";
import { type ShopSettings, type VatCategory } from "#server/modules/settings/schemas.ts";
import { createTestApp, type TestApp } from "#tests/support/db.ts";
import { signIn, type Session } from "#tests/support/factories.ts";
import { CALLBACK_KEY, checkout, delivery, paidConfirmationMail, seedProduct } from "#tests/support/orders.ts";

/*
 * IVA at checkout: each order line stores its product's category at the delivery region's rate of the settings of
 * that moment (an Açores postal code here), the delivery its rate (decision 0013), and the confirmation e-mail shows
 * the breakdown of the stored lines, adding up to the order's total.
 */

let t: TestApp;
let admin: Session;
let buyer: Session;
const euros = (cents: number) =>
  new Intl.NumberFormat("pt-PT", { style: "currency", currency: "EUR" }).format(cents / 100);

beforeAll(async () => {
  t = await createTestApp({ PAYMENT_CALLBACK_KEY: CALLBACK_KEY, MB_ENTITY: "12345", MB_SUBENTITY: "123" });
  admin = await signIn(t, "admin");
  buyer = await signIn(t, "cliente");
});
afterAll(() => t.close());

/** A product of the given IVA category (and code), one variant with stock. */
async function product(priceCents: number, category: VatCategory, code: string | null = null) {
  const p = await seedProduct(t, priceCents, 20);
  await t.db
    .update(products)
    .set({ vatCategory: category, vatExemptionCode: code })
    .where(eq(products.id, p.product.id));
  return { product_id: p.product.id, variant_id: p.variants[0]!.id };
}

/** The settings as the admin API answers them (read another way than checkout does). */
const apiSettings = async () =>
  (await t.app.inject({ url: "/api/settings", headers: admin.headers })).json() as ShopSettings;

const storedLines = (orderId: number) =>
  t.db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.id));

async function orderRow(orderId: number) {
  const [row] = await t.db.select().from(orders).where(eq(orders.id, orderId));
  return row!;
}

describe("IVA of an order", () => {
  it("stores each line's rate for an Açores postal code, and the e-mail shows the breakdown of those lines", async () => {
    const normal = await product(2460, "normal");
    const reduced = await product(1590, "reduzida");
    const exempt = await product(1000, "isenta"); // no code: the settings' default
    const exemptOwn = await product(750, "isenta", "M07");
    const placed = await checkout(t, buyer.headers, {
      items: [
        { ...normal, quantity: 2 },
        { ...reduced, quantity: 1 },
        { ...exempt, quantity: 1 },
        { ...exemptOwn, quantity: 2 },
      ],
      dados_entrega: { ...delivery, codigo_postal: "9500-321", cidade: "Ponta Delgada" },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId = placed.json().order_id as number;

    const settings = await apiSettings();
    const acores = settings.vat.rates.acores;
    const lines = await storedLines(orderId);
    expect(lines.map((l) => [l.productId, l.vatRateBp, l.vatExemptionCode])).toEqual([
      [normal.product_id, acores.normal, null],
      [reduced.product_id, acores.reduzida, null],
      [exempt.product_id, 0, settings.vat.defaultExemptionCode],
      [exemptOwn.product_id, 0, "M07"],
    ]);
    const order = await orderRow(orderId);
    // Goods of several rates: the delivery at the region's normal rate; an island delivery price.
    expect(order.shippingVatRateBp).toBe(acores.normal);
    expect(order.shippingCents).toBe(settings.delivery.islandsCents);

    const breakdown = vatBreakdown(lines, storedShipping(lines, order.shippingCents, order.shippingVatRateBp));
    expect(breakdown.totalCents).toBe(order.totalCents);
    // By hand, with the default Açores rates (16 % / 4 %): 16 %: 4920 + delivery; 4 %: 1590 → 61 IVA; M10: 1000; M07: 1500.
    expect(breakdown.groups.map((g) => [g.rateBp, g.exemptionCode, g.totalCents])).toEqual([
      [acores.normal, null, 4920 + order.shippingCents],
      [acores.reduzida, null, 1590],
      [0, "M07", 1500],
      [0, settings.vat.defaultExemptionCode, 1000],
    ]);

    // The shopper's order page and the admin's answer the same breakdown, in euros, from the stored lines.
    const asEuros = {
      grupos: breakdown.groups.map((g) => ({
        taxa_bp: g.rateBp,
        codigo_isencao: g.exemptionCode,
        rotulo: vatGroupLabel(g),
        base: g.baseCents / 100,
        iva: g.vatCents / 100,
        total: g.totalCents / 100,
        inclui_portes: g.includesShipping,
      })),
      base: breakdown.baseCents / 100,
      iva: breakdown.vatCents / 100,
      total: order.totalCents / 100,
    };
    const mine = await t.app.inject({ url: `/api/users/me/orders/${orderId}`, headers: buyer.headers });
    expect(mine.json().iva).toEqual(asEuros);
    const detail = await t.app.inject({ url: `/api/orders/${orderId}/detail`, headers: admin.headers });
    expect(detail.json().iva).toEqual(asEuros);

    const mail = await paidConfirmationMail(t, orderId);
    for (const g of breakdown.groups) {
      const label = `${vatGroupLabel(g)}${g.includesShipping ? " (inclui portes)" : ""}`;
      const row = `${label}: base ${euros(g.baseCents)}, IVA ${euros(g.vatCents)}, total ${euros(g.totalCents)}`;
      expect(mail.text).toContain(row);
      expect(mail.html).toContain(
        `<td>${label}</td><td style="text-align:right;padding-left:12px">${euros(g.baseCents)}`,
      );
    }
    expect(mail.text).toContain(`Total de IVA: ${euros(breakdown.vatCents)}`);
    expect(mail.text).toContain("IVA 16 % (inclui portes)");
    expect(mail.text).toContain("IVA 4 %: base 15,29\u00a0€, IVA 0,61\u00a0€, total 15,90\u00a0€");
  });

  it("delivery follows the goods' one rate; a changed rate applies to the next order without a restart", async () => {
    const reduced = await product(1590, "reduzida");
    const first = await checkout(t, buyer.headers, {
      items: [{ ...reduced, quantity: 1 }],
      dados_entrega: { ...delivery, codigo_postal: "9000-018", cidade: "Funchal" },
    });
    expect(first.statusCode, first.body).toBe(201);
    const before = await apiSettings();
    const firstOrder = await orderRow(first.json().order_id);
    expect((await storedLines(firstOrder.id))[0]!.vatRateBp).toBe(before.vat.rates.madeira.reduzida);
    expect(firstOrder.shippingVatRateBp).toBe(before.vat.rates.madeira.reduzida);

    // The running app has the settings cached; the admin changes Madeira's reduced rate.
    const next = structuredClone(before);
    next.vat.rates.madeira.reduzida = before.vat.rates.madeira.reduzida + 100;
    const saved = await t.app.inject({ method: "PUT", url: "/api/settings", headers: admin.headers, payload: next });
    expect(saved.statusCode, saved.body).toBe(200);

    const second = await checkout(t, buyer.headers, {
      items: [{ ...reduced, quantity: 1 }],
      dados_entrega: { ...delivery, codigo_postal: "9000-018", cidade: "Funchal" },
    });
    expect(second.statusCode, second.body).toBe(201);
    const secondOrder = await orderRow(second.json().order_id);
    expect((await storedLines(secondOrder.id))[0]!.vatRateBp).toBe(next.vat.rates.madeira.reduzida);
    expect(secondOrder.shippingVatRateBp).toBe(next.vat.rates.madeira.reduzida);
    // The order placed before keeps the rate it was sold at.
    expect((await storedLines(firstOrder.id))[0]!.vatRateBp).toBe(before.vat.rates.madeira.reduzida);
    // Same price in any case: IVA included.
    expect(secondOrder.totalCents).toBe(firstOrder.totalCents);
  });
});
