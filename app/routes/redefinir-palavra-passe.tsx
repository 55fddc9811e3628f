import { useSearchParams } from "react-router";
import { Link } from "react-router";
import { AccountCard, linkClass, Notice } from "#app/components/account/PasswordParts.tsx";
import { PasswordResetForm } from "#app/components/account/PasswordResetForm.tsx";
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

export default function ResetPassword() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token")?.trim() ?? "";
  return (
    <AccountCard title="Redefinir palavra-passe" intro="Escolha a nova palavra-passe da sua conta.">
      {token ? (
        <PasswordResetForm token={token} />
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
