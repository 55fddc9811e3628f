import "#app/lib/zod-csp.ts";
import { useCallback, useId, useRef } from "react";
import { useFetcher } from "react-router";
import { changePasswordForm } from "#server/modules/accounts/rules.ts";
import { api, messageFrom, NetworkError } from "#app/lib/api.ts";
import { CsrfField } from "#app/lib/forms/CsrfField.tsx";
import { failure, fieldErrorsFrom, type FormResult, parseForm } from "#app/lib/forms/form-result.ts";
import { useFormFeedback } from "#app/lib/forms/use-form-feedback.ts";
import { NETWORK_ERROR, NewPasswordInputs, Notice, PasswordInput, SubmitButton } from "./PasswordParts.tsx";

type Field = "currentPassword" | "newPassword" | "confirmPassword";
const FIELDS: readonly Field[] = ["currentPassword", "newPassword", "confirmPassword"];
const FAILED = "Não foi possível alterar a palavra-passe.";

/**
 * /conta/palavra-passe's clientAction: the shared schema, then PUT /api/users/me/password. Without script the route's
 * action does the same (password.server.ts).
 */
export async function submitPasswordChange(request: Request): Promise<FormResult<Field>> {
  const form = await request.formData();
  const parsed = parseForm(changePasswordForm, form);
  if (!parsed.ok) return parsed.failure as FormResult<Field>;
  try {
    // The confirmation stays in the browser.
    const { currentPassword, newPassword } = parsed.data;
    const response = await api("/api/users/me/password", { method: "PUT", body: { currentPassword, newPassword } });
    if (response.ok) return { ok: true, message: messageFrom(response.data) ?? "Palavra-passe alterada com sucesso." };
    const byField = Object.entries(fieldErrorsFrom(response.data)).filter(([name]) => FIELDS.includes(name as Field));
    if (byField.length > 0) return failure(form, null, Object.fromEntries(byField));
    return failure(form, messageFrom(response.data) ?? FAILED);
  } catch (cause) {
    return failure(form, cause instanceof NetworkError ? NETWORK_ERROR : FAILED);
  }
}

/** /conta/palavra-passe: the current password and the new one (the other sessions of the account end; this one stays). */
export function PasswordChangeForm({ csrf }: { csrf: string | null }) {
  const id = useId();
  const fetcher = useFetcher<FormResult<Field>>();
  const formRef = useRef<HTMLFormElement>(null);
  const onSuccess = useCallback(() => formRef.current?.reset(), []);
  const { shown, busy, errors, firstRefused, onInput } = useFormFeedback(fetcher, {
    fields: FIELDS,
    formRef,
    onSuccess,
  });
  const focus = (field: Field) => firstRefused === field;

  return (
    <fetcher.Form ref={formRef} method="post" noValidate onInput={onInput} className="mt-8 space-y-5">
      <CsrfField token={csrf} />
      <PasswordInput
        id={`${id}-current`}
        name="currentPassword"
        label="Palavra-passe atual"
        autoComplete="current-password"
        error={errors.currentPassword}
        autoFocus={focus("currentPassword")}
      />
      <NewPasswordInputs
        id={id}
        password={{ name: "newPassword", error: errors.newPassword, autoFocus: focus("newPassword") }}
        confirm={{ name: "confirmPassword", error: errors.confirmPassword, autoFocus: focus("confirmPassword") }}
      />
      {shown?.ok && (
        <Notice kind="success">
          {shown.message} Por segurança, terminámos as sessões desta conta noutros dispositivos.
        </Notice>
      )}
      {!busy && shown && !shown.ok && shown.message && <Notice kind="error">{shown.message}</Notice>}
      <SubmitButton busy={busy}>Alterar palavra-passe</SubmitButton>
    </fetcher.Form>
  );
}
