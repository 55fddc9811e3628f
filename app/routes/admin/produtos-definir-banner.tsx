import type { Route } from "./+types/produtos-definir-banner";

// A route's meta replaces its parents', so noindex is repeated here.
export const meta: Route.MetaFunction = () => [
  { title: "Definir Banner | Loja Admin" },
  { name: "robots", content: "noindex" },
];

export default function Page() {
  return <h1 className="text-2xl font-bold tracking-tight text-gray-900 sm:text-3xl">Definir Banner</h1>;
}
