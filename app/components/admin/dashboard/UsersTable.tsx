import { Eye, Pencil, Trash2 } from "lucide-react";
import { Link, useFetcher } from "react-router";
import type { PublicUser } from "#server/modules/accounts/schemas.ts";
import { ListSearch } from "#app/components/admin/ListSearch.tsx";
import { Pagination, useScreenPending } from "#app/components/admin/Pagination.tsx";
import { ResponsiveTable } from "#app/components/admin/ResponsiveTable.tsx";
import { type ActionResult, useFetcherToast } from "#app/components/admin/route-data.tsx";
import { EmptyState, focusRing, useConfirm } from "#app/components/admin/ui.tsx";

/** One page of the users, staff first (the dashboard's loader). */
export interface UsersPage {
  items: PublicUser[];
  total: number;
  page: number;
  pageSize: number;
}

/** The search params of the users' page and search on /dashboard. */
export const USERS_PAGE_PARAM = "usersPage";
export const USERS_SEARCH_PARAM = "utilizador";

const iconButton = `${focusRing} inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm font-medium`;

/**
 * The users table of /dashboard: id, name, email, function; view, edit, delete. Deleting goes to
 * the dashboard's clientAction (intent "delete-user"); the server refuses deleting yourself or the
 * last admin, with its own pt-PT reason.
 */
export function UsersTable({ users }: { users: UsersPage }) {
  const { confirm, dialog } = useConfirm();
  const remover = useFetcher<ActionResult>();
  const pending = useScreenPending();
  useFetcherToast(remover, {
    success: "Utilizador eliminado com sucesso.",
    failure: "Erro ao deletar usuário. Tente novamente.",
  });
  // The user whose deletion is on its way (the fetcher keeps the JSON it submitted).
  const deleting = remover.state === "idle" ? null : (remover.json as { id?: number } | undefined)?.id;

  async function remove(user: PublicUser) {
    if (!(await confirm(`Tens a certeza que queres eliminar o utilizador ${user.name} (${user.email})?`, "Eliminar")))
      return;
    void remover.submit({ intent: "delete-user", id: user.id }, { method: "post", encType: "application/json" });
  }

  const search = (
    <ListSearch
      label="Pesquisar utilizadores"
      placeholder="Nome ou email"
      param={USERS_SEARCH_PARAM}
      pageParam={USERS_PAGE_PARAM}
    />
  );
  if (users.total === 0)
    return (
      <>
        {search}
        <EmptyState message="Nenhum utilizador encontrado." />
      </>
    );

  return (
    <>
      {search}
      <ResponsiveTable
        label="Utilizadores"
        tableFrom="lg"
        rows={users.items}
        rowKey={(user) => String(user.id)}
        busy={pending}
        cardTitle={(user) => <h3 className="text-base font-semibold text-gray-900">{user.name}</h3>}
        columns={[
          { id: "id", header: "ID", width: "w-[8%]", className: "tabular-nums", cell: (user) => user.id },
          { id: "name", header: "Nome", width: "w-[22%]", inCardTitle: true, cell: (user) => user.name },
          { id: "email", header: "Email", width: "w-[30%]", cell: (user) => user.email },
          { id: "function", header: "Função", width: "w-[12%]", cell: (user) => user.function },
        ]}
        actionsWidth="w-[28%]"
        actions={(user) => (
          <div className="flex flex-wrap gap-1">
            <Link
              to={`/usuarios/ver/${user.id}`}
              className={`${iconButton} text-gray-800 hover:bg-gray-100`}
              aria-label={`Ver ${user.name}`}
            >
              <Eye aria-hidden="true" className="size-4" />
              Ver
            </Link>
            <Link
              to={`/usuarios/editar/${user.id}`}
              className={`${iconButton} text-blue-800 hover:bg-blue-50`}
              aria-label={`Editar ${user.name}`}
            >
              <Pencil aria-hidden="true" className="size-4" />
              Editar
            </Link>
            <button
              type="button"
              onClick={() => void remove(user)}
              disabled={deleting === user.id}
              className={`${iconButton} text-red-800 hover:bg-red-50 disabled:opacity-60`}
              aria-label={`Eliminar ${user.name}`}
            >
              <Trash2 aria-hidden="true" className="size-4" />
              Eliminar
            </button>
          </div>
        )}
      />
      <Pagination
        page={users.page}
        pageSize={users.pageSize}
        total={users.total}
        label="Paginação dos utilizadores"
        param={USERS_PAGE_PARAM}
      />
      {dialog}
    </>
  );
}
