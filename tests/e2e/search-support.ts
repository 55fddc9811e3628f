import { expect, type APIRequestContext, type Page } from "@playwright/test";

/** What GET /api/search answers (the fields the pages' tests compare). */
export interface ApiAnswer {
  total: number;
  pagina: number;
  por_pagina: number;
  produtos: Array<{ id: number; name: string; price: number; categoria: string | null }>;
  facetas: { cores: Array<{ nome: string; total: number }>; tamanhos: Array<{ nome: string; total: number }> };
  sugestao: string | null;
}

/**
 * The API's answer for a search page's address: the same query string, plus `categoria` for a category page
 * (`/categoria/{slug}` searches its category).
 */
export async function apiFor(request: APIRequestContext, pageUrl: string, categoria?: string): Promise<ApiAnswer> {
  const url = new URL(pageUrl, "http://x");
  const params = new URLSearchParams(url.search);
  if (categoria) {
    params.delete("categoria");
    params.append("categoria", categoria);
  }
  const response = await request.get(`/api/search?${params}`);
  expect(response.status(), `GET /api/search?${params}`).toBe(200);
  return (await response.json()) as ApiAnswer;
}

/** The product ids of the result cards, in order (each card links to its product twice: name and cart). */
export async function shownIds(page: Page): Promise<number[]> {
  const hrefs = await page
    .locator("#resultados-lista")
    .locator('a[href^="/produto/"]')
    .evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
  return [...new Set(hrefs)].map((href) => Number(href.split("/").at(-1)));
}

/** The page's path and query string (what the API is asked for). */
export const pathOf = (page: Page) => {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
};

/** The filters' panel: folded into 'Filtros' below lg (a <details>), always open from lg up. */
export async function openFilters(page: Page): Promise<void> {
  const summary = page.locator("summary", { hasText: "Filtros" });
  if (await summary.isVisible()) {
    const details = page.locator("details", { has: summary });
    if ((await details.getAttribute("open")) === null) await summary.click();
  }
}

/** A facet's checkbox, named by its value and count ("Azul 3"; never "Azul-marinho 5" for "Azul"). */
export function facetBox(page: Page, value: string) {
  const escaped = value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return page.getByRole("checkbox", { name: new RegExp(`^${escaped} \\d+$`) });
}
