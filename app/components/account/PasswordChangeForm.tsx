import "#app/lib/zod-csp.ts";
import { useId, useState } from "react";
import type { z } from "zod";
import { changePasswordForm } from "#server/modules/accounts/schemas.ts";
import { api, messageFrom, NetworkError } from "#app/lib/api.ts";
import { useHydrated } from "#app/lib/storage.ts";
import {
  fieldErrorsFrom,
  NETWORK_ERROR,
  NewPasswordInputs,
  Notice,
  PasswordInput,
  SubmitButton,
} from "./PasswordParts.tsx";
import { useSubmitForm } from "./use-submit-form.ts";

type FormInput = z.input<typeof changePasswordForm>;
type FormOutput = z.output<typeof changePasswordForm>;
type Field = keyof FormInput;

const EMPTY: FormInput = { currentPassword: "", newPassword: "", confirmPassword: "" };

type Status = { state: "idle" | "submitting" } | { state: "success" | "error"; message: string };

/** /conta/palavra-passe: PUT /api/users/me/password (the other sessions of the account end; this one stays). */
export function PasswordChangeForm() {
  const hydrated = useHydrated();
  const id = useId();
  const [status, setStatus] = useState<Status>({ state: "idle" });
  const {
    field,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useSubmitForm(changePasswordForm, EMPTY);

  async function onValid(values: FormOutput) {
    setStatus({ state: "submitting" });
    try {
      // The confirmation stays in the browser.
      const response = await api("/api/users/me/password", {
        method: "PUT",
        body: { currentPassword: values.currentPassword, newPassword: values.newPassword },
      });
      if (response.ok) {
        reset(EMPTY);
        setStatus({ state: "success", message: messageFrom(response.data) ?? "Palavra-passe alterada com sucesso." });
        return;
      }
      const byField = Object.entries(fieldErrorsFrom(response.data)).filter(([name]) => name in EMPTY);
      for (const [name, message] of byField) setError(name as Field, { message }, { shouldFocus: true });
      if (byField.length > 0) setStatus({ state: "idle" });
      else
        setStatus({
          state: "error",
          message: messageFrom(response.data) ?? "Não foi possível alterar a palavra-passe.",
        });
    } catch (cause) {
      setStatus({
        state: "error",
        message: cause instanceof NetworkError ? NETWORK_ERROR : "Não foi possível alterar a palavra-passe.",
      });
    }
  }

  return (
    <form onSubmit={handleSubmit(onValid)} noValidate className="mt-8 space-y-5">
      <PasswordInput
        id={`${id}-current`}
        label="Palavra-passe atual"
        autoComplete="current-password"
        error={errors.currentPassword?.message}
        field={field("currentPassword")}
      />
      <NewPasswordInputs
        id={id}
        password={{ error: errors.newPassword?.message, field: field("newPassword") }}
        confirm={{ error: errors.confirmPassword?.message, field: field("confirmPassword") }}
      />
      {status.state === "success" && (
        <Notice kind="success">
          {status.message} Por segurança, terminámos as sessões desta conta noutros dispositivos.
        </Notice>
      )}
      {status.state === "error" && <Notice kind="error">{status.message}</Notice>}
      <SubmitButton busy={status.state === "submitting"} hydrated={hydrated}>
        Alterar palavra-passe
      </SubmitButton>
    </form>
  );
}
