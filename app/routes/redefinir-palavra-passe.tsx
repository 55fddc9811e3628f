import { Link, useSearchParams } from "react-router";
import { AccountCard, linkClass, Notice } from "#app/components/account/PasswordParts.tsx";
import { PasswordResetForm, submitPasswordReset } from "#app/components/account/PasswordResetForm.tsx";
import { resetPasswordAction } from "#app/components/account/password.server.ts";
import { formLoaderData } from "#app/lib/forms/form-action.server.ts";
import type { Route } from "./+types/redefinir-palavra-passe";
import { shopNameIn } from "#app/lib/shop.ts";

/**
 * /redefinir-palavra-passe?token=…: the page the reset e-mail links to. The token is checked when the form is
 * sent (a link that has expired or was used gets the server's message and a way to ask for a new one).
 */

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Redefinir palavra-passe | ${shopNameIn(matches)}` },
  { name: "robots", content: "noindex" },
  // The token is in this page's address: never hand it to another site.
  { name: "referrer", content: "no-referrer" },
];

export function loader({ context }: Route.LoaderArgs) {
  return formLoaderData(context);
}

/** Without script: the same reset as POST /api/users/reset-password (decision 0015). */
export function action({ request, context }: Route.ActionArgs) {
  return resetPasswordAction(request, context);
}

/** With script: POST /api/users/reset-password. */
export function clientAction({ request }: Route.ClientActionArgs) {
  return submitPasswordReset(request);
}

export default function ResetPassword({ loaderData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token")?.trim() ?? "";
  return (
    <AccountCard title="Redefinir palavra-passe" intro="Escolha a nova palavra-passe da sua conta.">
      {token ? (
        <PasswordResetForm csrf={loaderData.csrf} />
      ) : (
        <div className="mt-8">
          <Notice kind="error">
            Esta ligação está incompleta. Abra a ligação do email tal como a recebeu, ou{" "}
            <Link to="/recuperar-palavra-passe" className={linkClass}>
              peça uma nova
            </Link>
            .
          </Notice>
        </div>
      )}
    </AccountCard>
  );
}
