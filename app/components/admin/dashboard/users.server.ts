/**
 * Loader helpers of the users screens (/dashboard's 'Utilizadores', /usuarios/ver/:id,
 * /usuarios/editar/:id): the same service calls as GET /api/users and GET /api/users/:id.
 */
import { idParams, type PublicUser } from "#server/modules/accounts/schemas.ts";
import { BadRequestError } from "#server/core/errors.ts";
import { load, servicesOf } from "#app/lib/route-data.server.ts";
import type { UsersPage } from "./UsersTable.tsx";

type Context = Parameters<typeof servicesOf>[0];

export const USERS_PAGE_SIZE = 20;

/** Staff (admins) first, then clientes, each by id: the accounts an owner manages stay on the first page. */
const staffFirst = (users: PublicUser[]) =>
  users.toSorted((a, b) => Number(b.function === "admin") - Number(a.function === "admin") || a.id - b.id);

/** One page of GET /api/users, staff first: a shop with thousands of clientes does not send them all. */
export async function loadUsersPage(context: Context, page: number): Promise<UsersPage> {
  const users = await load(() => servicesOf(context).accounts.list());
  const start = (page - 1) * USERS_PAGE_SIZE;
  return {
    items: staffFirst(users).slice(start, start + USERS_PAGE_SIZE),
    total: users.length,
    page,
    pageSize: USERS_PAGE_SIZE,
  };
}

/** GET /api/users/:id: the id is checked as the API checks it ('ID inválido', 400). */
export function loadUser(context: Context, rawId: string | undefined): Promise<PublicUser> {
  return load(() => {
    const parsed = idParams.safeParse({ id: rawId });
    if (!parsed.success) throw new BadRequestError("ID inválido");
    return servicesOf(context).accounts.get(parsed.data.id);
  });
}
