import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "#app/routes.ts";
import { request as playwrightRequest, test, type APIRequestContext } from "./fixtures.ts";
import { ADMIN, expect, uniqueEmail } from "./support.ts";

/**
 * Every page under the admin layout of app/routes.ts is for admins only, however its URL is
 * spelled (case, percent-encoding, the `.data` single-fetch requests): visitors are sent to
 * /login, clientes to their own landing page, and neither ever gets the admin shell or its data.
 */

const ADMIN_LAYOUT = "routes/admin/layout.tsx";

/** The URL of every route under the admin layout, its parameters filled with 1. */
function pagesUnder(entries: readonly RouteConfigEntry[], inside: boolean, prefix = ""): string[] {
  return entries.flatMap((entry) => {
    const path = entry.path ? `${prefix}/${entry.path}` : prefix;
    const here = inside || entry.file === ADMIN_LAYOUT;
    const own = here && entry.path ? [path.replace(/:[^/]+/g, "1")] : [];
    return [...own, ...pagesUnder(entry.children ?? [], here, path)];
  });
}

const PROTECTED = pagesUnder(routes, false);
/** The pages whose route has an id parameter (filled with 1 above). */
const ID_PAGES = new Set(PROTECTED.filter((p) => /\/1(\/|$)/.test(p)));

/** Other spellings of one path that React Router matches to the same admin route. */
function variants(path: string): string[] {
  const upper = path.toUpperCase();
  const capitalised = path.replace(/\/(\w)/g, (_m, c: string) => `/${c.toUpperCase()}`);
  const encodedFirst = `/%${path.charCodeAt(1).toString(16)}${path.slice(2)}`;
  return [path, `${path}.data`, upper, capitalised, encodedFirst, `${capitalised}.data`, `${encodedFirst}.data`];
}

/** Markers of the admin shell and of the pages' data. */
const ADMIN_MARKERS = ["Menu de administração", "Painel de Administração", "paymentProvider"];

async function redirectOf(
  api: APIRequestContext,
  url: string,
): Promise<{ status: number; location: string; body: string }> {
  const res = await api.get(url, { maxRedirects: 0 });
  const body = await res.text();
  // A `.data` request answers the redirect inside its body (single fetch); a page answers 302 with Location.
  return { status: res.status(), location: res.headers()["location"] ?? body, body };
}

let cliente: APIRequestContext;

test.beforeAll(async ({ baseURL }) => {
  // A verified cliente: created by the admin (as an admin), then given the cliente function.
  const admin = await playwrightRequest.newContext({ baseURL });
  expect((await admin.post("/users/login", { data: ADMIN })).status()).toBe(200);
  const csrf = (await admin.storageState()).cookies.find((c) => c.name === "loja_csrf")!.value;
  const email = uniqueEmail("guarda");
  const password = "guarda-cliente-42";
  const created = await admin.post("/users/newuser", {
    headers: { "x-csrf-token": csrf },
    data: { name: "Cliente Guarda", email, password },
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = (await created.json()).user.id as number;
  const demoted = await admin.put(`/api/users/${id}`, {
    headers: { "x-csrf-token": csrf },
    data: { name: "Cliente Guarda", email, function: "cliente" },
  });
  expect(demoted.status(), await demoted.text()).toBe(200);
  await admin.dispose();
  cliente = await playwrightRequest.newContext({ baseURL });
  const login = await cliente.post("/users/login", { data: { email, password } });
  expect((await login.json()).user.function).toBe("cliente");
});

test.afterAll(async () => {
  await cliente?.dispose();
});

test("the guarded pages are every route under the admin layout of app/routes.ts", () => {
  expect(PROTECTED).toContain("/dashboard");
  expect(PROTECTED).toContain("/usuarios/ver/1");
  // The spec's 20 screens, the admin order page (/orders/:id), /definicoes, /mensagens and /promocoes.
  expect(PROTECTED).toHaveLength(24);
  expect(PROTECTED).toContain("/promocoes");
  expect(PROTECTED).not.toContain("/login");
});

test("visitors are redirected from every admin page, however spelled, to /login, with no admin content", async ({
  request,
}) => {
  for (const path of PROTECTED) {
    for (const url of variants(path)) {
      const { status, location, body } = await redirectOf(request, url);
      expect([202, 204, 302], `${url} -> ${status}`).toContain(status);
      expect(location, url).toContain("/login?redirect=");
      for (const marker of ADMIN_MARKERS) expect(body, `${url} carries ${marker}`).not.toContain(marker);
    }
  }
});

test("a cliente is sent from every admin page, however spelled, to the cart, never the admin shell", async () => {
  for (const path of PROTECTED) {
    for (const url of variants(path)) {
      const { status, location, body } = await redirectOf(cliente, url);
      expect([202, 204, 302], `${url} -> ${status}`).toContain(status);
      expect(location, url).toMatch(/^\/carrinho$|"\/carrinho"/);
      for (const marker of ADMIN_MARKERS) expect(body, `${url} carries ${marker}`).not.toContain(marker);
    }
  }
});

test("an admin opens every admin page, answered no-store", async ({ request }) => {
  const login = await request.post("/users/login", { data: ADMIN });
  expect(login.status()).toBe(200);
  for (const path of PROTECTED) {
    for (const url of [path, path.toUpperCase()]) {
      const res = await request.get(url, { maxRedirects: 0 });
      // A page about one record (its id filled with 1) may find none in this database (order 1 may not exist
      // yet): then its own "not found" page, still inside the admin shell. Never a redirect or an error.
      if (ID_PAGES.has(path) && res.status() === 404) {
        expect(await res.text(), url).toContain("Menu de administração");
      } else {
        expect(res.status(), url).toBeLessThan(300);
        expect(await res.text(), url).toContain("<h1");
      }
      expect(res.headers()["cache-control"], url).toBe("no-store");
    }
  }
});
