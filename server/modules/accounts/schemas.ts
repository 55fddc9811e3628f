import { z } from "zod";
import {
  COMMON_PASSWORD_MESSAGE,
  isCommonPassword,
  isOneRepeatedCharacter,
  REPEATED_PASSWORD_MESSAGE,
} from "#server/core/password-rules.ts";

/**
 * Account shapes shared by the API (fastify-type-provider-zod) and the React forms.
 * Every message is the pt-PT text the forms of /register, /login and /usuarios/* show.
 */
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

export const publicUser = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  function: roleSchema,
});
export type PublicUser = z.infer<typeof publicUser>;

export const messageResponse = z.object({ success: z.boolean(), message: z.string() });
export const verifyQuery = z.object({ token: z.string().max(200).optional() });
/** A user id in the path: plain decimal digits only ("0x1", "1e0", " 1" or "1.0" are not ids). */
export const idParams = z.object({
  id: z
    .string({ error: "ID inválido" })
    .regex(/^\d{1,10}$/, "ID inválido")
    .transform(Number)
    .pipe(z.number().int("ID inválido").positive("ID inválido").max(2_147_483_647, "ID inválido")),
});
