/**
 * How the changes of /payment-status report back (actions.ts, exception-actions.ts): on success the API's
 * answer, on failure a toast title with the API's message as its description, and the screens' own words when
 * no answer came at all.
 */
import type { ActionResult } from "#app/components/admin/route-data.tsx";

/** No answer at all (the browser is offline, the server unreachable). */
export const CONNECTION_TEXT = "Erro de conexão. Verifique sua internet e tente novamente.";

/** A failed change: toasted as `title`, with `description` under it when there is one. */
export function failed(status: number, title: string, description?: string | null): ActionResult {
  return { ok: false, status, message: description ?? null, data: { title } };
}

/** The toast title of a failed change (see `failed`), else `fallback`. */
export function failureTitle(result: ActionResult | undefined, fallback: string): string {
  const title = result && !result.ok ? (result.data as { title?: unknown } | null)?.title : undefined;
  return typeof title === "string" && title ? title : fallback;
}

/** No answer at all: the payments screens' own connection message. */
export const offline = (result: ActionResult): ActionResult => ({ ...result, message: CONNECTION_TEXT });
