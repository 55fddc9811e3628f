import { expect, test, type Page } from "./fixtures.ts";
import { waitForHydration } from "./fixtures.ts";
import { ADMIN, loginThroughForm } from "./support.ts";

/**
 * /produtos refreshes its grid every 5 seconds (the route's loaders revalidated on an interval): a
 * product created elsewhere appears without a reload; a refresh that fails keeps the grid on screen
 * with 'Erro ao recarregar os produtos'. The search is kept in the URL. /produtos/detalhes ('Definir
 * Produto') reads the chosen product's variants through the URL and adds one.
 */

async function csrf(page: Page): Promise<Record<string, string>> {
  return { "x-csrf-token": (await page.context().cookies()).find((c) => c.name === "loja_csrf")!.value };
}

/** A product (one picture, no variants) made through the API as the signed-in admin; its id. */
async function createProduct(page: Page, name: string): Promise<number> {
  const created = await page.request.post("/api/product/create", {
    headers: await csrf(page),
    multipart: {
      name,
      description: "Produto de um teste de browser.",
      price: "3,50",
      categoria: "Canecas",
      images: { name: "p.png", mimeType: "image/png", buffer: Buffer.from(PNG_1PX, "base64") },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { id: number }).id;
}

test("the products grid refreshes by itself, survives a failed refresh, and keeps its search in the URL", async ({
  page,
}) => {
  test.setTimeout(60_000);
  await loginThroughForm(page, ADMIN.email, ADMIN.password);
  await page.waitForURL("**/dashboard");
  await page.goto("/produtos");
  await waitForHydration(page);
  const grid = page.getByRole("list", { name: "Produtos" });
  await expect(grid).toBeVisible();

  // Created through the API meanwhile: the grid shows it within a refresh or two, with its stock.
  const name = `Refresco ${Date.now().toString(36)}`;
  const id = await createProduct(page, name);
  const card = grid.getByRole("listitem").filter({ has: page.getByRole("link", { name, exact: true }) });
  await expect(card).toBeVisible({ timeout: 12_000 });
  await expect(card.getByText("Stock: 0")).toBeVisible();

  // The refreshes fail: the grid stays, and the admin is told.
  // (the grid's own data request; the admin layout's loader is asked separately and answers).
  const gridData = (url: URL) => url.pathname === "/produtos.data" && url.searchParams.get("_routes") === GRID_ROUTE;
  await page.route(gridData, (route) => route.abort());
  await expect(page.locator("[data-sonner-toast]").getByText("Erro ao recarregar os produtos")).toBeVisible({
    timeout: 12_000,
  });
  await expect(card).toBeVisible();
  await page.unroute(gridData);

  // The search filters at once and is kept in the URL (reload and back keep it).
  await page.getByLabel("Pesquisar produtos").fill(name);
  await expect(grid.getByRole("listitem")).toHaveCount(1);
  await expect(page).toHaveURL((url) => url.searchParams.get("pesquisa") === name);
  await page.reload();
  await expect(page.getByLabel("Pesquisar produtos")).toHaveValue(name);
  await expect(grid.getByRole("listitem")).toHaveCount(1);

  expect((await page.request.delete(`/api/product/${id}`, { headers: await csrf(page) })).status()).toBe(200);
});

test("'Definir Produto' adds a variant with its stock to the chosen product and lists it", async ({ page }) => {
  test.setTimeout(60_000);
  await loginThroughForm(page, ADMIN.email, ADMIN.password);
  await page.waitForURL("**/dashboard");
  const name = `Definir ${Date.now().toString(36)}`;
  const id = await createProduct(page, name);

  await page.goto("/produtos/detalhes");
  await waitForHydration(page);
  await page.getByLabel("Pesquisar produto").fill(name);
  await page.getByLabel("Produto", { exact: true }).selectOption(String(id));
  await expect(page).toHaveURL((url) => url.searchParams.get("produto") === String(id));
  await expect(page.getByRole("heading", { name: `Variantes de ${name}` })).toBeVisible();
  await expect(page.getByText("Este produto ainda não tem variantes.")).toBeVisible();

  await page.getByLabel("Cor", { exact: true }).selectOption({ label: "Azul" });
  await page.getByLabel("Quantidade em stock").fill("7");
  await page.getByRole("button", { name: "Adicionar Variante" }).click();
  await expect(page.locator("[data-sonner-toast]").getByText("Variante criada com sucesso!")).toBeVisible();
  const table = page.getByRole("region", { name: "Variantes do produto" });
  await expect(table.getByRole("row").filter({ hasText: "Azul" })).toContainText("7");
  // The product stays chosen for the next variant; the stock field is empty again.
  await expect(page.getByLabel("Produto", { exact: true })).toHaveValue(String(id));
  await expect(page.getByLabel("Quantidade em stock")).toHaveValue("");

  expect((await page.request.delete(`/api/product/${id}`, { headers: await csrf(page) })).status()).toBe(200);
});

/** The route id of /produtos (app/routes.ts), as React Router names it in its data requests. */
const GRID_ROUTE = "routes/admin/produtos";

/** A 1×1 PNG. */
const PNG_1PX = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";
