import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { lowStockLevel, ProductStockBadges } from "./ProductStockBadges.tsx";

/** The badges' visible text, one entry per badge. */
function badges(product: Parameters<typeof ProductStockBadges>[0]["product"]): string[] {
  const html = renderToStaticMarkup(<ProductStockBadges product={product} />);
  return [...html.matchAll(/<span class="inline-flex[^"]*">(.*?)<\/span>(?=<span class="inline-flex|<\/span>$)/g)].map(
    (m) => m[1]!.replace(/<[^>]+>/g, ""),
  );
}

const base = { isOutOfStock: false, hasLowStock: false, variantsOutOfStock: 0, status: 1 };

describe("product stock badges of /gestao-stock", () => {
  it("say a product with one sold-out colour is sold out in part, never 'Stock OK'", () => {
    expect(badges({ ...base, variantsOutOfStock: 1 })).toEqual(["Esgotado em parte(1 variante sem stock)"]);
    expect(badges({ ...base, variantsOutOfStock: 2, hasLowStock: true })).toEqual([
      "Esgotado em parte(2 variantes sem stock)",
      "Stock Baixo",
    ]);
  });

  it("keep 'Sem Stock' for a product without any unit and 'Stock OK' for one with every variant above 10", () => {
    expect(badges({ ...base, isOutOfStock: true, variantsOutOfStock: 3 })).toEqual(["Sem Stock"]);
    expect(badges(base)).toEqual(["Stock OK"]);
    expect(badges({ ...base, hasLowStock: true, status: 0 })).toEqual(["Stock Baixo", "Produto fora da Loja"]);
  });
});

describe("low-stock screen labels", () => {
  it("keep the spec's levels and say whether a 'Sem Stock' product is sold out in full or in part", () => {
    expect(lowStockLevel(0, 0)).toMatchObject({ label: "Sem Stock", detail: "todas as variantes" });
    expect(lowStockLevel(0, 25)).toMatchObject({ label: "Sem Stock", detail: "algumas variantes" });
    expect(lowStockLevel(5, 30)).toEqual(expect.objectContaining({ label: "Crítico" }));
    expect(lowStockLevel(6, 30).label).toBe("Baixo");
    expect(lowStockLevel(6, 30).detail).toBeUndefined();
  });
});
