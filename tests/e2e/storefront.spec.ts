import { expect, test } from "@playwright/test";

/** Issue 3: the storefront renders real content on the server and the product page fills the cart. */

test("home renders the banner, categories and products without JavaScript", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/");
  await expect(page.locator("html")).toHaveAttribute("lang", "pt-PT");
  await expect(page.getByRole("link", { name: "Contacte-nos" })).toHaveAttribute("href", "/contato");
  await expect(page.getByRole("heading", { name: "Escolha uma Categoria" })).toBeVisible();
  for (const tile of ["Canecas", "T-shirts", "Agendas"]) await expect(page.getByText(tile, { exact: true }).first()).toBeVisible();
  await expect(page.getByRole("heading", { name: "Artigos Disponíveis" })).toBeVisible();
  const cards = page.locator('a[href^="/produto/"]');
  expect(await cards.count()).toBeGreaterThanOrEqual(10);
  await expect(page.getByText(/\d+,\d{2}\s€/).first()).toBeVisible();
  await context.close();
});

test("a shopper picks a size on a product page and the cart badge counts it", async ({ page }) => {
  await page.goto("/?categoria=T-shirts");
  await page.locator('a[href^="/produto/"]').first().click();
  await page.waitForURL(/\/produto\/\d+$/);
  await expect(page.getByText("Produtos do Modelo", { exact: false })).toBeVisible();
  await page.getByRole("button", { name: "Adicionar ao Carrinho" }).click();
  await expect(page.getByText("Por favor, selecione um tamanho.").first()).toBeVisible();

  const size = page.locator("button[aria-pressed]:not([disabled])").filter({ hasText: /^(S|M|L|XL)$/ }).first();
  await size.click();
  await page.getByRole("button", { name: "Adicionar ao Carrinho" }).click();
  await expect(page.getByRole("link", { name: /Carrinho, 1 artigo/ }).first()).toBeAttached();
  const cart = await page.evaluate(() => JSON.parse(localStorage.getItem("carrinho") ?? "[]"));
  expect(cart).toHaveLength(1);
  expect(cart[0]).toMatchObject({ quantidade: 1 });
  for (const key of ["id", "name", "image", "price", "cor", "tamanho"]) expect(cart[0]).toHaveProperty(key);
});

test("an unknown product answers 404 and an invalid id 400, with a way home", async ({ page }) => {
  const missing = await page.goto("/produto/999999");
  expect(missing?.status()).toBe(404);
  await expect(page.getByText("Produto não encontrado").first()).toBeVisible();
  const invalid = await page.goto("/produto/abc");
  expect(invalid?.status()).toBe(400);
  await expect(page.getByText("ID do produto inválido").first()).toBeVisible();
});

test("robots.txt keeps crawlers out of the admin and the sitemap lists products", async ({ request }) => {
  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toContain("Disallow: /dashboard");
  const sitemap = await (await request.get("/sitemap.xml")).text();
  expect(sitemap).toMatch(/<loc>[^<]+\/produto\/\d+<\/loc>/);
});

test("a broken product image falls back to the default image", async ({ page }) => {
  await page.route("**/uploads/**", (route) => route.abort());
  await page.goto("/");
  const firstCardImage = page.locator("article img").first();
  await firstCardImage.scrollIntoViewIfNeeded();
  await expect(firstCardImage).toHaveAttribute("src", /\/images\/default\.jpg$/);
});
