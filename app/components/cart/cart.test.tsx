// @vitest-environment happy-dom
import {
  cleanup,
  configure,
  fireEvent,
  getDefaultNormalizer,
  render,
  screen,
  waitFor,
  within,
} from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { toast } from "#app/lib/toast.tsx";
import Carrinho from "#app/routes/carrinho.tsx";
import { ORDER_MESSAGES } from "#server/modules/orders/rules.ts";
import {
  json,
  okLine,
  STAND_IN_RATES,
  standInApi,
  storeCart,
  storedCart,
} from "#tests/support/app/cart-test-support.ts";

vi.mock("#app/lib/toast.tsx", () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));
// Lazy modules and the API stand-in answer slower on a busy machine than the default 1 s.
configure({ asyncUtilTimeout: 10_000 });

// Every line differs in price and quantity, so a total built from the wrong line or the wrong factor shows.
const LINES = [
  {
    id: 1,
    name: "Camisola Azul",
    image: "c.jpg",
    price: 19.9,
    cor: "Azul",
    tamanho: "M",
    quantidade: 3,
    variant_id: 11,
  },
  {
    id: 2,
    name: "Calças Pretas",
    image: "p.jpg",
    price: 34.95,
    cor: "Preto",
    tamanho: "40",
    quantidade: 1,
    variant_id: 21,
  },
  { id: 3, name: "Meias", image: "m.jpg", price: 4.1, cor: "", tamanho: "Único", quantidade: 7 },
];
const euros = (cents: number) => `${(cents / 100).toFixed(2).replace(".", ",")}\u00a0€`;
const expectedTotal = (lines: ReadonlyArray<{ price: number; quantidade: number }>) =>
  lines.reduce((sum, l) => sum + Math.round(l.price * 100) * l.quantidade, 0);

function renderCart() {
  const Stub = createRoutesStub([
    { path: "/carrinho", Component: Carrinho },
    { path: "/login", Component: () => <p>Página de login</p> },
    { path: "/pagamento", Component: () => <p>Página de pagamento</p> },
  ]);
  return render(<Stub initialEntries={["/carrinho"]} />);
}

/** Texts with the no-break space of the prices kept as is. */
const exact = { normalizer: getDefaultNormalizer({ collapseWhitespace: false }) };
/** A figure of the summary ('Resumo') by the start of its label: Subtotal, Portes, Total a pagar. */
const term = (label: string) =>
  within(screen.getByRole("complementary"))
    .getAllByRole("term")
    .find((dt) => dt.textContent?.startsWith(label));
const figure = (label: string) => term(label)?.nextElementSibling?.textContent;
const total = () => figure("Subtotal");
const row = (name: string) =>
  within(screen.getByRole("region", { name: "Artigos no carrinho" }))
    .getAllByRole("listitem")
    .find((li) => li.textContent?.includes(name))!;

