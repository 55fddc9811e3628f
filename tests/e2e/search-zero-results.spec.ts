import { existsSync } from "node:fs";
import { test as base, type APIRequestContext, type Locator } from "@playwright/test";
import { expect, request as playwrightRequest, test, type Page } from "./fixtures.ts";
import { adminApi, expectNoHorizontalOverflow, SCREENS } from "./admin-tables-support.ts";
import { ADMIN, loginThroughForm, tag } from "./support.ts";

/**
 * Issue 19 §5: a shopper's search that finds nothing is counted and shown on the admin's dashboard ('Pesquisas sem
 * resultados': text, count, last time), with a link that opens /definicoes with a synonym group started by the text;
 * the admin completes and saves it, and the same search then finds the products of the other word. With script at
 * 1280 and 375 px, and once without script (the form posts to the page's server action). Both runs share one shop:
 * each searches its own word, and the synonyms are put back afterwards.
 */

type Search = { total: number; produtos: { id: number }[] };

async function search(api: APIRequestContext, q: string): Promise<Search> {
  const res = await api.get(`/api/search?${new URLSearchParams({ q })}`);
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as Search;
}

/** A word no product has (letters only, this run's own). */
const unknownWord = () =>
  `pirilampo${tag()
    .replace(/\d/g, (d) => "abcdefghij"[Number(d)]!)
    .slice(-6)}`;

/** Searches `word` `times` times as a visitor (no cookie: nothing personal is sent, nothing is kept but the text). */
async function searchNothing(baseURL: string | undefined, word: string, times: number) {
  const visitor = await playwrightRequest.newContext({ baseURL });
  for (let i = 0; i < times; i++) expect((await search(visitor, word)).total).toBe(0);
  await visitor.dispose();
}

/** The row (table) or card (phone) of this search in 'Pesquisas sem resultados', following its pages. */
async function zeroResultRow(page: Page, word: string): Promise<Locator> {
  const panel = page.getByRole("region", { name: "Pesquisas sem resultados" }).filter({ visible: true });
  const row = panel.locator("tr, li").filter({ hasText: word });
  for (let pages = 0; pages < 20 && !(await row.isVisible()); pages++) {
    await page
      .getByRole("navigation", { name: "Paginação das pesquisas sem resultados" })
      .getByRole("link", { name: "Seguinte" })
      .click();
    await expect(page).toHaveURL(/pesquisasPage=/);
  }
  await expect(row).toBeVisible();
  return row;
}

async function screenshot(page: Page, name: string) {
  if (!existsSync(SCREENS)) return;
  await page.screenshot({ path: `${SCREENS}/${name}-${page.viewportSize()!.width}px.png`, fullPage: true });
}

test("a search that found nothing is listed on the dashboard; its synonym, added from there, makes it find", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const { api, csrf } = await adminApi(baseURL);
  const original = ((await (await api.get("/api/search/sinonimos")).json()) as { grupos: string[][] }).grupos;
  const word = unknownWord();
  const mugs = await search(api, "caneca");
  expect(mugs.total).toBeGreaterThan(0);

  try {
    await searchNothing(baseURL, word, 3);

    await loginThroughForm(page, ADMIN.email, ADMIN.password);
    await page.waitForURL("**/dashboard");
    await expect(page.getByRole("heading", { name: "Pesquisas sem resultados" })).toBeVisible();
    const row = await zeroResultRow(page, word);
    await expect(row.locator('[data-column="count"]')).toHaveText("3 vezes");
    // Searched a moment ago (Lisbon time, to the minute's day at least).
    await expect(row.locator('[data-column="lastSeen"]')).toHaveText(/^\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}:\d{2}$/);
    await expectNoHorizontalOverflow(page);
    await screenshot(page, "dashboard-pesquisas-sem-resultados");

    await row.getByRole("link", { name: `Adicionar sinónimo para "${word}"` }).click();
    await page.waitForURL(`**/definicoes?sinonimo=${word}#sinonimos`);
    const field = page.getByLabel("Grupos de sinónimos");
    await expect(field).toBeFocused();
    await expect(field).toHaveValue(new RegExp(`(^|\\n)${word} = $`));
    await expect(page.getByText(`A pesquisa "${word}" não encontrou resultados.`, { exact: false })).toBeVisible();

    // The caret waits at the end of the new line.
    await field.pressSequentially("caneca");
    await expect(field).toHaveValue(new RegExp(`(^|\\n)${word} = caneca$`));
    await page.getByRole("button", { name: "Guardar sinónimos" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Sinónimos guardados." })).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await screenshot(page, "definicoes-sinonimos");

    // Saved as the API answers it, and the same search now finds the mugs.
    const saved = ((await (await api.get("/api/search/sinonimos")).json()) as { grupos: string[][] }).grupos;
    expect(saved).toEqual([...original, [word, "caneca"]]);
    const found = await search(api, word);
    expect(found.total).toBe(mugs.total);
    expect(found.produtos.map((p) => p.id).toSorted()).toEqual(mugs.produtos.map((p) => p.id).toSorted());

    // Reloaded: the group is there once, and no new line is started for the word.
    await page.reload();
    await expect(page.getByLabel("Grupos de sinónimos")).toHaveValue(new RegExp(`(^|\\n)${word} = caneca$`));
  } finally {
    await api.put("/api/search/sinonimos", { data: { grupos: original }, headers: { "x-csrf-token": csrf } });
    await api.dispose();
  }
});

base.describe("without JavaScript", () => {
  base.use({ javaScriptEnabled: false });

  base(
    "the synonyms form posts to the page's action: a refusal names its line, then the group is saved",
    async ({ page, baseURL }) => {
      const { api, csrf } = await adminApi(baseURL);
      const original = ((await (await api.get("/api/search/sinonimos")).json()) as { grupos: string[][] }).grupos;
      const word = unknownWord();
      try {
        await searchNothing(baseURL, word, 1);
        await loginThroughForm(page, ADMIN.email, ADMIN.password);
        await page.waitForURL("**/dashboard");
        await (
          await zeroResultRow(page, word)
        )
          .getByRole("link", { name: `Adicionar sinónimo para "${word}"` })
          .click();
        await page.waitForURL(`**/definicoes?sinonimo=${word}#sinonimos`);
        const field = page.getByLabel("Grupos de sinónimos");
        const start = await field.inputValue();
        expect(start.endsWith(`${word} = `)).toBe(true);

        // A line of separators alone: refused at its line, the text kept, nothing saved.
        await field.fill(`${start}caneca\n ,, `);
        await page.getByRole("button", { name: "Guardar sinónimos" }).click();
        const lines = start.split("\n").length;
        await expect(page.getByText(`Linha ${lines + 1}: grupo vazio.`, { exact: false })).toBeVisible();
        await expect(field).toHaveValue(`${start}caneca\n ,, `);
        expect(((await (await api.get("/api/search/sinonimos")).json()) as { grupos: string[][] }).grupos).toEqual(
          original,
        );

        await field.fill(`${start}caneca`);
        await page.getByRole("button", { name: "Guardar sinónimos" }).click();
        await expect(page.getByRole("status").filter({ hasText: "Sinónimos guardados." })).toBeVisible();
        expect(((await (await api.get("/api/search/sinonimos")).json()) as { grupos: string[][] }).grupos).toEqual([
          ...original,
          [word, "caneca"],
        ]);
        expect((await search(api, word)).total).toBeGreaterThan(0);
      } finally {
        await api.put("/api/search/sinonimos", { data: { grupos: original }, headers: { "x-csrf-token": csrf } });
        await api.dispose();
      }
    },
  );
});
