import type { Route } from "./+types/produtos-editprodutos";

// A route's meta replaces its parents', so noindex is repeated here.
export const meta: Route.MetaFunction = () => [
  { title: "Detalhe de Stock do Produto | Loja Admin" },
  { name: "robots", content: "noindex" },
];

export default function Page() {
  return <h1 className="text-2xl font-bold tracking-tight text-gray-900 sm:text-3xl">Detalhe de Stock do Produto</h1>;
}
