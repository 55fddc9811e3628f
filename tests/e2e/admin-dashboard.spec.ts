import path from "node:path";
import { type Page, test } from "./fixtures.ts";
import { ADMIN, expect, expectAccessible, loginThroughForm, tag, toastText, uniqueEmail } from "./support.ts";

/**
 * Spec sections 2, 4, 5 and 8 for the dashboard and the small catalogue screens: stock cards
 * and users → colour and size → banner created and activated (the home page shows it) →
 * a staff account created, edited and deleted. Runs at 1280 px and 375 px.
 */

const BANNER_IMAGE = path.resolve(import.meta.dirname, "../../public/images/default.jpg");
async function loginAsAdmin(page: Page): Promise<void> {
  await page.goto("/login");
  // The form must be hydrated before it is filled (a slow first load would reset it).
  await page.waitForLoadState("networkidle");
  await loginThroughForm(page, ADMIN.email, ADMIN.password);
  await page.waitForURL("**/dashboard");
}

test("the dashboard shows the stock cards, the users table and the payments status", async ({ page }) => {
  await loginAsAdmin(page);
  await expect(page.getByRole("heading", { name: "Painel de Administração" })).toBeVisible();

  const cards = page.getByRole("list", { name: "Resumo do stock" });
  for (const label of ["Total Produtos", "Total Variantes", "Stock Total", "Sem Stock", "Stock Baixo"]) {
    await expect(cards.getByText(label, { exact: true })).toBeVisible();
  }
  // The demo catalogue is seeded: real numbers, not placeholders.
  await expect(page.getByTestId("resumo-totalProducts")).toHaveText(/^\d+$/);

  const shortcuts = page.getByRole("navigation", { name: "Atalhos" });
  for (const [name, href] of [
    ["Gestão de Stock", "/gestao-stock"],
    ["Stock Baixo", "/stock-baixo"],
    ["Ver Produtos", "/produtos"],
    ["Criar Utilizador", "/usuarios/create"],
  ] as const) {
    await expect(shortcuts.getByRole("link", { name })).toHaveAttribute("href", href);
  }

  const users = page.getByRole("region", { name: "Utilizadores" });
  // A table row on a wide screen, a card (li) on a phone.
  const me = users.locator("tr, li").filter({ hasText: ADMIN.email });
  await expect(me).toBeVisible();
  await expect(me.locator('[data-column="function"]')).toHaveText("admin");

  // The server refuses deleting your own account, and the dashboard says why.
  await me.getByRole("button", { name: /^Eliminar / }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toBeVisible();
  await confirm.getByRole("button", { name: "Eliminar" }).click();
  await expect(toastText(page, "Não pode eliminar a sua própria conta.")).toBeVisible();
  await expect(me).toBeVisible();

  const toggle = page.getByRole("button", { name: "Status Pagamentos" });
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  await expect(page.getByRole("button", { name: "Verificar Todos" })).toBeVisible();
  await expect(
    page
      .getByRole("region", { name: "Pagamentos" })
      .or(page.getByText("Nenhum pagamento encontrado.", { exact: true })),
  ).toBeVisible();
  await expect(page.getByText("Erro ao carregar dados dos pagamentos")).toHaveCount(0);

  await page.getByRole("button", { name: "Verificar Todos" }).click();
  await expect(toastText(page, "Verificação concluída! Verifique os resultados no console.")).toBeVisible();

  await expectAccessible(page);
});

test("an admin creates a colour and a size", async ({ page }) => {
  const id = tag();
  await loginAsAdmin(page);

  await page.goto("/produtos/color");
  await expect(page.getByRole("heading", { name: "Criar Cor do Produto" })).toBeVisible();
  await page.getByRole("button", { name: "Criar Cor" }).click();
  await expect(page.getByText("O nome da cor é obrigatório.", { exact: true })).toBeVisible();
  await page.getByLabel("Nome da cor", { exact: true }).fill(`Cor ${id}`);
  await page.getByLabel("Indicar o código da cor (opcional)", { exact: true }).check();
  await page.getByLabel("Código da cor", { exact: true }).fill("#336699");
  await page.getByRole("button", { name: "Criar Cor" }).click();
  await expect(toastText(page, "Cor criada com sucesso!")).toBeVisible();
  const colours = page.getByRole("list", { name: "Cores existentes" });
  await expect(colours.getByText(`Cor ${id}`)).toBeVisible();
  await expect(colours.getByRole("listitem").filter({ hasText: `Cor ${id}` })).toContainText("#336699");
  await expect(page.getByLabel("Nome da cor", { exact: true })).toHaveValue("");
  await expectAccessible(page);

  // A duplicate is refused with the screen's error.
  await page.getByLabel("Nome da cor", { exact: true }).fill(`Cor ${id}`);
  await page.getByRole("button", { name: "Criar Cor" }).click();
  await expect(toastText(page, "Erro ao criar a cor produto")).toBeVisible();

  await page.goto("/produtos/size");
  await expect(page.getByRole("heading", { name: "Criar Tamanho do Produto" })).toBeVisible();
  const size = `T${id}`.slice(0, 30);
  await page.getByLabel("Tamanho", { exact: true }).fill(size);
  await page.getByRole("button", { name: "Criar Tamanho" }).click();
  await expect(toastText(page, "Tamanho criado com sucesso!")).toBeVisible();
  await expect(page.getByRole("list", { name: "Tamanhos existentes" }).getByText(size, { exact: true })).toBeVisible();
  await expectAccessible(page);
});

test("an admin creates a banner, activates it for the home page, and deletes it", async ({ page }) => {
  const titulo = `Banner ${tag()}`;
  await loginAsAdmin(page);

  await page.goto("/produtos/criar_banner");
  await expect(page.getByRole("heading", { name: "Criar Banner" })).toBeVisible();
  await page.getByLabel("Título", { exact: true }).fill(titulo);
  await page.getByLabel("Slogan", { exact: true }).fill("Coleção de teste");
  await page.getByRole("button", { name: "Criar Banner" }).click();
  await expect(page.getByText("Você precisa adicionar uma imagem!", { exact: true })).toBeVisible();
  await page.getByLabel("Imagem", { exact: true }).setInputFiles(BANNER_IMAGE);
  await expect(page.getByRole("img", { name: "Pré-visualização do banner" })).toBeVisible();
  await page.getByRole("button", { name: "Criar Banner" }).click();
  await expect(toastText(page, "Banner criado com sucesso!")).toBeVisible();
  await expect(page.getByLabel("Título", { exact: true })).toHaveValue("");

  await page.goto("/produtos/definir_banner");
  const card = page.getByRole("listitem", { name: `Banner ${titulo}` });
  await expect(card).toBeVisible();
  await expect(card.getByText("Coleção de teste")).toBeVisible();
  await card.getByRole("button", { name: `Ativar ${titulo}` }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm.getByText("Tens a certeza que queres adicionar este Banner?", { exact: true })).toBeVisible();
  await confirm.getByRole("button", { name: "Ativar" }).click();
  await expect(toastText(page, "Banner ativado com sucesso!")).toBeVisible();
  await expect(card.getByText("Ativo", { exact: true }).first()).toBeVisible();
  // Exactly one banner is active.
  await expect(
    page.getByRole("listitem").filter({ has: page.getByRole("button", { name: /já está ativo$/ }) }),
  ).toHaveCount(1);
  await expectAccessible(page);

  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: titulo })).toBeVisible();
  await expect(page.getByText("Coleção de teste", { exact: true })).toBeVisible();

  await page.goto("/produtos/definir_banner");
  await page
    .getByRole("listitem", { name: `Banner ${titulo}` })
    .getByRole("button", { name: `Eliminar ${titulo}` })
    .click();
  await expect(
    page.getByRole("alertdialog").getByText("Tens a certeza que queres eliminar este Banner?", { exact: true }),
  ).toBeVisible();
  await page.getByRole("alertdialog").getByRole("button", { name: "Eliminar" }).click();
  await expect(toastText(page, "Banner eliminado com sucesso!")).toBeVisible();
  await expect(page.getByRole("listitem", { name: `Banner ${titulo}` })).toHaveCount(0);
});

