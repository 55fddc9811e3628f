import { and, eq, inArray, isNull, ne } from "drizzle-orm";
import type { Tx } from "#server/core/db/client.ts";
import { priceHistorySince, type PriceSpan } from "#server/modules/catalog/price-history.ts";
import { products } from "#server/modules/catalog/schema.ts";
import { inForce, priceCart, type PromotionKind, type PromotionRule } from "./pricing.ts";
import { promotions } from "./schema.ts";

/*
 * The shop window's reduced prices (issue 20 items 2 and 3; docs/decisions/0024-price-history-and-30-day-rule.md):
 * each product's automatic reduction, priced by priceCart (the same function as the cart, the order and the
 * invoice), with the lowest price of the 30 days before the reduction started (Directive 98/6/EC art. 6-A, DL
 * 138/90 art. 5.º-A). A page of products costs one query for the automatic promotions and, only when some product is
 * reduced, one for the price history of the page: never a query per product.
 */

export interface ShownReduction {
  /** The reduced unit price (cents). */
  priceCents: number;
  /** The list price (cents), shown struck through. */
  originalCents: number;
  /** The reduction in percent of the list price, rounded, for the badge ('-20 %'). */
  percentOff: number;
  promotionName: string;
  /** 'Preço mais baixo nos últimos 30 dias': the lowest price actually charged in the 30 days before the reduction. */
  lowest30DaysCents: number;
}

export interface ProductToPrice {
  id: number;
  categoryId: number | null;
  priceCents: number;
}

/** An automatic promotion and the time it was really in force: from its start until its end or its deactivation. */
interface AutomaticPromotion {
  rule: PromotionRule;
  from: Date;
  until: Date | null;
}

export const LOWEST_PRICE_WINDOW_MS = 30 * 24 * 60 * 60 * 1000;
const NO_SHIPPING = { standardCents: 0, supplementCents: 0 } as const;

/** Every automatic promotion (code null) that reduces prices, active or not (earlier reductions count for the 30 days). */
async function automaticPromotions(db: Tx): Promise<AutomaticPromotion[]> {
  const rows = await db
    .select()
    .from(promotions)
    .where(and(isNull(promotions.code), ne(promotions.kind, "portes_gratis")));
  return rows.map((row) => {
    const rule: PromotionRule = { ...row, kind: row.kind as PromotionKind };
    const from = row.startsAt ?? row.createdAt;
    // A deactivated promotion stopped applying at its last save at the latest (when it was switched off).
    const off = row.active ? null : row.updatedAt;
    const until = off && (!row.endsAt || off < row.endsAt) ? off : row.endsAt;
    return { rule, from, until };
  });
}

/** The unit price after `rules`' best automatic reduction at `at`, with the rule that gave it. */
function reduced(product: ProductToPrice, unitPriceCents: number, rules: readonly PromotionRule[], at: Date) {
  const line = {
    key: String(product.id),
    productId: product.id,
    categoryId: product.categoryId,
    unitPriceCents,
    quantity: 1,
  };
  const [priced] = priceCart([line], rules, null, NO_SHIPPING, at).lines;
  return { cents: priced!.netCents, promotionId: priced!.automaticPromotionId };
}

/**
 * The lowest price `product` was sold at in [start − 30 days, start): each list price in force then (`spans`, oldest
 * first), and each automatic reduction in force at some moment of that list price's time. No price before `start`
 * (a product new with its reduction): null.
 */
function lowestBefore(
  product: ProductToPrice,
  spans: readonly PriceSpan[],
  automatic: readonly AutomaticPromotion[],
  start: Date,
): number | null {
  const windowStart = start.getTime() - LOWEST_PRICE_WINDOW_MS;
  let lowest: number | null = null;
  spans.forEach((span, i) => {
    const a = Math.max(span.validFrom.getTime(), windowStart);
    const b = Math.min(spans[i + 1]?.validFrom.getTime() ?? Infinity, start.getTime());
    if (a >= b) return;
    lowest = Math.min(lowest ?? span.priceCents, span.priceCents);
    for (const promotion of automatic) {
      const from = Math.max(a, promotion.from.getTime());
      const until = Math.min(b, promotion.until?.getTime() ?? Infinity);
      if (from >= until) continue;
      // Priced as it was then (the rule alone, at a moment it was in force).
      const rule = { ...promotion.rule, active: true };
      lowest = Math.min(lowest, reduced(product, span.priceCents, [rule], new Date(from)).cents);
    }
  });
  return lowest;
}

