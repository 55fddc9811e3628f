import { ChevronLeft, ChevronRight, KeyRound, Package, ShieldCheck, ShoppingBag } from "lucide-react";
import { Link } from "react-router";
import { focusRing } from "#app/components/catalog/ProductCard.tsx";
import { OrderList } from "#app/components/account/OrderList.tsx";
import { shopperOf, shopperPage } from "#app/components/account/OrderGuard.server.ts";
import { load } from "#app/lib/route-data.server.ts";
import type { Route } from "./+types/index";
import { shopNameIn } from "#app/lib/shop.ts";

/**
 * "A minha conta" /conta: a greeting, the shopper's orders (newest first, ORDERS_PER_PAGE a page, `?pagina=`)
 * and the links to the password and privacy pages. Signed-in accounts only (a visitor is sent to the login
 * page, which brings them back); everything is read on the server, so the page is complete in its HTML.
 * Signing out is the header's 'Sair'.
 */

const ORDERS_PER_PAGE = 10;

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `A minha conta | ${shopNameIn(matches)}` },
  { name: "robots", content: "noindex" },
];

export const middleware: Route.MiddlewareFunction[] = [shopperPage];

export async function loader({ context, request }: Route.LoaderArgs) {
  const { user, services } = shopperOf(context);
  const asked = Number(new URL(request.url).searchParams.get("pagina") ?? "1");
  const page = Number.isInteger(asked) && asked >= 1 && asked <= 100_000 ? asked : 1;
  const { items, total } = await load(() => services.myOrders.list(user.id, { page, limit: ORDERS_PER_PAGE }));
  return { name: user.name, orders: items, total, page, pages: Math.max(1, Math.ceil(total / ORDERS_PER_PAGE)) };
}

const linkCard = `${focusRing} flex items-center gap-3 rounded-xl border border-gray-200 bg-white p-4 text-sm font-medium text-gray-900 hover:border-gray-300 hover:bg-gray-50`;
const pagerLink = `${focusRing} inline-flex items-center gap-1 rounded-lg border border-gray-300 px-3 py-2 text-sm font-medium text-gray-800 hover:bg-gray-50`;

export default function Conta({ loaderData }: Route.ComponentProps) {
  const { name, orders, total, page, pages } = loaderData;
  const firstName = name.trim().split(/\s+/)[0] || name;
  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6 lg:py-12">
      <h1 className="text-2xl font-bold tracking-tight text-gray-900 sm:text-3xl">A minha conta</h1>
      <p className="mt-1 text-gray-600">
        Olá, <span className="font-semibold text-gray-900">{firstName}</span>! Aqui encontra as suas encomendas e os
        dados da sua conta.
      </p>

      <section aria-labelledby="encomendas" className="mt-8">
        <h2 id="encomendas" className="text-lg font-semibold text-gray-900">
          As minhas encomendas
          {total > 0 ? <span className="ml-2 text-base font-normal text-gray-500">({total})</span> : null}
        </h2>

        {orders.length === 0 ? (
          <div className="mt-4 flex flex-col items-center rounded-2xl border border-dashed border-gray-300 px-4 py-10 text-center">
            <Package className="size-10 text-gray-400" aria-hidden="true" />
            <p className="mt-3 font-medium text-gray-900">
              {page > 1 ? "Não há encomendas nesta página." : "Ainda não fez nenhuma encomenda."}
            </p>
            <Link
              to={page > 1 ? "/conta" : "/"}
              className={`${focusRing} mt-5 inline-flex items-center gap-2 rounded-lg bg-gray-900 px-5 py-2.5 text-sm font-semibold text-white hover:bg-gray-700`}
            >
              <ShoppingBag className="size-4" aria-hidden="true" />
              {page > 1 ? "Ver as encomendas mais recentes" : "Ir para a loja"}
            </Link>
          </div>
        ) : (
          <OrderList orders={orders} />
        )}

        {pages > 1 ? (
          <nav aria-label="Páginas de encomendas" className="mt-4 flex items-center justify-between gap-2">
            {page > 1 ? (
              <Link to={page === 2 ? "/conta" : `/conta?pagina=${page - 1}`} className={pagerLink}>
                <ChevronLeft className="size-4" aria-hidden="true" />
                Mais recentes
              </Link>
            ) : (
              <span />
            )}
            <p className="text-sm text-gray-600">
              Página {page} de {pages}
            </p>
            {page < pages ? (
              <Link to={`/conta?pagina=${page + 1}`} className={pagerLink}>
                Mais antigas
                <ChevronRight className="size-4" aria-hidden="true" />
              </Link>
            ) : (
              <span />
            )}
          </nav>
        ) : null}
      </section>

      <section aria-labelledby="dados-conta" className="mt-10">
        <h2 id="dados-conta" className="text-lg font-semibold text-gray-900">
          Dados da conta
        </h2>
        <ul className="mt-4 grid gap-3 sm:grid-cols-2">
          <li>
            <Link to="/conta/palavra-passe" className={linkCard}>
              <KeyRound className="size-5 text-brand-600" aria-hidden="true" />
              Alterar palavra-passe
            </Link>
          </li>
          <li>
            <Link to="/conta/privacidade" className={linkCard}>
              <ShieldCheck className="size-5 text-brand-600" aria-hidden="true" />
              Privacidade e dados
            </Link>
          </li>
        </ul>
      </section>
    </div>
  );
}
