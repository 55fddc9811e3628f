/**
 * The server side of the one form pattern (decision 0015): what a route's `action` uses when a form is posted
 * without script. The action reads the form, checks it with the shared zod schema (`parseForm`), calls the same
 * service as the API route, and answers with the failure (400, the pt-PT messages, what was typed except passwords)
 * or a redirect. The CSRF token was already checked by the web bridge (server/http/web.ts) before any action runs.
 */
import { data, redirect } from "react-router";
import { AppError } from "#server/core/errors.ts";
import { isDatabaseUnavailable } from "#server/core/db/unavailable.ts";
import { type FormContext, type WebContext, webContext } from "#app/context.ts";
import { failure, type FieldErrors, type FormFailure, fieldErrorsFrom } from "./form-result.ts";

export interface ContextReader {
  get(key: typeof webContext): WebContext;
}

/** The services, the signed-in user and the request's form plumbing (address, session, cookies). */
export function formContextOf(context: ContextReader): Pick<WebContext, "services" | "user"> & FormContext {
  const { services, user, forms } = context.get(webContext);
  return { services, user, ...forms };
}

/** A form page's loader data: the CSRF token its forms carry in the hidden field (null without a session cookie). */
export function formLoaderData(context: ContextReader): { csrf: string | null } {
  return { csrf: context.get(webContext).forms.csrfToken };
}

/** The action's refusal: the page again, with the failure as its action data. */
export const refuse = <R extends FormFailure<string>>(result: R, status = 400) => data(result, { status });

/**
 * Runs the service call of an action. A typed refusal of the service (a wrong password, too many attempts, an
 * e-mail already taken) becomes the form's failure with the same pt-PT message and field errors the API answers;
 * an unreachable database and anything else propagate (the 503 page, the error page).
 */
export async function attempt<T>(
  form: FormData,
  call: () => Promise<T>,
  fieldNames: readonly string[] = [],
): Promise<{ ok: true; value: T } | { ok: false; response: ReturnType<typeof refuse> }> {
  try {
    return { ok: true, value: await call() };
  } catch (error) {
    if (!(error instanceof AppError) || isDatabaseUnavailable(error) || error.status >= 500) throw error;
    const fields: FieldErrors = Object.fromEntries(
      Object.entries(fieldErrorsFrom({ details: error.details })).filter(([name]) => fieldNames.includes(name)),
    );
    const byField = Object.keys(fields).length > 0;
    return { ok: false, response: refuse(failure(form, byField ? null : error.message, fields), error.status) };
  }
}

/** A redirect that also sets these cookies (a sign-in's, a sign-out's). */
export function redirectWithCookies(to: string, cookies: readonly string[]): Response {
  const headers = new Headers();
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  return redirect(to, { headers });
}
