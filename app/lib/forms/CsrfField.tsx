import { CSRF_FIELD } from "#server/modules/accounts/rules.ts";

/**
 * The session's CSRF token in a form, for a post without script (with script the API call sends it in a header).
 * The token comes from the route's loader (`formLoaderData`); a visitor without a session cookie needs none.
 */
export function CsrfField({ token }: { token: string | null | undefined }) {
  return token ? <input type="hidden" name={CSRF_FIELD} value={token} /> : null;
}
