import { eurosInText } from "#server/core/money.ts";

/*
 * The pure pricing of a cart with promotions (issue 20; docs/decisions/0022-promotions-to-the-cent.md): the best
 * automatic reduction per line, then at most one code, then delivery. No database: the quote, checkout, the shop
 * window's prices (automatic.ts) and the refunds all go through these functions, so every place shows the same cents.
 *
 * Every amount is integer cents, IVA included. A discount is stored per order line (discountCents = what that line
 * was reduced by, whole line): a line's net (list × quantity − discount) is what its IVA is computed on, what the
 * invoice charges for it and what a refund of its units gives back (shareOut over the units).
 */

export type PromotionKind = "percentagem" | "valor" | "portes_gratis";

export interface CartLineToPrice {
  key: string;
  productId: number;
  categoryId: number | null;
  unitPriceCents: number;
  quantity: number;
}

/** A `promotions` row, camelCase (server/modules/promotions/schema.ts). */
export interface PromotionRule {
  id: number;
  name: string;
  /** Null: an automatic promotion. */
  code: string | null;
  kind: PromotionKind;
  percent: number | null;
  amountCents: number | null;
  minimumCents: number | null;
  categoryIds: readonly number[];
  productIds: readonly number[];
  combinesWithAutomatic: boolean;
  startsAt: Date | null;
  endsAt: Date | null;
  maxUses: number | null;
  maxUsesPerCustomer: number | null;
  uses: number;
  /** Absent: active. */
  active?: boolean;
}

export interface PricedLine extends CartLineToPrice {
  /** Per unit, from the best automatic promotion (0 if none). */
  automaticUnitReductionCents: number;
  automaticPromotionId: number | null;
  /** This line's share of the code's discount (whole line). */
  codeDiscountCents: number;
  /** automatic × quantity + code share: what the order line stores. */
  discountCents: number;
  /** unitPriceCents × quantity − discountCents (IVA is computed on this). */
  netCents: number;
}

export interface ShippingToPrice {
  /** The zone's standard delivery (before any free-delivery threshold or code). */
  standardCents: number;
  /** The next-day supplement (0 when not chosen); never discounted. */
  supplementCents: number;
  /** Standard delivery is free once the subtotal AFTER discounts reaches this; null/absent: never. */
  freeFromCents?: number | null;
}

export interface PricedCart {
  lines: PricedLine[];
  /** Σ list price × quantity. */
  subtotalCents: number;
  /** Σ line discounts (automatic + code); the delivery's discount is apart. */
  discountCents: number;
  /** Delivery before the code's discount: standard (0 past the free-delivery threshold) + supplement. */
  shippingCents: number;
  /** The standard delivery a 'portes_gratis' code took off. */
  shippingDiscountCents: number;
  /** subtotal − discount + shipping − shipping discount: what is paid. */
  totalCents: number;
  /** The code applied (null when none or when it reduced nothing it could apply to). */
  codePromotion: PromotionRule | null;
  /** Standard delivery after discounts (what a full withdrawal refunds), and the supplement. */
  standardShippingCents: number;
  supplementCents: number;
}

export const CODE_MESSAGES = {
  unknown: "Código de desconto desconhecido.",
  expired: "Este código de desconto já expirou.",
  notYet: "Este código de desconto ainda não está em vigor.",
  usedUp: "Este código de desconto já foi totalmente utilizado.",
  perCustomer: "Já utilizou este código de desconto o número máximo de vezes.",
  notForCart: "Este código de desconto não se aplica aos artigos do carrinho.",
  minimum: (cents: number) => `Este código de desconto exige um mínimo de ${eurosInText(cents)} em compras.`,
} as const;

/**
 * `totalCents` shared in proportion to `weights` (non-negative integers), largest remainder: the parts are integers
 * and add up to the whole exactly; ties go to the earlier weight. All-zero weights share equally (as if all were 1).
 */
export function shareOut(totalCents: number, weights: readonly number[]): number[] {
  if (!Number.isSafeInteger(totalCents)) throw new RangeError("shareOut: the total must be an integer");
  if (weights.length === 0) {
    if (totalCents !== 0) throw new RangeError("shareOut: nothing to share over");
    return [];
  }
  if (weights.some((w) => !Number.isSafeInteger(w) || w < 0)) {
    throw new RangeError("shareOut: weights must be non-negative integers");
  }
  const sum = weights.reduce((s, w) => s + w, 0);
  const ws = sum === 0 ? weights.map(() => 1) : weights;
  const wsum = sum === 0 ? weights.length : sum;
  const sign = totalCents < 0 ? -1 : 1;
  const total = Math.abs(totalCents);
  // BigInt: total × weight may pass 2^53 for large carts.
  const parts = ws.map((w) => {
    const product = BigInt(total) * BigInt(w);
    return { floor: Number(product / BigInt(wsum)), remainder: Number(product % BigInt(wsum)) };
  });
  let left = total - parts.reduce((s, p) => s + p.floor, 0);
  const order = parts.map((p, i) => ({ i, r: p.remainder })).sort((a, b) => b.r - a.r || a.i - b.i);
  const out = parts.map((p) => p.floor);
  for (const { i } of order) {
    if (left === 0) break;
    out[i]! += 1;
    left -= 1;
  }
  return out.map((v) => v * sign);
}

