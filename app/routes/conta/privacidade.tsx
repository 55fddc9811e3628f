import { ChevronLeft, Download } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { shopperOf, shopperPage } from "#app/components/account/OrderGuard.server.ts";
import { AccountCard, linkClass } from "#app/components/account/PasswordParts.tsx";
import { PrivacyDelete, PrivacyDeleted } from "#app/components/account/PrivacyDelete.tsx";
import { focusRing } from "#app/components/catalog/ProductCard.tsx";
import type { Route } from "./+types/privacidade";
import { shopNameIn } from "#app/lib/shop.ts";

/**
 * /conta/privacidade (RGPD): 'Descarregar os meus dados' (GET /api/users/me/export, a JSON file) and 'Eliminar
 * conta' (POST /api/users/me/delete). What deletion erases and keeps: docs/decisions/0012-account-deletion.md.
 */

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Privacidade e dados | ${shopNameIn(matches)}` },
  { name: "robots", content: "noindex" },
];

export const middleware: Route.MiddlewareFunction[] = [shopperPage];

export function loader({ context }: Route.LoaderArgs) {
  const { user } = shopperOf(context);
  return { email: user.email, isAdmin: user.function === "admin" };
}

export default function Privacy({ loaderData }: Route.ComponentProps) {
  const [deleted, setDeleted] = useState<string | null>(null);
  if (deleted) {
    return (
      <AccountCard title="Conta eliminada">
        <PrivacyDeleted message={deleted} />
      </AccountCard>
    );
  }
  return (
    <AccountCard
      wide
      title="Privacidade e dados"
      intro={
        <>
          Os dados da conta <span className="font-medium break-all text-gray-900">{loaderData.email}</span>. Saiba mais
          na{" "}
          <Link to="/politica-privacidade" className={linkClass}>
            Política de Privacidade
          </Link>
          .
        </>
      }
    >
      <section aria-labelledby="descarregar" className="mt-8 border-t border-gray-200 pt-6">
        <h2 id="descarregar" className="text-lg font-semibold text-gray-900">
          Descarregar os meus dados
        </h2>
        <p className="mt-1 text-sm text-gray-600">
          Um ficheiro JSON com os dados da sua conta, as moradas de entrega que usou e todas as suas encomendas, com
          artigos e pagamentos.
        </p>
        <a
          href="/api/users/me/export"
          download
          className={`${focusRing} mt-4 inline-flex items-center gap-2 rounded-lg border border-gray-300 bg-white px-4 py-2.5 text-sm font-semibold text-gray-900 hover:bg-gray-50`}
        >
          <Download className="size-4" aria-hidden="true" />
          Descarregar os meus dados
        </a>
      </section>

      <section aria-labelledby="eliminar" className="mt-8 border-t border-gray-200 pt-6">
        <h2 id="eliminar" className="text-lg font-semibold text-gray-900">
          Eliminar conta
        </h2>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-gray-600">
          <li>O seu nome, email e palavra-passe são apagados e deixa de poder iniciar sessão.</li>
          <li>
            As encomendas ficam registadas com o nome e a morada de faturação durante 10 anos, como a lei da
            contabilidade exige; os números de telefone são apagados.
          </li>
          <li>Só é possível quando não houver encomendas em curso (por pagar, pagas, em preparação ou enviadas).</li>
          <li>Esta ação não pode ser desfeita.</li>
        </ul>
        {loaderData.isAdmin ? (
          <p className="mt-4 rounded-lg border border-amber-200 bg-amber-50 px-3.5 py-2.5 text-sm text-amber-800">
            Uma conta de administrador não pode ser eliminada aqui. Peça a outro administrador que lhe retire a função
            de administrador.
          </p>
        ) : (
          <PrivacyDelete
            onDeleted={(message) => {
              setDeleted(message);
              // The form sat low on the page; the confirmation is at the top (on a phone, out of sight otherwise).
              window.scrollTo({ top: 0 });
            }}
          />
        )}
      </section>

      <p className="mt-8 text-center text-sm text-gray-600">
        <Link to="/conta" className={`${linkClass} inline-flex items-center gap-1`}>
          <ChevronLeft className="size-4" aria-hidden="true" />
          Voltar à minha conta
        </Link>
      </p>
    </AccountCard>
  );
}
