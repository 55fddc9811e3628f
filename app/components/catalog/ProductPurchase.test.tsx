// @vitest-environment happy-dom
import { act, cleanup, configure, fireEvent, render, screen } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { toast } from "#app/lib/toast.tsx";
import { ADD_TO_CART_MESSAGES as M, ProductPurchase, type PurchaseProduct } from "./ProductPurchase.tsx";
import type { PageVariant } from "./variants.ts";

vi.mock("#app/lib/toast.tsx", () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));
// Lazy modules and the API stand-in answer slower on a busy machine than the default 1 s.
configure({ asyncUtilTimeout: 10_000 });

const PRODUCT: PurchaseProduct = { id: 12, name: "Camisa de Linho", price: 39.9, image: "camisa.jpg" };
const SIZES = ["S", "M", "L"];
// Branco: S 2, M 0 (no L). Azul: M 8, L 1 (no S).
const VARIANTS: PageVariant[] = [
  { id: 101, color: "Branco", colorHex: "#ffffff", size: "S", stock: 2 },
  { id: 102, color: "Branco", colorHex: "#ffffff", size: "M", stock: 0 },
  { id: 103, color: "Azul", colorHex: "#1d4ed8", size: "M", stock: 8 },
  { id: 104, color: "Azul", colorHex: "#1d4ed8", size: "L", stock: 1 },
];

function page(product: PurchaseProduct | null = PRODUCT, sizes = SIZES, variants = VARIANTS) {
  const Stub = createRoutesStub([
    { path: "/produto/12", Component: () => <ProductPurchase product={product} sizes={sizes} variants={variants} /> },
  ]);
  return <Stub initialEntries={["/produto/12"]} />;
}

const radio = (name: string) => screen.getByRole("radio", { name: new RegExp(`^${name}`) }) as HTMLInputElement;
const quantity = () => screen.getByRole("spinbutton", { name: "Quantidade" }) as HTMLInputElement;
const setQuantity = (value: string) => fireEvent.change(quantity(), { target: { value } });
const add = () => fireEvent.click(screen.getByRole("button", { name: "Adicionar ao Carrinho" }));
const alertText = () => screen.getByRole("alert").textContent;
const cart = () => JSON.parse(localStorage.getItem("carrinho") ?? "[]") as Array<Record<string, unknown>>;

beforeEach(() => {
  localStorage.clear();
  vi.mocked(toast.error).mockClear();
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.info).mockClear();
});
afterEach(cleanup);

