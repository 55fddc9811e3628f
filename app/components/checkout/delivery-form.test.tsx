// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ORDER_MESSAGES } from "#server/orders/rules.ts";
import { validateDelivery, type DeliveryForm } from "./delivery-form.ts";
import { DeliveryDialog } from "./DeliveryDialog.tsx";

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

describe("delivery dialog", () => {
  afterEach(cleanup);

  function open(props: Partial<Parameters<typeof DeliveryDialog>[0]> = {}) {
    const onConfirm = vi.fn();
    render(
      <DeliveryDialog
        open
        onOpenChange={() => {}}
        sending={false}
        serverError={null}
        onConfirm={onConfirm}
        {...props}
      />,
    );
    const dialog = screen.getByRole("dialog", { name: "Dados de entrega" });
    const field = (label: RegExp) => within(dialog).getByLabelText(label) as HTMLInputElement;
    const confirm = () => fireEvent.click(within(dialog).getByRole("button", { name: "Confirmar encomenda" }));
    return { dialog, field, confirm, onConfirm };
  }

  it("shows the errors beside their fields, focuses the first, and confirms once all is right", () => {
    const { dialog, field, confirm, onConfirm } = open();
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
    confirm();
    expect(within(dialog).queryByRole("alert")).toBeNull();
    expect(onConfirm).toHaveBeenCalledTimes(1);
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
    ]);
  });

  it("shows the server's failure and does not confirm twice while sending", () => {
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
