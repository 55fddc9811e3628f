/**
 * The account forms posted without script (decision 0015): /login and /register. Each does what its API route does
 * (server/modules/accounts/routes.ts), with the same schema, rate-limit counters and service call.
 */
import { countLoginAttempt, forgetLoginAttempts } from "#server/modules/accounts/login-limits.ts";
import { landingPage, loginBody, registerForm, safeRedirectTarget } from "#server/modules/accounts/rules.ts";
import {
  attempt,
  formContextOf,
  redirectWithCookies,
  refuse,
  type ContextReader,
} from "#app/lib/forms/form-action.server.ts";
import { failure, firstError, parseForm } from "#app/lib/forms/form-result.ts";

const HOUR = 3_600_000;

/** POST /login: signs in (the API's cookies), then the page the shopper came from or the role's landing page. */
export async function signInAction(request: Request, context: ContextReader) {
  const form = await request.formData();
  const { services, ip, sessionToken, signInCookies } = formContextOf(context);
  const parsed = parseForm(loginBody, form);
  // The login form shows one message, not one per field (as the API's 400 reads with script).
  if (!parsed.ok) return refuse(failure(form, firstError(parsed.failure)));
  const { email, password } = parsed.data;
  const signedIn = await attempt(form, async () => {
    await countLoginAttempt(services.limiter, email, ip);
    return services.accounts.login({ email, password });
  });
  if (!signedIn.ok) return signedIn.response;
  const { user, token } = signedIn.value;
  // Only a successful sign-in replaces the session the browser had.
  if (sessionToken) await services.accounts.logout(sessionToken);
  await forgetLoginAttempts(services.limiter, email, ip);
  const target = safeRedirectTarget(new URL(request.url).searchParams.get("redirect")) ?? landingPage(user.function);
  return redirectWithCookies(target, signInCookies(token));
}

/** POST /register: the account and its verification e-mail; the page says so. */
export async function registerAction(request: Request, context: ContextReader) {
  const form = await request.formData();
  const { services, ip } = formContextOf(context);
  const parsed = parseForm(registerForm, form);
  if (!parsed.ok) return refuse(parsed.failure);
  const { name, email, password } = parsed.data;
  const registered = await attempt(form, async () => {
    await services.limiter.hit(`register:ip:${ip}`, 10, HOUR);
    return services.accounts.register({ name, email, password });
  }, ["name", "email", "password"]);
  if (!registered.ok) return registered.response;
  return { ok: true as const, message: registered.value.message };
}
