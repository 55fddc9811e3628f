import { expect, test, type Page } from "./fixtures.ts";
import sharp from "sharp";
import { ADMIN, loginThroughForm } from "./support.ts";

/**
 * Admin product screens: an admin creates a product with two pictures, gives it a variant,
 * takes it out of the shop and puts it back, and the storefront home shows it.
 */

/** A small solid PNG, made at run time (no fixture files in the repository). */
async function png(r: number, g: number, b: number): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 64, channels: 3, background: { r, g, b } } })
    .png()
    .toBuffer();
}

function productCard(page: Page, name: string) {
  return page.getByRole("listitem").filter({ has: page.getByRole("link", { name, exact: true }) });
}

test("admin creates a product with two images, adds a variant, puts it in the shop and the home page shows it", async ({
  page,
}) => {
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
  await expect(variants.getByText("Azul", { exact: true })).toBeVisible();
  await expect(variants.locator('[data-column="stock"]')).toHaveText("25");

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

/** The admin's CSRF token (the session-bound cookie the pages send back as a header). */
async function csrfHeader(page: Page): Promise<Record<string, string>> {
  return { "x-csrf-token": (await page.context().cookies()).find((c) => c.name === "loja_csrf")!.value };
}

test("the 'Ver Produtos' grid shows each product's own picture (the first of /api/product/{id})", async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  await loginThroughForm(page, ADMIN.email, ADMIN.password);
  await page.waitForURL("**/dashboard");

  // Three products of our own, each with its own pictures (two each, every one a different colour),
  // next to the demo catalogue.
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const created: number[] = [];
  for (const [i, rgb] of [
    [220, 30, 30],
    [30, 160, 60],
    [40, 60, 210],
  ].entries()) {
    const res = await page.request.post("/api/product/create", {
      headers: await csrfHeader(page),
      multipart: {
        name: `Grelha ${stamp} ${i + 1}`,
        description: "Produto do teste da grelha.",
        price: `${5 + i},${10 + i}`,
        categoria: "Canecas",
        images: { name: `a${i}.png`, mimeType: "image/png", buffer: await png(rgb[0]!, rgb[1]!, rgb[2]!) },
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    const id = ((await res.json()) as { id: number }).id;
    // A second picture: the card must show the first.
    const more = await page.request.put(`/api/product/updateproductstock/${id}`, {
      headers: await csrfHeader(page),
      multipart: {
        name: `Grelha ${stamp} ${i + 1}`,
        description: "Produto do teste da grelha.",
        price: `${5 + i},${10 + i}`,
        images: { name: `b${i}.png`, mimeType: "image/png", buffer: await png(rgb[2]!, rgb[0]!, rgb[1]!) },
      },
    });
    expect(more.status(), await more.text()).toBe(200);
    created.push(id);
  }

  await page.goto("/produtos");
  await expect(page.getByRole("heading", { name: "Gestão de Produtos" })).toBeVisible();
  for (const id of created)
    await expect(page.locator(`article:has(a[href="/produtos/editprodutos/${id}"])`)).toBeVisible();

  const cards = page.locator("article:has(a[href^='/produtos/editprodutos/'])");
  const count = await cards.count();
  expect(count).toBeGreaterThanOrEqual(3);
  const seen = new Set<string>();
  for (let i = 0; i < count; i++) {
    const card = cards.nth(i);
    const href = await card.locator("a[href^='/produtos/editprodutos/']").first().getAttribute("href");
    const id = Number(href!.split("/").pop());
    const product = (await (await page.request.get(`/api/product/${id}`)).json()) as { name: string; images: string[] };
    const first = product.images[0]!;
    const img = card.locator("img").first();
    // The card's picture is the product's own first picture, not another product's.
    await expect(img, product.name).toHaveAttribute("src", `/uploads/${encodeURIComponent(first)}`);
    await img.scrollIntoViewIfNeeded();
    await expect
      .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0), { message: product.name })
      .toBe(true);
    const base = first.replace(/\.[a-z]+$/, "");
    expect(await img.evaluate((el: HTMLImageElement) => el.currentSrc), product.name).toContain(base);
    seen.add(first);
  }
  // Every product of the demo catalogue and ours has its own picture: as many pictures as cards.
  expect(seen.size).toBe(count);

  // What the admin sees, kept for a person to look at.
  await page.evaluate(() => window.scrollTo(0, 0));
  const width = page.viewportSize()!.width;
  const dir = process.env.SCREENSHOTS_DIR ?? testInfo.outputPath();
  await page.screenshot({ path: `${dir}/ver-produtos-${width}px-${testInfo.project.name}.png`, fullPage: true });

  for (const id of created) {
    const res = await page.request.delete(`/api/product/${id}`, { headers: await csrfHeader(page) });
    expect(res.status()).toBe(200);
  }
});
