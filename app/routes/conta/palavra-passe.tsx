import { ChevronLeft } from "lucide-react";
import { Link } from "react-router";
import { shopperPage } from "#app/components/account/OrderGuard.server.ts";
import { PasswordChangeForm } from "#app/components/account/PasswordChangeForm.tsx";
import { AccountCard, linkClass } from "#app/components/account/PasswordParts.tsx";
import type { Route } from "./+types/palavra-passe";
import { shopNameIn } from "#app/lib/shop.ts";

/** /conta/palavra-passe: the signed-in shopper changes their password (a visitor is sent to /login and back). */

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Alterar palavra-passe | ${shopNameIn(matches)}` },
  { name: "robots", content: "noindex" },
];

export const middleware: Route.MiddlewareFunction[] = [shopperPage];

// The middleware needs a loader to run on client navigations too.
export function loader() {
  return null;
}

export default function ChangePassword() {
  return (
    <AccountCard
      title="Alterar palavra-passe"
      intro="Indique a palavra-passe atual e escolha uma nova. As sessões desta conta noutros dispositivos terminam."
    >
      <PasswordChangeForm />
      <p className="mt-6 text-center text-sm text-gray-600">
        <Link to="/conta" className={`${linkClass} inline-flex items-center gap-1`}>
          <ChevronLeft className="size-4" aria-hidden="true" />
          Voltar à minha conta
        </Link>
      </p>
    </AccountCard>
  );
}