/**
 * The automatic reduction shown for each product that has one now (products without one are absent from the map).
 * The reduction started when its promotion started, or at the product's last list price change if that came later
 * (a new list price under a running promotion is a new reduced price; the 30 days then include the earlier one).
 */
export function reductionsFor(
  db: Tx,
  items: readonly ProductToPrice[],
  now: Date = new Date(),
): Promise<Map<number, ShownReduction>> {
  return reductionsOf(db, items.length, async () => items, now);
}

/** reductionsFor() of products known by id only (a search page): their price and category read only if needed. */
export function reductionsForIds(
  db: Tx,
  ids: readonly number[],
  now: Date = new Date(),
): Promise<Map<number, ShownReduction>> {
  const load = () =>
    db
      .select({ id: products.id, categoryId: products.categoryId, priceCents: products.priceCents })
      .from(products)
      .where(inArray(products.id, [...ids]));
  return reductionsOf(db, ids.length, load, now);
}

async function reductionsOf(
  db: Tx,
  count: number,
  load: () => Promise<readonly ProductToPrice[]>,
  now: Date,
): Promise<Map<number, ShownReduction>> {
  const shown = new Map<number, ShownReduction>();
  if (count === 0) return shown;
  const automatic = await automaticPromotions(db);
  const live = automatic.filter((p) => inForce(p.rule, now));
  if (live.length === 0) return shown;
  const liveRules = live.map((p) => p.rule);
  const items = await load();

  const current = items.flatMap((product) => {
    const { cents, promotionId } = reduced(product, product.priceCents, liveRules, now);
    const promotion = live.find((p) => p.rule.id === promotionId);
    return promotion && cents < product.priceCents ? [{ product, cents, promotion }] : [];
  });
  if (current.length === 0) return shown;

  const earliest = Math.min(...current.map((c) => c.promotion.from.getTime())) - LOWEST_PRICE_WINDOW_MS;
  const history = await priceHistorySince(
    db,
    current.map((c) => c.product.id),
    new Date(earliest),
  );
  for (const { product, cents, promotion } of current) {
    const spans = (history.get(product.id) ?? []).filter((s) => s.validFrom <= now);
    const lastChange = spans.at(-1)?.validFrom.getTime() ?? 0;
    const start = new Date(Math.max(promotion.from.getTime(), lastChange));
    const lowest = lowestBefore(product, spans, automatic, start);
    shown.set(product.id, {
      priceCents: cents,
      originalCents: product.priceCents,
      percentOff: Math.round(((product.priceCents - cents) * 100) / product.priceCents),
      promotionName: promotion.rule.name,
      // Nothing sold before: the reduced price itself (never a higher reference than the facts show).
      lowest30DaysCents: lowest ?? cents,
    });
  }
  return shown;
}

/**
 * The next moment after `now` at which an automatic promotion starts or ends (null: none ahead): pages showing prices
 * are kept no later than that (server/http/page-cache.ts), so a reduction appears and disappears on time without a
 * write to the catalogue.
 */
export async function nextAutomaticBoundary(db: Tx, now: Date = new Date()): Promise<Date | null> {
  const rows = await db
    .select({ startsAt: promotions.startsAt, endsAt: promotions.endsAt })
    .from(promotions)
    .where(and(isNull(promotions.code), eq(promotions.active, true)));
  let next: number | null = null;
  for (const row of rows) {
    for (const at of [row.startsAt, row.endsAt]) {
      if (at && at > now && (next === null || at.getTime() < next)) next = at.getTime();
    }
  }
  return next === null ? null : new Date(next);
}

/** The shop window's prices for the page loaders and the page cache (server/services.ts). */
export interface ShopWindowPrices {
  reductions(items: readonly ProductToPrice[], now?: Date): Promise<Map<number, ShownReduction>>;
  nextBoundary(now?: Date): Promise<Date | null>;
}

export function shopWindowPrices(db: Tx): ShopWindowPrices {
  return {
    reductions: (items, now) => reductionsFor(db, items, now),
    nextBoundary: (now) => nextAutomaticBoundary(db, now),
  };
}
