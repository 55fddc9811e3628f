import { expect, test } from "./fixtures.ts";
import { expectAccessible } from "./support.ts";
import { apiFor, facetBox, openFilters, pathOf, shownIds } from "./search-support.ts";

/**
 * Issue 19 §2: a category page with filters, sort, "Ver mais" and the back button, every state in the URL and
 * every card shown the one the API answers for the same address (pages of 2 here, so the demo catalogue pages).
 */

const CATEGORY = "T-shirts";
const START = "/categoria/t-shirts?por_pagina=2";

test("a category page filters, sorts, appends with 'Ver mais' and goes back, each page equal to the API's answer", async ({
  page,
}) => {
  await page.goto(START);
  await expect(page.getByRole("heading", { level: 1, name: CATEGORY })).toBeVisible();
  const first = await apiFor(page.request, START, CATEGORY);
  expect(first.total).toBeGreaterThan(2);
  expect(await shownIds(page)).toEqual(first.produtos.map((p) => p.id));
  await expect(page.getByText(`1–2 de ${first.total} artigos`)).toBeVisible();

  // A colour with fewer products than the category: ticking it applies it at once (JavaScript).
  const colour = first.facetas.cores.find((c) => c.total >= 1 && c.total < first.total)!;
  expect(colour, "a colour that narrows the category").toBeTruthy();
  await openFilters(page);
  await facetBox(page, colour.nome).check();
  await expect(page).toHaveURL(new RegExp(`cor=${encodeURIComponent(colour.nome)}`));
  await expect(page.getByRole("link", { name: `Remover filtro Cor: ${colour.nome}` })).toBeVisible();
  const filtered = await apiFor(page.request, pathOf(page), CATEGORY);
  expect(filtered.total).toBe(colour.total);
  expect(await shownIds(page)).toEqual(filtered.produtos.map((p) => p.id));
  for (const product of filtered.produtos) expect(product.categoria).toBe(CATEGORY);
  const filteredUrl = pathOf(page);
  await expectAccessible(page);

  // Sort by price, lowest first: the URL says so, the prices shown rise.
  await page.getByLabel("Ordenar por").selectOption("preco-asc");
  await expect(page).toHaveURL(/ordenar=preco-asc/);
  const sorted = await apiFor(page.request, pathOf(page), CATEGORY);
  await expect.poll(() => shownIds(page)).toEqual(sorted.produtos.map((p) => p.id));
  const prices = sorted.produtos.map((p) => p.price);
  expect(prices).toEqual([...prices].sort((a, b) => a - b));
  const sortedUrl = pathOf(page);

  // "Ver mais" appends the next page without leaving the address; its cards are the API's page 2.
  if (sorted.total > 2) {
    const second = await apiFor(page.request, `${sortedUrl}&pagina=2`, CATEGORY);
    await page.getByRole("link", { name: "Ver mais" }).click();
    await expect.poll(() => shownIds(page)).toEqual([...sorted.produtos, ...second.produtos].map((p) => p.id));
    expect(pathOf(page)).toBe(sortedUrl);

    // To a product of the appended page and back: the appended page is still there.
    await page.locator("#resultados-lista").getByRole("link", { name: second.produtos[0]!.name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/produto/${second.produtos[0]!.id}$`));
    await page.goBack();
    await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === sortedUrl);
    await expect.poll(() => shownIds(page)).toEqual([...sorted.produtos, ...second.produtos].map((p) => p.id));
  }

  // Back: the unsorted filtered list, then the whole category, each as the API answers it.
  await page.goBack();
  await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === filteredUrl);
  await expect.poll(() => shownIds(page)).toEqual(filtered.produtos.map((p) => p.id));
  await page.goBack();
  await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === START);
  await expect.poll(() => shownIds(page)).toEqual(first.produtos.map((p) => p.id));
  await openFilters(page);
  await expect(facetBox(page, colour.nome)).not.toBeChecked();
});

test("numbered page links lead to that page of the same search", async ({ page }) => {
  await page.goto(START);
  const all = await apiFor(page.request, "/categoria/t-shirts?por_pagina=60", CATEGORY);
  const pages = Math.ceil(all.total / 2);
  await page
    .getByRole("navigation", { name: "Páginas" })
    .getByRole("link", { name: `Página ${pages}` })
    .click();
  await expect(page).toHaveURL(new RegExp(`pagina=${pages}`));
  await expect.poll(() => shownIds(page)).toEqual(all.produtos.slice((pages - 1) * 2).map((p) => p.id));
  await expect(
    page.getByRole("navigation", { name: "Páginas" }).getByRole("link", { name: `Página ${pages}` }),
  ).toHaveAttribute("aria-current", "page");
});

test("the home tiles lead to the category pages and the old /?categoria= address redirects there", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("link", { name: "T-shirts" }).first().click();
  await expect(page).toHaveURL(/\/categoria\/t-shirts$/);
  await expect(page.getByRole("heading", { level: 1, name: "T-shirts" })).toBeVisible();

  const response = await page.request.get("/?categoria=Canecas", { maxRedirects: 0 });
  expect(response.status()).toBe(301);
  expect(response.headers().location).toMatch(/\/categoria\/canecas$/);

  // Home shows one bounded page and a link to all.
  await page.goto("/");
  await expect(page.getByRole("link", { name: "Ver todos os artigos" })).toHaveAttribute("href", "/pesquisa");
  const newest = await apiFor(page.request, "/pesquisa?ordenar=novidades&por_pagina=20");
  const homeIds = await page
    .locator("section[aria-labelledby=artigos] a[href^='/produto/']")
    .evaluateAll((links) => [...new Set(links.map((a) => Number(a.getAttribute("href")!.split("/").at(-1))))]);
  expect(homeIds).toEqual(newest.produtos.map((p) => p.id));
});
