import { readCartLines, writeCart, type StoredCartLine } from "#app/lib/storage.ts";
import { MAX_UNITS_PER_LINE } from "#server/modules/orders/rules.ts";

/** Cart /carrinho: what identifies a stored line, the sums the page shows, and the page's changes to the lines. */

/** Product, colour, size and variant: two lines with the same key are the same article. */
export const lineKey = (line: StoredCartLine) => `${line.id}|${line.cor}|${line.tamanho}|${line.variant_id ?? ""}`;

/** What a cart check or quote depends on: the items and their quantities (not the prices stored with them). */
export const cartSignature = (lines: readonly StoredCartLine[]) =>
  lines.map((line) => `${lineKey(line)}:${line.quantidade}`).join(",");

/** Euros as whole cents, so sums never drift (0.1 + 0.2). */
export const toCents = (euros: number) => Math.round(euros * 100);

/** The line's price × quantity, in cents. */
export const lineTotalCents = (line: StoredCartLine) => toCents(line.price) * line.quantidade;

/** Total of the articles, in cents. */
export const cartTotalCents = (lines: readonly StoredCartLine[]) =>
  lines.reduce((sum, line) => sum + lineTotalCents(line), 0);

/** Number of units (the sum of the quantities). */
export const cartUnits = (lines: readonly StoredCartLine[]) => lines.reduce((sum, line) => sum + line.quantidade, 0);

/** A whole quantity between 1 and the per-line limit. */
export const clampQuantity = (quantity: number) => Math.min(MAX_UNITS_PER_LINE, Math.max(1, Math.floor(quantity)));

/** Rewrites the stored cart keeping every stored field (variant_id included). */
function updateLines(change: (lines: StoredCartLine[]) => StoredCartLine[]) {
  writeCart(change(readCartLines()));
}

export function setLineQuantity(key: string, quantity: number) {
  const quantidade = clampQuantity(quantity);
  updateLines((all) => all.map((line) => (lineKey(line) === key ? { ...line, quantidade } : line)));
}

export function removeLine(key: string) {
  updateLines((all) => all.filter((line) => lineKey(line) !== key));
}
