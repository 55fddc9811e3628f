/**
 * Server-only helpers for route loaders (the `.server` suffix keeps this module, and the services
 * it reaches, out of the browser bundle). Admin loaders run after the admin layout's middleware,
 * which applies the same rule as the API's `access: "admin"`, so a loader only calls its service.
 */
import { data } from "react-router";
import { AppError } from "#server/core/errors.ts";
import { isDatabaseUnavailable } from "#server/core/db/unavailable.ts";
import { type WebContext, webContext } from "#app/context.ts";

interface ContextReader {
  get(key: typeof webContext): WebContext;
}

/** The domain services and the signed-in user of this request. */
export function servicesOf(context: ContextReader): WebContext["services"] {
  return context.get(webContext).services;
}

/**
 * Runs a service call for a loader. A typed domain error (404 of an unknown id, 400 of a bad
 * filter) becomes a route error response carrying its pt-PT message, which the route's
 * ErrorBoundary shows; an unreachable database stays an exception (the 503 page); anything else
 * is a bug and propagates.
 */
export async function load<T>(call: () => Promise<T> | T): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof AppError && !isDatabaseUnavailable(error) && error.status < 500) {
      throw data({ message: error.message }, { status: error.status });
    }
    throw error;
  }
}
