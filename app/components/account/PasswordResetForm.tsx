import "#app/lib/zod-csp.ts";
import { useId, useRef } from "react";
import { Link, useFetcher } from "react-router";
import { RESET_LINK_INVALID, resetPasswordForm } from "#server/modules/accounts/rules.ts";
import { apiGet, apiPost, messageFrom, NetworkError } from "#app/lib/api.ts";
import { CsrfField } from "#app/lib/forms/CsrfField.tsx";
import { failure, fieldErrorsFrom, type FormResult, parseForm } from "#app/lib/forms/form-result.ts";
import { useFormFeedback } from "#app/lib/forms/use-form-feedback.ts";
import { clearUser, readUser } from "#app/lib/storage.ts";
import { linkClass, NETWORK_ERROR, NewPasswordInputs, Notice, SubmitButton } from "./PasswordParts.tsx";

type Field = "password" | "confirmPassword";
const FIELDS: readonly Field[] = ["password", "confirmPassword"];
const FAILED = "Não foi possível redefinir a palavra-passe.";

/** The link's token: in the page's address, which the form posts to. */
const tokenOf = (request: Request) => new URL(request.url).searchParams.get("token")?.trim() ?? "";

/**
 * /redefinir-palavra-passe's clientAction: the shared schema, then POST /api/users/reset-password. Without script
 * the route's action does the same (password.server.ts).
 */
export async function submitPasswordReset(request: Request): Promise<FormResult<Field>> {
  const form = await request.formData();
  const parsed = parseForm(resetPasswordForm, form);
  if (!parsed.ok) return parsed.failure as FormResult<Field>;
  try {
    const response = await apiPost("/api/users/reset-password", {
      token: tokenOf(request),
      password: parsed.data.password,
    });
    if (response.ok) {
      // Every session of the account ended: if this browser was signed in with it, the header must say so.
      if (readUser() && (await apiGet("/api/users/me")).status === 401) clearUser();
      return { ok: true, message: messageFrom(response.data) ?? "Palavra-passe redefinida." };
    }
    const passwordError = fieldErrorsFrom(response.data).password;
    if (passwordError) return failure(form, null, { password: passwordError });
    return failure(form, messageFrom(response.data) ?? FAILED);
  } catch (cause) {
    return failure(form, cause instanceof NetworkError ? NETWORK_ERROR : FAILED);
  }
}

/** /redefinir-palavra-passe: the new password for the link's token (decision 0015's form pattern). */
export function PasswordResetForm({ csrf }: { csrf: string | null }) {
  const id = useId();
  const fetcher = useFetcher<FormResult<Field>>();
  const formRef = useRef<HTMLFormElement>(null);
  const { shown, busy, errors, firstRefused, onInput } = useFormFeedback(fetcher, { fields: FIELDS, formRef });

  if (shown?.ok) {
    return (
      <div className="mt-8 space-y-5">
        <Notice kind="success">{shown.message}</Notice>
        <Link
          to="/login"
          className="flex w-full items-center justify-center rounded-lg bg-gray-900 px-4 py-2.5 text-sm font-semibold text-white hover:bg-gray-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
        >
          Iniciar sessão
        </Link>
      </div>
    );
  }

  const message = !busy && shown && !shown.ok ? shown.message : null;
  return (
    <fetcher.Form ref={formRef} method="post" noValidate onInput={onInput} className="mt-8 space-y-5">
      <CsrfField token={csrf} />
      <NewPasswordInputs
        id={id}
        password={{ name: "password", error: errors.password, autoFocus: firstRefused === "password" }}
        confirm={{
          name: "confirmPassword",
          error: errors.confirmPassword,
          autoFocus: firstRefused === "confirmPassword",
        }}
      />
      {message && (
        <Notice kind="error">
          {message}
          {/* A used, expired or unknown link: a new one is the way on. */}
          {message === RESET_LINK_INVALID ? (
            <>
              {" "}
              <Link to="/recuperar-palavra-passe" className={linkClass}>
                Pedir uma nova ligação
              </Link>
            </>
          ) : null}
        </Notice>
      )}
      <SubmitButton busy={busy}>Guardar nova palavra-passe</SubmitButton>
    </fetcher.Form>
  );
}
