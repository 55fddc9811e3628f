import { data, Link } from "react-router";
import type { Route } from "./+types/not-found";
import { shopNameIn } from "#app/lib/shop.ts";

/** The catch-all route: every unknown path answers HTTP 404. */
export function loader() {
  throw data(null, { status: 404 });
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Página não encontrada | ${shopNameIn(matches)}` },
  { name: "robots", content: "noindex" },
];

function NotFound() {
  return (
    <main className="mx-auto flex min-h-screen max-w-xl flex-col items-center justify-center gap-4 px-6 py-16 text-center">
      <p className="text-6xl font-extrabold tracking-tight text-brand-500">404</p>
      <h1 className="text-2xl font-bold tracking-tight text-gray-900 sm:text-3xl">Página não encontrada</h1>
      <p className="text-gray-600">A página que procura não existe ou foi removida.</p>
      <Link
        to="/"
        className="mt-2 rounded-lg bg-gray-900 px-5 py-2.5 text-sm font-semibold text-white hover:bg-gray-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
      >
        Voltar à loja
      </Link>
    </main>
  );
}

export function ErrorBoundary() {
  return <NotFound />;
}

export default NotFound;
