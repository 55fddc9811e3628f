import AxeBuilder from "@axe-core/playwright";
import sharp from "sharp";
import { request as playwrightRequest, test, waitForHydration, type APIRequestContext, type Page } from "./fixtures.ts";
import { ADMIN, expect, loginThroughForm } from "./support.ts";

/**
 * Defects found in the end-to-end walk (issue 11, "Defects found in the walk"): static home tiles (2.1), 'Voltar'
 * on a page opened directly (2.3), pt-PT prices (2.5), the header logo's accessible name (2.10)
 * and choices made before hydration (2.11).
 */

async function adminApi(baseURL: string): Promise<{ api: APIRequestContext; h: Record<string, string> }> {
  const api = await playwrightRequest.newContext({ baseURL });
  const res = await api.post("/users/login", { data: ADMIN });
  expect(res.status(), await res.text()).toBe(200);
  const csrf = (await api.storageState()).cookies.find((c) => c.name === "loja_csrf")!.value;
  return { api, h: { "x-csrf-token": csrf } };
}

/** A product in the shop with its own picture and one variant in stock; returns its id and stored picture. */
async function createShopProduct(
  api: APIRequestContext,
  h: Record<string, string>,
  name: string,
  categoryName: string,
) {
  const categories = (await (await api.get("/api/product/categorias")).json()) as Array<{ id: number; name: string }>;
  const categoria = categories.find((c) => c.name === categoryName)!;
  expect(categoria, `category ${categoryName}`).toBeTruthy();
  const image = await sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 250, g: 20, b: 200 } } })
    .png()
    .toBuffer();
  const created = await api.post("/api/product/create", {
    headers: h,
    multipart: {
      name,
      description: "Produto do teste das categorias.",
      price: "9,90",
      categoria: String(categoria.id),
      sizes: "Único",
      status: "1",
      images: { name: "magenta.png", mimeType: "image/png", buffer: image },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = (await created.json()).id as number;
  const colorId = ((await (await api.get("/api/product/cores")).json()) as Array<{ id: number }>)[0]!.id;
  const variant = await api.post("/api/product/createVariants", {
    headers: h,
    data: { product_id: id, color_id: colorId, stock: 5 },
  });
  expect(variant.status(), await variant.text()).toBe(201);
  const read = (await (await api.get(`/api/product/${id}`)).json()) as { images: string[] | string };
  const images = Array.isArray(read.images) ? read.images : String(read.images).split(",");
  return { id, image: images[0]!.replace(/\.[^.]+$/, "") };
}

// ---------- 2.1 ----------

const TILE_IMAGES = {
  Canecas: "/images/categorias/canecas",
  "T-shirts": "/images/categorias/t-shirts",
  Agendas: "/images/categorias/agendas",
} as const;

test("home category tiles show their own fixed pictures, never a product's, even right after a product is added", async ({
  page,
  baseURL,
}) => {
  const { api, h } = await adminApi(baseURL!);
  const tag = `${Date.now() % 1e7}`;
  const canecas = await createShopProduct(api, h, `Caneca Tile ${tag}`, "Canecas");

  // The server's HTML: each tile's <img> is its fixed picture, the new product's picture is only in the grid.
  const html = await (await api.get("/")).text();
  const section = /<section aria-labelledby="categorias"[\s\S]*?<\/section>/.exec(html)?.[0] ?? "";
  expect(section).not.toBe("");
  expect(section).not.toContain(canecas.image);
  expect(section).not.toContain("/uploads/");

  await page.goto("/");
  const tiles = page.getByRole("region", { name: "Escolha uma Categoria" });
  const seen = new Set<string>();
  for (const [name, base] of Object.entries(TILE_IMAGES)) {
    const img = tiles.getByRole("link", { name, exact: true }).locator("img");
    await expect(img).toHaveCount(1);
    const src = (await img.getAttribute("src"))!;
    expect(src.startsWith(`${base}-`), `${name} tile src ${src}`).toBe(true);
    expect(await img.getAttribute("srcset")).not.toContain("/uploads/");
    seen.add(src);
    // The picture ships with the app: it answers 200 as WebP and really draws.
    const file = await api.get(src);
    expect(file.status()).toBe(200);
    expect(file.headers()["content-type"]).toBe("image/webp");
    await img.scrollIntoViewIfNeeded();
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(0);
    expect(await img.getAttribute("width")).toBeTruthy();
    expect(await img.getAttribute("height")).toBeTruthy();
  }
  expect(seen.size).toBe(3);
  // The new product is on the page (in the grid), so the tiles' pictures were not taken from the catalogue.
  await expect(page.locator(`img[src*="${canecas.image}"]`).first()).toBeAttached();

  await api.put(`/api/product/editstatus/${canecas.id}`, { headers: h });
  await api.dispose();
});

// ---------- 2.3 ----------

test("'Voltar' on an admin page opened directly goes to its list, and back through the history otherwise", async ({
  page,
  context,
  baseURL,
}) => {
  const { api } = await adminApi(baseURL!);
  const products = (await (await api.get("/api/product/all")).json()) as Array<{ id: number; name: string }>;
  const product = products[0]!;
  await api.dispose();

  await loginThroughForm(page, ADMIN.email, ADMIN.password);
  await page.waitForURL("**/dashboard");

  // Opened directly in a new tab: no page of the shop before it.
  for (const [path, fallback, heading] of [
    [`/produtos/editprodutos/${product.id}`, "/produtos", "Gestão de Produtos"],
    [`/produto/ver/${product.id}`, "/produto/relatorio", "Relatório de Produtos"],
  ] as const) {
    const tab = await context.newPage();
    await tab.goto(path);
    await waitForHydration(tab);
    await expect(tab.getByRole("heading", { name: product.name }).first()).toBeVisible();
    await tab.getByRole("main").getByText("Voltar", { exact: true }).click();
    await expect(tab).toHaveURL((url) => url.pathname === fallback);
    await expect(tab.getByRole("heading", { name: heading, level: 1 })).toBeVisible();
    await tab.close();
  }

  // Reached from another page of the shop: 'Voltar' goes back to it.
  await page.goto(`/produtos/editar/${product.id}`);
  await page.getByRole("main").getByRole("link", { name: "Ver stock" }).click();
  await expect(page).toHaveURL((url) => url.pathname === `/produtos/editprodutos/${product.id}`);
  await expect(page.getByRole("heading", { name: product.name }).first()).toBeVisible();
  await page.getByRole("main").getByText("Voltar", { exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === `/produtos/editar/${product.id}`);
});

// ---------- 2.5 ----------

test("price fields take '15,5' the pt-PT way: saved as 15.50 €, shown back as '15,50', ambiguous text refused", async ({
  page,
}) => {
  test.setTimeout(60_000);
  const name = `Preço Vírgula ${Date.now() % 1e7}`;
  await loginThroughForm(page, ADMIN.email, ADMIN.password);
  await page.waitForURL("**/dashboard");
  await page.goto("/produtos/criar");
  const price = page.getByLabel("Preço (€)");

  // Ambiguous: a thousands separator.
  await price.fill("1.234");
  await price.blur();
  await page.getByRole("button", { name: "Criar Produto" }).click();
  await expect(page.getByText(/separador de milhares/).first()).toBeVisible();

  await page.getByLabel("Nome").fill(name);
  await page.getByLabel("Descrição").fill("Preço escrito com vírgula.");
  await price.fill("");
  await price.pressSequentially("15,5");
  await price.blur();
  await expect(price).toHaveValue("15,50");
  await page.getByLabel("Categoria").fill("Canecas");
  await page.getByLabel("Tamanhos").fill("Único");
  const image = await sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 10, g: 200, b: 90 } } })
    .png()
    .toBuffer();
  await page.locator('input[type="file"]').setInputFiles([{ name: "verde.png", mimeType: "image/png", buffer: image }]);
  await page.getByRole("button", { name: "Criar Produto" }).click();
  await page.waitForURL(/\/produtos$/);

  const all = (await (await page.request.get("/api/product/all")).json()) as Array<{
    id: number;
    name: string;
    price: number;
  }>;
  const saved = all.find((p) => p.name === name)!;
  expect(saved, "the product was created").toBeTruthy();
  const byId = (await (await page.request.get(`/api/product/${saved.id}`)).json()) as { price: number };
  expect(byId.price).toBe(15.5);

  // The edit form shows it back in pt-PT, and a point is accepted too.
  await page.goto(`/produtos/editar/${saved.id}`);
  await expect(page.getByLabel("Nome")).toHaveValue(name);
  await expect(page.getByLabel("Preço (€)")).toHaveValue("15,50");
  await page.getByLabel("Preço (€)").fill("7.25");
  await page.getByRole("button", { name: "Guardar Alterações" }).click();
  await expect
    .poll(async () => ((await (await page.request.get(`/api/product/${saved.id}`)).json()) as { price: number }).price)
    .toBe(7.25);
  await page.request.delete(`/api/product/${saved.id}`, {
    headers: { "x-csrf-token": (await page.context().cookies()).find((c) => c.name === "loja_csrf")!.value },
  });
});

