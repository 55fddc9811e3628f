// @vitest-environment happy-dom
import { act, cleanup, configure, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { StrictMode } from "react";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import Pagamento from "#app/routes/pagamento.tsx";

vi.mock("#app/lib/toast.tsx", () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));
// Lazy modules and the API stand-in answer slower on a busy machine than the default 1 s.
configure({ asyncUtilTimeout: 10_000 });

function renderPage() {
  const Stub = createRoutesStub([{ path: "/pagamento", Component: Pagamento }]);
  return render(
    <StrictMode>
      <Stub initialEntries={["/pagamento"]} />
    </StrictMode>,
  );
}

beforeEach(() => {
  localStorage.clear();
  vi.stubGlobal(
    "fetch",
    vi.fn(
      async () => new Response(JSON.stringify({ message: "ok" }), { headers: { "content-type": "application/json" } }),
    ),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("payment instructions /pagamento", () => {
  it("shows the stored reference, asks once for the confirmation e-mail, and forgets the data on leaving", async () => {
    localStorage.setItem(
      "pagamento",
      JSON.stringify({ metodo: "MB", entidade: "12345", referencia: "999012373", valor: 61.4, validade: "20261130" }),
    );
    localStorage.setItem("pedido_id", "314");
    localStorage.setItem("delivery_data", JSON.stringify({ nome: "Ana" }));
    const view = renderPage();

    // StrictMode rehearses leaving right after mounting: the instructions stay.
    expect(await screen.findByRole("heading", { name: "Multibanco" })).toBeTruthy();
    expect(screen.getByText("999 012 373")).toBeTruthy();
    expect(screen.getByText("30-11-2026")).toBeTruthy();
    // The text matcher reads the no-break space as a space.
    expect(screen.getByText("61,40 €")).toBeTruthy();
    expect(screen.getByText("Número da encomenda:").textContent).toBe("Número da encomenda: 314");
    const calls = vi.mocked(fetch).mock.calls.filter(([path]) => path === "/api/email/send-order-confirmation");
    expect(calls).toHaveLength(1);
    expect(JSON.parse(String(calls[0]![1]!.body))).toEqual({ order_id: 314 });

    act(() => view.unmount());
    expect(["pagamento", "pedido_id", "delivery_data"].map((key) => localStorage.getItem(key))).toEqual([
      null,
      null,
      null,
    ]);
  });

  it("says so when there is nothing to show", async () => {
    renderPage();
    expect(await screen.findByRole("heading", { name: "Erro: dados de pagamento não encontrados." })).toBeTruthy();
  });

  it("after 'Pagar por Multibanco' the stored pagamento is the new reference, not the failed MB WAY request", async () => {
    const mbway = {
      metodo: "mbway",
      entidade: null,
      referencia: null,
      valor: 33.9,
      telefone: "912345678",
      validade: null,
      expira_em: new Date(Date.now() - 60_000).toISOString(),
      orderId: 77,
      order_id: 77,
    };
    const multibanco = {
      ...mbway,
      metodo: "MB",
      entidade: "12345",
      referencia: "123000777",
      telefone: null,
      validade: "20261130",
      expira_em: "2026-11-30T23:59:59.000Z",
    };
    const status = (pagamento: unknown, over: boolean) => ({
      order_id: 77,
      estado: "pending_payment",
      estado_texto: "A aguardar pagamento",
      pago: false,
      pagamento,
      pagamento_estado: over ? "failed" : "pending",
      pode_pagar_multibanco: over,
      agora: new Date().toISOString(),
    });
    let current = status(mbway, true);
    const json = (body: unknown) =>
      new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } });
    vi.stubGlobal(
      "fetch",
      vi.fn(async (path: string) => {
        if (path.endsWith("/status")) return json(current);
        if (path.endsWith("/pay-multibanco")) return json((current = status(multibanco, false)));
        return json({ message: "ok" });
      }),
    );
    localStorage.setItem("pagamento", JSON.stringify(mbway));
    localStorage.setItem("pedido_id", "77");
    // Not in StrictMode: its rehearsal of leaving the page would clear the storage this test reads.
    const Stub = createRoutesStub([{ path: "/pagamento", Component: Pagamento }]);
    render(<Stub initialEntries={["/pagamento"]} />);

    fireEvent.click(await screen.findByRole("button", { name: "Pagar por Multibanco" }));
    expect(await screen.findByRole("heading", { name: "Multibanco" })).toBeTruthy();
    await waitFor(() => expect(JSON.parse(localStorage.getItem("pagamento")!)).toEqual(multibanco));
    expect(localStorage.getItem("pedido_id")).toBe("77");
  });
});
