import { describe, expect, it } from "vitest";
import { pageHref, pageNumbers, withoutValue } from "./search-url.ts";

describe("search page addresses", () => {
  it("page 1 has no parameter, other pages keep every filter", () => {
    const params = new URLSearchParams("q=caneca&cor=Azul&cor=Preto&pagina=3");
    expect(pageHref("/pesquisa", params, 1)).toBe("/pesquisa?q=caneca&cor=Azul&cor=Preto");
    expect(pageHref("/pesquisa", params, 4)).toBe("/pesquisa?q=caneca&cor=Azul&cor=Preto&pagina=4");
  });

  it("removing one value keeps the filter's other values and drops the page", () => {
    const params = new URLSearchParams("cor=Azul&cor=Preto&tamanho=M&pagina=2");
    expect(withoutValue("/categoria/canecas", params, "cor", "Azul")).toBe("/categoria/canecas?cor=Preto&tamanho=M");
    expect(withoutValue("/categoria/canecas", params, "tamanho")).toBe("/categoria/canecas?cor=Azul&cor=Preto");
  });

  it("numbers the first, last and nearby pages, a gap of one page shown as its number", () => {
    expect(pageNumbers(1, 1)).toEqual([1]);
    expect(pageNumbers(1, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageNumbers(1, 20)).toEqual([1, 2, 3, null, 20]);
    expect(pageNumbers(10, 20)).toEqual([1, null, 8, 9, 10, 11, 12, null, 20]);
    expect(pageNumbers(4, 20)).toEqual([1, 2, 3, 4, 5, 6, null, 20]);
  });
});
