import { z } from "zod";
import {
  COMMON_PASSWORD_MESSAGE,
  isCommonPassword,
  isOneRepeatedCharacter,
  REPEATED_PASSWORD_MESSAGE,
} from "#server/core/password-rules.ts";

/**
 * The accounts' rules that browser and server share (decision 0015): the zod schemas of the account forms and API
 * bodies (/register, /login, the password pages, /usuarios/*), where the sign-in leads, and the name of the forms'
 * CSRF field. No database and no Node modules: the web app's forms import this file; the API routes, the pages'
 * form actions and schemas.ts use the same objects. Every message is the pt-PT text the forms show.
 */

/** The hidden field in which a page's form (posted without script) carries the session's CSRF token (decision 0003). */
export const CSRF_FIELD = "_csrf";

export const roleSchema = z.enum(["admin", "cliente"]);
export type Role = z.infer<typeof roleSchema>;

const name = z
  .string({ error: "Nome é obrigatório" })
  .trim()
  .min(1, "Nome é obrigatório")
  .max(100, "O nome não pode ter mais de 100 caracteres");

const email = z
  .string({ error: "Email é obrigatório" })
  .trim()
  .min(1, "Email é obrigatório")
  .max(254, "Email inválido")
  .pipe(z.email("Email inválido"))
  .transform((v) => v.toLowerCase());

const newPassword = z
  .string({ error: "Palavra-passe é obrigatória" })
  .min(1, "Palavra-passe é obrigatória")
  .min(6, "A palavra-passe deve ter pelo menos 6 caracteres")
  .max(200, "A palavra-passe não pode ter mais de 200 caracteres")
  // Only once the length is right, so "aaa" reads the spec's minimum message first.
  .refine((v) => v.length < 6 || !isOneRepeatedCharacter(v), { message: REPEATED_PASSWORD_MESSAGE, abort: true })
  .refine((v) => !isCommonPassword(v), COMMON_PASSWORD_MESSAGE);

export const registerBody = z.object({ name, email, password: newPassword });
export type RegisterBody = z.infer<typeof registerBody>;

/** The register form adds the confirmation, which is never sent. */
export const registerForm = z
  .object({
    name,
    email,
    password: newPassword,
    confirmPassword: z.string().min(1, "Confirme a palavra-passe"),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: "As palavras-passe não coincidem",
    path: ["confirmPassword"],
  });
export type RegisterForm = z.input<typeof registerForm>;

export const loginBody = z.object({
  email: z
    .string({ error: "Email é obrigatório" })
    .trim()
    .min(1, "Email é obrigatório")
    .max(254, "Credenciais inválidas"),
  password: z
    .string({ error: "Palavra-passe é obrigatória" })
    .min(1, "Palavra-passe é obrigatória")
    .max(200, "Credenciais inválidas"),
});
export type LoginBody = z.infer<typeof loginBody>;

export const newUserBody = z.object({
  name,
  email,
  password: newPassword,
  /** Accepted for the spec's payload, but users created here are always admins. */
  function: z.string().max(20).optional(),
});

/** The /usuarios/create form: name, email and password, all required (the function is always admin). */
export const newAdminForm = newUserBody.pick({ name: true, email: true, password: true });

/** PUT /api/users/me/password: the signed-in user changes their own password. */
export const changePasswordBody = z
  .object({
    currentPassword: z
      .string({ error: "Indique a palavra-passe atual" })
      .min(1, "Indique a palavra-passe atual")
      .max(200, "A palavra-passe atual está incorreta."),
    newPassword,
  })
  .refine((v) => v.currentPassword !== v.newPassword, {
    message: "A nova palavra-passe tem de ser diferente da atual.",
    path: ["newPassword"],
  });
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

const confirmPassword = z.string({ error: "Confirme a palavra-passe" }).min(1, "Confirme a palavra-passe");
const MISMATCH = "As palavras-passe não coincidem";

/** The /conta/palavra-passe form: the body above plus the confirmation, which is never sent. */
export const changePasswordForm = z
  .object({
    currentPassword: z.string().min(1, "Indique a palavra-passe atual"),
    newPassword,
    confirmPassword,
  })
  .refine((v) => v.currentPassword !== v.newPassword, {
    message: "A nova palavra-passe tem de ser diferente da atual.",
    path: ["newPassword"],
  })
  .refine((v) => v.newPassword === v.confirmPassword, { message: MISMATCH, path: ["confirmPassword"] });

/** POST /api/users/forgot-password (/recuperar-palavra-passe). */
export const forgotPasswordBody = z.object({ email });

/** What every invalid, used or expired reset link answers (POST /api/users/reset-password). */
export const RESET_LINK_INVALID = "A ligação expirou ou já foi usada. Peça uma nova.";

/** POST /api/users/reset-password (/redefinir-palavra-passe): the link's token and the new password. */
export const resetPasswordBody = z.object({
  token: z.string({ error: RESET_LINK_INVALID }).min(1, RESET_LINK_INVALID).max(200, RESET_LINK_INVALID),
  password: newPassword,
});

/** The /redefinir-palavra-passe form (the token comes from the link). */
export const resetPasswordForm = z
  .object({ password: newPassword, confirmPassword })
  .refine((v) => v.password === v.confirmPassword, { message: MISMATCH, path: ["confirmPassword"] });

/** POST /api/users/me/delete (/conta/privacidade): confirmation by the account's password. */
export const deleteAccountBody = z.object({
  password: z
    .string({ error: "Indique a sua palavra-passe para confirmar." })
    .min(1, "Indique a sua palavra-passe para confirmar.")
    .max(200, "A palavra-passe está incorreta."),
});

export const updateUserBody = z.object({
  name,
  email,
  function: roleSchema.optional(),
});

// ---------- where a sign-in leads ----------

/** The page each role lands on after signing in (/login). */
export function landingPage(role: string): string {
  if (role === "cliente") return "/carrinho";
  if (role === "admin") return "/dashboard";
  return "/";
}

/**
 * Where the login page may send the user back to: only a path of this site, and never the
 * login or register page itself (the form would stay on screen, waiting). Pages the role may
 * not open are refused by their guard, which sends the user to their landing page.
 */
export function safeRedirectTarget(target: string | null | undefined): string | null {
  if (!target || !target.startsWith("/") || target.startsWith("//") || target.includes("\\")) return null;
  // Browsers drop tabs and newlines from URLs: "/\t/host" would become "//host".
  if ([...target].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)) return null;
  let pathname: string;
  try {
    // Decoded, as the router matches it ("/%6Cogin" is the login page too).
    pathname = decodeURIComponent(new URL(target, "http://loja.invalid").pathname);
  } catch {
    return null;
  }
  if (/^\/(login|register)(\/|\.data)?$/i.test(pathname)) return null;
  return target;
}

/**
 * /login past a sign-in limit: the refusal's words (core/errors.ts TooManyRequestsError's default, which the
 * page recognises) and the way in it offers instead, a one-time link by e-mail (POST /api/users/login-link).
 */
export const TOO_MANY_ATTEMPTS = "Demasiadas tentativas. Aguarde um pouco e tente novamente.";
export const SEND_SIGN_IN_LINK = "Enviar ligação de acesso";
