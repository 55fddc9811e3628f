/**
 * How admin screens read and change data (docs/decisions/0010-admin-on-router-data-apis.md):
 * - reads: the route's server `loader` calls the domain service (app/lib/route-data.server.ts);
 * - changes: the route's `clientAction` sends the change to the REST API with `submitToApi` (one
 *   server path for every change: CSRF, zod validation, rate limits, multipart), and React Router
 *   then revalidates the loaders on screen;
 * - pending state: `useFetcher().state` / `useNavigation()`; feedback: `useFetcherToast`;
 * - a loader that fails: the route's `ErrorBoundary = screenErrorBoundary("…")` shows the
 *   screen's pt-PT message with 'Tentar Novamente' (revalidate).
 */
import { useEffect, useRef } from "react";
import { isRouteErrorResponse, type useFetcher, useRevalidator, useRouteError } from "react-router";
import { type ApiOptions, api, messageFrom, NetworkError } from "#app/lib/api.ts";
import { toast } from "#app/lib/toast.tsx";
import { ErrorPanel, LoadingState } from "./ui.tsx";

/** What every admin clientAction returns: the API's answer reduced to what a screen shows. */
export type ActionResult<T = unknown> =
  | { ok: true; status: number; message: string | null; data: T }
  | { ok: false; status: number; message: string | null; data: unknown };

export const CONNECTION_ERROR = "Erro de conexão com o servidor";

/** Sends one change to the API; never throws (no answer at all is status 0 with the connection message). */
export async function submitToApi<T = unknown>(path: string, options: ApiOptions): Promise<ActionResult<T>> {
  try {
    const response = await api<T>(path, options);
    const message = messageFrom(response.data);
    return response.ok
      ? { ok: true, status: response.status, message, data: response.data as T }
      : { ok: false, status: response.status, message, data: response.data };
  } catch (cause) {
    if (cause instanceof NetworkError) return { ok: false, status: 0, message: CONNECTION_ERROR, data: null };
    throw cause;
  }
}

/** The body a fetcher submitted: JSON (`encType: "application/json"`) or form data (files). */
export async function submission<T = unknown>(request: Request): Promise<T> {
  const type = request.headers.get("content-type") ?? "";
  return (type.includes("json") ? await request.json() : await request.formData()) as T;
}

/**
 * Toasts once per finished submission of `fetcher`: the server's message (or `success`) when it
 * worked, `failure` with the server's message as description when it did not. `onDone` runs after
 * a success (e.g. empty a form).
 */
export function useFetcherToast(
  fetcher: ReturnType<typeof useFetcher<ActionResult>>,
  texts: { success: string; failure: string; onDone?: (result: ActionResult) => void },
) {
  const shown = useRef<ActionResult | undefined>(undefined);
  const latest = useRef(texts);
  useEffect(() => {
    latest.current = texts;
  });
  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state !== "idle" || !result || shown.current === result) return;
    shown.current = result;
    const { success, failure, onDone } = latest.current;
    if (result.ok) {
      toast.success(result.message ?? success);
      onDone?.(result);
    } else if (result.status === 0) {
      toast.error(result.message ?? failure);
    } else {
      toast.error(failure, { description: result.message ?? undefined });
    }
  }, [fetcher.state, fetcher.data]);
}

/** The message a failed loader carries (route-data.server's `load`), else the screen's own text. */
function errorMessage(error: unknown, fallback: string): string {
  if (isRouteErrorResponse(error) && error.status < 500) {
    return messageFrom(error.data) ?? fallback;
  }
  return fallback;
}

/**
 * A route ErrorBoundary for a screen whose loader failed: the screen's pt-PT text (or the
 * service's, for a 4xx such as an unknown id) with 'Tentar Novamente', which runs the loaders again.
 */
export function screenErrorBoundary(failureMessage: string) {
  return function ScreenErrorBoundary() {
    const error = useRouteError();
    const revalidator = useRevalidator();
    if (revalidator.state === "loading") return <LoadingState />;
    return <ErrorPanel message={errorMessage(error, failureMessage)} onRetry={() => void revalidator.revalidate()} />;
  };
}
