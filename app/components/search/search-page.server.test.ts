import { describe, expect, it } from "vitest";
import type { SearchAnswer, SearchQuery } from "#server/modules/search/schemas.ts";
import type { Services } from "#server/services.ts";
import { loadSearchPage } from "./search-page.server.ts";

const answer = (query: SearchQuery, over: Partial<SearchAnswer> = {}): SearchAnswer => ({
  total: 30,
  pagina: query.pagina,
  por_pagina: query.porPagina,
  produtos: [{ id: 7, name: "Caneca Azul", price: 12.5, image: null, categoria: "Canecas" }],
  facetas: { categorias: [], cores: [], tamanhos: [], preco: { min: 12.5, max: 12.5 } },
  sugestao: null,
  ...over,
});

/** A stand-in for the two services the loader calls; `asked` keeps each query the search got. */
function services(over: Partial<SearchAnswer> = {}) {
  const asked: SearchQuery[] = [];
  const fake = {
    catalog: {
      listCategories: async () => [
        { id: 1, name: "Canecas" },
        { id: 2, name: "Sabões & Velas" },
      ],
    },
    search: {
      search: async (query: SearchQuery) => {
        asked.push(query);
        return answer(query, over);
      },
    },
  } as unknown as Services;
  return { fake, asked };
}

const load = (url: string, fake: Services, slug?: string) =>
  loadSearchPage({
    request: new Request(`http://loja.test${url}`),
    services: fake,
    publicUrl: "http://loja.test",
    slug,
  });

async function thrownStatus(promise: Promise<unknown>): Promise<{ status: number; message: unknown }> {
  const error = (await promise.then(
    () => null,
    (e: unknown) => e,
  )) as { init?: { status?: number }; data?: { message?: unknown } } | null;
  return { status: error?.init?.status ?? 0, message: error?.data?.message };
}

describe("search pages' loader", () => {
  it("a bad parameter is a 400 with the API's pt-PT message, and the search is not asked", async () => {
    const { fake, asked } = services();
    const { status, message } = await thrownStatus(load("/pesquisa?preco_min=abc", fake));
    expect(status).toBe(400);
    expect(message).toMatch(/^Preço inválido em "preco_min"/);
    expect(asked).toEqual([]);
  });

  it("an unknown category slug is a 404", async () => {
    const { fake } = services();
    expect((await thrownStatus(load("/categoria/nada", fake, "nada"))).status).toBe(404);
  });

  it("a page past the last is a 404 (no empty page for search engines to keep); page 1 of nothing is not", async () => {
    const past = services({ total: 30, produtos: [] });
    const { status, message } = await thrownStatus(load("/categoria/canecas?pagina=9", past.fake, "canecas"));
    expect(status).toBe(404);
    expect(message).toBe("Página não encontrada: esta lista tem 2 páginas.");
    const none = services({ total: 0, produtos: [] });
    expect((await load("/pesquisa?q=nada", none.fake)).total).toBe(0);
  });

  it("a category page searches its own category, whatever categoria the URL carries", async () => {
    const { fake, asked } = services();
    const page = await load("/categoria/saboes-velas?categoria=Canecas&cor=Azul&pagina=2", fake, "saboes-velas");
    expect(asked[0]).toMatchObject({ categorias: ["Sabões & Velas"], cores: ["Azul"], pagina: 2 });
    expect(page).toMatchObject({ kind: "categoria", path: "/categoria/saboes-velas", lastPage: 2 });
    expect(page.category).toEqual({ name: "Sabões & Velas", slug: "saboes-velas" });
    expect(page.products[0]).toMatchObject({ id: 7, priceLabel: expect.stringMatching(/^12,50\s€$/) });
  });

  it("'Quis dizer' links to the corrected text with the same filters, from page 1", async () => {
    const { fake } = services({ sugestao: "caneca" });
    const page = await load("/pesquisa?q=canecca&cor=Azul&pagina=3&por_pagina=6", fake);
    expect(page.sugestao).toEqual({ text: "caneca", href: "/pesquisa?q=caneca&cor=Azul&por_pagina=6" });
    expect(page.perPageParam).toBe("6");
    expect(page.selected).toMatchObject({ cores: ["Azul"], ordenar: "relevancia" });
  });
});