// ---------- 2.10 ----------

test("the header's links name what they show (axe label-content-name-mismatch)", async ({ page }) => {
  await page.goto("/");
  const results = await new AxeBuilder({ page }).include("header").withRules(["label-content-name-mismatch"]).analyze();
  expect(results.violations.map((v) => v.nodes.map((n) => n.html)).flat()).toEqual([]);
  // The logo link's name starts with the text it shows (WCAG 2.5.3 "label in name").
  const logo = page.getByRole("banner").locator('a[href="/"]').first();
  const visible = (await logo.evaluate((el: HTMLElement) => el.innerText)).replace(/\s+/g, " ").trim();
  expect(visible).toContain("Loja");
  await expect(logo).toHaveAccessibleName(/^Loja\b/);
  const name = await logo.evaluate((el) => el.getAttribute("aria-label") ?? el.textContent ?? "");
  for (const word of visible.split(" ").filter((w) => w.length > 1)) expect(name).toContain(word);
});

// ---------- 2.11 ----------

/**
 * Holds every JavaScript file of the shop until `release()`: the page is the server's HTML only,
 * as on a phone in the moment between the first paint and hydration.
 */
async function holdScripts(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let held = 0;
  await page.route(/\/assets\/.+\.js(\?.*)?$/, async (route) => {
    held += 1;
    await released;
    await route.continue();
  });
  return {
    held: () => held,
    release: async () => {
      release();
      await waitForHydration(page);
      await page.unroute(/\/assets\/.+\.js(\?.*)?$/);
    },
  };
}

