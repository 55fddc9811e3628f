/**
 * The account forms posted without script (decision 0015): /login and /register. Each does what its API route does
 * (server/modules/accounts/routes.ts), with the same schema, rate-limit counters and service call.
 */
import { countLoginAttempt, forgetLoginAttempts } from "#server/modules/accounts/login-limits.ts";
import {
  forgotPasswordBody,
  landingPage,
  loginBody,
  registerForm,
  safeRedirectTarget,
} from "#server/modules/accounts/rules.ts";
import {
  attempt,
  formContextOf,
  redirectWithCookies,
  refuse,
  type ContextReader,
} from "#app/lib/forms/form-action.server.ts";
import { failure, firstError, parseForm } from "#app/lib/forms/form-result.ts";

const HOUR = 3_600_000;

/**
 * POST /login: signs in (the API's cookies), then the page the shopper came from or the role's landing page.
 * Its other buttons: 'Enviar ligação de acesso' (intent=send-link) and the e-mailed link's 'Entrar' (intent=use-link).
 */
export async function signInAction(request: Request, context: ContextReader) {
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "send-link") return sendSignInLinkAction(form, context);
  if (intent === "use-link") return signInWithLinkAction(request, form, context);
  const { services, ip, sessionToken, signInCookies, deviceAccount, deviceCookie } = formContextOf(context);
  const parsed = parseForm(loginBody, form);
  // The login form shows one message, not one per field (as the API's 400 reads with script).
  if (!parsed.ok) return refuse(failure(form, firstError(parsed.failure)));
  const { email, password } = parsed.data;
  const signedIn = await attempt(form, async () => {
    const device = deviceAccount;
    const knownDevice = device === null ? undefined : () => services.accounts.isAccountOf(device, email);
    await countLoginAttempt(services.limiter, email, ip, knownDevice);
    return services.accounts.login({ email, password });
  });
  if (!signedIn.ok) return signedIn.response;
  const { user, token } = signedIn.value;
  // Only a successful sign-in replaces the session the browser had.
  if (sessionToken) await services.accounts.logout(sessionToken);
  await forgetLoginAttempts(services.limiter, email, ip);
  const target = safeRedirectTarget(new URL(request.url).searchParams.get("redirect")) ?? landingPage(user.function);
  return redirectWithCookies(target, [...signInCookies(token), deviceCookie(user.id)]);
}

/** 'Enviar ligação de acesso': as POST /api/users/login-link, the same answer whether or not the account exists. */
async function sendSignInLinkAction(form: FormData, context: ContextReader) {
  const { services, ip } = formContextOf(context);
  const parsed = parseForm(forgotPasswordBody, form);
  if (!parsed.ok) return refuse(failure(form, firstError(parsed.failure)));
  const sent = await attempt(form, async () => {
    await services.limiter.hit(`sign-in-link:ip:${ip}`, 20, HOUR);
    return services.accounts.links.requestSignIn(parsed.data.email);
  });
  if (!sent.ok) return sent.response;
  return { ok: true as const, message: sent.value.message };
}

/** The e-mailed link's 'Entrar' (/login?ligacao=…): as POST /api/users/login-link/use, then the landing page. */
async function signInWithLinkAction(request: Request, form: FormData, context: ContextReader) {
  const { services, ip, sessionToken, signInCookies, deviceCookie } = formContextOf(context);
  const token = String(form.get("token") ?? "");
  const signedIn = await attempt(form, async () => {
    await services.limiter.hit(`sign-in-link-use:ip:${ip}`, 30, HOUR / 4);
    return services.accounts.links.useSignIn(token);
  });
  if (!signedIn.ok) return signedIn.response;
  const { user, token: session } = signedIn.value;
  if (sessionToken) await services.accounts.logout(sessionToken);
  await forgetLoginAttempts(services.limiter, user.email, ip);
  const target = safeRedirectTarget(new URL(request.url).searchParams.get("redirect")) ?? landingPage(user.function);
  return redirectWithCookies(target, [...signInCookies(session), deviceCookie(user.id)]);
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
