import { Outlet, redirect } from "react-router";
import { decide, pageAccess } from "../../../server/accounts/guard.ts";
import { AdminShell } from "../../components/admin/AdminShell.tsx";
import { webContext } from "../../context.ts";
import type { Route } from "./+types/layout";

export const middleware: Route.MiddlewareFunction[] = [
  ({ request, context }) => {
    const url = new URL(request.url);
    const path = url.pathname.replace(/\.data$/, "");
    if (decide(pageAccess(path), context.get(webContext).user) !== "allow") {
      throw redirect(`/login?redirect=${encodeURIComponent(path + url.search)}`);
    }
  },
];

export async function loader({ context }: Route.LoaderArgs) {
  const { user, services } = context.get(webContext);
  // The sandbox gateway's "simulate payment" button is offered only when it is the provider.
  return { user, paymentProvider: services.paymentProvider.name };
}

export const meta = () => [{ name: "robots", content: "noindex" }];

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AdminShell userName={loaderData.user?.name ?? "Administrador"}>
      <Outlet />
    </AdminShell>
  );
}
