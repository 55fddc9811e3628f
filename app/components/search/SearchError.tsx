import { isRouteErrorResponse, Link } from "react-router";
import { focusRing } from "#app/components/catalog/ProductCard.tsx";

/** The message a search page's loader threw with a 400 or 404 (`{ message }`), if any. */
export function errorMessage(error: unknown): string | null {
  if (!isRouteErrorResponse(error)) return null;
  const message = (error.data as { message?: unknown } | null)?.message;
  return typeof message === "string" ? message : null;
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A search page's error: a bad parameter (400, the pt-PT message), an unknown category (404) or a failure. */
export function SearchError({ error }: { error: unknown }) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (status >= 500) console.error(error);
  const message = errorMessage(error);
  const [title, text] =
    status === 400
      ? ["Pesquisa inválida", message ?? "Os parâmetros da pesquisa não são válidos."]
      : status === 404 && message?.startsWith("Página não encontrada")
        ? ["Página não encontrada", `${capitalised(message.split(": ")[1] ?? "")} Volte à primeira página.`.trim()]
        : status === 404
          ? ["Categoria não encontrada", "Esta categoria não existe ou já não está disponível na loja."]
          : ["Algo deu errado.", "Não foi possível mostrar estes artigos. Tente novamente dentro de momentos."];
  return (
    <div className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-4 px-6 py-16 text-center">
      {status < 500 && <p className="text-6xl font-extrabold tracking-tight text-brand-500">{status}</p>}
      <h1 className="text-2xl font-bold tracking-tight text-gray-900 sm:text-3xl">{title}</h1>
      <p role={status === 400 ? "alert" : undefined} className="text-gray-600">
        {text}
      </p>
      <div className="mt-2 flex flex-col gap-3 sm:flex-row">
        <Link
          to="/pesquisa"
          className={`rounded-lg bg-gray-900 px-5 py-2.5 text-sm font-semibold text-white hover:bg-gray-700 ${focusRing}`}
        >
          Ver todos os artigos
        </Link>
        <Link
          to="/"
          className={`rounded-lg border border-gray-300 px-5 py-2.5 text-sm font-semibold text-gray-900 hover:bg-gray-50 ${focusRing}`}
        >
          Voltar à loja
        </Link>
      </div>
    </div>
  );
}