test("an admin creates, edits and deletes a staff account", async ({ page }) => {
  const email = uniqueEmail("equipa");
  const name = `Equipa ${tag()}`;
  await loginAsAdmin(page);

  await page.goto("/usuarios/create");
  await expect(page.getByRole("heading", { name: "Criar Utilizador" })).toBeVisible();
  await page.getByLabel("Nome", { exact: true }).fill(name);
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Palavra-passe", { exact: true }).fill("equipa-123");
  await page.getByRole("button", { name: "Criar Utilizador" }).click();
  await expect(toastText(page, "Utilizador criado com sucesso!")).toBeVisible();
  await expect(page).toHaveURL(/\/usuarios\/create$/);
  await expect(page.getByLabel("Nome", { exact: true })).toHaveValue("");
  await expect(page.getByLabel("Email", { exact: true })).toHaveValue("");

  // The same email again: the server's message.
  await page.getByLabel("Nome", { exact: true }).fill(name);
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Palavra-passe", { exact: true }).fill("equipa-123");
  await page.getByRole("button", { name: "Criar Utilizador" }).click();
  await expect(toastText(page, "Já existe um utilizador com este email.")).toBeVisible();

  await page.goto("/dashboard");
  const row = page.getByRole("region", { name: "Utilizadores" }).locator("tr, li").filter({ hasText: email });
  await expect(row).toBeVisible();
  await expect(row.locator('[data-column="function"]')).toHaveText("admin");

  await row.getByRole("link", { name: `Ver ${name}` }).click();
  await expect(page.getByRole("heading", { name: "Ver Utilizador" })).toBeVisible();
  await expect(page.getByText(email, { exact: true })).toBeVisible();
  await page.getByRole("link", { name: "Voltar" }).click();
  await page.waitForURL("**/dashboard");

  await row.getByRole("link", { name: `Editar ${name}` }).click();
  await expect(page.getByRole("heading", { name: "Editar Utilizador" })).toBeVisible();
  await expect(page.getByLabel("Nome", { exact: true })).toHaveValue(name);
  await page.getByLabel("Nome", { exact: true }).fill("");
  await page.getByRole("button", { name: "Guardar" }).click();
  await expect(page.getByText("Nome é obrigatório", { exact: true })).toBeVisible();
  await page.getByLabel("Email", { exact: true }).fill("sem-arroba");
  // Submitted from the field (Enter), not by clicking: the name's error above has just moved the buttons, and on the
  // clean-clone CI a click there twice landed on a link back to /dashboard instead of 'Guardar'.
  await page.getByLabel("Email", { exact: true }).press("Enter");
  await expect(page.getByText("Email inválido", { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/usuarios\/editar\//);
  await page.getByLabel("Nome", { exact: true }).fill(`${name} Editado`);
  await page.getByLabel("Email", { exact: true }).fill(email);
  await expectAccessible(page);
  await page.getByRole("button", { name: "Guardar" }).click();
  await expect(toastText(page, "Usuário atualizado com sucesso!")).toBeVisible();
  await page.waitForURL("**/dashboard");

  const edited = page.getByRole("region", { name: "Utilizadores" }).locator("tr, li").filter({ hasText: email });
  await expect(edited.getByText(`${name} Editado`, { exact: true })).toBeVisible();
  await edited.getByRole("button", { name: `Eliminar ${name} Editado` }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Eliminar" }).click();
  await expect(toastText(page, "Utilizador eliminado com sucesso.")).toBeVisible();
  await expect(page.getByRole("region", { name: "Utilizadores" }).getByText(email)).toHaveCount(0);
});
