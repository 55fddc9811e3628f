import { expect, request as playwrightRequest, test as base, type Page } from "@playwright/test";
import { adminApi } from "./admin-tables-support.ts";
import { createCliente, deliveredOrder, productsInStock, signedInApi, type InStock } from "./accounts-kit.ts";
import { readMailTo, tag, uniqueEmail } from "./support.ts";

/**
 * Issue 18 §7 (decision 0015): the storefront's forms work with JavaScript turned off. Each is posted to its page's
 * server action, which does what the API does; each test checks the effect itself (signed in, the account, the
 * message stored, the reset link, the new password, the withdrawal), not only the page's words. Defect 5: the admin's
 * /usuarios/create posts (no password in any address) and creates the user, for admins only. At 1280 and 375 px.
 *
 * Not the fixtures' `test`: its page.goto waits for hydration, which never comes here.
 */

type AdminApi = Awaited<ReturnType<typeof adminApi>>;

/** Each test's admin API context (to make accounts and read what the forms did), disposed after the test. */
const test = base.extend<{ admin: AdminApi }>({
  admin: async ({ baseURL }, use) => {
    const admin = await adminApi(baseURL);
    await use(admin);
    await admin.api.dispose();
  },
});

test.use({ javaScriptEnabled: false });

const IBAN = "PT50 0002 0123 1234 5678 9015 4";

/** Every address the page asked for (documents and their resources), to prove no secret travelled in one. */
function requestLog(page: Page): string[] {
  const urls: string[] = [];
  page.on("request", (request) => urls.push(request.url()));
  return urls;
}

/** The status of signing in through the API with these credentials (200 signed in, 400 refused). */
async function signInStatus(baseURL: string | undefined, email: string, password: string): Promise<number> {
  const api = await playwrightRequest.newContext({ baseURL });
  const status = (await api.post("/users/login", { data: { email, password } })).status();
  await api.dispose();
  return status;
}

/** Who the browser's session cookie belongs to (null: not signed in). */
async function sessionUser(page: Page): Promise<{ email: string; function: string } | null> {
  const response = await page.request.get("/api/users/me");
  return response.status() === 200
    ? ((await response.json()) as { user: { email: string; function: string } }).user
    : null;
}

/** A verified cliente made through the admin API: its unique e-mail (from `prefix`) and password. */
const cliente = (admin: AdminApi, prefix: string, name: string, password: string) =>
  createCliente(admin.api, admin.csrf, { prefix, name, password });

async function signIn(page: Page, email: string, password: string, path = "/login") {
  await page.goto(path);
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Palavra-passe", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Entrar" }).click();
}

test("login without JavaScript: a wrong password keeps the e-mail; the right one signs in and opens the landing page", async ({
  page,
  admin,
}) => {
  const shopper = await cliente(admin, "nojs-login", "Inês Sem Script", "sem-script-2026");
  const urls = requestLog(page);

  await signIn(page, shopper.email, "errada-123456");
  await expect(page.getByRole("alert")).toHaveText("Credenciais inválidas");
  await expect(page.getByLabel("Email", { exact: true })).toHaveValue(shopper.email);
  await expect(page.getByLabel("Palavra-passe", { exact: true })).toHaveValue("");
  expect(await sessionUser(page)).toBeNull();

  await page.getByLabel("Palavra-passe", { exact: true }).fill(shopper.password);
  await page.getByRole("button", { name: "Entrar" }).click();
  await page.waitForURL("**/carrinho");
  expect(await sessionUser(page)).toMatchObject({ email: shopper.email, function: "cliente" });
  // The API's cookies: the session (httpOnly) and the CSRF token the page's script would echo.
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === "loja_session")).toMatchObject({ httpOnly: true, sameSite: "Lax" });
  expect(cookies.find((c) => c.name === "loja_csrf")).toMatchObject({ httpOnly: false, sameSite: "Lax" });
  expect(urls.filter((u) => u.includes("password") || u.includes("sem-script"))).toEqual([]);

  // Back to a guarded page after signing in from its redirect.
  await page.context().clearCookies();
  await signIn(page, shopper.email, shopper.password, "/login?redirect=%2Fconta%2Fpalavra-passe");
  await page.waitForURL("**/conta/palavra-passe");
});

