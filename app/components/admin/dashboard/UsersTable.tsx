import { Eye, Pencil, Trash2 } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { toast } from "#app/lib/toast.tsx";
import type { PublicUser } from "#server/accounts/schemas.ts";
import { apiDelete, messageFrom } from "#app/lib/api.ts";
import { Pagination } from "../orders/paging.tsx";
import { ResponsiveTable } from "../ResponsiveTable.tsx";
import { EmptyState, ErrorPanel, LoadingState, focusRing, useApiData, useConfirm } from "../ui.tsx";

const DELETE_FAILURE = "Erro ao deletar usuário. Tente novamente.";

const iconButton = `${focusRing} inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm font-medium`;

/** The users table of /dashboard: id, name, email, function; view, edit, delete (spec section 2). */
const USERS_PAGE_SIZE = 20;

/** Staff (admins) first, then clientes, each by id: the accounts an owner manages stay on the first page. */
const staffFirst = (users: PublicUser[]) =>
  users.toSorted((a, b) => Number(b.function === "admin") - Number(a.function === "admin") || a.id - b.id);

export function UsersTable() {
  const {
    data: users,
    error,
    loading,
    reload,
  } = useApiData<PublicUser[]>("/api/users", "Erro ao carregar os utilizadores");
  const { confirm, dialog } = useConfirm();
  const [deleting, setDeleting] = useState<number | null>(null);
  // A shop with thousands of clientes must not render them all at once.
  const [page, setPage] = useState(1);

  async function remove(user: PublicUser) {
    if (!(await confirm(`Tens a certeza que queres eliminar o utilizador ${user.name} (${user.email})?`, "Eliminar")))
      return;
    setDeleting(user.id);
    try {
      const response = await apiDelete(`/api/users/${user.id}`);
      if (response.ok) {
        toast.success(messageFrom(response.data) ?? "Utilizador eliminado com sucesso.");
        await reload();
      } else {
        // The server refuses deleting yourself or the last admin, with its own pt-PT reason.
        toast.error(messageFrom(response.data) ?? DELETE_FAILURE);
      }
    } catch {
      toast.error(DELETE_FAILURE);
    } finally {
      setDeleting(null);
    }
  }

  if (loading && !users) return <LoadingState label="Carregando utilizadores..." />;
  if (error && !users) return <ErrorPanel message={error} onRetry={() => void reload()} />;
  if (!users || users.length === 0) return <EmptyState message="Nenhum utilizador encontrado." />;

  return (
    <>
      <ResponsiveTable
        label="Utilizadores"
        tableFrom="lg"
        rows={staffFirst(users).slice((page - 1) * USERS_PAGE_SIZE, page * USERS_PAGE_SIZE)}
        rowKey={(user) => String(user.id)}
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
      {users.length > USERS_PAGE_SIZE ? (
        <Pagination
          page={page}
          pageSize={USERS_PAGE_SIZE}
          total={users.length}
          onPageChange={setPage}
          label="Paginação dos utilizadores"
        />
      ) : null}
      {dialog}
    </>
  );
}