beforeEach(() => {
  localStorage.clear();
  vi.mocked(toast.error).mockClear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("cart /carrinho", () => {
  it("lists the stored lines with their totals and the sum of price × quantity", async () => {
    const api = standInApi();
    storeCart(LINES);
    renderCart();
    await waitFor(() => expect(api.checks).toHaveLength(1));
    await waitFor(() => expect(total()).toBe(euros(12_335)));

    expect(within(row("Camisola Azul")).getAllByText(euros(5970), exact).length).toBeGreaterThan(0);
    expect(within(row("Calças Pretas")).getAllByText(euros(3495), exact).length).toBeGreaterThan(0);
    expect(within(row("Meias")).getAllByText(euros(2870), exact).length).toBeGreaterThan(0);
    expect(within(row("Camisola Azul")).getByText("Cor: Azul · Tamanho: M")).toBeTruthy();
    expect(expectedTotal(LINES)).toBe(12_335);
    // Subtotal, mainland delivery (no postal code yet) and the total to pay, as the server quoted them.
    expect(figure("Portes")).toBe(euros(STAND_IN_RATES.mainland));
    expect(term("Portes")?.textContent).toBe("Portes (Portugal continental)");
    expect(figure("Total a pagar")).toBe(euros(12_335 + STAND_IN_RATES.mainland));
    expect(screen.getByText(/Madeira e Açores: os portes são atualizados quando indicar o código postal/)).toBeTruthy();
    expect(screen.getByText("11 artigos")).toBeTruthy();
    // The check sent what the shopper saw, variant included.
    expect(api.checks[0]).toEqual([
      { product_id: 1, quantity: 3, price: 19.9, variant_id: 11, cor: "Azul", tamanho: "M" },
      { product_id: 2, quantity: 1, price: 34.95, variant_id: 21, cor: "Preto", tamanho: "40" },
      { product_id: 3, quantity: 7, price: 4.1, tamanho: "Único" },
    ]);
  });

  it("changes quantities with the buttons and the field, within 1..99, and checks the cart again", async () => {
    const api = standInApi();
    storeCart(LINES);
    renderCart();
    await waitFor(() => expect(api.checks).toHaveLength(1));

    fireEvent.click(screen.getAllByRole("button", { name: "Aumentar quantidade de Calças Pretas" })[0]!);
    expect(storedCart().map((l) => l.quantidade)).toEqual([3, 2, 7]);
    await waitFor(() => expect(api.checks).toHaveLength(2));
    await waitFor(() => expect(total()).toBe(euros(12_335 + 3495)));
    expect(figure("Total a pagar")).toBe(euros(12_335 + 3495 + STAND_IN_RATES.mainland));

    fireEvent.click(screen.getAllByRole("button", { name: "Diminuir quantidade de Meias" })[0]!);
    expect(storedCart().map((l) => l.quantidade)).toEqual([3, 2, 6]);
    await waitFor(() => expect(total()).toBe(euros(12_335 + 3495 - 410)));

    const field = screen.getAllByRole("spinbutton", { name: "Quantidade de Camisola Azul" })[0]!;
    fireEvent.change(field, { target: { value: "5" } });
    fireEvent.keyDown(field, { key: "Enter" });
    expect(storedCart()[0]!.quantidade).toBe(5);
    await waitFor(() => expect(total()).toBe(euros(1990 * 5 + 3495 * 2 + 410 * 6)));

    fireEvent.change(field, { target: { value: "150" } });
    fireEvent.blur(field);
    expect(storedCart()[0]!.quantidade).toBe(99);

    fireEvent.change(field, { target: { value: "0" } });
    fireEvent.blur(field);
    expect(storedCart()[0]!.quantidade).toBe(99);
    expect(toast.error).toHaveBeenCalledWith(ORDER_MESSAGES.quantity);
    expect((field as HTMLInputElement).value).toBe("99");
    // A quantity of 1 cannot go lower.
    const fewer = () => screen.getAllByRole("button", { name: "Diminuir quantidade de Calças Pretas" })[0]!;
    fireEvent.click(fewer());
    expect(storedCart()[1]!.quantidade).toBe(1);
    expect((fewer() as HTMLButtonElement).disabled).toBe(true);
  });

  it("removes lines, keeping the others' fields, and shows the empty cart at the end", async () => {
    standInApi();
    storeCart(LINES);
    renderCart();

    fireEvent.click(screen.getAllByRole("button", { name: "Remover Meias do carrinho" })[0]!);
    expect(storedCart()).toEqual(LINES.slice(0, 2));
    expect(screen.queryByText("Meias")).toBeNull();
    await waitFor(() => expect(total()).toBe(euros(5970 + 3495)));
    expect(screen.getByText("4 artigos")).toBeTruthy();

    fireEvent.click(screen.getAllByRole("button", { name: "Remover Camisola Azul do carrinho" })[0]!);
    expect(screen.getByText("1 artigo")).toBeTruthy();
    fireEvent.click(screen.getAllByRole("button", { name: "Remover Calças Pretas do carrinho" })[0]!);
    expect(storedCart()).toEqual([]);
    expect(screen.getByRole("heading", { name: "O seu carrinho está vazio." })).toBeTruthy();
  });

  it("reads only valid stored lines", async () => {
    standInApi();
    storeCart([
      LINES[0]!,
      { id: "x", price: 2, quantidade: 1 },
      { id: 9, price: 2, quantidade: 0 },
      { ...LINES[2]!, quantidade: 2.7 },
    ]);
    renderCart();
    expect(within(screen.getByRole("region", { name: "Artigos no carrinho" })).getAllByRole("listitem")).toHaveLength(
      2,
    );
    await waitFor(() => expect(total()).toBe(euros(5970 + 410 * 2)));
  });

  it("writes the database's prices back, tells each change, and shows why a line cannot be bought", async () => {
    const api = standInApi({
      answer: (items) => ({
        ok: false,
        lines: [
          { ...okLine(items[0]!, "Camisola Azul"), price: 21.5, status: "price_changed" },
          {
            ...okLine(items[1]!, "Calças Pretas"),
            available: 0,
            status: "insufficient_stock",
            message: "Sem stock suficiente: restam 0 unidades.",
          },
          okLine(items[2]!, "Meias"),
        ],
      }),
    });
    storeCart(LINES);
    renderCart();

    const notice = await screen.findByRole("status");
    expect(notice.textContent).toContain(
      "Alguns preços mudaram desde que adicionou os artigos; o total foi atualizado:",
    );
    expect(within(notice).getByRole("listitem").textContent).toBe(`Camisola Azul: ${euros(1990)} → ${euros(2150)}`);
    expect(storedCart().map((l) => l.price)).toEqual([21.5, 34.95, 4.1]);
    await waitFor(() => expect(total()).toBe(euros(2150 * 3 + 3495 + 2870)));
    expect(within(row("Calças Pretas")).getByText("Sem stock suficiente: restam 0 unidades.")).toBeTruthy();
    expect(within(row("Camisola Azul")).queryByText(/Sem stock/)).toBeNull();
    // The price written back did not start another check.
    expect(api.checks).toHaveLength(1);
  });

  it("shows the server's figures, never sums of its own, and says when there are none", async () => {
    const answers = [
      () => json(500, { message: "Erro interno do servidor" }),
      // Figures no sum of the stored lines gives: only the server could have said them.
      () =>
        json(200, {
          ok: true,
          lines: [],
          subtotal: 1.23,
          portes: 4.56,
          total: 5.79,
          zona: null,
          entrega_rapida: false,
        }),
    ];
    const api = standInApi({ quote: () => answers.shift()!() });
    storeCart(LINES);
    renderCart();
    expect((await screen.findByText(/Não foi possível calcular o total/)).textContent).toBe(
      "Não foi possível calcular o total. Verifique a ligação e tente novamente.",
    );
    expect(total()).toBe("—");
    fireEvent.click(screen.getAllByRole("button", { name: "Aumentar quantidade de Meias" })[0]!);
    await waitFor(() => expect(api.checks).toHaveLength(2));
    await waitFor(() => expect(total()).toBe(euros(123)));
    expect(figure("Portes")).toBe(euros(456));
    expect(figure("Total a pagar")).toBe(euros(579));
    expect(screen.queryByText(/Não foi possível calcular o total/)).toBeNull();
  });

  it("says free delivery in words", async () => {
    standInApi({
      quote: (body, check) =>
        json(200, { ...check, subtotal: 123.35, portes: 0, total: 123.35, zona: null, entrega_rapida: false }),
    });
    storeCart(LINES);
    renderCart();
    await waitFor(() => expect(figure("Portes")).toBe("Grátis"));
    expect(figure("Total a pagar")).toBe(euros(12_335));
  });
});
