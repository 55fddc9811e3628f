import { ChevronLeft } from "lucide-react";
import { Link } from "react-router";
import { shopperPage } from "#app/components/account/OrderGuard.server.ts";
import { PasswordChangeForm, submitPasswordChange } from "#app/components/account/PasswordChangeForm.tsx";
import { changePasswordAction } from "#app/components/account/password.server.ts";
import { formLoaderData } from "#app/lib/forms/form-action.server.ts";
import { AccountCard, linkClass } from "#app/components/account/PasswordParts.tsx";
import type { Route } from "./+types/palavra-passe";
import { shopNameIn } from "#app/lib/shop.ts";

/** /conta/palavra-passe: the signed-in shopper changes their password (a visitor is sent to /login and back). */

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Alterar palavra-passe | ${shopNameIn(matches)}` },
  { name: "robots", content: "noindex" },
];

export const middleware: Route.MiddlewareFunction[] = [shopperPage];

// The middleware needs a loader to run on client navigations too; it also gives the form its CSRF token.
export function loader({ context }: Route.LoaderArgs) {
  return formLoaderData(context);
}

/** Without script: the same change as PUT /api/users/me/password, after the middleware's guard (decision 0015). */
export function action({ request, context }: Route.ActionArgs) {
  return changePasswordAction(request, context);
}

/** With script: PUT /api/users/me/password. */
export function clientAction({ request }: Route.ClientActionArgs) {
  return submitPasswordChange(request);
}

export default function ChangePassword({ loaderData }: Route.ComponentProps) {
  return (
    <AccountCard
      title="Alterar palavra-passe"
      intro="Indique a palavra-passe atual e escolha uma nova. As sessões desta conta noutros dispositivos terminam."
    >
      <PasswordChangeForm csrf={loaderData.csrf} />
      <p className="mt-6 text-center text-sm text-gray-600">
        <Link to="/conta" className={`${linkClass} inline-flex items-center gap-1`}>
          <ChevronLeft className="size-4" aria-hidden="true" />
          Voltar à minha conta
        </Link>
      </p>
    </AccountCard>
  );
}
