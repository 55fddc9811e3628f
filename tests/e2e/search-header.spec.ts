import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { apiFor, pathOf, shownIds } from "./search-support.ts";
import { expectAccessible } from "./support.ts";
import { SUGGEST_DEBOUNCE_MS } from "#app/components/search/useSuggestions.ts";

/**
 * Issue 19 §2: the header's search field on every public page — suggestions as one types (the API's, in its order),
 * the keyboard (arrows, Enter, Escape), the announced count, stale answers dropped — at 1280 and 375 px.
 */

interface Suggestions {
  produtos: Array<{ id: number; name: string }>;
  categorias: Array<{ nome: string; slug: string }>;
}

/** The header's field; below md it sits behind the bar's search button. */
async function headerField(page: Page) {
  const field = page.getByRole("combobox", { name: "Pesquisar artigos" });
  if (!(await field.isVisible())) await page.getByRole("link", { name: "Pesquisar", exact: true }).click();
  await expect(field).toBeVisible();
  return field;
}

test("suggestions as one types, chosen with the keyboard", async ({ page }) => {
  await page.goto("/sobre-nos");
  const field = await headerField(page);
  const expected = (await (await page.request.get("/api/search/sugestoes?q=caneca")).json()) as Suggestions;
  const names = [...expected.categorias.map((c) => c.nome), ...expected.produtos.map((p) => p.name)];
  expect(names.length).toBeGreaterThan(1);

  await field.pressSequentially("caneca", { delay: 30 });
  const list = page.getByRole("listbox", { name: "Sugestões" });
  await expect(list).toBeVisible();
  await expect(field).toHaveAttribute("aria-expanded", "true");
  const options = list.getByRole("option");
  await expect(options).toHaveCount(names.length);
  for (const [i, name] of names.entries()) await expect(options.nth(i)).toContainText(name);
  await expect(
    page.getByTestId("search-suggestions-count").filter({ hasText: `${names.length} sugestões` }),
  ).toBeAttached();

  // Arrows move the active option (aria-activedescendant), wrapping back to the field.
  await field.press("ArrowDown");
  await expect(field).toHaveAttribute("aria-activedescendant", (await options.nth(0).getAttribute("id"))!);
  await expect(options.nth(0)).toHaveAttribute("aria-selected", "true");
  await field.press("ArrowDown");
  await expect(field).toHaveAttribute("aria-activedescendant", (await options.nth(1).getAttribute("id"))!);
  await expect(options.nth(0)).toHaveAttribute("aria-selected", "false");
  await expectAccessible(page);
  await field.press("ArrowUp");
  await expect(field).toHaveAttribute("aria-activedescendant", (await options.nth(0).getAttribute("id"))!);

  // Escape closes the list; typing opens it again.
  await field.press("Escape");
  await expect(list).toBeHidden();
  await expect(field).toHaveAttribute("aria-expanded", "false");
  await expect(field).not.toHaveAttribute("aria-activedescendant");

  // Enter on a product opens its page.
  await field.press("ArrowDown");
  await expect(list).toBeVisible();
  const productIndex = expected.categorias.length;
  for (let i = 0; i <= productIndex; i++) await field.press("ArrowDown");
  await expect(options.nth(productIndex)).toHaveAttribute("aria-selected", "true");
  await field.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/produto/${expected.produtos[0]!.id}$`));
});

test("Enter without a chosen suggestion searches the text on /pesquisa", async ({ page }) => {
  await page.goto("/");
  const field = await headerField(page);
  await field.fill("caneca azul");
  await field.press("Enter");
  await expect(page).toHaveURL(/\/pesquisa\?q=caneca(\+|%20)azul$/);
  await expect(page.getByRole("heading", { level: 1, name: 'Resultados para "caneca azul"' })).toBeVisible();
  const answer = await apiFor(page.request, pathOf(page));
  expect(await shownIds(page)).toEqual(answer.produtos.map((p) => p.id));
});

test("a category suggestion opens its page", async ({ page }) => {
  await page.goto("/");
  const field = await headerField(page);
  await field.pressSequentially("agend", { delay: 30 });
  const option = page.getByRole("option", { name: /Categoria: Agendas/ });
  await expect(option).toBeVisible();
  await option.click();
  await expect(page).toHaveURL(/\/categoria\/agendas$/);
  await expect(page.getByRole("heading", { level: 1, name: "Agendas" })).toBeVisible();
});

test("typing fast asks once the typing pauses, and a slow stale answer never replaces the newer one", async ({
  page,
}) => {
  await page.clock.install();
  await page.goto("/");
  const asked: string[] = [];
  let staleSettled!: () => void;
  const stale = new Promise<void>((resolve) => (staleSettled = resolve));
  await page.route("**/api/search/sugestoes?*", async (route) => {
    const q = new URL(route.request().url()).searchParams.get("q") ?? "";
    asked.push(q);
    const name = q === "cane" ? "Resposta antiga" : `Resposta para ${q}`;
    // The first text's answer arrives long after the second's.
    if (q === "cane") await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route
      .fulfill({ json: { produtos: [{ id: 999_000 + asked.length, name, price: 2, image: null }], categorias: [] } })
      .catch(() => {
        // The page aborted it (a newer text): nothing to answer.
      });
    if (q === "cane") staleSettled();
  });
  const field = await headerField(page);
  // The page's clock stands still while the keys are typed, so "fast" does not depend on how busy the machine is:
  // the pause after the last key is the only one the debounce sees.
  await page.clock.pauseAt(new Date(Date.now() + 60_000));
  await field.pressSequentially("cane");
  expect(asked).toEqual([]);
  await page.clock.runFor(SUGGEST_DEBOUNCE_MS);
  await expect.poll(() => asked).toEqual(["cane"]);
  await field.pressSequentially("ca");
  await page.clock.runFor(SUGGEST_DEBOUNCE_MS);
  await expect.poll(() => asked).toEqual(["cane", "caneca"]);
  await page.clock.resume();
  const list = page.getByRole("listbox", { name: "Sugestões" });
  await expect(list.getByRole("option")).toHaveCount(1);
  await expect(list).toContainText("Resposta para caneca");
  // Once the old answer has come (or been refused): still the newer one.
  await stale;
  await expect(list.getByRole("option")).toHaveCount(1);
  await expect(list).toContainText("Resposta para caneca");
  await expect(list).not.toContainText("Resposta antiga");
  expect(asked).toEqual(["cane", "caneca"]);
});
