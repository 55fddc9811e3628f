import { useRef } from "react";
import { Link, useFetcher } from "react-router";
import {
  AccountCard,
  EmailField,
  linkClass,
  NETWORK_ERROR,
  Notice,
  SubmitButton,
} from "#app/components/account/PasswordParts.tsx";
import { forgotPasswordAction } from "#app/components/account/password.server.ts";
import { apiPost, messageFrom, NetworkError } from "#app/lib/api.ts";
import { CsrfField } from "#app/lib/forms/CsrfField.tsx";
import { formLoaderData } from "#app/lib/forms/form-action.server.ts";
import { failure, type FormResult } from "#app/lib/forms/form-result.ts";
import { useFormFeedback } from "#app/lib/forms/use-form-feedback.ts";
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

const FIELDS = ["email"] as const;
const FAILED = "Não foi possível enviar o pedido.";

export function loader({ context }: Route.LoaderArgs) {
  return formLoaderData(context);
}

/** Without script: the same request as POST /api/users/forgot-password (decision 0015). */
export function action({ request, context }: Route.ActionArgs) {
  return forgotPasswordAction(request, context);
}

/** With script: POST /api/users/forgot-password. */
export async function clientAction({ request }: Route.ClientActionArgs): Promise<FormResult<"email">> {
  const form = await request.formData();
  const email = String(form.get("email") ?? "").trim();
  if (!email) return failure(form, "Email é obrigatório");
  try {
    const response = await apiPost("/api/users/forgot-password", { email });
    const message = messageFrom(response.data);
    if (response.ok) return { ok: true, message: message ?? "Pedido enviado." };
    return failure(form, message ?? FAILED);
  } catch (cause) {
    return failure(form, cause instanceof NetworkError ? NETWORK_ERROR : FAILED);
  }
}

export default function ForgotPassword({ loaderData }: Route.ComponentProps) {
  const fetcher = useFetcher<FormResult<"email">>();
  const formRef = useRef<HTMLFormElement>(null);
  const { shown, setShown, busy, typed } = useFormFeedback(fetcher, { fields: FIELDS, formRef });

  return (
    <AccountCard
      title="Recuperar palavra-passe"
      intro="Indique o email da sua conta. Enviamos-lhe uma ligação para escolher uma nova palavra-passe."
    >
      {shown?.ok ? (
        <div className="mt-8 space-y-4">
          <Notice kind="success">{shown.message}</Notice>
          <p className="text-sm text-gray-600">
            Não recebeu nada? Verifique a pasta de spam ou{" "}
            <button
              type="submit"
              form="recuperar-de-novo"
              className={linkClass}
              onClick={(event) => {
                event.preventDefault();
                setShown(undefined);
              }}
            >
              peça de novo
            </button>
            .
          </p>
          {/* Without script the button opens the empty form again (a form cannot sit inside the paragraph). */}
          <form id="recuperar-de-novo" method="get" hidden />
        </div>
      ) : (
        <fetcher.Form ref={formRef} method="post" noValidate className="mt-8 space-y-5">
          <CsrfField token={loaderData.csrf} />
          <EmailField id="recuperar-email" required defaultValue={typed.email} />
          {!busy && shown && !shown.ok && shown.message && <Notice kind="error">{shown.message}</Notice>}
          <SubmitButton busy={busy}>Enviar ligação</SubmitButton>
        </fetcher.Form>
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
