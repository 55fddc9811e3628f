import { Outlet, type ShouldRevalidateFunctionArgs } from "react-router";
import { AdminShell } from "#app/components/admin/AdminShell.tsx";
import { webContext } from "#app/context.ts";
import type { Route } from "./+types/layout";
import { adminOnly } from "./guard.server.ts";

/** Admins only: the API's rule, on the server (guard.server.ts). */
export const middleware: Route.MiddlewareFunction[] = [adminOnly];

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
