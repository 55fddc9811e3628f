import { ArrowLeft, CheckCircle2 } from "lucide-react";
import { Link } from "react-router";
import { focusRing } from "#app/components/content/ContentPage.tsx";
import type { Route } from "./+types/pagamento-concluido";
import { shopNameIn } from "#app/lib/shop.ts";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Pagamento concluído | ${shopNameIn(matches)}` },
  {
    name: "description",
    content: `O seu pagamento foi recebido com sucesso. Obrigado pela sua compra na ${shopNameIn(matches)}.`,
  },
  { name: "robots", content: "noindex" },
];

export default function PagamentoConcluido() {
  return (
    <div className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center px-4 py-16 text-center sm:px-6">
      <span className="grid size-20 place-items-center rounded-full bg-green-50 ring-8 ring-green-50/50">
        <CheckCircle2 className="size-12 text-green-600" aria-hidden="true" />
      </span>
      <h1 className="mt-8 text-3xl font-bold tracking-tight text-gray-900 sm:text-4xl">Pagamento concluído!</h1>
      <p className="mt-4 text-lg leading-8 text-gray-600">
        O seu pagamento foi recebido com sucesso. Obrigado pela sua compra!
      </p>
      <p className="mt-2 text-sm leading-6 text-gray-500">
        A encomenda é expedida no prazo de 24 horas úteis. Consulte as{" "}
        <Link
          to="/info-envio"
          className={`${focusRing} rounded-sm font-medium text-brand-600 underline underline-offset-2 hover:text-brand-700`}
        >
          Informações de Envio
        </Link>
        .
      </p>
      <Link
        to="/"
        className={`${focusRing} mt-8 inline-flex items-center gap-2 rounded-lg bg-gray-900 px-5 py-2.5 text-sm font-semibold text-white hover:bg-gray-700`}
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        Voltar à loja
      </Link>
    </div>
  );
}
