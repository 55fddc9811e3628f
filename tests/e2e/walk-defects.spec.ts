import AxeBuilder from "@axe-core/playwright";
import sharp from "sharp";
import { request as playwrightRequest, test, waitForHydration, type APIRequestContext, type Page } from "./fixtures.ts";
import { createCliente, firstInStock, postMbOrder, signedInApi, type CartLine } from "./accounts-kit.ts";
import { ADMIN, expect, loginThroughForm } from "./support.ts";

/**
 * Defects found in the end-to-end walk (issue 11, "Defects found in the walk"): static home tiles (2.1), 'Voltar'
 * on a page opened directly (2.3), pt-PT prices (2.5), the header logo's accessible name (2.10)
 * and choices made before hydration (2.11). Issue 18's walk: forms filled in the server's HTML that keep what was
 * typed before hydration (defect 1), no paid extra ticked by default (2), the total confirmed is the total on
 * screen (3), and the stored payment after 'Pagar por Multibanco' (4).
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

// ---------- issue 18, defect 1: every form arrives filled and keeps what was typed before hydration ----------

/** Opens `path` with the scripts held back (the server's HTML only), as an admin already signed in. */
async function openBeforeHydration(page: Page, path: string) {
  const scripts = await holdScripts(page);
  await page.mainFrame().goto(path, { waitUntil: "domcontentloaded" });
  // The page asks for its scripts after the first paint (decision 0008): they are held from then on.
  await expect.poll(() => scripts.held()).toBeGreaterThan(0);
  return scripts;
}

const notHydrated = (page: Page) => page.evaluate(() => document.documentElement.dataset.hydrated);

async function signInAsAdmin(page: Page) {
  await loginThroughForm(page, ADMIN.email, ADMIN.password);
  await page.waitForURL("**/dashboard");
}

test("a product edit typed before hydration is saved exactly as typed: the server's HTML has the product's values", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const { api, h } = await adminApi(baseURL!);
  const name = `Caneca Aveiro ${Date.now() % 1e7}`;
  const { id } = await createShopProduct(api, h, name, "Canecas");
  await signInAsAdmin(page);

  const scripts = await openBeforeHydration(page, `/produtos/editar/${id}`);
  const field = (label: string) => page.getByLabel(label);
  // The server sends the form filled from its loader, not empty until the scripts run.
  await expect(field("Nome")).toHaveValue(name);
  await expect(field("Descrição")).toHaveValue("Produto do teste das categorias.");
  await expect(field("Preço (€)")).toHaveValue("9,90");
  await expect(page.getByLabel("Estado")).toHaveValue("1");
  await field("Nome").fill(`${name} editada`);
  await field("Descrição").fill("Texto novo.");
  await field("Preço (€)").fill("12,40");
  expect(await notHydrated(page)).toBeUndefined();

  await scripts.release();
  await expect(field("Nome")).toHaveValue(`${name} editada`);
  await expect(field("Descrição")).toHaveValue("Texto novo.");
  await expect(field("Preço (€)")).toHaveValue("12,40");
  await page.getByRole("button", { name: "Guardar Alterações" }).click();
  await page.waitForURL(/\/produtos$/);
  const saved = (await (await api.get(`/api/product/${id}`)).json()) as {
    name: string;
    description: string;
    price: number;
  };
  expect({ name: saved.name, description: saved.description, price: saved.price }).toEqual({
    name: `${name} editada`,
    description: "Texto novo.",
    price: 12.4,
  });
  // Out of the shop and off the admin grid, so other specs sharing this shop never meet it.
  expect((await api.delete(`/api/product/${id}`, { headers: h })).status()).toBe(200);
  await api.dispose();
});

