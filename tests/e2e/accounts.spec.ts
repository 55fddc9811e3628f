import { request as playwrightRequest, test, type Page } from "./fixtures.ts";
import { ADMIN, expect, loginThroughForm, readMailTo, storedUser, uniqueEmail } from "./support.ts";

/** Spec sections 2, 4, 5, 8: register → verify → login → dashboard → logout, in the browser. */

const isMobile = (name: string) => name === "mobile";

test("a shopper registers, verifies the e-mail from the .eml, and logs in to the cart", async ({ page }) => {
  const email = uniqueEmail("cliente");
  await page.goto("/register");
  await expect(page.getByRole("heading", { name: "Registar" })).toBeVisible();
  await page.getByLabel("Nome", { exact: true }).fill("Beatriz Costa");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Palavra-passe", { exact: true }).fill("segredo123");
  await page.getByLabel("Confirmar palavra-passe", { exact: true }).fill("segredo123");
  await page.getByRole("button", { name: "Registar" }).click();
  await expect(page.getByText("Utilizador registado com sucesso", { exact: false })).toBeVisible();

  const mail = await readMailTo(email);
  expect(mail.subject).toBe("Confirme o seu email na Loja");
  const link = mail.text?.match(/https?:\/\/[^\s"<>]+\/verificar-email\?token=[\w-]+/)?.[0];
  expect(link).toBeTruthy();

  await page.goto(new URL(link!).pathname + new URL(link!).search);
  await expect(page.getByText("Email verificado com sucesso", { exact: false })).toBeVisible();
  await page.waitForURL("**/login", { timeout: 6_000 });

  await loginThroughForm(page, email, "segredo123");
  await page.waitForURL("**/carrinho");
  const user = await storedUser(page);
  expect(user).toMatchObject({ name: "Beatriz Costa", email, function: "cliente" });
  expect(typeof user?.id).toBe("number");
  expect(Object.keys(user!).sort()).toEqual(["email", "function", "id", "name"]);

  // A cliente never gets into the dashboard: the guard sends them to their own landing page.
  await page.goto("/dashboard");
  await page.waitForURL("**/carrinho");
});

test("registration shows each validation message of the spec and clears it on edit", async ({ page }) => {
  await page.goto("/register");
  await page.getByRole("button", { name: "Registar" }).click();
  for (const message of [
    "Nome é obrigatório",
    "Email é obrigatório",
    "Palavra-passe é obrigatória",
    "Confirme a palavra-passe",
  ]) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  await page.getByLabel("Nome", { exact: true }).fill("A");
  await expect(page.getByText("Nome é obrigatório", { exact: true })).toBeHidden();

  await page.getByLabel("Email", { exact: true }).fill("nao-e-um-email");
  await page.getByLabel("Palavra-passe", { exact: true }).fill("123");
  await page.getByLabel("Confirmar palavra-passe", { exact: true }).fill("321");
  await page.getByRole("button", { name: "Registar" }).click();
  await expect(page.getByText("Email inválido", { exact: true })).toBeVisible();
  await expect(page.getByText("A palavra-passe deve ter pelo menos 6 caracteres", { exact: true })).toBeVisible();
  await expect(page.getByText("As palavras-passe não coincidem", { exact: true })).toBeVisible();
});

test("wrong credentials show 'Credenciais inválidas' and keep the user out", async ({ page }) => {
  await loginThroughForm(page, ADMIN.email, "palavra-errada");
  await expect(page.getByText("Credenciais inválidas", { exact: true })).toBeVisible();
  expect(await storedUser(page)).toBeNull();
});

test("verification without a token says 'Token inválido.'", async ({ page }) => {
  await page.goto("/verificar-email");
  await expect(page.getByText("Token inválido.", { exact: true })).toBeVisible();
});

test("an admin logs in to the dashboard shell, uses the menu, and logs out", async ({ page }, testInfo) => {
  await loginThroughForm(page, ADMIN.email, ADMIN.password);
  await page.waitForURL("**/dashboard");
  await expect(page.getByRole("heading", { name: "Painel de Administração" })).toBeVisible();
  // The public header and footer are not part of the admin layout.
  await expect(page.getByText("Pagamentos aceites", { exact: false })).toHaveCount(0);

  if (isMobile(testInfo.project.name)) {
    await page.getByRole("button", { name: "Abrir menu de administração" }).click();
  }
  const menu = page.getByRole("navigation", { name: "Menu de administração" }).last();
  await expect(menu.getByRole("link", { name: "Utilizadores" })).toHaveAttribute("aria-current", "page");
  await menu.getByRole("button", { name: "Produtos" }).click();
  await menu.getByRole("link", { name: "Criar Cor" }).click();
  await page.waitForURL("**/produtos/color");
  await expect(page.getByRole("heading", { name: "Criar Cor do Produto" })).toBeVisible();
  if (isMobile(testInfo.project.name)) {
    // The drawer closes after a choice.
    await expect(page.getByRole("navigation", { name: "Menu de administração" })).toBeHidden();
    await page.getByRole("button", { name: "Abrir menu de administração" }).click();
  }
  await page.getByRole("button", { name: "Sair" }).last().click();
  await page.waitForURL((url) => !url.pathname.startsWith("/produtos"));
  expect(await storedUser(page)).toBeNull();

  // The server ended the session: the dashboard sends us to login again.
  await page.goto("/dashboard");
  await page.waitForURL(/\/login/);
});

/** A verified cliente with a known password, made through the admin API. */
async function createCliente(baseURL: string, name: string): Promise<{ email: string; password: string }> {
  const admin = await playwrightRequest.newContext({ baseURL });
  expect((await admin.post("/users/login", { data: ADMIN })).status()).toBe(200);
  const headers = { "x-csrf-token": (await admin.storageState()).cookies.find((c) => c.name === "loja_csrf")!.value };
  const email = uniqueEmail("cliente");
  const password = "caneca-verde-31";
  const created = await admin.post("/users/newuser", { headers, data: { name, email, password } });
  expect(created.status(), await created.text()).toBe(201);
  const id = (await created.json()).user.id as number;
  expect((await admin.put(`/api/users/${id}`, { headers, data: { name, email, function: "cliente" } })).status()).toBe(
    200,
  );
  await admin.dispose();
  return { email, password };
}

async function loginAt(page: Page, url: string, email: string, password: string): Promise<void> {
  await page.goto(url);
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Palavra-passe", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Entrar" }).click();
}

