import { ShoppingBag, ShoppingCart } from "lucide-react";
import { Link } from "react-router";
import { focusRing } from "#app/components/catalog/ProductCard.tsx";

/** Cart /carrinho with no lines. */
export function EmptyCart() {
  return (
    <div className="mx-auto flex min-h-[50vh] max-w-xl flex-col items-center justify-center px-4 py-16 text-center">
      <span className="grid size-16 place-items-center rounded-full bg-gray-100">
        <ShoppingCart className="size-8 text-gray-500" aria-hidden="true" />
      </span>
      <h1 className="mt-6 text-2xl font-bold tracking-tight text-gray-900">O seu carrinho está vazio.</h1>
      <Link
        to="/"
        className={`${focusRing} mt-6 inline-flex items-center gap-2 rounded-lg bg-gray-900 px-5 py-2.5 text-sm font-semibold text-white hover:bg-gray-700`}
      >
        <ShoppingBag className="size-4" aria-hidden="true" />
        Continuar a comprar
      </Link>
    </div>
  );
}
