import { useRouteLoaderData } from "react-router";
import type { PublicShop } from "#server/modules/settings/schemas.ts";

/*
 * The shop's identity and delivery prices on the storefront: the public layout's loader reads them from the settings
 * (/definicoes) on each page request, so a change shows on the next page without a restart. Pages under that layout
 * read them with useShop(); the footer island gets them as props.
 */

export type { PublicShop };
export type ShopIdentity = PublicShop["identity"];

/** The route id React Router gives app/routes/public-layout.tsx. */
export const PUBLIC_LAYOUT_ID = "routes/public-layout";

export function useShop(): PublicShop {
  const data = useRouteLoaderData(PUBLIC_LAYOUT_ID) as { shop: PublicShop } | undefined;
  if (!data) throw new Error("useShop() outside the public layout");
  return data.shop;
}

/** "Rua do Comércio, 1, 1100-148 Lisboa". */
export const shopAddress = (i: ShopIdentity) => `${i.address}, ${i.postalCode} ${i.city}`;

/** 390 -> "3,90 €" (settings keep cents): the shop's one euro formatter. */
export { formatEuros as centsText } from "#server/core/money.ts";

type Matches = readonly ({ id: string; loaderData?: unknown } | undefined)[];
const identityIn = (matches: Matches) =>
  (matches.find((m) => m?.id === PUBLIC_LAYOUT_ID)?.loaderData as { shop?: PublicShop } | undefined)?.shop?.identity;

/** The shop's name in a route's `meta` (which has no hooks): the public layout's loader data among the matches. */
export const shopNameIn = (matches: Matches): string => identityIn(matches)?.shopName ?? "Loja";
/** The shop's contact e-mail in a route's `meta`. */
export const shopEmailIn = (matches: Matches): string => identityIn(matches)?.email ?? "";
