// @vitest-environment happy-dom
import { cleanup, configure, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { STAND_IN_RATES, standInApi, storeCart } from "#tests/support/app/cart-test-support.ts";
import { orderBody } from "#app/hooks/useCheckout.ts";
import { BILLING_MESSAGES } from "#server/modules/orders/billing.ts";
import { createOrderBody } from "#server/modules/orders/schemas.ts";
import { EMPTY_BILLING, validateBilling } from "./billing-form.ts";
import type { DeliveryForm } from "./delivery-form.ts";
import type { DeliveryDialog } from "./DeliveryDialog.tsx";
import { renderDeliveryDialog } from "#tests/support/app/dialog-test-support.tsx";

configure({ asyncUtilTimeout: 10_000 });

describe("billing form validation (the server's schema)", () => {
  it("empty NIF is Consumidor final (no dados_faturacao); a typed one is normalised", () => {
    expect(validateBilling(EMPTY_BILLING)).toEqual({ ok: true, payload: undefined });
    expect(validateBilling({ ...EMPTY_BILLING, nif: "   " })).toEqual({ ok: true, payload: undefined });
    expect(validateBilling({ ...EMPTY_BILLING, nif: "PT 123 456 789" })).toEqual({
      ok: true,
      payload: { nif: "123456789", nome: null, morada: null, codigo_postal: null, cidade: null },
    });
  });

  it("says 'NIF inválido.' for a wrong check digit, length or letters", () => {
    for (const nif of ["123456780", "12345678", "1234567890", "12345678A", "PT"]) {
      expect(validateBilling({ ...EMPTY_BILLING, nif }), nif).toEqual({ ok: false, errors: { nif: "NIF inválido." } });
    }
  });

  it("ignores hidden billing fields, and asks for the whole address once the toggle is on", () => {
    const typed = { ...EMPTY_BILLING, nif: "501442600", nome: "Oficina do Linho", morada: "Rua 1" };
    // Toggle off: the fields are hidden, so they are not sent.
    expect(validateBilling(typed)).toMatchObject({ ok: true, payload: { nif: "501442600", nome: null } });
    expect(validateBilling({ ...typed, outros: true })).toEqual({
      ok: false,
      errors: { codigoPostal: BILLING_MESSAGES.postalCode, cidade: BILLING_MESSAGES.city },
    });
    expect(validateBilling({ ...EMPTY_BILLING, nif: "501442600", outros: true })).toEqual({
      ok: false,
      errors: {
        morada: "Indique a morada de faturação.",
        codigoPostal: BILLING_MESSAGES.postalCode,
        cidade: BILLING_MESSAGES.city,
      },
    });
  });

  it("the order body carries dados_faturacao that POST /orders' schema accepts as is", () => {
    const result = validateBilling({
      nif: "501 442 600",
      outros: true,
      nome: "Oficina do Linho, Lda.",
      morada: "Rua do Comércio, 40",
      codigoPostal: "4050253",
      cidade: "Porto",
    });
    if (!result.ok) throw new Error("expected valid");
    const delivery = {
      nome: "Rui Costa",
      morada: "Rua do Ouro 5",
      codigo_postal: "1100-060",
      cidade: "Lisboa",
      telefone: "912345678",
      entrega_rapida: false,
    };
    const line = { id: 7, name: "Avental", image: "", price: 18.75, cor: "", tamanho: "", quantidade: 1 };
    const body = orderBody(3, "mb", "", delivery, [line], 22.65, result.payload);
    expect(body.dados_faturacao).toEqual({
      nif: "501442600",
      nome: "Oficina do Linho, Lda.",
      morada: "Rua do Comércio, 40",
      codigo_postal: "4050-253",
      cidade: "Porto",
    });
    expect(createOrderBody.parse(body).dados_faturacao).toEqual(body.dados_faturacao);
    expect(orderBody(3, "mb", "", delivery, [line], 22.65)).not.toHaveProperty("dados_faturacao");
  });
});

const DELIVERY: DeliveryForm = {
  nome: "Rui Mota",
  morada: "Rua 1",
  codigoPostal: "1000-001",
  cidade: "Lisboa",
  telefone: "291000000",
  entregaRapida: false,
};
const CART = [{ id: 9, name: "Pegas", image: "p.jpg", price: 4.2, cor: "", tamanho: "", quantidade: 3 }];
const TOTAL = (3 * 420 + STAND_IN_RATES.mainland) / 100;

describe("delivery dialog: NIF and billing data", () => {
  beforeEach(() => {
    localStorage.clear();
    storeCart(CART);
    standInApi();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  function open(initialBilling: Parameters<typeof DeliveryDialog>[0]["initialBilling"] = null) {
    const { onConfirm, dialog, field, confirm } = renderDeliveryDialog({ initial: DELIVERY, initialBilling });
    const toggle = () =>
      within(dialog).queryByRole("checkbox", {
        name: "Dados de faturação diferentes da entrega",
      }) as HTMLInputElement | null;
    const settled = () =>
      waitFor(() =>
        expect(
          within(dialog)
            .getByRole("region", { name: "Total da encomenda" })
            .querySelector("[aria-busy]")
            ?.getAttribute("aria-busy"),
        ).toBe("false"),
      );
    const errorOf = (input: HTMLInputElement) =>
      document.getElementById(input.getAttribute("aria-describedby") ?? "")?.textContent;
    return { dialog, field, toggle, confirm, onConfirm, settled, errorOf };
  }

  it("shows 'NIF inválido.' beside the NIF, focuses it, and orders with the NIF once right", async () => {
    const { dialog, field, toggle, confirm, onConfirm, settled, errorOf } = open();
    await settled();
    const nif = field(/^NIF \(para a fatura\)/);
    expect(nif.getAttribute("inputmode")).toBe("numeric");
    expect(errorOf(nif)).toBe("Deixe em branco para Consumidor final.");
    expect(toggle()).toBeNull();

    fireEvent.change(nif, { target: { value: "123 456 780" } });
    confirm();
    expect(nif.getAttribute("aria-invalid")).toBe("true");
    expect(errorOf(nif)).toBe("NIF inválido.");
    expect(within(dialog).getByRole("alert").textContent).toBe("NIF inválido.");
    expect(document.activeElement).toBe(nif);
    expect(onConfirm).not.toHaveBeenCalled();

    fireEvent.change(nif, { target: { value: "PT 123 456 789" } });
    expect(nif.getAttribute("aria-invalid")).toBeNull();
    expect(toggle()?.checked).toBe(false);
    confirm();
    await waitFor(() => expect(onConfirm).toHaveBeenCalledTimes(1));
    expect(onConfirm.mock.calls[0]![2]).toBe(TOTAL);
    expect(onConfirm.mock.calls[0]![3]).toEqual({
      nif: "123456789",
      nome: null,
      morada: null,
      codigo_postal: null,
      cidade: null,
    });
  });

  it("the toggle reveals the billing fields; a name without an address is refused beside the address", async () => {
    const { dialog, field, toggle, confirm, onConfirm, settled, errorOf } = open();
    await settled();
    fireEvent.change(field(/^NIF/), { target: { value: "501442600" } });
    fireEvent.click(toggle()!);
    fireEvent.change(field(/^Nome ou empresa na fatura/), { target: { value: "Oficina do Linho, Lda." } });
    confirm();
    const morada = field(/^Morada de faturação/);
    expect(errorOf(morada)).toBe("Indique a morada de faturação.");
    expect(errorOf(field(/^Código postal de faturação/))).toBe(BILLING_MESSAGES.postalCode);
    expect(document.activeElement).toBe(morada);
    expect(within(dialog).getByRole("alert").textContent).toBe("Indique a morada de faturação.");

    fireEvent.change(morada, { target: { value: "Rua do Comércio, 40" } });
    fireEvent.change(field(/^Código postal de faturação/), { target: { value: "4050-25" } });
    fireEvent.change(field(/^Cidade de faturação/), { target: { value: "Porto" } });
    confirm();
    expect(errorOf(field(/^Código postal de faturação/))).toBe("Código postal inválido: use o formato 0000-000.");
    fireEvent.change(field(/^Código postal de faturação/), { target: { value: "4050253" } });
    confirm();
    await waitFor(() => expect(onConfirm).toHaveBeenCalledTimes(1));
    expect(onConfirm.mock.calls[0]![3]).toEqual({
      nif: "501442600",
      nome: "Oficina do Linho, Lda.",
      morada: "Rua do Comércio, 40",
      codigo_postal: "4050-253",
      cidade: "Porto",
    });
  });

  it("offers the saved NIF and billing data, editable and clearable (cleared: Consumidor final)", async () => {
    const { field, toggle, confirm, onConfirm, settled } = open({
      nif: "501442600",
      nome: "Oficina do Linho, Lda.",
      morada: "Rua do Comércio, 40",
      codigo_postal: "4050-253",
      cidade: "Porto",
    });
    await settled();
    expect(field(/^NIF/).value).toBe("501442600");
    expect(toggle()?.checked).toBe(true);
    expect(field(/^Morada de faturação/).value).toBe("Rua do Comércio, 40");
    fireEvent.change(field(/^NIF/), { target: { value: "" } });
    expect(toggle()).toBeNull();
    expect(screen.queryByLabelText(/^Morada de faturação/)).toBeNull();
    confirm();
    await waitFor(() => expect(onConfirm).toHaveBeenCalledTimes(1));
    expect(onConfirm.mock.calls[0]).toHaveLength(3);
  });
});
