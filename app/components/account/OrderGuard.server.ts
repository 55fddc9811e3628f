/**
 * "A minha conta" pages (/conta, /conta/encomendas/:id): signed-in accounts only. The `.server` suffix keeps
 * this module (and the services it reaches) out of the browser bundle.
 */
import { data, redirect, type MiddlewareFunction } from "react-router";
import { MY_ORDERS_MESSAGES } from "#server/modules/orders/shopper/schemas.ts";
import { decide, refusedPageRedirect } from "#server/modules/accounts/guard.ts";
import { type WebContext, webContext } from "#app/context.ts";

interface ContextReader {
  get(key: typeof webContext): WebContext;
}

/**
 * Runs before the page's loader: a visitor goes to /login?redirect=… (which brings them back), with the same
 * rule as the API's `access: "user"`; the personal answer is never stored by a cache.
 */
export const shopperPage: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const { user } = context.get(webContext);
  const decision = decide("user", user);
  if (decision !== "allow") {
    const url = new URL(request.url);
    url.searchParams.delete("_routes");
    throw redirect(refusedPageRedirect(decision, user, url.pathname.replace(/\.data$/, "") + url.search));
  }
  const response = await next();
  response.headers.set("Cache-Control", "no-store");
  return response;
};

/** The signed-in account and the services, for a loader that runs after `shopperPage`. */
export function shopperOf(context: ContextReader) {
  const { user, services } = context.get(webContext);
  if (!user) throw redirect("/login?redirect=%2Fconta");
  return { user, services };
}

/** An order id that cannot exist (/conta/encomendas/abc): the same 404 as someone else's order. */
export const orderNotFound = () => data({ message: MY_ORDERS_MESSAGES.orderNotFound }, { status: 404 });