test("a variant chosen on the product's edit page before hydration is the one added", async ({ page, baseURL }) => {
  test.setTimeout(60_000);
  const { api, h } = await adminApi(baseURL!);
  const { id } = await createShopProduct(api, h, `Caneca Variante ${Date.now() % 1e7}`, "Canecas");
  const colors = (await (await api.get("/api/product/cores")).json()) as Array<{ id: number; name: string }>;
  const colour = colors[1] ?? colors[0]!;
  await signInAsAdmin(page);

  const scripts = await openBeforeHydration(page, `/produtos/editar/${id}`);
  await page.locator("#variant-color").selectOption(String(colour.id));
  await page.locator("#variant-stock").fill("37");
  expect(await notHydrated(page)).toBeUndefined();

  await scripts.release();
  await expect(page.locator("#variant-color")).toHaveValue(String(colour.id));
  await expect(page.locator("#variant-stock")).toHaveValue("37");
  await page.getByRole("button", { name: "Adicionar Variante" }).click();
  await expect(page.getByText("Variante criada com sucesso!").first()).toBeVisible();
  const detail = (await (await api.get(`/api/product/stockdetalhe/${id}`)).json()) as {
    variants: Array<{ color_id: number; stock: number }>;
  };
  expect(detail.variants.some((v) => v.color_id === colour.id && v.stock === 37)).toBe(true);
  expect((await api.delete(`/api/product/${id}`, { headers: h })).status()).toBe(200);
  await api.dispose();
});

test("a user edit typed before hydration is saved as typed: the server's HTML has the user's name and e-mail", async ({
  page,
  baseURL,
}) => {
  const { api, h } = await adminApi(baseURL!);
  const email = `edicao-${Date.now()}-${Math.floor(Math.random() * 1e6)}@exemplo.pt`;
  const created = await api.post("/users/newuser", {
    headers: h,
    data: { name: "Rui Antes", email, password: "edicao-verde-2026" },
  });
  expect(created.status(), await created.text()).toBe(201);
  const userId = (await created.json()).user.id as number;
  await signInAsAdmin(page);

  const scripts = await openBeforeHydration(page, `/usuarios/editar/${userId}`);
  await expect(page.getByLabel("Nome", { exact: true })).toHaveValue("Rui Antes");
  await expect(page.getByLabel("Email", { exact: true })).toHaveValue(email);
  await page.getByLabel("Nome", { exact: true }).fill("Rui Depois");
  expect(await notHydrated(page)).toBeUndefined();

  await scripts.release();
  await expect(page.getByLabel("Nome", { exact: true })).toHaveValue("Rui Depois");
  await page.getByRole("button", { name: "Guardar", exact: true }).click();
  await page.waitForURL("**/dashboard");
  const user = (await (await api.get(`/api/users/${userId}`)).json()) as { name: string; email: string };
  expect(user).toMatchObject({ name: "Rui Depois", email });
  await api.dispose();
});

