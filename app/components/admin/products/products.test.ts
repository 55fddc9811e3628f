import { describe, expect, it } from "vitest";
import { cardStockError, deleteMessage, parseProductId } from "./product-api.ts";

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