test("a cliente who logs in at /login?redirect=/dashboard lands on the cart, not on a spinner", async ({
  page,
  baseURL,
}) => {
  const c = await createCliente(baseURL!, "Rita Almeida");
  await loginAt(page, "/login?redirect=%2Fdashboard", c.email, c.password);
  await expect(page.getByText("Login bem-sucedido!", { exact: true })).toBeVisible();
  await page.waitForURL((url) => url.pathname === "/carrinho");
  expect((await storedUser(page))?.email).toBe(c.email);
  await expect(page.getByRole("navigation", { name: "Menu de administração" })).toHaveCount(0);
});

test("a redirect to another site or back to /login is ignored; a page the role may open is honoured", async ({
  page,
  baseURL,
}) => {
  const c = await createCliente(baseURL!, "Hugo Matos");
  await loginAt(page, "/login?redirect=%2F%2Fexemplo.com%2Fdashboard", c.email, c.password);
  await page.waitForURL((url) => url.pathname === "/carrinho");
  expect(new URL(page.url()).host).toBe(new URL(baseURL!).host);

  await page.context().clearCookies();
  await loginAt(page, "/login?redirect=%2Flogin%3Fredirect%3D%252Fdashboard", c.email, c.password);
  await page.waitForURL((url) => url.pathname === "/carrinho");

  await page.context().clearCookies();
  await loginAt(page, "/login?redirect=%2Fsobre-nos", c.email, c.password);
  await page.waitForURL((url) => url.pathname === "/sobre-nos");

  await page.context().clearCookies();
  await loginAt(page, "/login?redirect=%2Fproduto%2Frelatorio", ADMIN.email, ADMIN.password);
  await page.waitForURL((url) => url.pathname === "/produto/relatorio");
});

