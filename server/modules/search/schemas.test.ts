import { describe, expect, it } from "vitest";
import { parseSearchParams, SEARCH_DEFAULT_PER_PAGE } from "./schemas.ts";
import { editDistance, numberVariants, searchKey, searchWords, soundKey, typoDistance } from "./text.ts";

const parse = (query: string) => parseSearchParams(new URLSearchParams(query));

describe("parseSearchParams", () => {
  it("defaults: no words, newest first, page 1 of 24", () => {
    expect(parse("")).toEqual({
      ok: true,
      query: {
        q: "",
        categorias: [],
        cores: [],
        tamanhos: [],
        precoMinCents: null,
        precoMaxCents: null,
        emStock: false,
        ordenar: "novidades",
        pagina: 1,
        porPagina: SEARCH_DEFAULT_PER_PAGE,
      },
    });
    expect(parse("q=caneca")).toMatchObject({ ok: true, query: { q: "caneca", ordenar: "relevancia" } });
  });

  it("repeatable filters, each value once whatever its case, a GET form's empty fields ignored", () => {
    const r = parse(
      "q=%20%20caneca%20%20azul%20&categoria=Canecas&categoria=canecas&categoria=Velas&cor=&tamanho=M&preco_min=&em_stock=",
    );
    expect(r).toMatchObject({
      ok: true,
      query: { q: "caneca azul", categorias: ["Canecas", "Velas"], cores: [], tamanhos: ["M"], precoMinCents: null },
    });
  });

  it("prices in euros with a comma or a point, to the cent", () => {
    expect(parse("preco_min=5&preco_max=20,5")).toMatchObject({
      ok: true,
      query: { precoMinCents: 500, precoMaxCents: 2050 },
    });
    expect(parse("preco_min=0.99&preco_max=12,50")).toMatchObject({
      ok: true,
      query: { precoMinCents: 99, precoMaxCents: 1250 },
    });
    for (const bad of ["preco_min=1.234", "preco_min=-1", "preco_min=1e3", "preco_max=abc", "preco_max=2000000"])
      expect(parse(bad).ok, bad).toBe(false);
  });

  it("por_pagina up to 60, sorts by name, em_stock 1 or 0", () => {
    expect(parse("por_pagina=60&pagina=3&ordenar=preco-desc&em_stock=1")).toMatchObject({
      ok: true,
      query: { porPagina: 60, pagina: 3, ordenar: "preco-desc", emStock: true },
    });
    expect(parse("por_pagina=61")).toEqual({ ok: false, message: expect.stringContaining("60") });
    expect(parse("ordenar=nome").ok).toBe(false);
    expect(parse("em_stock=2").ok).toBe(false);
  });
});

describe("search text", () => {
  it("keys without accents or case, words without tsquery operators", () => {
    expect(searchKey("  Caneca  AÇORES ")).toBe("caneca acores");
    expect(searchWords("sabão & (velas) | !porta-chaves:* <->")).toEqual(["sabao", "velas", "porta", "chaves"]);
  });

  it("one or two letters wrong, missing, doubled or swapped; spelt as it sounds", () => {
    expect(editDistance("agneda", "agenda")).toBe(1);
    expect(typoDistance("camisolla", "camisola")).toBe(0); // a doubled letter sounds the same
    expect(typoDistance("canca", "caneca")).toBe(1);
    expect(typoDistance("cardeno", "caderno")).toBe(2);
    expect(typoDistance("camizolla", "camisola")).not.toBeNull();
    expect(typoDistance("peluxe", "peluche")).toBe(0);
    expect(soundKey("peluxe")).toBe(soundKey("peluche"));
    // Too far, or too short to tell.
    expect(typoDistance("corrida", "cortica")).toBeNull();
    expect(typoDistance("mel", "mal")).toBeNull();
  });

  it("singular and plural the stemmer misses without accents", () => {
    expect(numberVariants("postais")).toContain("postal");
    expect(numberVariants("pao")).toContain("paes");
    expect(numberVariants("limoes")).toContain("limao");
  });
});
