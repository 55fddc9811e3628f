import { test } from "./fixtures.ts";
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
  expect(mail).toContain("Subject: Confirme o seu email na Loja");
  const link = mail.match(/https?:\/\/[^\s"<>]+\/verificar-email\?token=[\w-]+/)?.[0];
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

  // A cliente never gets into the dashboard.
  await page.goto("/dashboard");
  await page.waitForURL(/\/login\?redirect=%2Fdashboard/);
});

test("registration shows each validation message of the spec and clears it on edit", async ({ page }) => {
  await page.goto("/register");
  await page.getByRole("button", { name: "Registar" }).click();
  for (const message of ["Nome é obrigatório", "Email é obrigatório", "Palavra-passe é obrigatória", "Confirme a palavra-passe"]) {
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
