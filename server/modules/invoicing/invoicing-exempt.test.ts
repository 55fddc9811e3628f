import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { products } from "#server/modules/catalog/schema.ts";
import { orderLines, orders } from "#server/modules/orders/schema.ts";
import { createInvoiceXpressProvider } from "#server/modules/invoicing/providers/invoicexpress.ts";
import { startInvoiceXpressStandIn, type IxStandIn } from "#tests/standins/invoicing/invoicexpress.ts";
import { afterAll, beforeAll } from "vitest";
import { checkout, payOrder, seedProduct } from "#tests/support/orders.ts";
import { useInvoicingApp } from "#tests/support/invoicing-app.ts";

/*
 * An exempt shop (art. 53.º: every product 'isenta' with its reason code): delivery is exempt with the same code, and
 * the invoice goes through the real InvoiceXpress adapter and its stand-in, which refuse an IVA 0 % line without one.
 */

const s = {} as { ix: IxStandIn };
beforeAll(async () => {
  s.ix = await startInvoiceXpressStandIn({ pdfReadyAfter: 0 });
});
afterAll(() => s.ix.close());

const { ctx, documents } = useInvoicingApp({
  provider: () =>
    createInvoiceXpressProvider({ account: s.ix.account, apiKey: s.ix.apiKey, baseUrl: s.ix.url, timeoutMs: 2_000 }),
});

describe("an exempt shop's invoice", () => {
  it("carries the exemption code on delivery too, and is issued for the order's total", async () => {
    const x = await seedProduct(ctx.a, 2450, 5, { name: "Jarra de barro" });
    const y = await seedProduct(ctx.a, 890, 5, { name: "Pires pintado" });
    await ctx.a.db
      .update(products)
      .set({ vatCategory: "isenta", vatExemptionCode: "M10" })
      .where(inArray(products.id, [x.product.id, y.product.id]));
    const res = await checkout(ctx.a, ctx.buyer.headers, {
      items: [
        { product_id: x.product.id, variant_id: x.variants[0]!.id, quantity: 1 },
        { product_id: y.product.id, variant_id: y.variants[0]!.id, quantity: 2 },
      ],
    });
    expect(res.statusCode).toBe(201);
    const id = res.json().order_id as number;
    await payOrder(ctx.a, id);
    const [order] = await ctx.a.db.select().from(orders).where(eq(orders.id, id));
    const lines = await ctx.a.db.select().from(orderLines).where(eq(orderLines.orderId, id));
    expect(lines.map((l) => [l.vatRateBp, l.vatExemptionCode])).toEqual([
      [0, "M10"],
      [0, "M10"],
    ]);
    expect([order!.shippingCents > 0, order!.shippingVatRateBp]).toEqual([true, 0]);

    await ctx.a.services.invoicing.issueDue();
    const [row] = await documents(id);
    expect(row).toMatchObject({ status: "issued", lastError: null });
    const stored = s.ix.documents.find((d) => d.reference === `LOJA-${id}`)!;
    expect(stored.totalCents).toBe(order!.totalCents);
    expect(stored.taxExemption).toBe("M10");
    expect(stored.lines.map((l) => l.taxName)).toEqual(["IVA0", "IVA0", "IVA0"]);
  });
});
