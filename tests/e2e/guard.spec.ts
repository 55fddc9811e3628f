import { expect, test } from "./fixtures.ts";
import { ADMIN } from "./support.ts";

/** Every protected route of spec section 2 redirects visitors to /login; admins get the page. */
const PROTECTED = [
  "/dashboard", "/produtos", "/produtos/criar", "/produtos/criar_banner", "/produtos/definir_banner", "/produtos/color",
  "/produtos/size", "/produtos/detalhes", "/produtos/editprodutos/1", "/produtos/editar/1", "/produto/categoria",
  "/produto/relatorio", "/produto/ver/1", "/orders", "/usuarios/ver/1", "/usuarios/editar/1", "/usuarios/create",
  "/payment-status", "/gestao-stock", "/stock-baixo",
];

test("visitors are redirected from every admin page to /login, with no admin content", async ({ request }) => {
  for (const path of PROTECTED) {
    for (const url of [path, `${path}.data`]) {
      const res = await request.get(url, { maxRedirects: 0 });
      const location = res.headers()["location"] ?? (await res.text());
      expect([200, 202, 302, 204], `${url} -> ${res.status()}`).toContain(res.status());
      expect(location, url).toContain("/login?redirect=");
    }
  }
});

test("an admin opens every admin page", async ({ request }) => {
  const login = await request.post("/users/login", { data: ADMIN });
  expect(login.status()).toBe(200);
  for (const path of PROTECTED) {
    const res = await request.get(path, { maxRedirects: 0 });
    expect(res.status(), path).toBeLessThan(300);
    expect(await res.text(), path).toContain("<h1");
  }
});
