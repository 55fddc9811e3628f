/**
 * /usuarios/create posted without script (decision 0015; issue 18's defect 5: the form used to send a GET with the
 * password in the address). The admin layout's middleware has refused anyone but an admin before this runs; then
 * the same schema and service call as POST /users/newuser (server/modules/accounts/routes.ts).
 */
import { newAdminForm } from "#server/modules/accounts/rules.ts";
import { attempt, formContextOf, refuse, type ContextReader } from "#app/lib/forms/form-action.server.ts";
import { parseForm } from "#app/lib/forms/form-result.ts";

export async function newAdminAction(request: Request, context: ContextReader) {
  const form = await request.formData();
  const { services } = formContextOf(context);
  const parsed = parseForm(newAdminForm, form);
  if (!parsed.ok) return refuse(parsed.failure);
  const created = await attempt(form, () => services.accounts.createAdmin(parsed.data), ["name", "email", "password"]);
  if (!created.ok) return created.response;
  return { ok: true as const, message: "Utilizador criado com sucesso!" };
}
