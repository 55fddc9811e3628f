import { Outlet, redirect, type ShouldRevalidateFunctionArgs } from "react-router";
import { decide, refusedPageRedirect } from "#server/modules/accounts/guard.ts";
import { AdminShell } from "#app/components/admin/AdminShell.tsx";
import { webContext } from "#app/context.ts";
import type { Route } from "./+types/layout";

/**
 * Every route under this layout is for admins (app/routes.ts): the router runs this for whatever
 * matched here, however the URL was spelled (case, percent-encoding, `.data` single fetch), so
 * the guard fails closed without a list of paths. Admin answers are never stored.
 */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }, next) => {
    const { user } = context.get(webContext);
    const decision = decide("admin", user);
    if (decision !== "allow") {
      const url = new URL(request.url);
      url.searchParams.delete("_routes");
      throw redirect(refusedPageRedirect(decision, user, url.pathname.replace(/\.data$/, "") + url.search));
    }
    const response = await next();
    response.headers.set("Cache-Control", "no-store");
    return response;
  },
];

export async function loader({ context }: Route.LoaderArgs) {
  const { user, services } = context.get(webContext);
  // The sandbox gateway's "simulate payment" button is offered only when it is the provider.
  const { shopName } = (await services.settings.get()).identity;
  return { user, paymentProvider: services.paymentProvider.name, shopName };
}

/**
 * The shell's data (who is signed in, which gateway, the shop's name) changes only with a submission: the products
 * grid's 5-second refresh and page-to-page navigation need not read it again.
 */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod !== undefined && defaultShouldRevalidate;
}

export const meta = () => [{ name: "robots", content: "noindex" }];

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AdminShell userName={loaderData.user?.name ?? "Administrador"} shopName={loaderData.shopName}>
      <Outlet />
    </AdminShell>
  );
}
