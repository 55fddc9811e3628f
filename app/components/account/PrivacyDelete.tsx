import { Link } from "react-router";
import { type FormEvent, useId, useState } from "react";
import { apiPost, messageFrom, NetworkError } from "#app/lib/api.ts";
import { clearUser, useHydrated } from "#app/lib/storage.ts";
import { focusRing } from "#app/components/catalog/ProductCard.tsx";
import { NETWORK_ERROR, Notice, SubmitButton } from "./PasswordParts.tsx";

type Status = { state: "idle" | "submitting" | "deleted" } | { state: "error"; message: string };

const inputClass =
  "block w-full rounded-lg border border-gray-300 bg-white px-3.5 py-2.5 text-gray-900 shadow-xs focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none";

/**
 * 'Eliminar conta' on /conta/privacidade: confirmed by the password (POST /api/users/me/delete). Once done, the
 * browser forgets the signed-in user and the page shows the confirmation in place of the account's data.
 */
export function PrivacyDelete(props: { onDeleted: (message: string) => void }) {
  const hydrated = useHydrated();
  const id = useId();
  const [status, setStatus] = useState<Status>({ state: "idle" });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (status.state === "submitting") return;
    const password = String(new FormData(event.currentTarget).get("password") ?? "");
    setStatus({ state: "submitting" });
    try {
      const response = await apiPost("/api/users/me/delete", { password });
      const message = messageFrom(response.data);
      if (response.ok) {
        clearUser();
        props.onDeleted(message ?? "A sua conta foi eliminada.");
        return;
      }
      setStatus({ state: "error", message: message ?? "Não foi possível eliminar a conta." });
    } catch (cause) {
      setStatus({
        state: "error",
        message: cause instanceof NetworkError ? NETWORK_ERROR : "Não foi possível eliminar a conta.",
      });
    }
  }

  return (
    <form method="post" onSubmit={onSubmit} noValidate className="mt-5 space-y-4">
      <div>
        <label htmlFor={`${id}-password`} className="mb-1.5 block text-sm font-medium text-gray-800">
          Palavra-passe (para confirmar)
        </label>
        <input
          id={`${id}-password`}
          name="password"
          type="password"
          autoComplete="current-password"
          aria-invalid={status.state === "error" ? true : undefined}
          className={inputClass}
        />
      </div>
      {status.state === "error" && <Notice kind="error">{status.message}</Notice>}
      <SubmitButton busy={status.state === "submitting"} hydrated={hydrated} danger>
        Eliminar conta
      </SubmitButton>
    </form>
  );
}

/** What the page shows once the account is gone (the browser is signed out by then). */
export function PrivacyDeleted({ message }: { message: string }) {
  return (
    <div className="mt-8 space-y-5">
      <Notice kind="success">{message}</Notice>
      <p className="text-sm text-gray-600">
        Enviámos uma confirmação para o email que a conta tinha. Obrigado por ter sido nosso cliente.
      </p>
      <Link
        to="/"
        className={`${focusRing} flex w-full items-center justify-center rounded-lg bg-gray-900 px-4 py-2.5 text-sm font-semibold text-white hover:bg-gray-700`}
      >
        Voltar à loja
      </Link>
    </div>
  );
}
