/**
 * Loader helpers of the users screens (/dashboard's 'Utilizadores', /usuarios/ver/:id,
 * /usuarios/editar/:id): the same service calls as GET /api/users and GET /api/users/:id.
 */
import { z } from "zod";
import { idParams, type PublicUser } from "#server/modules/accounts/schemas.ts";
import { BadRequestError } from "#server/core/errors.ts";
import { searchText } from "#server/core/zod.ts";
import { searchQuery } from "#app/components/admin/search-query.server.ts";
import { load, servicesOf } from "#app/lib/route-data.server.ts";
import { USERS_SEARCH_PARAM, type UsersPage } from "./UsersTable.tsx";

type Context = Parameters<typeof servicesOf>[0];

export const USERS_PAGE_SIZE = 20;

/**
 * One page of GET /api/users?page=&limit=&search= (staff first, then clientes, by id; the search a part of the
 * name or e-mail, validated as every list's): a shop with thousands of clientes sends one page.
 */
export async function loadUsersPage(context: Context, request: Request, page: number): Promise<UsersPage> {
  const { search } = searchQuery(request, z.object({ search: searchText }), { search: USERS_SEARCH_PARAM });
  const { items, total } = await load(() =>
    servicesOf(context).accounts.listPage({ page, limit: USERS_PAGE_SIZE, search }),
  );
  return { items, total, page, pageSize: USERS_PAGE_SIZE };
}

/** GET /api/users/:id: the id is checked as the API checks it ('ID inválido', 400). */
export function loadUser(context: Context, rawId: string | undefined): Promise<PublicUser> {
  return load(() => {
    const parsed = idParams.safeParse({ id: rawId });
    if (!parsed.success) throw new BadRequestError("ID inválido");
    return servicesOf(context).accounts.get(parsed.data.id);
  });
}