test("register without JavaScript: the schema's errors keep what was typed (not the passwords); then the account exists", async ({
  page,
  admin,
}) => {
  const email = uniqueEmail("nojs-registo");
  const name = `Rui Sem Script ${tag()}`;

  await page.goto("/register");
  await page.getByLabel("Nome", { exact: true }).fill(name);
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Palavra-passe", { exact: true }).fill("registo-forte-2026");
  await page.getByLabel("Confirmar palavra-passe", { exact: true }).fill("outra-coisa-2026");
  await page.getByRole("button", { name: "Registar" }).click();
  await expect(page.getByText("As palavras-passe não coincidem", { exact: true })).toBeVisible();
  await expect(page.getByLabel("Confirmar palavra-passe", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Nome", { exact: true })).toHaveValue(name);
  await expect(page.getByLabel("Email", { exact: true })).toHaveValue(email);
  await expect(page.getByLabel("Palavra-passe", { exact: true })).toHaveValue("");
  let users = (await (await admin.api.get("/api/users")).json()) as Array<{ email: string }>;
  expect(users.some((u) => u.email === email)).toBe(false);

  await page.getByLabel("Palavra-passe", { exact: true }).fill("registo-forte-2026");
  await page.getByLabel("Confirmar palavra-passe", { exact: true }).fill("registo-forte-2026");
  await page.getByRole("button", { name: "Registar" }).click();
  await expect(page.getByRole("status")).toContainText("Utilizador registado com sucesso!");
  users = (await (await admin.api.get("/api/users")).json()) as Array<{
    email: string;
    name: string;
    function: string;
  }>;
  expect(users.find((u) => u.email === email)).toMatchObject({ name, function: "cliente" });
  // The verification e-mail went out, as with the API.
  await readMailTo(email);
});

test("contact without JavaScript: each field's error, then the message is stored, listed for the admin and e-mailed", async ({
  page,
  admin,
}) => {
  const suffix = tag();
  const name = `Clara Sem Script ${suffix}`;
  const text = `Sem JavaScript também chega? Pergunta ${suffix}.`;

  await page.goto("/contato");
  await page.getByLabel("Email").fill("clara.nojs@exemplo.pt");
  await page.getByRole("button", { name: "Enviar mensagem" }).click();
  await expect(page.getByText("Indique o seu nome.")).toBeVisible();
  await expect(page.getByText("Escreva a sua mensagem.")).toBeVisible();
  await expect(page.getByLabel("Nome")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Email")).toHaveValue("clara.nojs@exemplo.pt");

  await page.getByLabel("Nome").fill(name);
  await page.getByRole("textbox", { name: "Mensagem" }).fill(text);
  await page.getByRole("button", { name: "Enviar mensagem" }).click();
  await expect(page.getByRole("status").getByText("Mensagem enviada com sucesso!")).toBeVisible();

  const messages = (await (await admin.api.get("/api/contact/messages")).json()) as Array<Record<string, unknown>>;
  expect(messages.find((m) => m.nome === name)).toMatchObject({ email: "clara.nojs@exemplo.pt", mensagem: text });
  const mail = await readMailTo(suffix);
  expect(mail.text).toContain(text);
});

test("password recovery and reset without JavaScript: the e-mailed link sets a new password that signs in", async ({
  page,
  baseURL,
  admin,
}) => {
  const shopper = await cliente(admin, "nojs-reset", "Tiago Reposto", "antiga-senha-2026");
  const newPassword = "nova-senha-sem-js-9";

  await page.goto("/recuperar-palavra-passe");
  await page.getByRole("button", { name: "Enviar ligação" }).click();
  await expect(page.getByRole("alert")).toHaveText("Email é obrigatório");
  await page.getByLabel("Email", { exact: true }).fill(shopper.email);
  await page.getByRole("button", { name: "Enviar ligação" }).click();
  await expect(page.getByRole("status")).toContainText("Se existir uma conta com este email, enviámos-lhe uma ligação");

  const mail = await readMailTo(shopper.email);
  const link = mail.text?.match(/https?:\/\/[^\s"<>]+\/redefinir-palavra-passe\?token=[\w-]+/)?.[0];
  expect(link).toBeDefined();
  await page.goto(new URL(link!).pathname + new URL(link!).search);
  await page.getByLabel("Nova palavra-passe", { exact: true }).fill(newPassword);
  await page.getByLabel("Confirmar nova palavra-passe", { exact: true }).fill("diferente-123456");
  await page.getByRole("button", { name: "Guardar nova palavra-passe" }).click();
  await expect(page.getByText("As palavras-passe não coincidem", { exact: true })).toBeVisible();
  expect(await signInStatus(baseURL, shopper.email, shopper.password)).toBe(200);

  await page.getByLabel("Nova palavra-passe", { exact: true }).fill(newPassword);
  await page.getByLabel("Confirmar nova palavra-passe", { exact: true }).fill(newPassword);
  await page.getByRole("button", { name: "Guardar nova palavra-passe" }).click();
  await expect(page.getByRole("status")).toContainText("Palavra-passe redefinida.");
  expect(await signInStatus(baseURL, shopper.email, newPassword)).toBe(200);
  expect(await signInStatus(baseURL, shopper.email, shopper.password)).toBe(400);

  // The link works once.
  await page.goto(new URL(link!).pathname + new URL(link!).search);
  await page.getByLabel("Nova palavra-passe", { exact: true }).fill("terceira-senha-77");
  await page.getByLabel("Confirmar nova palavra-passe", { exact: true }).fill("terceira-senha-77");
  await page.getByRole("button", { name: "Guardar nova palavra-passe" }).click();
  await expect(page.getByRole("alert")).toContainText("A ligação expirou ou já foi usada.");
  await expect(page.getByRole("link", { name: "Pedir uma nova ligação" })).toBeVisible();
});

test("password change without JavaScript: a wrong current password is refused under its field; the right one changes it", async ({
  page,
  baseURL,
  admin,
}) => {
  const shopper = await cliente(admin, "nojs-troca", "Sara Troca", "senha-de-agora-2026");
  const other = await signedInApi(baseURL, shopper.email, shopper.password);
  const newPassword = "senha-seguinte-2027";

  await signIn(page, shopper.email, shopper.password, "/login?redirect=%2Fconta%2Fpalavra-passe");
  await page.waitForURL("**/conta/palavra-passe");
  await page.getByLabel("Palavra-passe atual", { exact: true }).fill("nao-e-esta-123");
  await page.getByLabel("Nova palavra-passe", { exact: true }).fill(newPassword);
  await page.getByLabel("Confirmar nova palavra-passe", { exact: true }).fill(newPassword);
  await page.getByRole("button", { name: "Alterar palavra-passe" }).click();
  await expect(page.getByText("A palavra-passe atual está incorreta.", { exact: true })).toBeVisible();
  await expect(page.getByLabel("Palavra-passe atual", { exact: true })).toHaveAttribute("aria-invalid", "true");
  expect(await signInStatus(baseURL, shopper.email, shopper.password)).toBe(200);

  await page.getByLabel("Palavra-passe atual", { exact: true }).fill(shopper.password);
  await page.getByLabel("Nova palavra-passe", { exact: true }).fill(newPassword);
  await page.getByLabel("Confirmar nova palavra-passe", { exact: true }).fill(newPassword);
  await page.getByRole("button", { name: "Alterar palavra-passe" }).click();
  await expect(page.getByRole("status")).toContainText("terminámos as sessões desta conta noutros dispositivos");
  expect(await signInStatus(baseURL, shopper.email, newPassword)).toBe(200);
  expect(await signInStatus(baseURL, shopper.email, shopper.password)).toBe(400);
  // This browser stays signed in; the other session ended.
  expect(await sessionUser(page)).toMatchObject({ email: shopper.email });
  expect((await other.api.get("/api/users/me")).status()).toBe(401);
  await other.api.dispose();
});

test("a signed-in form post without its CSRF token is refused and changes nothing", async ({
  page,
  baseURL,
  admin,
}) => {
  const shopper = await cliente(admin, "nojs-csrf", "Rita Token", "token-certo-2026");
  await signIn(page, shopper.email, shopper.password);
  await page.waitForURL("**/carrinho");
  const form = {
    currentPassword: shopper.password,
    newPassword: "trocada-sem-token-1",
    confirmPassword: "trocada-sem-token-1",
  };
  const refused = await page.request.post("/conta/palavra-passe", {
    form: { ...form, _csrf: "falso" },
    maxRedirects: 0,
  });
  expect(refused.status()).toBe(403);
  const cross = await page.request.post("/conta/palavra-passe", {
    form,
    headers: { origin: "https://outro-site.example" },
    maxRedirects: 0,
  });
  expect(cross.status()).toBe(403);
  expect(await signInStatus(baseURL, shopper.email, shopper.password)).toBe(200);
});

test("the withdrawal without JavaScript: declared on the public form, completed through the e-mailed link", async ({
  page,
  baseURL,
  admin,
}) => {
  test.setTimeout(60_000);
  const who = await cliente(admin, "nojs-livre", "Luís Devolve", "devolve-sem-js-26");
  const shopper = await signedInApi(baseURL, who.email, who.password);
  let product: InStock | undefined;
  for await (const found of productsInStock(shopper.api, 2)) {
    product = found;
    break;
  }
  const orderId = await deliveredOrder(shopper, admin, [product!]);

  // The declaration: an empty e-mail is refused with what was typed kept; then the one answer.
  await page.goto("/livre-resolucao");
  await page.getByLabel("Número da encomenda").fill(String(orderId));
  await page.getByRole("button", { name: "Enviar declaração de livre resolução" }).click();
  await expect(page.getByRole("alert")).toContainText("Indique o número da encomenda e o email");
  await expect(page.getByLabel("Número da encomenda")).toHaveValue(String(orderId));
  await page.getByLabel("Email", { exact: true }).fill(who.email);
  await page.getByRole("button", { name: "Enviar declaração de livre resolução" }).click();
  await expect(page.getByRole("status")).toContainText("Recebemos a sua declaração de livre resolução.");

  // The link's page: the IBAN checked by the server, the reason kept; then confirmed.
  const mail = await readMailTo(`Livre resolução registada: encomenda #${orderId}`);
  const link = /\/livre-resolucao\/confirmar\?ligacao=[\w-]+/.exec(mail.text ?? "")?.[0];
  await page.goto(link!);
  await expect(
    page.getByRole("checkbox", { name: new RegExp(product!.name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")) }),
  ).toBeChecked();
  await page.getByLabel("IBAN para o reembolso").fill("PT50 1234");
  await page.getByLabel("Motivo").fill("Não serviu.");
  await page.getByRole("button", { name: "Confirmar pedido" }).click();
  await expect(page.getByText("IBAN inválido.", { exact: true })).toBeVisible();
  await expect(page.getByLabel("Motivo")).toHaveValue("Não serviu.");

  await page.getByLabel("IBAN para o reembolso").fill(IBAN);
  await page.getByRole("button", { name: "Confirmar pedido" }).click();
  await expect(page.getByRole("status")).toContainText("Pedido de livre resolução atualizado.");
  await expect(page.getByRole("list", { name: "Pedidos de livre resolução" })).toContainText(product!.name);

  // Recorded: the shopper's order page lists the request, completed.
  const order = (await (await shopper.api.get(`/api/users/me/orders/${orderId}`)).json()) as {
    withdrawal: { returns: Array<{ status: string; awaiting_owner: boolean }> };
  };
  expect(order.withdrawal.returns).toEqual([expect.objectContaining({ status: "requested", awaiting_owner: false })]);
  await shopper.api.dispose();
});

test("/usuarios/create sent before its script runs: posted, no password in any address, the admin is created", async ({
  page,
  baseURL,
  admin,
}) => {
  const urls = requestLog(page);
  const email = uniqueEmail("nojs-equipa");
  const password = "equipa-sem-js-2026";
  // Signed in through the API: the page under test is the only form this browser sends.
  await page.context().addCookies((await admin.api.storageState()).cookies);

  await page.goto("/usuarios/create");
  await page.getByLabel("Nome", { exact: true }).fill("Equipa Sem Script");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Palavra-passe", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Criar Utilizador" }).click();
  await expect(page.getByRole("status")).toHaveText("Utilizador criado com sucesso!");

  expect(urls.filter((u) => u.includes("password") || u.includes(encodeURIComponent(password)))).toEqual([]);
  const users = (await (await admin.api.get("/api/users")).json()) as Array<{ email: string; function: string }>;
  expect(users.find((u) => u.email === email)).toMatchObject({ function: "admin" });
  expect(await signInStatus(baseURL, email, password)).toBe(200);
});

test("/usuarios/create's action is for admins only: a cliente's post, token and all, creates no one", async ({
  page,
  admin,
}) => {
  const shopper = await cliente(admin, "nojs-intruso", "Intruso", "intruso-2026-x");
  await signIn(page, shopper.email, shopper.password);
  await page.waitForURL("**/carrinho");
  const csrf = (await page.context().cookies()).find((c) => c.name === "loja_csrf")!.value;
  const email = uniqueEmail("nao-criado");
  const response = await page.request.post("/usuarios/create", {
    form: { _csrf: csrf, name: "Não Criado", email, password: "nao-criado-2026" },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
  expect(response.headers().location).toBe("/carrinho");
  const users = (await (await admin.api.get("/api/users")).json()) as Array<{ email: string }>;
  expect(users.some((u) => u.email === email)).toBe(false);
});
