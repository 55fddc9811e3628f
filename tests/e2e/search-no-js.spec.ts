import { expect, test } from "@playwright/test";
import { apiFor, facetBox, openFilters, pathOf, shownIds } from "./search-support.ts";

/**
 * Issue 19 §2 and §7: /pesquisa and the category pages work with JavaScript turned off (GET forms and links only):
 * search, filters, sort, "Ver mais" as a link to the next page, the pt-PT message of a bad parameter (400), an
 * unknown category (404); and what search engines read (canonical, noindex, BreadcrumbList, ItemList).
 * Not the fixtures' `test`: its page.goto waits for hydration, which never comes here.
 */

test.use({ javaScriptEnabled: false });

test("/pesquisa searches, filters, sorts and pages without JavaScript, each page equal to the API's answer", async ({
  page,
}) => {
  await page.goto("/pesquisa");
  await page.getByLabel("Texto da pesquisa").fill("t-shirt");
  await page.getByRole("main").getByRole("button", { name: "Pesquisar", exact: true }).click();
  await expect(page).toHaveURL(/\/pesquisa\?q=t-shirt$/);
  await expect(page.getByRole("heading", { level: 1, name: 'Resultados para "t-shirt"' })).toBeVisible();
  const found = await apiFor(page.request, pathOf(page));
  expect(found.total).toBeGreaterThan(1);
  expect(await shownIds(page)).toEqual(found.produtos.map((p) => p.id));

  // A size, applied with the form's button.
  const size = found.facetas.tamanhos.find((t) => t.total > 0)!;
  await openFilters(page);
  await facetBox(page, size.nome).check();
  await page.getByRole("button", { name: "Aplicar filtros" }).click();
  await expect(page).toHaveURL(new RegExp(`tamanho=${encodeURIComponent(size.nome)}`));
  expect(new URL(page.url()).searchParams.get("q")).toBe("t-shirt");
  const sized = await apiFor(page.request, pathOf(page));
  expect(sized.total).toBe(size.total);
  expect(await shownIds(page)).toEqual(sized.produtos.map((p) => p.id));

  // Sort by the highest price with the sort form's own button.
  await page.getByLabel("Ordenar por").selectOption("preco-desc");
  await page.getByRole("button", { name: "Ordenar" }).click();
  await expect(page).toHaveURL(/ordenar=preco-desc/);
  const sorted = await apiFor(page.request, pathOf(page));
  expect(await shownIds(page)).toEqual(sorted.produtos.map((p) => p.id));
  const prices = sorted.produtos.map((p) => p.price);
  expect(prices).toEqual([...prices].sort((a, b) => b - a));
});

test("without JavaScript 'Ver mais' is a link to the next page of the same search", async ({ page }) => {
  await page.goto("/pesquisa?q=caneca&por_pagina=2");
  const first = await apiFor(page.request, pathOf(page));
  expect(first.total).toBeGreaterThan(2);
  await page.getByRole("link", { name: "Ver mais" }).click();
  await expect(page).toHaveURL(/pagina=2/);
  const second = await apiFor(page.request, pathOf(page));
  expect(await shownIds(page)).toEqual(second.produtos.map((p) => p.id));
  expect(second.produtos.map((p) => p.id)).not.toEqual(first.produtos.map((p) => p.id));
});

test("the header's field searches without JavaScript (a link to /pesquisa below md)", async ({ page, isMobile }) => {
  await page.goto("/");
  if (isMobile) {
    await page.getByRole("link", { name: "Pesquisar", exact: true }).click();
    await expect(page).toHaveURL(/\/pesquisa$/);
    return;
  }
  const field = page.getByRole("combobox", { name: "Pesquisar artigos" });
  await field.fill("agenda");
  await field.press("Enter");
  await expect(page).toHaveURL(/\/pesquisa\?q=agenda$/);
  const answer = await apiFor(page.request, pathOf(page));
  expect(await shownIds(page)).toEqual(answer.produtos.map((p) => p.id));
});

test("nothing found: the empty state links the categories; a misspelt word gets 'Quis dizer' with its search", async ({
  page,
}) => {
  await page.goto("/pesquisa?q=xyzzyqwv");
  await expect(page.getByText('Sem resultados para "xyzzyqwv"')).toBeVisible();
  const categorias = page.getByRole("navigation", { name: "Categorias" });
  await expect(categorias.getByRole("link", { name: "Canecas" })).toHaveAttribute("href", "/categoria/canecas");

  // A misspelt word: the page proposes the API's correction and links to its search.
  const answer = await apiFor(page.request, "/pesquisa?q=canecca");
  expect(answer.sugestao).not.toBeNull();
  await page.goto("/pesquisa?q=canecca");
  await expect(page.getByText("Quis dizer")).toBeVisible();
  await expect(page.getByRole("link", { name: answer.sugestao!, exact: true })).toHaveAttribute(
    "href",
    `/pesquisa?q=${encodeURIComponent(answer.sugestao!)}`,
  );
});

test("a bad parameter shows its pt-PT message with status 400; an unknown category is a 404", async ({ page }) => {
  const bad = await page.goto("/pesquisa?q=caneca&preco_min=abc");
  expect(bad?.status()).toBe(400);
  await expect(page.getByText('Preço inválido em "preco_min"')).toBeVisible();
  const badSort = await page.goto("/categoria/canecas?ordenar=barato");
  expect(badSort?.status()).toBe(400);
  await expect(page.getByText("Ordenação inválida")).toBeVisible();
  const missing = await page.goto("/categoria/nao-existe");
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Categoria não encontrada" })).toBeVisible();
});

test("search engines: canonical without filters or page, noindex on /pesquisa, breadcrumbs and item lists", async ({
  page,
}) => {
  const jsonLd = async (type: string) => {
    const blocks = await page
      .locator('script[type="application/ld+json"]')
      .evaluateAll((scripts) => scripts.map((s) => JSON.parse(s.textContent ?? "null") as Record<string, unknown>));
    return blocks.find((b) => b["@type"] === type) as Record<string, unknown> | undefined;
  };

  await page.goto("/categoria/t-shirts?cor=Branco&pagina=1&ordenar=preco-asc");
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/categoria\/t-shirts$/);
  await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
  const crumbs = (await jsonLd("BreadcrumbList")) as { itemListElement: Array<{ name: string; item: string }> };
  expect(crumbs.itemListElement.map((c) => c.name)).toEqual(["Início", "T-shirts"]);
  const list = (await jsonLd("ItemList")) as { itemListElement: Array<{ url: string }> };
  const ids = await shownIds(page);
  expect(list.itemListElement.map((i) => Number(i.url.split("/").at(-1)))).toEqual(ids);

  // (page 1: a page past the last is a 404)
  await page.goto("/pesquisa?q=caneca&cor=Branco&pagina=1&ordenar=preco-desc");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/pesquisa\?q=caneca$/);

  // The product page's breadcrumb goes through its category page.
  const product = (await apiFor(page.request, "/pesquisa?categoria=Canecas&por_pagina=1")).produtos[0]!;
  await page.goto(`/produto/${product.id}`);
  const nav = page.getByRole("navigation", { name: "Navegação estrutural" });
  await expect(nav.getByRole("link", { name: "Canecas" })).toHaveAttribute("href", "/categoria/canecas");
  const productCrumbs = (await jsonLd("BreadcrumbList")) as { itemListElement: Array<{ name: string; item: string }> };
  expect(productCrumbs.itemListElement.map((c) => c.name)).toEqual(["Início", "Canecas", product.name]);
  expect(productCrumbs.itemListElement[1]!.item).toMatch(/\/categoria\/canecas$/);
});