/** p % of `cents`, rounded half up (cents ≥ 0). */
export function percentOf(cents: number, percent: number): number {
  return Math.floor((cents * percent + 50) / 100);
}

/** True while `now` is within the promotion's period (start inclusive, end exclusive) and it is active. */
export function inForce(rule: PromotionRule, now: Date): boolean {
  if (rule.active === false) return false;
  if (rule.startsAt && now < rule.startsAt) return false;
  if (rule.endsAt && now >= rule.endsAt) return false;
  return true;
}

/** Does the rule's restriction (categories or products; none = everything) cover this line? */
export function covers(rule: Pick<PromotionRule, "categoryIds" | "productIds">, line: CartLineToPrice): boolean {
  if (rule.categoryIds.length === 0 && rule.productIds.length === 0) return true;
  return (
    rule.productIds.includes(line.productId) || (line.categoryId !== null && rule.categoryIds.includes(line.categoryId))
  );
}

/** One unit's reduction by an automatic rule (never more than the price). */
export function unitReduction(rule: PromotionRule, unitPriceCents: number): number {
  if (rule.kind === "percentagem") return Math.min(unitPriceCents, percentOf(unitPriceCents, rule.percent ?? 0));
  if (rule.kind === "valor") return Math.min(unitPriceCents, Math.max(0, rule.amountCents ?? 0));
  return 0; // free delivery is only ever a code
}

/** The best automatic reduction of each line (largest for the shopper; ties: the lower id). */
function withAutomatic(lines: readonly CartLineToPrice[], automatic: readonly PromotionRule[], now: Date) {
  const live = automatic.filter((r) => r.code === null && r.kind !== "portes_gratis" && inForce(r, now));
  // An automatic promotion with a minimum applies once its lines' list subtotal reaches it.
  const reaching = live.filter((r) => {
    if (r.minimumCents === null || r.minimumCents <= 0) return true;
    const list = lines.filter((l) => covers(r, l)).reduce((s, l) => s + l.unitPriceCents * l.quantity, 0);
    return list >= r.minimumCents;
  });
  return lines.map((line) => {
    let best: { id: number | null; cents: number } = { id: null, cents: 0 };
    for (const rule of reaching) {
      if (!covers(rule, line)) continue;
      const cents = unitReduction(rule, line.unitPriceCents);
      if (cents > best.cents || (cents === best.cents && cents > 0 && best.id !== null && rule.id < best.id)) {
        best = { id: rule.id, cents };
      }
    }
    return { ...line, automaticUnitReductionCents: best.cents, automaticPromotionId: best.id };
  });
}

type AutoLine = ReturnType<typeof withAutomatic>[number];

const autoNet = (l: AutoLine) => (l.unitPriceCents - l.automaticUnitReductionCents) * l.quantity;

/** The lines a code may reduce: in its restriction, and without an automatic reduction unless it combines. */
function codeEligible(code: PromotionRule, line: AutoLine): boolean {
  if (!covers(code, line)) return false;
  return code.combinesWithAutomatic || line.automaticUnitReductionCents === 0;
}

/**
 * Why a code cannot be used on this cart now (pt-PT, the 400's message), or null when it applies. `code` null:
 * no promotion has that code. `usesByCustomer`: this customer's orders that already used it (unpaid ones included).
 */
export function codeRefusal(
  code: PromotionRule | null,
  lines: readonly CartLineToPrice[],
  now: Date,
  usesByCustomer: number,
  automatic: readonly PromotionRule[] = [],
): string | null {
  if (!code || code.code === null || code.active === false) return CODE_MESSAGES.unknown;
  if (code.startsAt && now < code.startsAt) return CODE_MESSAGES.notYet;
  if (code.endsAt && now >= code.endsAt) return CODE_MESSAGES.expired;
  if (code.maxUses !== null && code.uses >= code.maxUses) return CODE_MESSAGES.usedUp;
  if (code.maxUsesPerCustomer !== null && usesByCustomer >= code.maxUsesPerCustomer) return CODE_MESSAGES.perCustomer;
  const eligible = withAutomatic(lines, automatic, now).filter((l) => codeEligible(code, l));
  if (eligible.length === 0) return CODE_MESSAGES.notForCart;
  const net = eligible.reduce((s, l) => s + autoNet(l), 0);
  if (code.minimumCents !== null && code.minimumCents > 0 && net < code.minimumCents) {
    return CODE_MESSAGES.minimum(code.minimumCents);
  }
  return null;
}

