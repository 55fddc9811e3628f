import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import {
  AccountCard,
  EmailField,
  linkClass,
  NETWORK_ERROR,
  Notice,
  SubmitButton,
} from "#app/components/account/PasswordParts.tsx";
import { apiPost, messageFrom, NetworkError } from "#app/lib/api.ts";
import { useHydrated } from "#app/lib/storage.ts";
import type { Route } from "./+types/recuperar-palavra-passe";
import { shopNameIn } from "#app/lib/shop.ts";

/**
 * /recuperar-palavra-passe ('Esqueceu-se da palavra-passe?' on /login): asks for a reset link by e-mail
 * (POST /api/users/forgot-password). The server answers the same whether or not the account exists.
 */

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Recuperar palavra-passe | ${shopNameIn(matches)}` },
  {
    name: "description",
    content: `Peça uma ligação para definir uma nova palavra-passe da sua conta ${shopNameIn(matches)}.`,
  },
];

type Status = { state: "idle" | "submitting" } | { state: "sent" | "error"; message: string };

export default function ForgotPassword() {
  const hydrated = useHydrated();
  const [status, setStatus] = useState<Status>({ state: "idle" });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (status.state === "submitting") return;
    const email = String(new FormData(event.currentTarget).get("email") ?? "").trim();
    if (!email) {
      setStatus({ state: "error", message: "Email é obrigatório" });
      return;
    }
    setStatus({ state: "submitting" });
    try {
      const response = await apiPost("/api/users/forgot-password", { email });
      const message = messageFrom(response.data);
      if (response.ok) setStatus({ state: "sent", message: message ?? "Pedido enviado." });
      else setStatus({ state: "error", message: message ?? "Não foi possível enviar o pedido." });
    } catch (cause) {
      setStatus({
        state: "error",
        message: cause instanceof NetworkError ? NETWORK_ERROR : "Não foi possível enviar o pedido.",
      });
    }
  }

  return (
    <AccountCard
      title="Recuperar palavra-passe"
      intro="Indique o email da sua conta. Enviamos-lhe uma ligação para escolher uma nova palavra-passe."
    >
      {status.state === "sent" ? (
        <div className="mt-8 space-y-4">
          <Notice kind="success">{status.message}</Notice>
          <p className="text-sm text-gray-600">
            Não recebeu nada? Verifique a pasta de spam ou{" "}
            <button type="button" className={linkClass} onClick={() => setStatus({ state: "idle" })}>
              peça de novo
            </button>
            .
          </p>
        </div>
      ) : (
        <form onSubmit={onSubmit} noValidate className="mt-8 space-y-5">
          <EmailField id="recuperar-email" required />
          {status.state === "error" && <Notice kind="error">{status.message}</Notice>}
          <SubmitButton busy={status.state === "submitting"} hydrated={hydrated}>
            Enviar ligação
          </SubmitButton>
        </form>
      )}
      <p className="mt-6 text-center text-sm text-gray-600">
        Lembrou-se?{" "}
        <Link to="/login" className={linkClass}>
          Iniciar sessão
        </Link>
      </p>
    </AccountCard>
  );
}
