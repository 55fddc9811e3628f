import { expect, test } from "./fixtures.ts";

/** Issue 3: the storefront renders real content on the server and the product page fills the cart. */

test("home renders the banner, categories and products without JavaScript", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/");
  await expect(page.locator("html")).toHaveAttribute("lang", "pt-PT");
  await expect(page.getByRole("link", { name: "Contacte-nos" })).toHaveAttribute("href", "/contato");
  await expect(page.getByRole("heading", { name: "Escolha uma Categoria" })).toBeVisible();
  for (const tile of ["Canecas", "T-shirts", "Agendas"])
    await expect(page.getByText(tile, { exact: true }).first()).toBeVisible();
  await expect(page.getByRole("heading", { name: "Artigos Disponíveis" })).toBeVisible();
  const cards = page.locator('a[href^="/produto/"]');
  expect(await cards.count()).toBeGreaterThanOrEqual(10);
  await expect(page.getByText(/\d+,\d{2}\s€/).first()).toBeVisible();
  // The cookie notice needs JavaScript to be accepted, so it does not cover the page without it.
  await expect(page.getByRole("region", { name: "Aviso de cookies" })).toBeHidden();
  await context.close();
});

test("the first paint needs no JavaScript: scripts are requested after it, then the page hydrates", async ({
  page,
  request,
}) => {
  // The server's HTML: no module preloads competing with the stylesheet, the cookie notice for a first visit.
  const html = await (await request.get("/")).text();
  const notice = "Utilizamos cookies para garantir o bom funcionamento da loja";
  expect(/<link[^>]+rel="modulepreload"/.test(html), "no <link rel=modulepreload> in the server's HTML").toBe(false);
  expect(html.includes(notice), "the cookie notice is in the server's HTML").toBe(true);
  const withConsent = await (await request.get("/", { headers: { cookie: "cookieConsent=true" } })).text();
  expect(withConsent.includes(notice), "no cookie notice once consent is known").toBe(false);

  await page.goto("/");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  expect(await page.locator('head link[rel="modulepreload"]').count()).toBeGreaterThan(2);
  // Accepting stores the consent (localStorage, as the spec says) and the cookie the server reads.
  await page.getByRole("button", { name: "Aceitar" }).click();
  await expect(page.getByRole("region", { name: "Aviso de cookies" })).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem("cookieConsent"))).toBe("true");
  expect((await page.context().cookies()).find((c) => c.name === "cookieConsent")?.value).toBe("true");
  await page.reload();
  await expect(page.getByRole("region", { name: "Aviso de cookies" })).toHaveCount(0);
});

test("a shopper picks a size on a product page and the cart badge counts it", async ({ page }) => {
  await page.goto("/?categoria=T-shirts");
  await page.locator('a[href^="/produto/"]').first().click();
  await page.waitForURL(/\/produto\/\d+$/);
  await expect(page.getByText("Produtos do Modelo", { exact: false })).toBeVisible();
  await page.getByRole("button", { name: "Adicionar ao Carrinho" }).click();
  await expect(page.getByText("Por favor, selecione um tamanho.").first()).toBeVisible();

  const size = page.getByRole("group", { name: "Tamanho" }).getByRole("radio", { disabled: false }).first();
  await size.check();
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
