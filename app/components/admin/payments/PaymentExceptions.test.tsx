// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import type { PaymentExceptionItem } from "#server/flows/payment-exceptions/schemas.ts";
import { type ExceptionsPage, PaymentExceptions } from "./PaymentExceptions.tsx";

afterEach(cleanup);

const late: PaymentExceptionItem = {
  id: 7,
  kind: "late",
  status: "open",
  created_at: "2026-07-01T09:30:00.000Z",
  method: "mb",
  entity: "12345",
  reference: "999000190",
  request_id: null,
  amount: 23.9,
  expected_amount: 23.9,
  order_id: 41,
  order_status: "expired",
  resolved_at: null,
  resolved_by: null,
  resolution_note: "",
  actions: ["reinstate", "refund_due", "refunded", "dismissed"],
};

const mismatch: PaymentExceptionItem = {
  ...late,
  id: 8,
  kind: "amount_mismatch",
  reference: "999000208",
  amount: 10,
  expected_amount: 12.5,
  order_id: 42,
  order_status: "pending_payment",
  actions: ["refund_due", "refunded", "dismissed"],
};

const done: PaymentExceptionItem = {
  ...late,
  id: 9,
  kind: "unknown_reference",
  status: "dismissed",
  reference: "111222333",
  expected_amount: null,
  order_id: null,
  order_status: null,
  resolved_at: "2026-07-02T10:00:00.000Z",
  resolved_by: "Ana Admin",
  resolution_note: "Transferência de teste do banco.",
  actions: [],
};

/** Renders the section with these items; what the buttons submit to the route's action is collected. */
function renderWith(items: PaymentExceptionItem[]) {
  const submitted: unknown[] = [];
  const page: ExceptionsPage = {
    items,
    total: items.length,
    open: items.filter((i) => i.status === "open").length,
    page: 1,
    pageSize: 5,
  };
  const Stub = createRoutesStub([
    {
      path: "/payment-status",
      Component: () => <PaymentExceptions exceptions={page} />,
      action: async ({ request }) => {
        submitted.push(await request.json());
        return { ok: true, status: 200, message: "Feito.", data: {} };
      },
    },
  ]);
  render(<Stub initialEntries={["/payment-status"]} />);
  return submitted;
}

/** The phone cards are what happy-dom shows (no CSS): the card of one exception. */
const cardOf = (reference: string) =>
  screen.getAllByRole("listitem").find((li) => li.textContent?.includes(reference))!;

describe("'Exceções de pagamento'", () => {
  it("says what arrived against what was expected, in words, with the order link and the open count", () => {
    renderWith([late, mismatch, done]);
    expect(screen.getByText("2 por resolver")).toBeTruthy();
    const card = within(cardOf("999 000 208"));
    expect(card.getByRole("heading", { name: "Valor diferente" })).toBeTruthy();
    expect(card.getByText("10,00 € recebidos")).toBeTruthy();
    expect(card.getByText("esperados 12,50 €")).toBeTruthy();
    expect(card.getByRole("link", { name: /#42/ }).getAttribute("href")).toBe("/orders/42");
    expect(card.getByText("A aguardar pagamento")).toBeTruthy();
    expect(card.queryByRole("button", { name: "Repor encomenda" })).toBeNull();
    // Lisbon time (summer: UTC+1).
    expect(card.getByText("01/07/2026, 10:30:00")).toBeTruthy();

    const resolved = within(cardOf("111 222 333"));
    expect(resolved.getByText("Ignorada")).toBeTruthy();
    expect(resolved.getByText("Ana Admin, 02/07/2026, 11:00:00")).toBeTruthy();
    expect(resolved.getByText("Transferência de teste do banco.")).toBeTruthy();
    expect(resolved.queryAllByRole("button")).toHaveLength(0);
    expect(resolved.getByText("Resolvida")).toBeTruthy();
  });

  it("'Repor encomenda' submits the reinstatement of that exception", async () => {
    const submitted = renderWith([late]);
    fireEvent.click(within(cardOf("999 000 190")).getByRole("button", { name: "Repor encomenda" }));
    await waitFor(() => expect(submitted).toEqual([{ intent: "exception-reinstate", id: 7 }]));
  });

  it("'Ignorar' asks for a note and cannot be confirmed without one; the refund takes an optional note", async () => {
    const submitted = renderWith([late]);
    const card = within(cardOf("999 000 190"));
    fireEvent.click(card.getByRole("button", { name: "Ignorar" }));
    const confirm = card.getByRole("button", { name: "Confirmar: Ignorar" }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    fireEvent.change(card.getByLabelText(/Nota \(obrigatória\)/), { target: { value: "  " } });
    expect(confirm.disabled).toBe(true);
    fireEvent.change(card.getByLabelText(/Nota \(obrigatória\)/), { target: { value: "Pagamento em duplicado." } });
    fireEvent.click(confirm);
    await waitFor(() =>
      expect(submitted).toEqual([
        { intent: "exception-resolve", id: 7, resolution: "dismissed", note: "Pagamento em duplicado." },
      ]),
    );

    // A resolution that worked closes its note form (only once its submission is done: the note field goes).
    await waitFor(() => expect(card.queryByLabelText(/Nota/)).toBeNull());
    const markRefund = card.getByRole("button", { name: "Marcar para reembolso" }) as HTMLButtonElement;
    expect(markRefund.disabled).toBe(false);
    fireEvent.click(markRefund);
    fireEvent.click(card.getByRole("button", { name: "Confirmar: Marcar para reembolso" }));
    await waitFor(() =>
      expect(submitted.at(-1)).toEqual({ intent: "exception-resolve", id: 7, resolution: "refund_due", note: "" }),
    );
  });

  it("without exceptions: 'Sem exceções de pagamento.'", () => {
    renderWith([]);
    expect(screen.getByText("Sem exceções de pagamento.")).toBeTruthy();
    expect(screen.queryByText(/por resolver/)).toBeNull();
  });
});