test("logging out clears the shopper's personal data kept in the browser", async ({ page, baseURL }, testInfo) => {
  const c = await createCliente(baseURL!, "Sofia Rocha");
  await loginAt(page, "/login", c.email, c.password);
  await page.waitForURL("**/carrinho");
  const PERSONAL = ["delivery_data", "pagamento", "user", "pedido_id"];
  await page.evaluate(() => {
    localStorage.setItem(
      "delivery_data",
      JSON.stringify({
        nome: "Sofia Rocha",
        morada: "Rua das Flores 12",
        codigoPostal: "4050-262",
        cidade: "Porto",
        telefone: "912345678",
        entregaRapida: false,
      }),
    );
    localStorage.setItem(
      "pagamento",
      JSON.stringify({ metodo: "MB", entidade: "12345", referencia: "123 456 789", valor: "17.49", orderId: 41 }),
    );
    localStorage.setItem("pedido_id", "41");
  });
  const before = await page.evaluate((keys) => keys.map((k) => localStorage.getItem(k)), PERSONAL);
  expect(before.every((v) => v !== null)).toBe(true);

  if (testInfo.project.name === "mobile") await page.getByRole("button", { name: "Abrir menu" }).click();
  await page.getByRole("button", { name: "Sair" }).filter({ visible: true }).click();
  await expect(page.getByText("Sessão terminada.", { exact: true })).toBeVisible();
  await expect
    .poll(() => page.evaluate((keys) => keys.map((k) => localStorage.getItem(k)), PERSONAL))
    .toEqual([null, null, null, null]);
  // Signed out on the server too.
  expect((await page.request.get("/api/users/me")).status()).toBe(401);
});

test("the register and new-admin forms refuse a common or one-character password before sending it", async ({
  page,
}) => {
  const COMMON = "Esta palavra-passe é demasiado comum. Escolha uma mais difícil de adivinhar.";
  const REPEATED = "A palavra-passe não pode ser um único carácter repetido.";
  const posts: string[] = [];
  page.on("request", (req) => {
    if (req.method() === "POST" && /\/(api\/users\/register|users\/newuser)$/.test(new URL(req.url()).pathname))
      posts.push(req.url());
  });

  await page.goto("/register");
  await page.getByLabel("Nome", { exact: true }).fill("Marta Lopes");
  await page.getByLabel("Email", { exact: true }).fill(uniqueEmail("fraca"));
  const weak: Array<[string, string]> = [
    ["123456", COMMON],
    ["aaaaaa", REPEATED],
    ["      ", REPEATED],
    ["Benfica", COMMON],
  ];
  for (const [password, message] of weak) {
    await page.getByLabel("Palavra-passe", { exact: true }).fill(password);
    await page.getByLabel("Confirmar palavra-passe", { exact: true }).fill(password);
    await page.getByRole("button", { name: "Registar" }).click();
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  // Too short still reads the spec's own message.
  await page.getByLabel("Palavra-passe", { exact: true }).fill("aaa");
  await page.getByLabel("Confirmar palavra-passe", { exact: true }).fill("aaa");
  await page.getByRole("button", { name: "Registar" }).click();
  await expect(page.getByText("A palavra-passe deve ter pelo menos 6 caracteres", { exact: true })).toBeVisible();

  await loginAt(page, "/login", ADMIN.email, ADMIN.password);
  await page.waitForURL("**/dashboard");
  await page.goto("/usuarios/create");
  await page.getByLabel("Nome", { exact: true }).fill("Equipa Fraca");
  await page.getByLabel("Email", { exact: true }).fill(uniqueEmail("equipa-fraca"));
  await page.getByLabel("Palavra-passe", { exact: true }).fill("password1");
  await page.getByRole("button", { name: "Criar Utilizador" }).click();
  await expect(page.getByText(COMMON, { exact: true })).toBeVisible();
  expect(posts).toEqual([]);
});
