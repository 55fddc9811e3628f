// @vitest-environment happy-dom
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  json,
  okLine,
  STAND_IN_RATES,
  standInApi,
  storeCart,
  storedCart,
} from "#tests/support/app/cart-test-support.ts";
import { toast } from "#app/lib/toast.tsx";
import Carrinho from "#app/routes/carrinho.tsx";
import { ORDER_MESSAGES } from "#server/modules/orders/rules.ts";
import { AUTH_REQUIRED, REVIEW_CART } from "./useCheckout.ts";

vi.mock("#app/lib/toast.tsx", () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));
// Lazy modules and the API stand-in answer slower on a busy machine than the default 1 s.
configure({ asyncUtilTimeout: 10_000 });

const LINES = [
  { id: 4, name: "Casaco", image: "k.jpg", price: 59.5, cor: "Verde", tamanho: "L", quantidade: 2, variant_id: 41 },
  { id: 8, name: "Gorro", image: "g.jpg", price: 12, cor: "", tamanho: "Único", quantidade: 1 },
];
const USER = { id: 5, name: "Ana", email: "ana@example.pt", function: "cliente" };

function renderCart() {
  const Stub = createRoutesStub([
    { path: "/carrinho", Component: Carrinho },
    { path: "/login", Component: () => <p>Página de login</p> },
    { path: "/pagamento", Component: () => <p>Página de pagamento</p> },
  ]);
  return render(<Stub initialEntries={["/carrinho"]} />);
}

const NEW_TOTAL = 141.4;

/** The order's answers: first 409 (the total became 141,40 €), then placed with a Multibanco reference. */
const totalChangedThenPlaced = (orderId: number, referencia: string): (() => Response)[] => [
  () =>
    json(409, {
      success: false,
      message: "O total da encomenda mudou para 141,40 € (portes incluídos). Confirme o novo total para continuar.",
      details: { reason: "total_changed", subtotal: 133.5, portes: 7.9, total: NEW_TOTAL },
    }),
  () => json(201, { order_id: orderId, pagamento: { metodo: "MB", entidade: "12345", referencia } }),
];

/**
 * The cart check of a stand-in where the first line's price rises once an order was tried (60,75 €), and the
 * order answers come from `answers` in turn.
 */
function priceRisesAtTheOrder(answers: (() => Response)[]): Parameters<typeof standInApi>[0] {
  let risen = false;
  return {
    answer: (items) => ({
      ok: !risen,
      lines: [
        risen ? { ...okLine(items[0]!), price: 60.75, status: "price_changed" } : okLine(items[0]!),
        okLine(items[1]!),
      ],
    }),
    order: () => {
      risen = true;
      return answers.shift()!();
    },
  };
}

const finalize = () => fireEvent.click(screen.getByRole("button", { name: "Finalizar Compra" }));
const phone = () => screen.getByLabelText("Número de telemóvel MB WAY") as HTMLInputElement;
const chooseMbWay = (number: string) => {
  fireEvent.click(screen.getByRole("radio", { name: /^MB WAY/ }));
  fireEvent.change(phone(), { target: { value: number } });
};

async function fillDelivery(fields: {
  nome: string;
  morada: string;
  codigo: string;
  cidade: string;
  telefone: string;
}) {
  const dialog = await screen.findByRole("dialog", { name: "Dados de entrega" });
  const field = (label: RegExp) => within(dialog).getByLabelText(label);
  fireEvent.change(field(/^Nome/), { target: { value: fields.nome } });
  fireEvent.change(field(/^Morada/), { target: { value: fields.morada } });
  fireEvent.change(field(/^Código postal/), { target: { value: fields.codigo } });
  fireEvent.change(field(/^Cidade/), { target: { value: fields.cidade } });
  fireEvent.change(field(/^Telefone/), { target: { value: fields.telefone } });
  await settled(dialog);
  return dialog;
}

/** The dialog's figures answer what its form says now (so 'Confirmar encomenda' may order). */
const settled = (dialog: HTMLElement) =>
  waitFor(() =>
    expect(
      within(dialog)
        .getByRole("region", { name: "Total da encomenda" })
        .querySelector("[aria-busy]")
        ?.getAttribute("aria-busy"),
    ).toBe("false"),
  );
const dialogFigure = (dialog: HTMLElement, label: string) =>
  within(within(dialog).getByRole("region", { name: "Total da encomenda" }))
    .getAllByRole("term")
    .find((dt) => dt.textContent?.startsWith(label))?.nextElementSibling?.textContent;
