import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = () => [
  { title: "Loja — Loja online" },
  {
    name: "description",
    content: "Produtos de beleza, identidade e vestuário com pagamento por MB WAY, Multibanco ou Payshop. Envios para Portugal continental e ilhas.",
  },
];

export default function Home() {
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
      <h1 className="text-2xl font-bold tracking-tight text-gray-900 sm:text-3xl">Artigos Disponíveis</h1>
    </div>
  );
}
