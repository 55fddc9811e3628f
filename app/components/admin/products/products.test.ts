import { describe, expect, it } from "vitest";
import { filterProducts, GRID_STEP, shownCount } from "./grid.ts";
import { cardStockError, deleteMessage, parseProductId } from "./product-api.ts";

const params = (query: string) => new URLSearchParams(query);

describe("products grid (/produtos): which cards the URL shows", () => {
  it("shows one step by default and whole steps when the URL asks for more", () => {
    expect(shownCount(params(""))).toBe(GRID_STEP);
    expect(shownCount(params("mostrar=60"))).toBe(60);
    expect(shownCount(params("mostrar=61"))).toBe(90);
    for (const bad of ["mostrar=0", "mostrar=-30", "mostrar=abc", "mostrar=1e3", "mostrar=9999999"]) {
      expect(shownCount(params(bad)), bad).toBe(GRID_STEP);
    }
  });

  it("finds products by part of the name, whatever the case, and keeps the list's order", () => {
    const list = [
      { id: 3, name: "Caneca Azul" },
      { id: 2, name: "T-shirt" },
      { id: 1, name: "CANECA Água" },
    ];
    expect(filterProducts(list, " caneca ").map((p) => p.id)).toEqual([3, 1]);
    expect(filterProducts(list, "").map((p) => p.id)).toEqual([3, 2, 1]);
    expect(filterProducts(list, "água").map((p) => p.id)).toEqual([1]);
  });
});

describe("product admin messages", () => {
  const answer = (ok: boolean, status: number, data: unknown) =>
    ({ ok, status, message: null, data }) as Parameters<typeof deleteMessage>[0];

  it("words each answer to 'Eliminar' as the grid and the report show it", () => {
    expect(deleteMessage(answer(true, 200, { success: true }))).toBe("Produto eliminado com sucesso!");
    expect(deleteMessage(answer(true, 200, { success: false, error: "Bloqueado" }))).toBe("Erro: Bloqueado");
    expect(deleteMessage(answer(true, 200, { success: false }))).toBe("Erro: Erro desconhecido");
    expect(deleteMessage(answer(false, 404, {}))).toBe("Produto não encontrado ou já foi eliminado");
    expect(deleteMessage(answer(false, 500, {}))).toBe("Erro interno do servidor");
    expect(deleteMessage(answer(false, 409, { message: "Tem encomendas" }))).toBe("Erro 409: Tem encomendas");
    expect(deleteMessage(answer(false, 0, null))).toBe("Erro de conexão. Verifique sua internet e tente novamente.");
  });

  it("words a card's stock failure by status", () => {
    expect(cardStockError(404, "x")).toBe("Produto não encontrado");
    expect(cardStockError(500, "x")).toBe("Erro interno do servidor");
    expect(cardStockError(400, "ID inválido")).toBe("Erro 400: ID inválido");
  });

  it("takes only positive int32 product ids from the URL", () => {
    expect(parseProductId("42")).toBe(42);
    for (const bad of [undefined, "", "0", "-1", "1.5", "2147483648", "12abc", " 7"]) {
      expect(parseProductId(bad), String(bad)).toBeNull();
    }
  });
});
