import { redirect } from "react-router";
import { decide, refusedPageRedirect } from "#server/modules/accounts/guard.ts";
import { webContext } from "#app/context.ts";
import type { Route } from "./+types/layout";

/**
 * The admin layout's middleware (server only): every route under the layout is for admins (app/routes.ts). The
 * router runs this for whatever matched there, however the URL was spelled (case, percent-encoding, `.data`
 * single fetch), so the guard fails closed without a list of paths; it applies the API's own rule
 * (accounts/guard.ts, as `access: "admin"`). Admin answers are never stored.
 */
export const adminOnly: Route.MiddlewareFunction = async ({ request, context }, next) => {
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
};
