// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import type { OrderDetail } from "#server/modules/aftersale/fulfilment/schemas.ts";
import type { FiscalDocument } from "#server/modules/invoicing/schemas.ts";
import { InvoiceFailures } from "#app/components/admin/payments/InvoiceFailures.tsx";
import { InvoicePanel } from "./InvoicePanel.tsx";

afterEach(cleanup);

const issued: FiscalDocument = {
  id: 3,
  order_id: 41,
  kind: "invoice",
  status: "issued",
  provider: "invoicexpress",
  number: "FR 2026/15",
  atcud: "ABCD1234-15",
  pdf_url: "https://faturas.exemplo.pt/15.pdf",
  total_cents: 2188,
  attempts: 1,
  last_error: null,
  next_attempt_at: "2026-07-01T09:30:00.000Z",
  refund_id: null,
  reason: null,
  created_at: "2026-07-01T09:30:00.000Z",
  issued_at: "2026-07-01T09:30:05.000Z",
};
const failed: FiscalDocument = {
  ...issued,
  id: 4,
  order_id: 42,
  status: "failed",
  number: null,
  atcud: null,
  pdf_url: null,
  issued_at: null,
  attempts: 2,
  last_error: "O InvoiceXpress recusou o documento: NIF inválido.",
};
const manual: FiscalDocument = { ...failed, id: 5, status: "manual", provider: "none", last_error: null };
const note: FiscalDocument = {
  ...issued,
  id: 6,
  kind: "credit_note",
  status: "pending",
  number: null,
  atcud: null,
  pdf_url: null,
  issued_at: null,
  attempts: 0,
  total_cents: 870,
  refund_id: 9,
  reason: "Devolução (livre resolução)",
};

const order = { status: "paid" } as OrderDetail;

function renderAt(element: React.ReactNode) {
  const submitted: unknown[] = [];
  const Stub = createRoutesStub([
    {
      path: "/x",
      Component: () => element,
      action: async ({ request }) => {
        submitted.push(await request.json());
        return { ok: true, status: 200, message: "Feito.", data: {} };
      },
    },
  ]);
  render(<Stub initialEntries={["/x"]} />);
  return submitted;
}

const item = (id: number) => within(screen.getByTestId(`documento-${id}`));

describe("'Documentos fiscais'", () => {
  it("shows each state in words: number, ATCUD and PDF; the failure and its retry; a credit note waiting", async () => {
    const submitted = renderAt(<InvoicePanel order={order} documents={[issued, failed, note]} />);
    expect(item(3).getByText("FR 2026/15")).toBeTruthy();
    expect(item(3).getByText("ABCD1234-15")).toBeTruthy();
    expect(item(3).getByRole("link", { name: "Abrir PDF" }).getAttribute("href")).toBe(issued.pdf_url);
    expect(item(3).getByText("21,88 € · 01/07/2026, 10:30:05")).toBeTruthy();
    expect(item(4).getByText("Falhou: O InvoiceXpress recusou o documento: NIF inválido.")).toBeTruthy();
    expect(item(6).getByText("A emitir…")).toBeTruthy();
    expect(item(6).getByText("Emitida logo que a fatura da encomenda o seja.")).toBeTruthy();
    fireEvent.click(item(4).getByRole("button", { name: "Tentar novamente" }));
    await waitFor(() => expect(submitted).toEqual([{ intent: "invoice-retry", documentId: 4 }]));
  });

  it("'Fatura por emitir' (INVOICE_PROVIDER=none) takes the number issued by hand", async () => {
    const submitted = renderAt(<InvoicePanel order={order} documents={[manual]} />);
    expect(item(5).getByText("Fatura por emitir")).toBeTruthy();
    fireEvent.change(item(5).getByLabelText("Número do documento emitido no programa de faturação"), {
      target: { value: "FR 2026/42" },
    });
    fireEvent.click(item(5).getByRole("button", { name: "Registar número" }));
    await waitFor(() => expect(submitted).toEqual([{ intent: "invoice-manual", documentId: 5, numero: "FR 2026/42" }]));
  });

  it("an unpaid order has none yet", () => {
    renderAt(<InvoicePanel order={{ status: "pending_payment" } as OrderDetail} documents={[]} />);
    expect(screen.getByText("A fatura é emitida quando a encomenda for paga.")).toBeTruthy();
  });
});

describe("'Faturas com erro'", () => {
  it("lists the failure with its order link and message, and retries it", async () => {
    const retrying = { ...failed, id: 7, order_id: 43, status: "pending" as const, last_error: "HTTP 500" };
    const submitted = renderAt(<InvoiceFailures failures={[failed, retrying]} />);
    expect(screen.getByText("1 por resolver")).toBeTruthy();
    const [first, second] = screen.getAllByRole("listitem").map((li) => within(li));
    expect(first!.getByRole("link", { name: /encomenda #42/ }).getAttribute("href")).toBe("/orders/42");
    expect(first!.getByText(failed.last_error!)).toBeTruthy();
    expect(first!.getByText("Falhou após 2 tentativas.")).toBeTruthy();
    expect(second!.queryByRole("button")).toBeNull();
    expect(second!.getByText("Nova tentativa às 01/07/2026, 10:30:00 (2 até agora).")).toBeTruthy();
    fireEvent.click(first!.getByRole("button", { name: "Tentar novamente" }));
    await waitFor(() => expect(submitted).toEqual([{ intent: "invoice-retry", documentId: 4 }]));
  });
});