test("shop settings typed before hydration are saved as typed, and the saved toast has its pt-PT title (axe)", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const { api, h } = await adminApi(baseURL!);
  const original = await (await api.get("/api/settings")).json();
  const legalName = `Loja Antes da Hidratação ${Date.now() % 1e7}, Lda.`;
  try {
    await signInAsAdmin(page);
    const scripts = await openBeforeHydration(page, "/definicoes");
    await expect(page.getByLabel("Denominação social")).toHaveValue(original.identity.legalName);
    await page.getByLabel("Denominação social").fill(legalName);
    expect(await notHydrated(page)).toBeUndefined();

    await scripts.release();
    await expect(page.getByLabel("Denominação social")).toHaveValue(legalName);
    await page.getByRole("button", { name: "Guardar definições" }).click();
    const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Definições guardadas." });
    await expect(toast).toBeVisible();
    await expect(toast.locator("[data-title]")).toHaveText("Definições guardadas.");
    await expect(page.getByLabel("Denominação social")).toHaveValue(legalName);
    const saved = await (await api.get("/api/settings")).json();
    expect(saved.identity.legalName).toBe(legalName);
    // The toast, once in place, passes axe (an empty title failed colour contrast).
    await expect(toast).toHaveAttribute("data-visible", "true");
    await expect.poll(() => toast.evaluate((el) => getComputedStyle(el).opacity)).toBe("1");
    const results = await new AxeBuilder({ page }).include("[data-sonner-toast]").analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(" | ")}`)).toEqual([]);
  } finally {
    const put = await api.put("/api/settings", { headers: h, data: original });
    expect(put.status(), await put.text()).toBe(200);
    await api.dispose();
  }
});

test("the admin's create forms keep what was typed before hydration, and start from the settings' IVA", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const { api } = await adminApi(baseURL!);
  const settings = (await (await api.get("/api/settings")).json()) as { vat: { defaultCategory: string } };
  await signInAsAdmin(page);
  const typed: Array<[path: string, label: string, text: string]> = [
    ["/produtos/criar", "Nome", "Caneca escrita cedo"],
    ["/produtos/criar", "Descrição", "Descrição escrita antes dos scripts."],
    ["/produtos/color", "Nome da cor", "Verde cedo"],
    ["/produtos/size", "Tamanho", "XXL cedo"],
    ["/produto/categoria", "Cor", "Azul cedo"],
    ["/produtos/criar_banner", "Título", "Banner cedo"],
    ["/produtos/criar_banner", "Slogan", "Slogan escrito cedo"],
  ];
  for (const [path, label, text] of typed) {
    const scripts = await openBeforeHydration(page, path);
    if (path === "/produtos/criar")
      await expect(page.getByLabel("Taxa de IVA")).toHaveValue(settings.vat.defaultCategory);
    await page.getByLabel(label).first().fill(text);
    expect(await notHydrated(page), path).toBeUndefined();
    await scripts.release();
    await expect(page.getByLabel(label).first(), path).toHaveValue(text);
  }
  await api.dispose();
});

test("a carrier and tracking number chosen on the admin order page before hydration are the ones the order ships with", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const { api, h } = await adminApi(baseURL!);
  const { productId, variantId } = await firstInStock(api, 2);
  const placed = await postMbOrder(
    api,
    h["x-csrf-token"]!,
    {
      nome: "Óscar Envio",
      morada: "Rua do Envio, 5",
      codigo_postal: "4000-442",
      cidade: "Porto",
      telefone: "913222333",
    },
    [{ product_id: productId, variant_id: variantId, quantity: 1 }],
  );
  expect(placed.status(), await placed.text()).toBe(201);
  const orderId = ((await placed.json()) as { order_id: number }).order_id;
  const paid = await api.post("/api/payments/sandbox/simulate", { headers: h, data: { order_id: orderId } });
  expect(paid.status(), await paid.text()).toBe(200);
  const preparing = await api.post(`/api/orders/${orderId}/status`, { headers: h, data: { status: "em_preparacao" } });
  expect(preparing.status(), await preparing.text()).toBe(200);
  await signInAsAdmin(page);

  const scripts = await openBeforeHydration(page, `/orders/${orderId}`);
  await page.getByLabel("Transportadora").selectOption("dpd");
  await page.getByLabel("Número de seguimento").fill("DPD0987654321");
  expect(await notHydrated(page)).toBeUndefined();

  await scripts.release();
  await expect(page.getByLabel("Transportadora")).toHaveValue("dpd");
  await page.getByRole("button", { name: "Marcar como enviada" }).click();
  await expect(page.getByRole("button", { name: "Marcar como entregue" })).toBeVisible();
  const detail = (await (await api.get(`/api/orders/${orderId}/detail`)).json()) as {
    envio: { carrier: string; tracking_number: string } | null;
  };
  expect(detail.envio).toMatchObject({ carrier: "dpd", tracking_number: "DPD0987654321" });
  await api.dispose();
});

// ---------- issue 18, defects 2 and 3: the delivery dialog ----------

/** A cart line of `quantidade` units of a product with stock, as the storefront stores it. */
async function cartLine(api: APIRequestContext, quantidade: number, skip = 0): Promise<CartLine> {
  const { productId, variantId } = await firstInStock(api, quantidade + 2, skip);
  const detail = (await (await api.get(`/api/product/stockdetalhe/${productId}`)).json()) as {
    name: string;
    image: string;
    price: number;
    variants: Array<{ id: number; color_name: string | null; size_name: string | null }>;
  };
  const variant = detail.variants.find((v) => v.id === variantId)!;
  return {
    id: productId,
    name: detail.name,
    image: String(detail.image).split(",")[0] ?? "",
    price: detail.price,
    cor: variant.color_name ?? "",
    tamanho: variant.size_name ?? "",
    quantidade,
    variant_id: variantId,
  };
}

/** The server's total to pay (euros, as the page writes it) for these lines and delivery choices. */
async function quotedTotal(baseURL: string, lines: CartLine[], codigoPostal: string, fast: boolean) {
  const api = await playwrightRequest.newContext({ baseURL });
  const res = await api.post("/api/cart/quote", {
    data: {
      items: lines.map((l) => ({ product_id: l.id, variant_id: l.variant_id, quantity: l.quantidade, price: l.price })),
      codigo_postal: codigoPostal,
      entrega_rapida: fast,
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  const total = ((await res.json()) as { total: number }).total;
  await api.dispose();
  return `${total.toFixed(2).replace(".", ",")}\u00a0€`;
}

const dialogTotal = (page: Page) =>
  page
    .getByRole("dialog", { name: "Dados de entrega" })
    .getByRole("region", { name: "Total da encomenda" })
    .getByRole("term")
    .filter({ hasText: /^Total a pagar/ })
    .locator("xpath=following-sibling::dd[1]");

/** The admin's API and a new verified cliente. */
async function adminAndCliente(baseURL: string, who: Parameters<typeof createCliente>[2]) {
  const { api: admin, h } = await adminApi(baseURL);
  return { admin, shopper: await createCliente(admin, h["x-csrf-token"]!, who) };
}

async function openCart(page: Page, lines: CartLine[]) {
  await page.evaluate((stored) => localStorage.setItem("carrinho", JSON.stringify(stored)), lines);
  await page.goto("/carrinho");
  await page.getByRole("main").getByText("Multibanco", { exact: true }).click();
  await page.getByRole("button", { name: "Finalizar Compra" }).click();
  return page.getByRole("dialog", { name: "Dados de entrega" });
}

test("the delivery dialog offers the last address but never ticks 'Entrega rápida' because the last order had it", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const { admin, shopper } = await adminAndCliente(baseURL!, {
    prefix: "rapida",
    name: "Rita Rápida",
    password: "rapida-verde-2026",
  });
  const buyer = await signedInApi(baseURL, shopper.email, shopper.password);
  const line = await cartLine(admin, 1);
  const address = {
    nome: "Rita Rápida",
    morada: "Rua da Pressa, 3",
    codigo_postal: "4000-442",
    cidade: "Porto",
    telefone: "913000111",
    entrega_rapida: true,
  };
  const first = await postMbOrder(buyer.api, buyer.csrf, address, [
    { product_id: line.id, variant_id: line.variant_id, quantity: 1 },
  ]);
  expect(first.status(), await first.text()).toBe(201);

  await loginThroughForm(page, shopper.email, shopper.password);
  await page.waitForURL((url) => url.pathname !== "/login");
  const dialog = await openCart(page, [line]);
  await expect(dialog.getByText("Preenchemos com os dados da sua última encomenda; pode alterá-los.")).toBeVisible();
  await expect(dialog.getByLabel("Morada")).toHaveValue("Rua da Pressa, 3");
  await expect(dialog.getByLabel("Código postal")).toHaveValue("4000-442");
  // A paid option is never chosen for the shopper.
  await expect(dialog.getByRole("checkbox", { name: /Entrega rápida/ })).not.toBeChecked();
  await expect(dialogTotal(page)).toHaveText(await quotedTotal(baseURL!, [line], "4000-442", false));
  await dialog.getByRole("button", { name: "Confirmar encomenda" }).click();
  await page.waitForURL("**/pagamento");
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("pagamento") ?? "null"));
  const order = (await (await admin.get(`/api/orders/${stored.order_id}`)).json()) as {
    dados_entrega: { entrega_rapida: boolean };
  };
  expect(order.dados_entrega.entrega_rapida).toBe(false);
  await buyer.api.dispose();
  await admin.dispose();
});

test("re-opened after the cart changed, the delivery dialog shows the new total and the order is placed at it", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const { admin, shopper } = await adminAndCliente(baseURL!, {
    prefix: "total",
    name: "Tiago Total",
    password: "total-verde-2026",
  });
  const line = await cartLine(admin, 1);

  await loginThroughForm(page, shopper.email, shopper.password);
  await page.waitForURL((url) => url.pathname !== "/login");
  let dialog = await openCart(page, [line]);
  await dialog.getByLabel("Nome").fill("Tiago Total");
  await dialog.getByLabel("Morada").fill("Rua das Flores, 7");
  await dialog.getByLabel("Código postal").fill("9000-018");
  await dialog.getByLabel("Cidade").fill("Funchal");
  await dialog.getByLabel("Telefone").fill("291000111");
  await expect(dialogTotal(page)).toHaveText(await quotedTotal(baseURL!, [line], "9000-018", false));

  // Back to the cart: one more unit, then 'Finalizar Compra' again.
  await dialog.getByRole("button", { name: "Cancelar" }).click();
  await expect(dialog).toHaveCount(0);
  await page
    .getByRole("button", { name: `Aumentar quantidade de ${line.name}` })
    .first()
    .click();
  await expect(page.getByLabel(`Quantidade de ${line.name}`, { exact: true }).first()).toHaveValue("2");
  await page.getByRole("button", { name: "Finalizar Compra" }).click();
  dialog = page.getByRole("dialog", { name: "Dados de entrega" });
  const shown = await quotedTotal(baseURL!, [{ ...line, quantidade: 2 }], "9000-018", false);
  await expect(dialogTotal(page)).toHaveText(shown);
  await expect(dialog.getByRole("region", { name: "Total da encomenda" }).locator("[aria-busy]")).toHaveAttribute(
    "aria-busy",
    "false",
  );
  await dialog.getByRole("button", { name: "Confirmar encomenda" }).click();
  await page.waitForURL("**/pagamento");
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("pagamento") ?? "null"));
  expect(`${Number(stored.valor).toFixed(2).replace(".", ",")}\u00a0€`).toBe(shown);
  await admin.dispose();
});

// ---------- issue 18, defect 4: the stored payment after 'Pagar por Multibanco' ----------

test("after 'Pagar por Multibanco' the browser's stored pagamento holds the new reference, not the MB WAY request", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const { api: admin, h } = await adminApi(baseURL!);
  const shopper = await createCliente(admin, h["x-csrf-token"]!, {
    prefix: "mbway",
    name: "Marta MB WAY",
    password: "mbway-verde-2026",
  });
  const line = await cartLine(admin, 1);
  await loginThroughForm(page, shopper.email, shopper.password);
  await page.waitForURL((url) => url.pathname !== "/login");
  await page.evaluate((stored) => localStorage.setItem("carrinho", JSON.stringify(stored)), [line]);
  await page.goto("/carrinho");
  await page.getByRole("main").getByText("MB WAY", { exact: true }).click();
  await page.getByLabel(/telemóvel MB WAY/i).fill("912345678");
  await page.getByRole("button", { name: "Finalizar Compra" }).click();
  const dialog = page.getByRole("dialog", { name: "Dados de entrega" });
  await dialog.getByLabel("Nome").fill("Marta MB WAY");
  await dialog.getByLabel("Morada").fill("Avenida da Liberdade, 20");
  await dialog.getByLabel("Código postal").fill("1250-145");
  await dialog.getByLabel("Cidade").fill("Lisboa");
  await dialog.getByLabel("Telefone").fill("912345678");
  await dialog.getByRole("button", { name: "Confirmar encomenda" }).click();
  await page.waitForURL("**/pagamento");
  const before = await page.evaluate(() => JSON.parse(localStorage.getItem("pagamento") ?? "null"));
  expect(before.metodo).toBe("mbway");

  // The MB WAY request runs out; the shopper pays the same order by Multibanco.
  const expired = await admin.post("/api/payments/sandbox/simulate", {
    headers: h,
    data: { order_id: before.order_id, outcome: "expire" },
  });
  expect(expired.status(), await expired.text()).toBe(200);
  await page.getByRole("button", { name: "Pagar por Multibanco" }).click({ timeout: 15_000 });
  await expect(page.getByRole("heading", { name: "Multibanco" })).toBeVisible();
  const row = page.getByRole("definition").filter({ has: page.getByRole("button", { name: "Copiar Referência" }) });
  const reference = (await row.innerText()).replace(/\D/g, "");
  expect(reference).toMatch(/^\d{9}$/);
  await expect
    .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem("pagamento") ?? "null")))
    .toMatchObject({ metodo: "MB", referencia: reference, order_id: before.order_id });
  expect(await page.evaluate(() => localStorage.getItem("pedido_id"))).toBe(String(before.order_id));
  await admin.dispose();
});
