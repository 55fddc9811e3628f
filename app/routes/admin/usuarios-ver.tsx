import { ArrowLeft, Pencil } from "lucide-react";
import { Link } from "react-router";
import { loadUser } from "#app/components/admin/dashboard/users.server.ts";
import { screenErrorBoundary } from "#app/components/admin/route-data.tsx";
import { buttonClass, PageHeader, Panel } from "#app/components/admin/ui.tsx";
import { adminMeta } from "#app/lib/seo.ts";
import type { Route } from "./+types/usuarios-ver";

// A route's meta replaces its parents', so noindex is repeated here.
export const meta: Route.MetaFunction = () => adminMeta("Ver Utilizador");

export async function loader({ context, params }: Route.LoaderArgs) {
  return { user: await loadUser(context, params.id) };
}

export const ErrorBoundary = screenErrorBoundary("Erro ao carregar o utilizador");

const FUNCTION_LABEL: Record<string, string> = { admin: "Administrador (admin)", cliente: "Cliente (cliente)" };

/** /usuarios/ver/:id: id, name, email, function and a way back. */
export default function Page({ loaderData: { user } }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-2xl">
      <PageHeader
        title="Ver Utilizador"
        actions={
          <>
            <Link to="/dashboard" className={buttonClass.secondary}>
              <ArrowLeft aria-hidden="true" className="size-4" />
              Voltar
            </Link>
            <Link to={`/usuarios/editar/${user.id}`} className={buttonClass.primary}>
              <Pencil aria-hidden="true" className="size-4" />
              Editar
            </Link>
          </>
        }
      />
      <Panel>
        <dl className="grid grid-cols-1 gap-x-6 gap-y-4 sm:grid-cols-[max-content_1fr]">
          <dt className="text-sm font-medium text-gray-700">ID</dt>
          <dd className="text-gray-900">{user.id}</dd>
          <dt className="text-sm font-medium text-gray-700">Nome</dt>
          <dd className="break-words text-gray-900">{user.name}</dd>
          <dt className="text-sm font-medium text-gray-700">Email</dt>
          <dd className="break-all text-gray-900">{user.email}</dd>
          <dt className="text-sm font-medium text-gray-700">Função</dt>
          <dd className="text-gray-900">{FUNCTION_LABEL[user.function] ?? user.function}</dd>
        </dl>
      </Panel>
    </div>
  );
}
