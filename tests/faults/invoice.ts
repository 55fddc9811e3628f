/*
 * SIGKILL while the invoicing service is issuing: two shop processes of their own (sharing the drills' database)
 * issue through the local InvoiceXpress stand-in. The stand-in creates the order's invoice but answers slowly; the
 * instance waiting for that answer is killed; once its claim's lease runs out, the restarted instance (or the other
 * one) takes the document again, finds what the service already has under the order's reference, and the order ends
 * with exactly one invoice row and exactly one finalized document at the service.
 */
import { eq } from "drizzle-orm";
import { invoices } from "#server/modules/invoicing/schema.ts";
import { payments } from "#server/modules/payments/schema.ts";
import { buildCallbackUrl } from "#server/modules/payments/callback.ts";
import { startInvoiceXpressStandIn, type IxStandIn } from "#tests/standins/invoicing/invoicexpress.ts";
import type { FaultContext, FaultTest } from "./context.ts";
import {
  assert,
  CALLBACK_KEY,
  call,
  freePort,
  placeOrder,
  seedProduct,
  startShop,
  waitFor,
  type Shop,
} from "./harness.ts";

/** One call's time-out in the drill's shops; the stand-in answers "slow" calls after SLOW_MS (within it). */
const CALL_TIMEOUT_MS = 2_000;
const SLOW_MS = 1_500;

let standIn: IxStandIn | undefined;
const shops: Shop[] = [];

export async function stopInvoiceDrill(): Promise<void> {
  await Promise.all(shops.map((s) => s.stop("SIGKILL").catch(() => {})));
  await standIn?.close().catch(() => {});
}

async function startInvoicingShop(ctx: FaultContext, name: string, ix: IxStandIn): Promise<Shop> {
  const shop = await startShop({
    name,
    databaseUrl: ctx.databaseUrl,
    port: await freePort(),
    smtpPort: ctx.smtpPort,
    env: {
      INVOICE_PROVIDER: "invoicexpress",
      INVOICEXPRESS_ACCOUNT: ix.account,
      INVOICEXPRESS_API_KEY: ix.apiKey,
      INVOICEXPRESS_BASE_URL: ix.url,
      INVOICE_TIMEOUT_MS: String(CALL_TIMEOUT_MS),
      INVOICE_RETRY_BASE_MS: "500",
    },
  });
  shops.push(shop);
  return shop;
}

export const invoiceTests: FaultTest[] = [
  {
    name: "SIGKILL while the invoicing service issues: one invoice row, one document at the service",
    timeoutMs: 150_000,
    async run(ctx) {
      const ix = (standIn = await startInvoiceXpressStandIn({ slowMs: SLOW_MS }));
      const [c, d] = [await startInvoicingShop(ctx, "C", ix), await startInvoicingShop(ctx, "D", ix)];
      const product = await seedProduct(ctx.db, "Lenço Faturado", [["Azul", "U"]], 20);
      ctx.initial.set(product.variantIds[0]!, 20);
      const buyer = ctx.buyers[0]!;
      const placed = await placeOrder(c, ctx.auth.get(buyer.id)![0], [
        { product_id: product.productId, variant_id: product.variantIds[0]!, quantity: 2 },
      ]);
      assert(placed.status === 201, `checkout: ${placed.status} ${JSON.stringify(placed.body)}`);
      const orderId = placed.body.order_id as number;
      const reference = `LOJA-${orderId}`;

      // The service will create the document and keep the answer back; C is the one that asks (paid through C).
      await ix.setMode("slow", "create");
      const [payment] = await ctx.db.select().from(payments).where(eq(payments.orderId, orderId));
      assert(payment, "no payment row");
      const paid = await call(
        buildCallbackUrl(c.url, CALLBACK_KEY, {
          amountCents: payment.amountCents,
          orderId,
          entity: payment.entity ?? undefined,
          reference: payment.reference ?? undefined,
          requestId: payment.requestId ?? undefined,
          paidAt: new Date(),
        }),
        { timeoutMs: 15_000 },
      );
      assert(paid.status === 200, `callback answered ${paid.status}`);

      await waitFor("the service to hold the order's document", 20_000, () =>
        ix.documents.some((doc) => doc.reference === reference),
      );
      const [claimed] = await ctx.db.select().from(invoices).where(eq(invoices.orderId, orderId));
      assert(claimed?.status === "pending" && claimed.attempts === 1, `claimed row: ${JSON.stringify(claimed)}`);
      ctx.log(`SIGKILL ${c.name} while the service answers slowly (document ${reference} created)`);
      await c.stop("SIGKILL");
      await ix.setMode("ok");
      const restarted = await c.restart();
      shops.push(restarted);

      const issued = await waitFor("the invoice issued after the lease", 90_000, async () => {
        const [row] = await ctx.db.select().from(invoices).where(eq(invoices.orderId, orderId));
        return row?.status === "issued" ? row : undefined;
      }).catch(async (error: unknown) => {
        const [row] = await ctx.db.select().from(invoices).where(eq(invoices.orderId, orderId));
        ctx.log(`invoice row: ${JSON.stringify(row)}`);
        ctx.log(`C: ${restarted.output().slice(-3000)}`);
        ctx.log(`D: ${d.output().slice(-3000)}`);
        throw error;
      });
      const done = issued!;
      const atService = ix.documents.filter((doc) => doc.reference === reference);
      ctx.log(
        `issued ${done.number} after ${done.attempts} attempts; the service holds ${atService.length} document(s) for ${reference}`,
      );
      assert(atService.length === 1, `documents at the service for ${reference}: ${atService.length}`);
      assert(atService[0]!.status === "final", `the service's document is ${atService[0]!.status}`);
      assert(done.attempts >= 2, `attempts ${done.attempts}: the retry should have followed the kill`);
      assert(done.externalId === String(atService[0]!.id), "the row records the service's document");
      assert(done.totalCents === atService[0]!.totalCents, "the document's total is the order's");
      const rows = await ctx.db.select().from(invoices).where(eq(invoices.orderId, orderId));
      assert(rows.length === 1, `${rows.length} invoice rows for the order`);
      await Promise.all([restarted.stop("SIGTERM"), d.stop("SIGTERM")]);
    },
  },
];
