// @vitest-environment happy-dom
import { act, cleanup, configure, render, screen } from "@testing-library/react";
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
});
