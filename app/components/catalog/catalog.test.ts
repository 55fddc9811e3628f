import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { formatEuros } from "#app/lib/format.ts";
import { absoluteUrl, productJsonLd, serializeJsonLd, summarize } from "#app/lib/seo.ts";
import { addToCart, type CartLine } from "./cart.ts";
import { firstImage, uploadSrcSet, variantFileName } from "./image-urls.ts";
import { colourOptions, defaultColour, findVariant, stockOf, type PageVariant } from "./variants.ts";

describe("formatEuros", () => {
  it("writes pt-PT prices with the euro symbol after the number", () => {
    expect(formatEuros(12.5)).toBe("12,50\u00a0€");
    expect(formatEuros(0.99)).toBe("0,99\u00a0€");
    expect(formatEuros(1_000_000)).toBe("1\u00a0000\u00a0000,00\u00a0€");
    expect(formatEuros(22.9)).toMatch(/^22,90\s€$/);
  });
});

describe("SEO helpers", () => {
  it("escapes JSON-LD so no value can close the script element", () => {
    const text = serializeJsonLd({ name: "</script><script>alert(1)</script>", d: "a & b <!--" });
    expect(text).not.toMatch(/[<>&]/);
    expect(JSON.parse(text)).toEqual({ name: "</script><script>alert(1)</script>", d: "a & b <!--" });
  });

  it("builds a Product with an offer priced as text with 2 decimals", () => {
    const ld = productJsonLd(
      { id: 7, name: "Caneca", description: "Grés", price: 12.5, images: ["a.jpg", "b.jpg"], inStock: false },
      "https://loja.pt/",
    ) as { offers: Record<string, unknown>; image: string[]; sku: string; url: string };
    expect(ld.sku).toBe("7");
    expect(ld.url).toBe("https://loja.pt/produto/7");
    expect(ld.image).toEqual(["https://loja.pt/uploads/a.jpg", "https://loja.pt/uploads/b.jpg"]);
    expect(ld.offers).toMatchObject({
      price: "12.50",
      priceCurrency: "EUR",
      availability: "https://schema.org/OutOfStock",
    });
  });

  it("joins URLs and shortens descriptions at a word", () => {
    expect(absoluteUrl("https://loja.pt/", "/produto/1")).toBe("https://loja.pt/produto/1");
    const long = "palavra ".repeat(40);
    const short = summarize(long, 50);
    expect(short.length).toBeLessThanOrEqual(50);
    expect(short.endsWith("palavra…")).toBe(true);
  });
});

describe("image URLs", () => {
  it("lists the WebP copies and the original", () => {
    expect(variantFileName("abc.jpg", 640)).toBe("abc-640.webp");
    expect(uploadSrcSet("abc.jpg")).toBe(
      "/uploads/abc-320.webp 320w, /uploads/abc-640.webp 640w, /uploads/abc-1024.webp 1024w, /uploads/abc.jpg 1600w",
    );
    expect(firstImage("a.jpg, b.jpg")).toBe("a.jpg");
    expect(firstImage([])).toBe("");
  });
});

describe("variants", () => {
  const variants: PageVariant[] = [
    { id: 1, color: "Branco", colorHex: "#fff", size: "S", stock: 0 },
    { id: 2, color: "Branco", colorHex: "#fff", size: "M", stock: 4 },
    { id: 3, color: "Preto", colorHex: "#111", size: null, stock: 9 },
    { id: 4, color: "Rosa", colorHex: "#f0f", size: "S", stock: 0 },
  ];

  it("finds the exact variant, else the colour's variant without a size", () => {
    expect(findVariant(variants, "Branco", "M")?.id).toBe(2);
    expect(stockOf(variants, "Branco", "S")).toBe(0);
    expect(findVariant(variants, "Preto", "XL")?.id).toBe(3);
    expect(findVariant(variants, "Verde", "S")).toBeUndefined();
  });

  it("offers each colour once and starts with one that has stock", () => {
    expect(colourOptions(variants).map((c) => [c.name, c.stock])).toEqual([
      ["Branco", 4],
      ["Preto", 9],
      ["Rosa", 0],
    ]);
    expect(defaultColour(colourOptions(variants.slice(3)).concat(colourOptions(variants.slice(2, 3))))).toBe("Preto");
  });
});

describe("addToCart", () => {
  const store = new Map<string, string>();
  const events: string[] = [];
  beforeEach(() => {
    store.clear();
    events.length = 0;
    (globalThis as { window?: unknown }).window = {
      localStorage: {
        getItem: (k: string) => store.get(k) ?? null,
        setItem: (k: string, v: string) => void store.set(k, v),
        removeItem: (k: string) => void store.delete(k),
      },
      dispatchEvent: (e: Event) => events.push(e.type),
    };
  });
  afterEach(() => {
    delete (globalThis as { window?: unknown }).window;
  });

  const line = (over: Partial<CartLine> = {}): CartLine => ({
    id: 9,
    name: "T-shirt",
    image: "a.jpg",
    price: 24.9,
    cor: "Branco",
    tamanho: "M",
    quantidade: 2,
    variant_id: 31,
    ...over,
  });
  const cart = () => JSON.parse(store.get("carrinho") ?? "[]") as CartLine[];

  it("writes the spec's item shape plus variant_id and notifies the badge", () => {
    expect(addToCart(line(), 6)).toEqual({ kind: "added", quantidade: 2 });
    expect(cart()).toEqual([line()]);
    expect(events).toEqual(["carrinho:changed"]);
  });

  it("merges the same product, colour and size, capped at the stock; keeps other lines intact", () => {
    store.set("carrinho", JSON.stringify([line({ id: 1, cor: "Azul", variant_id: 5, quantidade: 1 }), line()]));
    expect(addToCart(line({ quantidade: 3 }), 6)).toEqual({ kind: "merged", quantidade: 5, capped: false });
    expect(addToCart(line({ quantidade: 3 }), 6)).toEqual({ kind: "merged", quantidade: 6, capped: true });
    expect(addToCart(line({ quantidade: 1 }), 6)).toEqual({ kind: "full", quantidade: 6 });
    expect(addToCart(line({ tamanho: "L", variant_id: 32, quantidade: 1 }), 6).kind).toBe("added");
    expect(cart().map((l) => [l.id, l.cor, l.tamanho, l.quantidade, l.variant_id])).toEqual([
      [1, "Azul", "M", 1, 5],
      [9, "Branco", "M", 6, 31],
      [9, "Branco", "L", 1, 32],
    ]);
  });
});
