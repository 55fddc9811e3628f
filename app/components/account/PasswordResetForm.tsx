import "#app/lib/zod-csp.ts";
import { useId, useState } from "react";
import { Link } from "react-router";
import type { z } from "zod";
import { resetPasswordForm } from "#server/modules/accounts/schemas.ts";
import { apiGet, apiPost, messageFrom, NetworkError } from "#app/lib/api.ts";
import { clearUser, readUser, useHydrated } from "#app/lib/storage.ts";
import {
  fieldErrorsFrom,
  linkClass,
  NETWORK_ERROR,
  NewPasswordInputs,
  Notice,
  SubmitButton,
} from "./PasswordParts.tsx";
import { useSubmitForm } from "./use-submit-form.ts";

type FormInput = z.input<typeof resetPasswordForm>;
type FormOutput = z.output<typeof resetPasswordForm>;

const EMPTY: FormInput = { password: "", confirmPassword: "" };

type Status =
  | { state: "idle" | "submitting" }
  | { state: "done"; message: string }
  | { state: "error"; message: string; linkDead: boolean };

/** /redefinir-palavra-passe: the new password for the link's token (POST /api/users/reset-password). */
export function PasswordResetForm({ token }: { token: string }) {
  const hydrated = useHydrated();
  const id = useId();
  const [status, setStatus] = useState<Status>({ state: "idle" });
  const {
    field,
    handleSubmit,
    setError,
    formState: { errors },
  } = useSubmitForm(resetPasswordForm, EMPTY);

  async function onValid(values: FormOutput) {
    setStatus({ state: "submitting" });
    try {
      const response = await apiPost("/api/users/reset-password", { token, password: values.password });
      if (response.ok) {
        // Every session of the account ended: if this browser was signed in with it, the header must say so.
        if (readUser() && (await apiGet("/api/users/me")).status === 401) clearUser();
        setStatus({ state: "done", message: messageFrom(response.data) ?? "Palavra-passe redefinida." });
        return;
      }
      const passwordError = fieldErrorsFrom(response.data).password;
      if (passwordError) {
        setError("password", { message: passwordError }, { shouldFocus: true });
        setStatus({ state: "idle" });
        return;
      }
      setStatus({
        state: "error",
        message: messageFrom(response.data) ?? "Não foi possível redefinir a palavra-passe.",
        linkDead: response.status === 400,
      });
    } catch (cause) {
      setStatus({
        state: "error",
        message: cause instanceof NetworkError ? NETWORK_ERROR : "Não foi possível redefinir a palavra-passe.",
        linkDead: false,
      });
    }
  }

  if (status.state === "done") {
    return (
      <div className="mt-8 space-y-5">
        <Notice kind="success">{status.message}</Notice>
        <Link
          to="/login"
          className="flex w-full items-center justify-center rounded-lg bg-gray-900 px-4 py-2.5 text-sm font-semibold text-white hover:bg-gray-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
        >
          Iniciar sessão
        </Link>
      </div>
    );
  }

  return (
    <form onSubmit={handleSubmit(onValid)} noValidate className="mt-8 space-y-5">
      <NewPasswordInputs
        id={id}
        password={{ error: errors.password?.message, field: field("password") }}
        confirm={{ error: errors.confirmPassword?.message, field: field("confirmPassword") }}
      />
      {status.state === "error" && (
        <Notice kind="error">
          {status.message}
          {status.linkDead ? (
            <>
              {" "}
              <Link to="/recuperar-palavra-passe" className={linkClass}>
                Pedir uma nova ligação
              </Link>
            </>
          ) : null}
        </Notice>
      )}
      <SubmitButton busy={status.state === "submitting"} hydrated={hydrated}>
        Guardar nova palavra-passe
      </SubmitButton>
    </form>
  );
}