describe("product purchase (product page)", () => {
  it("starts on the first colour with stock and offers only the sizes that colour has", () => {
    render(page());
    expect(radio("Branco").checked).toBe(true);
    expect(screen.getByText("Cor:").textContent).toBe("Cor: Branco");
    expect([radio("S").disabled, radio("M").disabled, radio("L").disabled]).toEqual([false, true, true]);

    fireEvent.click(radio("Azul"));
    expect(screen.getByText("Cor:").textContent).toBe("Cor: Azul");
    expect([radio("S").disabled, radio("M").disabled, radio("L").disabled]).toEqual([true, false, false]);
  });

  it("asks for a size, a valid quantity and no more than the stock, in the spec's words", () => {
    render(page());
    add();
    expect(alertText()).toBe(M.noSize);
    expect(toast.error).toHaveBeenLastCalledWith(M.noSize);

    fireEvent.click(radio("S"));
    expect(screen.getByText("Últimas 2 unidades disponíveis!")).toBeTruthy();
    setQuantity("0");
    add();
    expect(alertText()).toBe(M.badQuantity);
    expect(quantity().getAttribute("aria-invalid")).toBe("true");
    setQuantity("3");
    add();
    expect(alertText()).toBe("Só restam 2 unidades deste tamanho.");
    expect(cart()).toEqual([]);
  });

  it("keeps the quantity between 1 and the size's stock with − and +", () => {
    render(page());
    fireEvent.click(radio("Azul"));
    fireEvent.click(radio("L"));
    expect(screen.getByText("Última unidade disponível!")).toBeTruthy();
    for (let i = 0; i < 3; i++) fireEvent.click(screen.getByRole("button", { name: "Aumentar quantidade" }));
    expect(quantity().value).toBe("1");
    fireEvent.click(radio("M"));
    for (let i = 0; i < 12; i++) fireEvent.click(screen.getByRole("button", { name: "Aumentar quantidade" }));
    expect(quantity().value).toBe("8");
    fireEvent.click(screen.getByRole("button", { name: "Diminuir quantidade" }));
    expect(quantity().value).toBe("7");
    // A smaller size's stock brings the quantity down.
    fireEvent.click(radio("L"));
    expect(quantity().value).toBe("1");
  });

  it("forgets a size the new colour does not have", () => {
    render(page());
    fireEvent.click(radio("S"));
    expect(radio("S").checked).toBe(true);
    fireEvent.click(radio("Azul"));
    expect(SIZES.map((s) => radio(s).checked)).toEqual([false, false, false]);
    add();
    expect(alertText()).toBe(M.noSize);
  });

  it("adds the chosen variant to the stored cart and merges later additions up to the stock", () => {
    localStorage.setItem(
      "carrinho",
      JSON.stringify([
        { id: 3, name: "Meias", image: "m.jpg", price: 4.1, cor: "", tamanho: "Único", quantidade: 1, variant_id: 9 },
      ]),
    );
    render(page());
    fireEvent.click(radio("Azul"));
    fireEvent.click(radio("M"));
    setQuantity("5");
    add();
    expect(cart()).toEqual([
      { id: 3, name: "Meias", image: "m.jpg", price: 4.1, cor: "", tamanho: "Único", quantidade: 1, variant_id: 9 },
      {
        id: 12,
        name: "Camisa de Linho",
        image: "camisa.jpg",
        price: 39.9,
        cor: "Azul",
        tamanho: "M",
        quantidade: 5,
        variant_id: 103,
      },
    ]);
    expect(screen.getByText(M.added)).toBeTruthy();
    expect(vi.mocked(toast.success).mock.calls[0]?.[0]).toBe(M.added);

    add();
    expect(cart()[1]!.quantidade).toBe(8);
    expect(screen.getByText("Quantidade no carrinho ajustada ao stock disponível (8).")).toBeTruthy();

    add();
    expect(cart()[1]!.quantidade).toBe(8);
    expect(screen.getByText("Já tem no carrinho todas as unidades disponíveis (8).")).toBeTruthy();
    expect(vi.mocked(toast.info).mock.calls[0]?.[0]).toBe("Já tem no carrinho todas as unidades disponíveis (8).");
  });

  it("chooses a single size from the start and says when nothing is left", () => {
    const one = [{ id: 7, color: "Preto", colorHex: null, size: "Único", stock: 4 }];
    render(page(PRODUCT, ["Único"], one));
    expect(radio("Único").checked).toBe(true);
    expect(screen.getByText("Cor:").textContent).toBe("Cor: Preto");
    add();
    expect(cart()[0]).toMatchObject({ tamanho: "Único", cor: "Preto", quantidade: 1, variant_id: 7 });
    cleanup();

    render(page(PRODUCT, ["Único"], [{ ...one[0]!, stock: 0 }]));
    const button = screen.getByRole("button", { name: "Esgotado" }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
  });

  it("refuses when there is no product", () => {
    render(page(null));
    fireEvent.click(radio("S"));
    add();
    expect(alertText()).toBe(M.noProduct);
  });

  it("keeps what the shopper chose in the server's HTML before hydration (decision 0008)", async () => {
    const container = document.createElement("div");
    container.innerHTML = renderToString(page());
    document.body.append(container);
    const before = (name: string) => container.querySelector<HTMLInputElement>(`input[value="${name}"]`)!;
    expect(before("Branco").checked).toBe(true);
    before("Azul").checked = true;
    before("M").checked = true;
    container.querySelector<HTMLInputElement>('input[name="quantidade"]')!.value = "3";

    await act(async () => {
      render(page(), { container, hydrate: true });
    });
    expect(screen.getByText("Cor:").textContent).toBe("Cor: Azul");
    expect(radio("M").checked).toBe(true);
    expect(quantity().value).toBe("3");
    add();
    expect(cart()[0]).toMatchObject({ cor: "Azul", tamanho: "M", quantidade: 3, variant_id: 103 });
  });
});
