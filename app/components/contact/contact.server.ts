/**
 * The contact form (/contato) posted without script (decision 0015): the same schema and service call as
 * POST /api/contact (server/modules/contact/routes.ts); the service counts the messages per address and e-mail.
 */
import { CONTACT_FIELDS } from "#server/modules/contact/rules.ts";
import { contactBody } from "#server/modules/contact/schemas.ts";
import { attempt, formContextOf, refuse, type ContextReader } from "#app/lib/forms/form-action.server.ts";
import { parseForm } from "#app/lib/forms/form-result.ts";

export async function contactAction(request: Request, context: ContextReader) {
  const form = await request.formData();
  const { services, ip } = formContextOf(context);
  const parsed = parseForm(contactBody, form);
  if (!parsed.ok) return refuse(parsed.failure);
  const sent = await attempt(form, () => services.contact.send(parsed.data, { ip }), CONTACT_FIELDS);
  if (!sent.ok) return sent.response;
  return { ok: true as const, message: sent.value.message };
}
