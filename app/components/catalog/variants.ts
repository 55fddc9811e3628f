/**
 * Colour + size choices of a product page, from the product's variants.
 * A variant may have no size (the admin's edit page adds colour + stock only): its stock then
 * applies to every size of that colour.
 */

export interface PageVariant {
  id: number;
  /** Colour name, null when the variant has none. */
  color: string | null;
  colorHex: string | null;
  /** Size name, null when the variant covers every size. */
  size: string | null;
  stock: number;
}

export interface ColourOption {
  name: string;
  hex: string | null;
  /** Units over all sizes of this colour. */
  stock: number;
}

/** The size name used when a product has stock but no size at all. */
export const ONE_SIZE = "Único";

/** Distinct colours in the variants' order (colour name, then size). */
export function colourOptions(variants: readonly PageVariant[]): ColourOption[] {
  const byName = new Map<string, ColourOption>();
  for (const v of variants) {
    if (!v.color) continue;
    const entry = byName.get(v.color) ?? { name: v.color, hex: v.colorHex, stock: 0 };
    entry.stock += Math.max(0, v.stock);
    entry.hex ??= v.colorHex;
    byName.set(v.color, entry);
  }
  return [...byName.values()];
}

/**
 * The variant for a colour (null: the product has no colours) and a size: the exact one,
 * else that colour's variant without a size.
 */
export function findVariant(
  variants: readonly PageVariant[],
  colour: string | null,
  size: string,
): PageVariant | undefined {
  const ofColour = variants.filter((v) => colour === null || v.color === colour);
  return ofColour.find((v) => v.size === size) ?? ofColour.find((v) => v.size === null);
}

export function stockOf(variants: readonly PageVariant[], colour: string | null, size: string): number {
  return Math.max(0, findVariant(variants, colour, size)?.stock ?? 0);
}

/** The colour shown first: the first one with stock, else the first one; null when none. */
export function defaultColour(colours: readonly ColourOption[]): string | null {
  return (colours.find((c) => c.stock > 0) ?? colours[0])?.name ?? null;
}