async function addToCartHydrated(page: Page, categoria: string) {
  await page.goto(`/?categoria=${categoria}`);
  await page.locator('a[href^="/produto/"]').first().click();
  await page.waitForURL(/\/produto\/\d+$/);
  await waitForHydration(page);
  const first = page.getByRole("group", { name: "Tamanho" }).getByRole("radio", { disabled: false }).first();
  if (!(await first.isChecked())) await first.check();
  await page.getByRole("button", { name: "Adicionar ao Carrinho" }).click();
  await expect(page.getByText("Produto adicionado ao carrinho!").first()).toBeVisible();
}

test("a payment method chosen on /carrinho before hydration is kept and 'Finalizar Compra' proceeds", async ({
  page,
}) => {
  await loginThroughForm(page, ADMIN.email, ADMIN.password);
  await page.waitForURL("**/dashboard");
  await addToCartHydrated(page, "Canecas");

  const scripts = await holdScripts(page);
  await page.mainFrame().goto("/carrinho", { waitUntil: "domcontentloaded" });
  const multibanco = page.getByRole("radio", { name: /Multibanco/ });
  await multibanco.check();
  expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
  expect(scripts.held()).toBeGreaterThan(0);

  await scripts.release();
  await expect(page.getByRole("region", { name: "Artigos no carrinho" }).getByRole("listitem").first()).toBeVisible();
  await expect(multibanco).toBeChecked();
  await page.getByRole("button", { name: "Finalizar Compra" }).click();
  await expect(page.getByRole("dialog").getByRole("button", { name: "Confirmar encomenda" })).toBeVisible();
  await expect(page.getByText("Por favor, selecione um método de pagamento.")).toHaveCount(0);
});

