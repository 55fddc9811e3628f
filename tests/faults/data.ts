import { and, eq, inArray, sql } from "drizzle-orm";
import { hashPassword } from "#server/modules/accounts/passwords.ts";
import type { Database } from "#server/core/db/client.ts";
import { users } from "#server/modules/accounts/schema.ts";
import { colors, products, sizes, variants } from "#server/modules/catalog/schema.ts";
import { orderLines, orders } from "#server/modules/orders/schema.ts";

/* The fault drills' data: buyers and products written straight into the shared database, and the stock invariants. */

/** Every seeded buyer's password. */
export const PASSWORD = "segredo-123";

export interface Buyer {
  id: number;
  email: string;
}

/** `count` verified cliente accounts sharing PASSWORD (one argon2 hash, made by the shop's own helper). */
export async function seedBuyers(db: Database, count: number, prefix: string): Promise<Buyer[]> {
  const passwordHash = await hashPassword(PASSWORD);
  const rows = await db
    .insert(users)
    .values(
      Array.from({ length: count }, (_, i) => ({
        name: `Cliente ${prefix} ${i + 1}`,
        email: `${prefix}-${i + 1}@faults.pt`,
        passwordHash,
        function: "cliente",
        emailVerifiedAt: sql`now()`,
      })),
    )
    .returning({ id: users.id, email: users.email });
  return rows;
}

export interface SeededProduct {
  productId: number;
  variantIds: number[];
  priceCents: number;
}

/** A product with one variant per (colour, size) pair and `stock` units each. */
export async function seedProduct(
  db: Database,
  name: string,
  pairs: Array<[string, string]>,
  stock: number,
  priceCents = 1990,
): Promise<SeededProduct> {
  const [product] = await db
    .insert(products)
    .values({
      name,
      description: "Produto para testes de falhas",
      priceCents,
      sizes: [...new Set(pairs.map((p) => p[1]))].join(","),
      status: 1,
    })
    .returning({ id: products.id });
  const variantIds: number[] = [];
  for (const [color, size] of pairs) {
    await db.insert(colors).values({ name: color }).onConflictDoNothing();
    await db.insert(sizes).values({ name: size }).onConflictDoNothing();
    const [c] = await db.select({ id: colors.id }).from(colors).where(eq(colors.name, color));
    const [s] = await db.select({ id: sizes.id }).from(sizes).where(eq(sizes.name, size));
    const [v] = await db
      .insert(variants)
      .values({ productId: product!.id, colorId: c!.id, sizeId: s!.id, stock })
      .returning({ id: variants.id });
    variantIds.push(v!.id);
  }
  return { productId: product!.id, variantIds, priceCents };
}

// ---------- invariants ----------

export interface VariantState {
  stock: number;
  reserved: number;
  /** Units in paid orders. */
  sold: number;
  /** Units in orders that hold stock (pending_payment or paid). */
  held: number;
  /** Units in pending orders. */
  pending: number;
}

export async function variantStates(db: Database, variantIds: number[]): Promise<Map<number, VariantState>> {
  const rows = await db
    .select({ id: variants.id, stock: variants.stock, reserved: variants.reserved })
    .from(variants)
    .where(inArray(variants.id, variantIds));
  const lines = await db
    .select({
      variantId: orderLines.variantId,
      status: orders.status,
      units: sql<number>`sum(${orderLines.quantity})::int`,
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(inArray(orderLines.variantId, variantIds)))
    .groupBy(orderLines.variantId, orders.status);
  const out = new Map<number, VariantState>();
  for (const r of rows) out.set(r.id, { stock: r.stock, reserved: r.reserved, sold: 0, held: 0, pending: 0 });
  for (const l of lines) {
    const s = out.get(l.variantId!)!;
    if (l.status === "paid") s.sold += l.units;
    if (l.status === "pending_payment") s.pending += l.units;
    if (l.status === "paid" || l.status === "pending_payment") s.held += l.units;
  }
  return out;
}

/** Per variant: stock >= 0, reserved == units of pending orders, stock + reserved + sold == initial. */
export async function checkStockInvariants(db: Database, initial: Map<number, number>): Promise<void> {
  const states = await variantStates(db, [...initial.keys()]);
  const problems: string[] = [];
  for (const [id, start] of initial) {
    const s = states.get(id)!;
    if (s.stock < 0 || s.reserved < 0)
      problems.push(`variant ${id}: negative stock ${s.stock} / reserved ${s.reserved}`);
    if (s.stock + s.reserved + s.sold !== start) {
      problems.push(`variant ${id}: stock ${s.stock} + reserved ${s.reserved} + sold ${s.sold} != initial ${start}`);
    }
    if (s.held !== start - s.stock)
      problems.push(`variant ${id}: units in live orders ${s.held} != initial ${start} - stock ${s.stock}`);
    if (s.reserved !== s.pending)
      problems.push(`variant ${id}: reserved ${s.reserved} != units of pending orders ${s.pending}`);
  }
  if (problems.length) throw new Error(problems.join("\n"));
}
