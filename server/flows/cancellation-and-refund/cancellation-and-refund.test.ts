import { readFileSync } from "node:fs";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { migrationsFolder } from "#server/core/db/migrate.ts";
import { invoices } from "#server/modules/invoicing/schema.ts";
import { buildRequest } from "#server/modules/invoicing/job.ts";
import { useReturnsAdminApp, VALID_IBAN } from "#tests/support/returns-admin-app.ts";

/*
 * A refund's credit note carries the lines it credits: invoicing no longer reads aftersale's refunds and return_lines,
 * so the refund flow stores the return's lines on the credit note when it queues it (and migration 0009 stores them
 * on credit notes queued before).
 */

const { ctx, order, requestReturn, post, refund, returnRow, creditNotes } = useReturnsAdminApp();

/** A delivered Multibanco order (2 × 12,90 € and 3 × 4,35 €) with a received return of `items`, refunded by transfer. */
async function refundedReturn(items: (lines: readonly [number, number]) => Array<[number, number]>) {
  const o = await order();
  const returnId = await requestReturn(o.id, items(o.lines), VALID_IBAN);
  expect((await post(`/api/returns/${returnId}/received`)).statusCode).toBe(200);
  const res = await refund(returnId, "transfer");
  expect(res.statusCode, res.body).toBe(200);
  const [note] = await creditNotes(o.id);
  return { ...o, returnId, note: note! };
}

describe("a refund's credit note", () => {
  it("stores the return's lines, and the document credits them at the prices charged (no delivery on a partial return)", async () => {
    const o = await refundedReturn((lines) => [
      [lines[0], 1],
      [lines[1], 2],
    ]);
    expect(o.note.lines).toEqual([
      { orderLineId: o.lines[0], quantity: 1 },
      { orderLineId: o.lines[1], quantity: 2 },
    ]);
    expect(o.note.totalCents).toBe((await returnRow(o.returnId)).refundCents);
    expect(o.note.totalCents).toBe(1290 + 2 * 435);
    const request = await buildRequest(ctx.t.db, o.note);
    expect(request.items.map((i) => [i.quantity, i.unitPriceCents])).toEqual([
      [1, 1290],
      [2, 435],
    ]);
    expect(request.totalCents).toBe(1290 + 2 * 435);
  });

  it("a cancelled order's refund credits the whole order: no lines stored", async () => {
    const o = await order({ status: "paid" });
    expect((await post(`/api/orders/${o.id}/status`, { status: "cancelled" })).statusCode).toBe(200);
    expect((await post(`/api/orders/${o.id}/refund-done`)).statusCode).toBe(200);
    const [note] = await creditNotes(o.id);
    expect(note!.lines).toBeNull();
  });

  it("migration 0009 gives a return's credit note queued without lines its return's lines, and leaves others", async () => {
    const partial = await refundedReturn((lines) => [[lines[1], 3]]);
    const cancelled = await order({ status: "paid" });
    expect((await post(`/api/orders/${cancelled.id}/status`, { status: "cancelled" })).statusCode).toBe(200);
    expect((await post(`/api/orders/${cancelled.id}/refund-done`)).statusCode).toBe(200);
    const [whole] = await creditNotes(cancelled.id);
    // As the refund queued it before invoicing stopped reading the return's lines.
    await ctx.t.db
      .update(invoices)
      .set({ lines: sql`null` })
      .where(eq(invoices.id, partial.note.id));

    await ctx.t.db.$client.query(readFileSync(`${migrationsFolder}/0009_credit_note_lines.sql`, "utf8"));

    const [after] = await ctx.t.db.select().from(invoices).where(eq(invoices.id, partial.note.id));
    expect(after!.lines).toEqual([{ orderLineId: partial.lines[1], quantity: 3 }]);
    const [untouched] = await ctx.t.db.select().from(invoices).where(eq(invoices.id, whole!.id));
    expect(untouched!.lines).toBeNull();
  });
});