test("MB WAY and its phone number entered before hydration are kept", async ({ page }) => {
  await loginThroughForm(page, ADMIN.email, ADMIN.password);
  await page.waitForURL("**/dashboard");
  await addToCartHydrated(page, "Agendas");

  const scripts = await holdScripts(page);
  await page.mainFrame().goto("/carrinho", { waitUntil: "domcontentloaded" });
  await page.getByRole("radio", { name: /MB WAY/ }).check();
  const phone = page.getByLabel(/telemóvel MB WAY/i);
  await phone.fill("912345678");
  expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();

  await scripts.release();
  await expect(page.getByRole("radio", { name: /MB WAY/ })).toBeChecked();
  await expect(phone).toHaveValue("912345678");
  await page.getByRole("button", { name: "Finalizar Compra" }).click();
  await expect(page.getByRole("dialog").getByRole("button", { name: "Confirmar encomenda" })).toBeVisible();
});

test("colour, size and quantity chosen on a product page before hydration are what goes into the cart", async ({
  page,
}) => {
  // A T-shirt of the demo catalogue with several sizes in stock (and colours, when one has them).
  await page.goto("/?categoria=T-shirts");
  const hrefs = [
    ...new Set(
      await page.locator('main a[href^="/produto/"]').evaluateAll((as) => as.map((a) => a.getAttribute("href")!)),
    ),
  ];
  const enabled = (html: string, name: string) =>
    (html.match(new RegExp(`<input[^>]*name="${name}"[^>]*>`, "g")) ?? []).filter((tag) => !/\bdisabled=""/.test(tag))
      .length;
  let href = "";
  let best = -1;
  for (const candidate of hrefs) {
    const html = await (await page.request.get(candidate)).text();
    const score = enabled(html, "tamanho") > 1 ? 1 + Math.min(enabled(html, "cor"), 2) : 0;
    if (score > best) [href, best] = [candidate, score];
  }
  expect(best, "a T-shirt with two sizes in stock").toBeGreaterThan(0);
  await page.evaluate(() => localStorage.removeItem("carrinho"));

  const scripts = await holdScripts(page);
  await page.mainFrame().goto(href, { waitUntil: "domcontentloaded" });
  const colours = page.getByRole("group", { name: /^Cor/ }).getByRole("radio", { disabled: false });
  let colourName: string | null = null;
  if ((await colours.count()) > 1) {
    const colour = colours.nth(1);
    colourName = await colour.getAttribute("value");
    await colour.check();
  }
  const sizes = page.getByRole("group", { name: "Tamanho" }).getByRole("radio", { disabled: false });
  expect(await sizes.count()).toBeGreaterThan(1);
  const size = sizes.nth(1);
  const sizeName = (await size.getAttribute("value"))!;
  await size.check();
  await page.getByLabel("Quantidade", { exact: true }).fill("2");
  expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();

  await scripts.release();
  await expect(
    page.getByRole("group", { name: "Tamanho" }).getByRole("radio", { name: sizeName, exact: true }),
  ).toBeChecked();
  await expect(page.getByLabel("Quantidade", { exact: true })).toHaveValue("2");
  await page.getByRole("button", { name: "Adicionar ao Carrinho" }).click();
  await expect(page.getByText("Produto adicionado ao carrinho!").first()).toBeVisible();
  const cart = (await page.evaluate(() => JSON.parse(localStorage.getItem("carrinho") ?? "[]"))) as Array<{
    tamanho: string;
    cor: string;
    quantidade: number;
  }>;
  expect(cart).toHaveLength(1);
  expect(cart[0]!.tamanho).toBe(sizeName);
  expect(cart[0]!.quantidade).toBe(2);
  if (colourName) expect(cart[0]!.cor).toBe(colourName);
});

test("what a visitor types into the register form before hydration stays there", async ({ page }) => {
  const scripts = await holdScripts(page);
  await page.mainFrame().goto("/register", { waitUntil: "domcontentloaded" });
  await page.getByLabel("Nome", { exact: true }).fill("Beatriz Pré-Hidratação");
  await page.getByLabel("Email", { exact: true }).fill("beatriz.pre@exemplo.pt");
  expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();

  await scripts.release();
  await expect(page.getByLabel("Nome", { exact: true })).toHaveValue("Beatriz Pré-Hidratação");
  await expect(page.getByLabel("Email", { exact: true })).toHaveValue("beatriz.pre@exemplo.pt");
  // And the form holds them too: only the missing passwords are reported.
  await page.getByRole("button", { name: "Registar" }).click();
  await expect(page.getByLabel("Nome", { exact: true })).not.toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Email", { exact: true })).not.toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Palavra-passe", { exact: true })).toHaveAttribute("aria-invalid", "true");
});
