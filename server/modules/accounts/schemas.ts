import { z } from "zod";
import { roleSchema } from "./rules.ts";

/**
 * Account shapes of the API's answers and paths. The request bodies and form rules live in rules.ts (browser-safe,
 * decision 0015), re-exported here for the server's imports.
 */
export {
  changePasswordBody,
  changePasswordForm,
  deleteAccountBody,
  forgotPasswordBody,
  loginBody,
  newUserBody,
  registerBody,
  registerForm,
  resetPasswordBody,
  resetPasswordForm,
  RESET_LINK_INVALID,
  roleSchema,
  updateUserBody,
  type ChangePasswordBody,
  type LoginBody,
  type RegisterBody,
  type RegisterForm,
  type Role,
} from "./rules.ts";

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
