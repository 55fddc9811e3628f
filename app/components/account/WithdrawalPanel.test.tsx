// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { MyOrderDetail } from "#server/flows/order-views/schemas.ts";
import type { WithdrawalView } from "#server/modules/aftersale/returns/schemas.ts";
import { WithdrawalPanel } from "./WithdrawalPanel.tsx";

/** The withdrawal block of /conta/encomendas/:id: the button within the period, the line after it, the choice sent. */

const VIEW: WithdrawalView = {
  order_id: 42,
  available: true,
  last_day: "2026-12-08",
  ends_at: "2026-12-09T00:00:00.000Z",
  iban_required: true,
  method_label: "Multibanco",
  lines: [
    {
      order_line_id: 7,
      name: "Caneca Azulejo",
      color: "Azul",
      size: null,
      unit_price: 12.9,
      quantity: 2,
      available: 2,
    },
    { order_line_id: 8, name: "Pano de Linho", color: null, size: "M", unit_price: 4.35, quantity: 3, available: 3 },
  ],
  returns: [],
};

function renderPanel(view: Partial<WithdrawalView>, status: MyOrderDetail["status"] = "entregue") {
  const order = { id: 42, status, withdrawal: { ...VIEW, ...view } } as MyOrderDetail;
  const Stub = createRoutesStub([{ path: "/conta/encomendas/42", Component: () => <WithdrawalPanel order={order} /> }]);
  render(<Stub initialEntries={["/conta/encomendas/42"]} />);
}

const answer = {
  success: true,
  message: "Pedido de livre resolução registado. Enviámos a confirmação para o seu email.",
  return: {
    id: 1,
    status: "requested",
    status_label: "Pedido registado",
    requested_at: "",
    refund: 12.9,
    lines: [],
    filed_label: "conta",
    awaiting_owner: false,
    can_change: true,
  },
  withdrawal: VIEW,
};

beforeEach(() => {
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => new Response(JSON.stringify(answer), { headers: { "content-type": "application/json" } })),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const button = () => screen.queryByRole("button", { name: "Livre resolução: desistir da compra" });

describe("the withdrawal on the order page", () => {
  it("within the period: the last day and the labelled button, which opens the choice with everything preselected", () => {
    renderPanel({});
    expect(screen.getByText(/Pode desistir desta compra, sem indicar o motivo, até/).textContent).toContain(
      "8 de dezembro de 2026",
    );
    fireEvent.click(button()!);
    const boxes = screen.getAllByRole("checkbox") as HTMLInputElement[];
    expect(boxes.map((b) => b.checked)).toEqual([true, true]);
    const quantity = (box: HTMLInputElement) => (document.getElementById(`${box.id}-qty`) as HTMLSelectElement).value;
    expect(boxes.map(quantity)).toEqual(["2", "3"]);
    expect(screen.getByLabelText("IBAN para o reembolso")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Confirmar desistência" })).toBeTruthy();
  });

  it("sends the chosen units and the IBAN; an invalid IBAN is refused before sending", async () => {
    renderPanel({});
    fireEvent.click(button()!);
    const [first, second] = screen.getAllByRole("checkbox") as HTMLInputElement[];
    fireEvent.click(second!);
    fireEvent.change(document.getElementById(`${first!.id}-qty`)!, { target: { value: "1" } });
    const iban = screen.getByLabelText("IBAN para o reembolso");
    fireEvent.change(iban, { target: { value: "PT50 0002 0123 1234 5678 9015 5" } });
    fireEvent.click(screen.getByRole("button", { name: "Confirmar desistência" }));
    expect(await screen.findByText("IBAN inválido.")).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();

    fireEvent.change(iban, { target: { value: "PT50 0002 0123 1234 5678 9015 4" } });
    fireEvent.click(screen.getByRole("button", { name: "Confirmar desistência" }));
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    const [path, init] = vi.mocked(fetch).mock.calls[0]!;
    expect(path).toBe("/api/users/me/orders/42/withdrawal");
    expect(JSON.parse(String(init!.body))).toEqual({
      items: [{ order_line_id: 7, quantity: 1 }],
      iban: "PT50 0002 0123 1234 5678 9015 4",
    });
    expect(await screen.findByText(answer.message)).toBeTruthy();
  });

  it("after the period: no button, a line says until when it was possible", () => {
    renderPanel({ available: false, last_day: "2026-11-20" });
    expect(button()).toBeNull();
    expect(screen.getByText("A livre resolução desta encomenda era possível até 20 de novembro de 2026.")).toBeTruthy();
  });

  it("shows each request with its date and status; nothing at all for an order not delivered", () => {
    renderPanel({
      returns: [
        {
          id: 3,
          status: "requested",
          status_label: "Pedido registado",
          requested_at: "2026-11-24T14:07:00.000Z",
          refund: 25.8,
          lines: [{ order_line_id: 7, name: "Caneca Azulejo", quantity: 2 }],
          filed_label: "conta",
          awaiting_owner: false,
          can_change: false,
        },
      ],
    });
    const item = screen.getByRole("list", { name: "Pedidos de livre resolução" });
    expect(item.textContent).toContain("Pedido de livre resolução registado em 24 de novembro de 2026, 14:07");
    expect(item.textContent).toContain("Pedido registado");
    expect(item.textContent).toContain("2 × Caneca Azulejo");
    cleanup();
    renderPanel({ available: false, last_day: null }, "enviada");
    expect(screen.queryByRole("region", { name: "Livre resolução" })).toBeNull();
  });

  it("a request declared on the public form asks the owner to confirm it; the correction sends its units by PUT", async () => {
    renderPanel({
      available: false,
      lines: VIEW.lines.map((l) => ({ ...l, available: 0 })),
      returns: [
        {
          id: 5,
          status: "requested",
          status_label: "Pedido registado",
          requested_at: "2026-11-24T14:07:00.000Z",
          refund: 38.85,
          lines: [
            { order_line_id: 7, name: "Caneca Azulejo", quantity: 2 },
            { order_line_id: 8, name: "Pano de Linho", quantity: 3 },
          ],
          filed_label: "formulário público",
          awaiting_owner: true,
          can_change: true,
        },
      ],
    });
    expect(screen.getByText(/Este pedido foi feito no formulário público de livre resolução/)).toBeTruthy();
    expect(screen.queryByText(/Todos os artigos desta encomenda/)).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Confirmar artigos e reembolso" }));
    // The request's own units are free to choose, preselected as they stand.
    const [, second] = screen.getAllByRole("checkbox") as HTMLInputElement[];
    expect(second!.checked).toBe(true);
    fireEvent.click(second!);
    fireEvent.change(screen.getByLabelText("IBAN para o reembolso"), {
      target: { value: "PT50 0002 0123 1234 5678 9015 4" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Guardar pedido" }));
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    const [path, init] = vi.mocked(fetch).mock.calls[0]!;
    expect(path).toBe("/api/users/me/orders/42/withdrawal/5");
    expect(init!.method).toBe("PUT");
    expect(JSON.parse(String(init!.body))).toEqual({
      items: [{ order_line_id: 7, quantity: 2 }],
      iban: "PT50 0002 0123 1234 5678 9015 4",
    });
  });
});
