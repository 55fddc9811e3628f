import type { ProductSafety } from "#server/modules/catalog/safety/rules.ts";
import type { ShopIdentity } from "#app/lib/shop.ts";

/*
 * What the product page's 'Informação de segurança' shows: each manufacturer value the product's own, else the
 * shop's identity of /definicoes (read on every page, so a change of identity applies to every product at once).
 * Kept apart from safety/rules.ts, whose zod the storefront's product page does not load.
 */

export interface EffectiveSafety {
  manufacturer: { name: string; address: string; contact: string };
  /** Only for a manufacturer outside the EU. */
  responsible: { name: string; address: string } | null;
  identifiers: { typeModel: string | null; batch: string | null; ean: string | null };
  warnings: string | null;
}

export function effectiveSafety(
  s: ProductSafety | undefined,
  shop: Pick<ShopIdentity, "legalName" | "address" | "postalCode" | "city" | "email">,
): EffectiveSafety {
  return {
    manufacturer: {
      name: s?.fabricante_nome || shop.legalName,
      address: s?.fabricante_morada || `${shop.address}, ${shop.postalCode} ${shop.city}, Portugal`,
      contact: s?.fabricante_contacto || shop.email,
    },
    responsible:
      s?.fabricante_fora_ue && s.responsavel_ue_nome
        ? { name: s.responsavel_ue_nome, address: s.responsavel_ue_morada ?? "" }
        : null,
    identifiers: { typeModel: s?.tipo_modelo ?? null, batch: s?.lote ?? null, ean: s?.ean ?? null },
    warnings: s?.avisos ?? null,
  };
}

/** An e-mail becomes a mailto: link, a web address a link, anything else plain text. */
export function contactHref(contact: string): string | null {
  if (/^https?:\/\//i.test(contact)) return contact;
  if (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(contact)) return `mailto:${contact}`;
  return null;
}
