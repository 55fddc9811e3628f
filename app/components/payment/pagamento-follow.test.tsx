// @vitest-environment happy-dom
import { cleanup, configure, fireEvent, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ShopperOrderStatus } from "#server/flows/payment-page/schemas.ts";
import Pagamento from "#app/routes/pagamento.tsx";
import { formatMinutes, msLeft } from "./MbwayCountdown.tsx";

vi.mock("#app/lib/toast.tsx", () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));
configure({ asyncUtilTimeout: 10_000 });

/*
 * /pagamento follows the order on the server: the status call's answer replaces the stored data, a paid order
 * moves to /PagamentoConcluido, and an MB WAY that ran out offers 'Pagar por Multibanco', whose answer is shown.
 */

const now = new Date();
const mbwayStatus = (over: boolean): ShopperOrderStatus => ({
  order_id: 77,
  estado: "pending_payment",
  estado_texto: "A aguardar pagamento",
  pago: false,
  pagamento: {
    metodo: "mbway",
    entidade: null,
    referencia: null,
    valor: 33.9,
    telefone: "912345678",
    validade: null,
    expira_em: new Date(now.getTime() + (over ? -60_000 : 150_000)).toISOString(),
    orderId: 77,
    order_id: 77,
  },
  pagamento_estado: "pending",
  pode_pagar_multibanco: over,
  agora: now.toISOString(),
});
const switched: ShopperOrderStatus = {
  ...mbwayStatus(true),
  pagamento: {
    metodo: "MB",
    entidade: "12345",
    referencia: "123000777",
    valor: 33.9,
    telefone: null,
    validade: "20261130",
    expira_em: "2026-11-30T23:59:59.000Z",
    orderId: 77,
    order_id: 77,
  },
  pode_pagar_multibanco: false,
};

let answers: { status: ShopperOrderStatus; switch?: ShopperOrderStatus };
const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } });

beforeEach(() => {
  localStorage.clear();
  vi.stubGlobal(
    "fetch",
    vi.fn(async (path: string) => {
      if (path.endsWith("/status")) return json(answers.status);
      if (path.endsWith("/pay-multibanco")) return json(answers.switch);
      return json({ message: "ok" });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPage(url = "/pagamento?encomenda=77") {
  const Stub = createRoutesStub([
    { path: "/pagamento", Component: Pagamento },
    { path: "/PagamentoConcluido", Component: () => <h1>Pagamento concluído!</h1> },
  ]);
  return render(<Stub initialEntries={[url]} />);
}

describe("/pagamento follows the order", () => {
  it("counts the MB WAY minutes down while the request can be accepted", async () => {
    answers = { status: mbwayStatus(false) };
    renderPage();
    const timer = await screen.findByRole("timer");
    expect(timer.textContent).toMatch(/^2:(2\d|30)$/);
    expect(screen.queryByRole("button", { name: "Pagar por Multibanco" })).toBeNull();
  });

  it("offers 'Pagar por Multibanco' when MB WAY ran out and shows the new reference", async () => {
    answers = { status: mbwayStatus(true), switch: switched };
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Pagar por Multibanco" }));
    expect(await screen.findByText("123 000 777")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Multibanco" })).toBeTruthy();
    const post = vi.mocked(fetch).mock.calls.find(([path]) => String(path).endsWith("/pay-multibanco"));
    expect(post?.[1]?.method).toBe("POST");
  });

  it("goes to 'Pagamento concluído!' once the order is paid", async () => {
    answers = { status: { ...switched, estado: "paid", pago: true, pagamento_estado: "paid" } };
    renderPage();
    expect(await screen.findByRole("heading", { name: "Pagamento concluído!" })).toBeTruthy();
  });

  it("computes the time left on the server's clock", () => {
    const end = "2026-11-24T10:04:00.000Z";
    const device = Date.parse("2026-11-24T10:00:00.000Z");
    expect(formatMinutes(msLeft(end, 0, device))).toBe("4:00");
    // The server is 30 s ahead of this device: 30 s less to go.
    expect(formatMinutes(msLeft(end, 30_000, device))).toBe("3:30");
    expect(msLeft(end, 0, device + 5 * 60_000)).toBe(0);
  });
});