const euros = (cents: number) => `${(cents / 100).toFixed(2).replace(".", ",")}\u00a0€`;
/** 2 × 59,50 € + 1 × 12,00 €. */
const SUBTOTAL = 13_100;
const ADDRESS = {
  nome: "Ana Lopes",
  morada: "Rua Direita 1",
  codigo: "1000001",
  cidade: "Lisboa",
  telefone: "912 000 111",
};

beforeEach(() => {
  localStorage.clear();
  vi.mocked(toast.error).mockClear();
  storeCart(LINES);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("cart /carrinho checkout", () => {
  it("sends a signed-out shopper to the login page", async () => {
    standInApi();
    renderCart();
    finalize();
    expect(await screen.findByText("Página de login")).toBeTruthy();
    expect(toast.error).toHaveBeenCalledWith(AUTH_REQUIRED);
  });

  it("asks for a payment method, then for a valid MB WAY number", async () => {
    standInApi();
    localStorage.setItem("user", JSON.stringify(USER));
    renderCart();

    finalize();
    expect(await screen.findByText(ORDER_MESSAGES.method)).toBeTruthy();
    chooseMbWay("812345678");
    expect(screen.queryByText(ORDER_MESSAGES.method)).toBeNull();

    finalize();
    expect(await screen.findByText(ORDER_MESSAGES.mbwayPhone)).toBeTruthy();
    expect(phone().getAttribute("aria-invalid")).toBe("true");
    expect(document.activeElement).toBe(phone());
    fireEvent.change(phone(), { target: { value: "91234" } });
    expect(screen.queryByText(ORDER_MESSAGES.mbwayPhone)).toBeNull();
    // Leaving the field with a wrong number tells it at once.
    fireEvent.blur(phone());
    expect(screen.getByText(ORDER_MESSAGES.mbwayPhone)).toBeTruthy();
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("checks the cart again and stops when a line cannot be bought", async () => {
    const api = standInApi({
      answer: (items) => ({
        ok: false,
        lines: [
          okLine(items[0]!),
          { ...okLine(items[1]!), status: "unavailable", message: ORDER_MESSAGES.unavailable },
        ],
      }),
    });
    localStorage.setItem("user", JSON.stringify(USER));
    renderCart();
    await waitFor(() => expect(api.checks).toHaveLength(1));
    fireEvent.click(screen.getByRole("radio", { name: /^Multibanco/ }));
    finalize();
    expect((await screen.findByRole("alert")).textContent).toBe(REVIEW_CART);
    expect(api.checks).toHaveLength(2);
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("creates the order with the delivery data, stores the payment and opens /pagamento", async () => {
    const api = standInApi();
    localStorage.setItem("user", JSON.stringify(USER));
    renderCart();
    chooseMbWay("+351 912 345 678");
    finalize();
    const dialog = await fillDelivery(ADDRESS);
    fireEvent.click(within(dialog).getByRole("button", { name: "Confirmar encomenda" }));

    expect(await screen.findByText("Página de pagamento")).toBeTruthy();
    expect(api.orders).toHaveLength(1);
    expect(api.orders[0]!.body).toEqual({
      user_id: 5,
      metodo_pagamento: "mbway",
      telemovel: "912345678",
      dados_entrega: {
        nome: "Ana Lopes",
        morada: "Rua Direita 1",
        codigo_postal: "1000-001",
        cidade: "Lisboa",
        telefone: "912000111",
        entrega_rapida: false,
      },
      items: [
        { product_id: 4, quantity: 2, variant_id: 41, cor: "Verde", tamanho: "L" },
        { product_id: 8, quantity: 1, tamanho: "Único" },
      ],
      // The total the dialog showed for Lisbon.
      total_esperado: (SUBTOTAL + STAND_IN_RATES.mainland) / 100,
    });
    expect(dialogFigure(dialog, "Total a pagar")).toBe(euros(SUBTOTAL + STAND_IN_RATES.mainland));
    expect(api.orders[0]!.headers.get("Idempotency-Key")).toMatch(/^[0-9a-f-]{36}$/);
    expect(storedCart()).toEqual([]);
    expect(localStorage.getItem("pedido_id")).toBe("77");
    expect(JSON.parse(localStorage.getItem("pagamento")!)).toEqual({
      metodo: "MB",
      entidade: "12345",
      referencia: "999000111",
    });
    expect(JSON.parse(localStorage.getItem("delivery_data")!)).toMatchObject({
      nome: "Ana Lopes",
      codigoPostal: "1000001",
    });
  });

  it("keeps the key for a retry after no answer, and takes a new one after a refusal", async () => {
    const answers: Array<() => Response> = [
      () => {
        throw new TypeError("offline");
      },
      () => json(409, { message: "Stock insuficiente." }),
    ];
    const api = standInApi({ order: () => answers.shift()!() });
    localStorage.setItem("user", JSON.stringify(USER));
    renderCart();
    fireEvent.click(screen.getByRole("radio", { name: /^Payshop/ }));
    finalize();
    const dialog = await fillDelivery(ADDRESS);
    const confirm = () => fireEvent.click(within(dialog).getByRole("button", { name: "Confirmar encomenda" }));

    confirm();
    const offline = `${ORDER_MESSAGES.checkoutFailed} Não foi possível conectar ao servidor.`;
    expect((await within(dialog).findByRole("alert")).textContent).toBe(offline);
    confirm();
    await waitFor(() => expect(api.orders).toHaveLength(2));
    const keys = api.orders.map((o) => o.headers.get("Idempotency-Key"));
    expect(keys[1]).toBe(keys[0]);

    // Refused: the dialog closes and the reason stays on the page.
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(screen.getByRole("alert").textContent).toBe(`${ORDER_MESSAGES.checkoutFailed} Stock insuficiente.`);
    expect(storedCart()).toHaveLength(2);

    finalize();
    const again = await fillDelivery(ADDRESS);
    fireEvent.click(within(again).getByRole("button", { name: "Confirmar encomenda" }));
    await waitFor(() => expect(api.orders).toHaveLength(3));
    expect(api.orders[2]!.headers.get("Idempotency-Key")).not.toBe(keys[0]);
  });

  it("offers the last delivery data, and after a changed total shows the new one and orders at it", async () => {
    const answers = totalChangedThenPlaced(78, "999000222");
    // The server's price of the first line rises once the order is first tried.
    const api = standInApi({
      saved: {
        nome: "Ana Lopes",
        morada: "Rua do Mercado 2",
        codigo_postal: "9500-321",
        cidade: "Ponta Delgada",
        telefone: "296000111",
        entrega_rapida: false,
        faturacao: null,
      },
      ...priceRisesAtTheOrder(answers),
    });
    localStorage.setItem("user", JSON.stringify(USER));
    renderCart();
    fireEvent.click(screen.getByRole("radio", { name: /^Multibanco/ }));
    finalize();
    const dialog = await screen.findByRole("dialog", { name: "Dados de entrega" });
    expect((within(dialog).getByLabelText(/^Morada/) as HTMLInputElement).value).toBe("Rua do Mercado 2");
    await settled(dialog);
    expect(dialogFigure(dialog, "Total a pagar")).toBe(euros(SUBTOTAL + STAND_IN_RATES.islands));
    const confirm = () => fireEvent.click(within(dialog).getByRole("button", { name: "Confirmar encomenda" }));
    confirm();

    // Refused: nothing created, the dialog stays with the new figure, and the quote is asked again.
    expect((await within(dialog).findByRole("status")).textContent).toBe(
      "O total da encomenda mudou para 141,40 € (portes incluídos). Confirme o novo total para continuar.",
    );
    expect(api.orders[0]!.body).toMatchObject({
      total_esperado: (SUBTOTAL + STAND_IN_RATES.islands) / 100,
      dados_entrega: { morada: "Rua do Mercado 2", codigo_postal: "9500-321" },
    });
    await waitFor(() => expect(dialogFigure(dialog, "Total a pagar")).toBe(euros(14_140)));
    await settled(dialog);
    expect(screen.getByRole("dialog")).toBeTruthy();
    confirm();
    expect(await screen.findByText("Página de pagamento")).toBeTruthy();
    expect(api.orders).toHaveLength(2);
    expect((api.orders[1]!.body as { total_esperado: number }).total_esperado).toBe(NEW_TOTAL);
    // Nothing was created the first time: the retry may use the same key.
    expect(api.orders[1]!.headers.get("Idempotency-Key")).toBe(api.orders[0]!.headers.get("Idempotency-Key"));
  });

  // ---------- issue 18, defects 2 and 3 ----------

  it("offers the last address but never a paid extra: 'Entrega rápida' starts unticked and is not charged", async () => {
    const api = standInApi({
      saved: {
        nome: "Ana Lopes",
        morada: "Rua do Mercado 2",
        codigo_postal: "9500-321",
        cidade: "Ponta Delgada",
        telefone: "296000111",
        entrega_rapida: true,
        faturacao: null,
      },
    });
    localStorage.setItem("user", JSON.stringify(USER));
    renderCart();
    fireEvent.click(screen.getByRole("radio", { name: /^Multibanco/ }));
    finalize();
    const dialog = await screen.findByRole("dialog", { name: "Dados de entrega" });
    expect((within(dialog).getByLabelText(/^Morada/) as HTMLInputElement).value).toBe("Rua do Mercado 2");
    const fast = within(dialog).getByRole("checkbox", { name: /Entrega rápida/ }) as HTMLInputElement;
    expect(fast.checked).toBe(false);
    await settled(dialog);
    expect(api.quotes.at(-1)).toMatchObject({ codigo_postal: "9500-321", entrega_rapida: false });
    expect(dialogFigure(dialog, "Total a pagar")).toBe(euros(SUBTOTAL + STAND_IN_RATES.islands));
    fireEvent.click(within(dialog).getByRole("button", { name: "Confirmar encomenda" }));
    expect(await screen.findByText("Página de pagamento")).toBeTruthy();
    expect(api.orders[0]!.body).toMatchObject({
      dados_entrega: { codigo_postal: "9500-321", entrega_rapida: false },
      total_esperado: (SUBTOTAL + STAND_IN_RATES.islands) / 100,
    });
  });

  it("re-opened after the cart changed, the dialog shows and orders the new cart's total, not the one it showed before", async () => {
    const api = standInApi({
      // The stand-in server refuses a total that is not the cart's, as POST /orders does.
      order: (body) => {
        const { items, dados_entrega, total_esperado } = body as {
          items: Array<{ product_id: number; quantity: number }>;
          dados_entrega: { entrega_rapida: boolean };
          total_esperado: number;
        };
        const price = (id: number) => LINES.find((l) => l.id === id)!.price * 100;
        const cents =
          items.reduce((sum, i) => sum + price(i.product_id) * i.quantity, 0) +
          STAND_IN_RATES.mainland +
          (dados_entrega.entrega_rapida ? STAND_IN_RATES.fast : 0);
        return Math.round(total_esperado * 100) === cents
          ? json(201, { order_id: 79, pagamento: { metodo: "MB", entidade: "12345", referencia: "999000333" } })
          : json(409, {
              success: false,
              message: "O total da encomenda mudou.",
              details: { reason: "total_changed", subtotal: 0, portes: 0, total: cents / 100 },
            });
      },
    });
    localStorage.setItem("user", JSON.stringify(USER));
    renderCart();
    fireEvent.click(screen.getByRole("radio", { name: /^Multibanco/ }));
    finalize();
    let dialog = await fillDelivery(ADDRESS);
    expect(dialogFigure(dialog, "Total a pagar")).toBe(euros(SUBTOTAL + STAND_IN_RATES.mainland));

    // The shopper goes back to the cart, adds a Gorro, and checks out again.
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancelar" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    fireEvent.click(screen.getAllByRole("button", { name: "Aumentar quantidade de Gorro" })[0]!);
    await waitFor(() => expect(storedCart()[1]!.quantidade).toBe(2));
    finalize();
    dialog = await screen.findByRole("dialog", { name: "Dados de entrega" });
    const total = SUBTOTAL + 1200 + STAND_IN_RATES.mainland;
    await waitFor(() => expect(dialogFigure(dialog, "Total a pagar")).toBe(euros(total)));
    await settled(dialog);
    fireEvent.click(within(dialog).getByRole("button", { name: "Confirmar encomenda" }));
    expect(await screen.findByText("Página de pagamento")).toBeTruthy();
    expect(api.orders).toHaveLength(1);
    expect((api.orders[0]!.body as { total_esperado: number }).total_esperado).toBe(total / 100);
  });

  it("after a changed total, the dialog shows the server's figure at once and 'Confirmar encomenda' orders at it", async () => {
    const answers = totalChangedThenPlaced(80, "999000444");
    const api = standInApi({
      ...priceRisesAtTheOrder(answers),
    });
    localStorage.setItem("user", JSON.stringify(USER));
    renderCart();
    fireEvent.click(screen.getByRole("radio", { name: /^Multibanco/ }));
    finalize();
    const dialog = await fillDelivery({ ...ADDRESS, codigo: "9500-321", cidade: "Ponta Delgada" });
    const confirm = () => fireEvent.click(within(dialog).getByRole("button", { name: "Confirmar encomenda" }));
    confirm();
    await within(dialog).findByRole("status");
    // The refusal's figure is the dialog's total at once: confirmed straight away, it is what is ordered.
    expect(dialogFigure(dialog, "Total a pagar")).toBe(euros(14_140));
    confirm();
    expect(await screen.findByText("Página de pagamento")).toBeTruthy();
    expect(within(dialog).queryByText(/Confirme de novo/)).toBeNull();
    expect(api.orders).toHaveLength(2);
    expect((api.orders[1]!.body as { total_esperado: number }).total_esperado).toBe(NEW_TOTAL);
  });
});
