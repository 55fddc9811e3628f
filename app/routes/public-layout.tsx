import { Outlet } from "react-router";
import type { PublicShop } from "#app/lib/shop.ts";
import type { Route } from "./+types/public-layout";
import { webContext } from "#app/context.ts";
import { organizationJsonLd } from "#app/lib/seo.ts";
import { cookieHeaderHasConsent } from "#app/lib/storage.ts";
import { JsonLd } from "#app/components/catalog/JsonLd.tsx";
import { CookieBanner } from "#app/components/layout/CookieBanner.tsx";
import { FOOTER_ID } from "#app/components/layout/footer-id.ts";
import { lazyNearViewport } from "#app/components/layout/island.tsx";
import { SiteHeader } from "#app/components/layout/SiteHeader.tsx";

/**
 * Whether the cookie notice can be left out of the server's HTML (the visitor already accepted), and the shop's
 * identity and delivery prices from its settings (footer, legal pages: useShop()), read on each page request.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { services, publicUrl } = context.get(webContext);
  const { identity, delivery } = await services.settings.get();
  const shop: PublicShop = { identity, delivery };
  return { consentKnown: cookieHeaderHasConsent(request.headers.get("cookie")), shop, publicUrl };
}

// Neither changes on navigation (the banner keeps its own state after hydration; a settings change shows on the
// next page load).
export function shouldRevalidate() {
  return false;
}

// The footer is below the fold on every page: its code (links, payment logos) loads when it comes near.
const SiteFooter = lazyNearViewport(FOOTER_ID, () =>
  import("#app/components/layout/SiteFooter.tsx").then((m) => m.SiteFooter),
);

/**
 * The storefront frame: fixed header, page content, footer and cookie notice.
 * Admin paths sit under routes/admin/layout.tsx instead, so none of these appear there.
 */
export default function PublicLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#conteudo"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-gray-900 focus:px-4 focus:py-2 focus:text-white"
      >
        Saltar para o conteúdo
      </a>
      <SiteHeader shopName={loaderData.shop.identity.shopName} />
      <main id="conteudo" tabIndex={-1} className="flex-1 pt-16 focus:outline-none">
        <Outlet />
      </main>
      <SiteFooter identity={loaderData.shop.identity} />
      <JsonLd data={organizationJsonLd(loaderData.shop.identity, loaderData.publicUrl)} />
      <CookieBanner consentKnown={loaderData.consentKnown} />
    </div>
  );
}
