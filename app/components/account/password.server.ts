/**
 * The password forms posted without script (decision 0015): /recuperar-palavra-passe, /redefinir-palavra-passe and
 * /conta/palavra-passe. Each does what its API route does (server/modules/accounts/routes.ts): the same schema,
 * rate-limit counters and service call.
 */
import { data } from "react-router";
import {
  changePasswordForm,
  forgotPasswordBody,
  RESET_LINK_INVALID,
  resetPasswordForm,
} from "#server/modules/accounts/rules.ts";
import { attempt, formContextOf, refuse, type ContextReader } from "#app/lib/forms/form-action.server.ts";
import { failure, firstError, parseForm } from "#app/lib/forms/form-result.ts";

const MINUTE = 60_000;

/** POST /recuperar-palavra-passe: the reset link by e-mail; the same answer whether or not the account exists. */
export async function forgotPasswordAction(request: Request, context: ContextReader) {
  const form = await request.formData();
  const { services, ip } = formContextOf(context);
  const parsed = parseForm(forgotPasswordBody, form);
  if (!parsed.ok) return refuse(failure(form, firstError(parsed.failure)));
  const { email } = parsed.data;
  const sent = await attempt(form, async () => {
    // Per address only, as the API: the mails per account are capped silently (accounts/account-links.ts).
    await services.limiter.hit(`forgot:ip:${ip}`, 20, 60 * MINUTE);
    return services.accounts.passwordReset.request(email);
  });
  if (!sent.ok) return sent.response;
  return { ok: true as const, message: sent.value.message };
}

/** POST /redefinir-palavra-passe?token=…: the new password; every session of the account ends (this browser's too). */
export async function resetPasswordAction(request: Request, context: ContextReader) {
  const form = await request.formData();
  const { services, ip, user, signOutCookies } = formContextOf(context);
  const token = new URL(request.url).searchParams.get("token")?.trim() ?? "";
  const parsed = parseForm(resetPasswordForm, form);
  if (!parsed.ok) return refuse(parsed.failure);
  if (!token || token.length > 200) return refuse(failure(form, RESET_LINK_INVALID));
  const reset = await attempt(form, async () => {
    await services.limiter.hit(`reset:ip:${ip}`, 30, 15 * MINUTE);
    return services.accounts.passwordReset.reset(token, parsed.data.password);
  }, ["password"]);
  if (!reset.ok) return reset.response;
  const { userId, message } = reset.value;
  const headers = new Headers();
  if (user?.id === userId) for (const cookie of signOutCookies()) headers.append("Set-Cookie", cookie);
  return data({ ok: true as const, message }, { headers });
}

/** POST /conta/palavra-passe (after the page's guard): the other sessions of the account end, this one stays. */
export async function changePasswordAction(request: Request, context: ContextReader) {
  const form = await request.formData();
  const { services, user, sessionToken } = formContextOf(context);
  // The page's middleware sends visitors to /login before any action runs.
  if (!user || !sessionToken) throw new Error("changePasswordAction without a signed-in user");
  const parsed = parseForm(changePasswordForm, form);
  if (!parsed.ok) return refuse(parsed.failure);
  const { currentPassword, newPassword } = parsed.data;
  const changed = await attempt(form, async () => {
    // Bounds guessing of the current password with a stolen session.
    await services.limiter.hit(`password:user:${user.id}`, 10, 15 * MINUTE);
    return services.accounts.changeOwnPassword(user.id, { currentPassword, newPassword }, sessionToken);
  }, ["currentPassword", "newPassword", "confirmPassword"]);
  if (!changed.ok) return changed.response;
  return { ok: true as const, message: changed.value.message };
}
