import { expect, test, type Page } from "./fixtures.ts";
import sharp from "sharp";
import { ADMIN, loginThroughForm } from "./support.ts";

/**
 * Admin product screens: an admin creates a product with two pictures, gives it a variant,
 * takes it out of the shop and puts it back, and the storefront home shows it.
 */

/** A small solid PNG, made at run time (no fixture files in the repository). */
async function png(r: number, g: number, b: number): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 64, channels: 3, background: { r, g, b } } }).png().toBuffer();
}

function productCard(page: Page, name: string) {
  return page.getByRole("listitem").filter({ has: page.getByRole("link", { name, exact: true }) });
}

test("admin creates a product with two images, adds a variant, puts it in the shop and the home page shows it", async ({ page }) => {
  test.setTimeout(90_000);
  const name = `Caneca E2E ${Date.now()}-${Math.floor(Math.random() * 1e4)}`;

  // Warm the login page's scripts first, so the form is interactive when it is filled.
  await page.goto("/login");
  await page.waitForLoadState("networkidle");
  await loginThroughForm(page, ADMIN.email, ADMIN.password);
  await page.waitForURL("**/dashboard");

  // ----- create -----
  await page.goto("/produtos/criar");
  await expect(page.getByRole("heading", { name: "Criar Novo Produto" })).toBeVisible();
  // The form validates in the browser: wait until the page is interactive.
  await page.waitForLoadState("networkidle");
  // Nothing filled: the required fields and the missing picture are reported.
  await page.getByRole("button", { name: "Criar Produto" }).click();
  await expect(page.getByText("Você precisa adicionar ao menos uma imagem!").first()).toBeVisible();
  await expect(page.getByText("Por favor, preencha todos os campos obrigatórios.").first()).toBeVisible();

  await page.getByLabel("Nome").fill(name);
  await page.getByLabel("Descrição").fill("Caneca criada pelo teste de browser.");
  await page.getByLabel("Preço (€)").fill("19.90");
  await page.getByLabel("Categoria").fill("Canecas");
  await page.getByLabel("Tamanhos").fill("Único");
  await page.locator('input[type="file"]').setInputFiles([
    { name: "azul.png", mimeType: "image/png", buffer: await png(30, 80, 200) },
    { name: "vermelha.png", mimeType: "image/png", buffer: await png(200, 40, 40) },
  ]);
  await expect(page.getByRole("list", { name: "Imagens escolhidas" }).getByRole("listitem")).toHaveCount(2);
  await page.getByRole("button", { name: "Criar Produto" }).click();
  await page.waitForURL(/\/produtos$/);
  await expect(page.getByText("Produto criado com sucesso!").first()).toBeVisible();

  // ----- the list: the new card with its stock badge; take it out of the shop -----
  const card = productCard(page, name);
  await expect(card).toBeVisible();
  await expect(card.getByText("Stock: 0")).toBeVisible();
  await card.getByRole("button", { name: `Retirar da loja: ${name}` }).click();
  await expect(page.getByText(`${name} Retirado da loja`).first()).toBeVisible();
  await expect(card.getByText("Produto fora da Loja")).toBeVisible();

  // ----- edit page: add a variant -----
  await card.getByRole("link", { name: `Editar: ${name}` }).click();
  await page.waitForURL(/\/produtos\/editar\/\d+$/);
  const productId = Number(page.url().split("/").pop());
  await expect(page.getByLabel("Nome")).toHaveValue(name);
  await page.getByRole("button", { name: "Adicionar Variante" }).click();
  await expect(page.getByText("Por favor, preencha cor e stock.").first()).toBeVisible();
  await page.getByLabel(/^Cor\b/).selectOption({ label: "Azul" });
  await page.getByLabel(/^Stock\b/).fill("25");
  await page.getByRole("button", { name: "Adicionar Variante" }).click();
  const variants = page.getByRole("region", { name: "Variantes do produto" });
  await expect(variants.getByRole("cell", { name: "Azul", exact: true })).toBeVisible();
  await expect(variants.getByRole("cell", { name: "25", exact: true })).toBeVisible();

  // The stock detail page shows both pictures and the variant.
  await page.goto(`/produtos/editprodutos/${productId}`);
  await expect(page.getByRole("heading", { name })).toBeVisible();
  await expect(page.getByRole("group", { name: "2 de 2" })).toBeAttached();
  await expect(page.getByRole("region", { name: "Tabela de stock por variante" }).getByText("Azul")).toBeVisible();

  // Out of the shop: the home page does not list it.
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Artigos Disponíveis" })).toBeVisible();
  await expect(page.getByRole("link", { name, exact: true })).toHaveCount(0);

  // ----- back to the list: put it in the shop -----
  await page.goto("/produtos");
  await expect(card.getByText("Stock: 25")).toBeVisible();
  await card.getByRole("button", { name: `Adicionar à loja: ${name}` }).click();
  await expect(page.getByText(`${name} Adicionado a loja`).first()).toBeVisible();
  await expect(card.getByText("Produto na Loja")).toBeVisible();

  // ----- the storefront home shows it, linked to its product page -----
  await page.goto("/");
  const link = page.locator(`a[href="/produto/${productId}"]`).filter({ hasText: name });
  await expect(link.first()).toBeVisible();
});