/**
 * The cart priced: automatic reductions per unit, the code's discount shared over its eligible lines in proportion to
 * their net (largest remainder), delivery (free past the threshold on the discounted subtotal; a 'portes_gratis' code
 * takes the standard delivery off, never the next-day supplement). A code is applied only when codeRefusal() has
 * nothing against it (callers answer the refusal first; here it then simply reduces nothing).
 */
export function priceCart(
  lines: readonly CartLineToPrice[],
  automatic: readonly PromotionRule[],
  code: PromotionRule | null,
  shipping: ShippingToPrice,
  now: Date,
): PricedCart {
  const auto = withAutomatic(lines, automatic, now);
  const applies = code !== null && codeRefusal(code, lines, now, 0, automatic) === null;
  const codeShares = auto.map(() => 0);
  if (applies && code.kind !== "portes_gratis") {
    const eligible = auto.map((l, i) => ({ l, i })).filter(({ l }) => codeEligible(code, l));
    const net = eligible.reduce((s, { l }) => s + autoNet(l), 0);
    const total =
      code.kind === "percentagem"
        ? percentOf(net, code.percent ?? 0)
        : Math.min(net, Math.max(0, code.amountCents ?? 0));
    const shares = shareOut(
      Math.min(total, net),
      eligible.map(({ l }) => autoNet(l)),
    );
    eligible.forEach(({ i }, k) => (codeShares[i] = shares[k]!));
  }
  const priced: PricedLine[] = auto.map((l, i) => {
    const codeDiscountCents = codeShares[i]!;
    const discountCents = l.automaticUnitReductionCents * l.quantity + codeDiscountCents;
    return { ...l, codeDiscountCents, discountCents, netCents: l.unitPriceCents * l.quantity - discountCents };
  });
  const subtotalCents = priced.reduce((s, l) => s + l.unitPriceCents * l.quantity, 0);
  const discountCents = priced.reduce((s, l) => s + l.discountCents, 0);
  const threshold = shipping.freeFromCents;
  const freeByThreshold = threshold !== null && threshold !== undefined && subtotalCents - discountCents >= threshold;
  const standard = freeByThreshold ? 0 : shipping.standardCents;
  const shippingDiscountCents = applies && code.kind === "portes_gratis" ? standard : 0;
  const shippingCents = standard + shipping.supplementCents;
  return {
    lines: priced,
    subtotalCents,
    discountCents,
    shippingCents,
    shippingDiscountCents,
    totalCents: subtotalCents - discountCents + shippingCents - shippingDiscountCents,
    codePromotion: applies ? code : null,
    standardShippingCents: standard - shippingDiscountCents,
    supplementCents: shipping.supplementCents,
  };
}

type LineDiscount = { unitPriceCents: number; quantity: number; discountCents: number };

/**
 * What each unit of a line cost the shopper: the line's discount shared over its units (shareOut, equal weights; the
 * first units carry the larger shares), so the units add up to the line's net exactly.
 */
export function unitNets(line: LineDiscount): number[] {
  const shares = shareOut(
    line.discountCents,
    Array.from({ length: line.quantity }, () => 1),
  );
  return shares.map((share) => line.unitPriceCents - share);
}

/**
 * What `units` of a line cost the shopper, after `alreadyRefunded` units refunded before (they took the first units'
 * values): refunding every unit, in any number of refunds, gives back the line's net exactly.
 */
export function paidForUnits(line: LineDiscount, units: number, alreadyRefunded = 0): number {
  return unitSplit(line, units, alreadyRefunded).reduce((s, i) => s + i.quantity * i.unitPriceCents, 0);
}

/**
 * Units `from`…`from + units` of a line as document items whose unit price × quantity add up to what they cost
 * exactly: one item when the discount divides by the quantity, else two (a cent apart). The invoice uses the whole
 * line; a credit note the units it credits (the same values paidForUnits refunds).
 */
export function unitSplit(
  line: LineDiscount,
  units = line.quantity,
  from = 0,
): Array<{ quantity: number; unitPriceCents: number }> {
  if (units < 0 || from < 0 || from + units > line.quantity)
    throw new RangeError("unitSplit: more units than the line has");
  const out: Array<{ quantity: number; unitPriceCents: number }> = [];
  for (const net of unitNets(line).slice(from, from + units)) {
    const last = out[out.length - 1];
    if (last && last.unitPriceCents === net) last.quantity += 1;
    else out.push({ quantity: 1, unitPriceCents: net });
  }
  return out;
}
