// @vitest-environment happy-dom
import { cleanup, configure, fireEvent, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { json, STAND_IN_RATES, standInApi, storeCart, type ApiStandIn } from "#tests/support/app/cart-test-support.ts";
import { ORDER_MESSAGES } from "#server/modules/orders/rules.ts";
import { validateDelivery, type DeliveryForm } from "./delivery-form.ts";
import { type DeliveryDialog, NO_TOTAL, totalUpdated } from "./DeliveryDialog.tsx";
import { renderDeliveryDialog } from "#tests/support/app/dialog-test-support.tsx";

configure({ asyncUtilTimeout: 10_000 });

const VALID: DeliveryForm = {
  nome: "  Rui Costa ",
  morada: "Avenida da Liberdade 10, 2.º Esq.",
  codigoPostal: "1250096",
  cidade: "Lisboa",
  telefone: "+351 912-345-678",
  entregaRapida: true,
};

describe("delivery form validation", () => {
  it("gives the server's payload: trimmed, postal code with its dash, phone digits only", () => {
    expect(validateDelivery(VALID)).toEqual({
      ok: true,
      payload: {
        nome: "Rui Costa",
        morada: "Avenida da Liberdade 10, 2.º Esq.",
        codigo_postal: "1250-096",
        cidade: "Lisboa",
        telefone: "912345678",
        entrega_rapida: true,
      },
    });
  });

  it("names every empty field and sums up with the required-fields text", () => {
    const result = validateDelivery({ ...VALID, nome: "   ", cidade: "", codigoPostal: "12" });
    expect(result).toEqual({
      ok: false,
      errors: {
        nome: ORDER_MESSAGES.required,
        cidade: ORDER_MESSAGES.required,
        codigoPostal: ORDER_MESSAGES.postalCode,
      },
      summary: "Por favor, preencha todos os campos obrigatórios.",
    });
  });

  it("tells a wrong postal code or phone in pt-PT", () => {
    for (const codigoPostal of ["1250-96", "12500-96", "abcd-efg", "1250 096"]) {
      const result = validateDelivery({ ...VALID, codigoPostal });
      expect(result).toMatchObject({ ok: false, summary: "Código postal inválido: use o formato 0000-000." });
    }
    for (const telefone of ["91234567", "9123456789", "91234567a", "+44 912345678"]) {
      const result = validateDelivery({ ...VALID, telefone });
      expect(result).toMatchObject({ ok: false, summary: "Telefone inválido: indique 9 algarismos." });
    }
    expect(validateDelivery({ ...VALID, codigoPostal: "1250-096", telefone: "00351912345678" }).ok).toBe(true);
  });
});

// Two lines of different prices and quantities: 2 × 18,75 € + 3 × 4,20 € = 50,10 €.
const CART = [
  { id: 7, name: "Avental", image: "a.jpg", price: 18.75, cor: "Cru", tamanho: "Único", quantidade: 2, variant_id: 71 },
  { id: 9, name: "Pegas", image: "p.jpg", price: 4.2, cor: "", tamanho: "", quantidade: 3 },
];
const SUBTOTAL = 5010;
const euros = (cents: number) => `${(cents / 100).toFixed(2).replace(".", ",")}\u00a0€`;

describe("delivery dialog", () => {
  let api: ApiStandIn;
  beforeEach(() => {
    localStorage.clear();
    storeCart(CART);
    api = standInApi();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  function open(props: Partial<Parameters<typeof DeliveryDialog>[0]> = {}) {
    const { onConfirm, dialog, field, confirm } = renderDeliveryDialog(props);
    const totals = within(dialog).getByRole("region", { name: "Total da encomenda" });
    const figure = (label: string) =>
      within(totals)
        .getAllByRole("term")
        .find((dt) => dt.textContent?.startsWith(label))?.nextElementSibling?.textContent;
    /** The figures on screen answer what the form says now. */
    const settled = () =>
      waitFor(() => expect(totals.querySelector("[aria-busy]")?.getAttribute("aria-busy")).toBe("false"));
    return { dialog, field, confirm, onConfirm, figure, totals, settled };
  }

  it("shows the errors beside their fields, focuses the first, and confirms once all is right", async () => {
    const { dialog, field, confirm, onConfirm, settled } = open();
    await settled();
    confirm();
    expect(within(dialog).getByRole("alert").textContent).toBe(ORDER_MESSAGES.required);
    expect(field(/^Nome/).getAttribute("aria-invalid")).toBe("true");
    expect(document.activeElement).toBe(field(/^Nome/));
    expect(onConfirm).not.toHaveBeenCalled();

    fireEvent.change(field(/^Nome/), { target: { value: "Rui Costa" } });
    fireEvent.change(field(/^Morada/), { target: { value: "Rua do Ouro 5" } });
    fireEvent.change(field(/^Código postal/), { target: { value: "1100-06" } });
    fireEvent.change(field(/^Cidade/), { target: { value: "Lisboa" } });
    fireEvent.change(field(/^Telefone/), { target: { value: "91234" } });
    expect(field(/^Nome/).getAttribute("aria-invalid")).toBeNull();
    confirm();
    const postal = field(/^Código postal/);
    expect(postal.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById(postal.getAttribute("aria-describedby")!)?.textContent).toBe(
      ORDER_MESSAGES.postalCode,
    );
    expect(within(dialog).getByText(ORDER_MESSAGES.phone)).toBeTruthy();
    expect(within(dialog).getByRole("alert").textContent).toBe(ORDER_MESSAGES.postalCode);
    expect(document.activeElement).toBe(postal);

    fireEvent.change(postal, { target: { value: "1100-060" } });
    fireEvent.change(field(/^Telefone/), { target: { value: "912 345 678" } });
    fireEvent.click(within(dialog).getByRole("checkbox", { name: /Entrega rápida/ }));
    await settled();
    confirm();
    expect(within(dialog).queryByRole("alert")).toBeNull();
    await waitFor(() => expect(onConfirm).toHaveBeenCalledTimes(1));
    expect(onConfirm.mock.calls[0]).toEqual([
      {
        nome: "Rui Costa",
        morada: "Rua do Ouro 5",
        codigoPostal: "1100-060",
        cidade: "Lisboa",
        telefone: "912 345 678",
        entregaRapida: true,
      },
      {
        nome: "Rui Costa",
        morada: "Rua do Ouro 5",
        codigo_postal: "1100-060",
        cidade: "Lisboa",
        telefone: "912345678",
        entrega_rapida: true,
      },
      (SUBTOTAL + STAND_IN_RATES.mainland + STAND_IN_RATES.fast) / 100,
    ]);
  });

  it("shows subtotal, delivery and total for the postal code and next-day choice typed, asking after a pause", async () => {
    const { dialog, field, figure, totals, settled } = open();
    await settled();
    expect(figure("Subtotal")).toBe(euros(SUBTOTAL));
    expect(figure("Portes")).toBe(euros(STAND_IN_RATES.mainland));
    expect(figure("Total a pagar")).toBe(euros(SUBTOTAL + STAND_IN_RATES.mainland));
    expect(api.quotes).toHaveLength(1);
    expect(api.quotes[0]).toEqual({
      items: [
        { product_id: 7, quantity: 2, price: 18.75, variant_id: 71, cor: "Cru", tamanho: "Único" },
        { product_id: 9, quantity: 3, price: 4.2 },
      ],
      entrega_rapida: false,
    });

    // Typed character by character: an incomplete code asks nothing; the whole one asks once.
    for (const typed of ["9", "95", "950", "9500", "9500-", "9500-3", "9500-32", "9500-321"])
      fireEvent.change(field(/^Código postal/), { target: { value: typed } });
    await waitFor(() => expect(figure("Total a pagar")).toBe(euros(SUBTOTAL + STAND_IN_RATES.islands)));
    expect(figure("Portes")).toBe(euros(STAND_IN_RATES.islands));
    expect(within(totals).getByText(/^Portes/).textContent).toBe("Portes (Açores)");
    expect(api.quotes.slice(1)).toEqual([
      { items: api.quotes[0]!.items, codigo_postal: "9500-321", entrega_rapida: false },
    ]);

    fireEvent.click(within(dialog).getByRole("checkbox", { name: /Entrega rápida/ }));
    await waitFor(() =>
      expect(figure("Total a pagar")).toBe(euros(SUBTOTAL + STAND_IN_RATES.islands + STAND_IN_RATES.fast)),
    );
    expect(within(totals).getByText(/^Portes/).textContent).toBe("Portes (Açores, entrega rápida)");
    expect(api.quotes.at(-1)).toMatchObject({ codigo_postal: "9500-321", entrega_rapida: true });
  });

  it("orders only the total on screen: a code typed a moment ago is priced at once, a different figure is shown first", async () => {
    const { dialog, field, confirm, onConfirm, figure, settled } = open({
      initial: {
        nome: "Rui Mota",
        morada: "Rua 1",
        codigoPostal: "1000-001",
        cidade: "Lisboa",
        telefone: "291000000",
        entregaRapida: false,
      },
    });
    await settled();
    expect(figure("Total a pagar")).toBe(euros(SUBTOTAL + STAND_IN_RATES.mainland));
    // Another mainland code, confirmed before its pause is over: the same total, so it is ordered.
    fireEvent.change(field(/^Código postal/), { target: { value: "4000-442" } });
    confirm();
    await waitFor(() => expect(onConfirm).toHaveBeenCalledTimes(1));
    expect(onConfirm.mock.calls[0]![2]).toBe((SUBTOTAL + STAND_IN_RATES.mainland) / 100);
    expect(api.quotes.at(-1)).toMatchObject({ codigo_postal: "4000-442" });

    // A Madeira code confirmed at once: the total changes, so it is shown and not ordered.
    fireEvent.change(field(/^Código postal/), { target: { value: "9000-018" } });
    confirm();
    const islands = SUBTOTAL + STAND_IN_RATES.islands;
    expect((await within(dialog).findByRole("alert")).textContent).toBe(totalUpdated(islands / 100));
    expect(figure("Total a pagar")).toBe(euros(islands));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    confirm();
    await waitFor(() => expect(onConfirm).toHaveBeenCalledTimes(2));
    expect(onConfirm.mock.calls[1]![2]).toBe(islands / 100);
  });

  it("orders nothing when no total can be had", async () => {
    vi.unstubAllGlobals();
    api = standInApi({ quote: () => json(503, { message: "Serviço temporariamente indisponível." }) });
    const { dialog, confirm, onConfirm, figure } = open({
      initial: {
        nome: "Rui Mota",
        morada: "Rua 1",
        codigoPostal: "9000-018",
        cidade: "Funchal",
        telefone: "291000000",
        entregaRapida: false,
      },
    });
    await within(dialog).findByRole("button", { name: "Tentar novamente" });
    expect(figure("Total a pagar")).toBe("—");
    confirm();
    await waitFor(() =>
      expect(
        within(dialog)
          .getAllByRole("alert")
          .map((a) => a.textContent),
      ).toContain(NO_TOTAL),
    );
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it("starts from the saved delivery data, editable, and says so", async () => {
    const saved: DeliveryForm = {
      nome: "Marta Reis",
      morada: "Rua do Sol 3",
      codigoPostal: "9000-018",
      cidade: "Funchal",
      telefone: "291123456",
      entregaRapida: true,
    };
    const { dialog, field, figure, settled } = open({ initial: saved });
    expect(within(dialog).getByText("Preenchemos com os dados da sua última encomenda; pode alterá-los.")).toBeTruthy();
    expect(field(/^Nome/).value).toBe("Marta Reis");
    expect(field(/^Código postal/).value).toBe("9000-018");
    expect((within(dialog).getByRole("checkbox", { name: /Entrega rápida/ }) as HTMLInputElement).checked).toBe(true);
    await settled();
    // The first quote is already for the saved address.
    expect(api.quotes[0]).toMatchObject({ codigo_postal: "9000-018", entrega_rapida: true });
    expect(figure("Total a pagar")).toBe(euros(SUBTOTAL + STAND_IN_RATES.islands + STAND_IN_RATES.fast));
    fireEvent.change(field(/^Morada/), { target: { value: "Rua da Lua 4" } });
    expect(field(/^Morada/).value).toBe("Rua da Lua 4");
  });

  it("shows the server's failure and does not confirm twice while sending", async () => {
    const { dialog, onConfirm } = open({
      sending: true,
      serverError: "Erro ao finalizar compra! Stock insuficiente.",
    });
    expect(within(dialog).getByRole("alert").textContent).toBe("Erro ao finalizar compra! Stock insuficiente.");
    const button = within(dialog).getByRole("button", { name: "A processar..." }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    fireEvent.submit(button.closest("form")!);
    expect(onConfirm).not.toHaveBeenCalled();
  });
});
