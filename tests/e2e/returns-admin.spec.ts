/*
 * Returns on the admin order page (/orders/:id) at 1280 and 375 px, reached from 'Devoluções por tratar' on
 * /payment-status: a delivered MB WAY order (paid in the sandbox,
 * delivered through the fulfilment API) with a withdrawal request made through the shopper's API; the admin marks it
 * received after the confirmation (units back on the shelf), then refunds it by MB WAY through the sandbox; the
 * shopper's refund e-mail (.eml) carries the amount and the method. Nothing scrolls sideways. Screenshots go to
 * /work/notes/screens when that directory exists.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { expect, test, type APIRequestContext, type Page } from "./fixtures.ts";
import { adminApi, expectNoHorizontalOverflow, SCREENS } from "./admin-tables-support.ts";
import { ADMIN, expectAccessible, loginThroughForm, readMailTo, toastText } from "./support.ts";

let api: APIRequestContext;
let csrf: string;

/** As the e-mail writes it (Intl: a no-break space before €). */
const euros = (value: number) => new Intl.NumberFormat("pt-PT", { style: "currency", currency: "EUR" }).format(value);

/** A delivered MB WAY order of 2 units of the first product in stock, bought by the admin; and its line id. */
async function deliveredMbwayOrder() {
  const headers = { "x-csrf-token": csrf };
  const list = (await (await api.get("/api/product")).json()) as Array<{ id: number }>;
  for (const { id } of list) {
    const detail = (await (await api.get(`/api/product/stockdetalhe/${id}`)).json()) as {
      variants: Array<{ id: number; stock: number }>;
    };
    const variant = detail.variants.find((v) => v.stock >= 2);
    if (!variant) continue;
    const res = await api.post("/orders", {
      headers,
      data: {
        metodo_pagamento: "mbway",
        telemovel: "912345678",
        dados_entrega: {
          nome: "Duarte Devolução",
          morada: "Rua das Flores, 12",
          codigo_postal: "4050-262",
          cidade: "Porto",
          telefone: "912345678",
        },
        items: [{ product_id: id, variant_id: variant.id, quantity: 2 }],
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    const orderId = (await res.json()).order_id as number;
    const paid = await api.post("/api/payments/sandbox/simulate", { headers, data: { order_id: orderId } });
    expect(paid.status(), await paid.text()).toBe(200);
    for (const data of [
      { status: "enviada", carrier: "ctt", tracking_number: "RR123456785PT" },
      { status: "entregue" },
    ]) {
      const step = await api.post(`/api/orders/${orderId}/status`, { headers, data });
      expect(step.status(), await step.text()).toBe(200);
    }
    const view = await (await api.get(`/api/orders/${orderId}/returns`)).json();
    return { orderId, lineId: view.open_lines[0].order_line_id as number, unit: view.open_lines[0].unit_price };
  }
  throw new Error("no product with stock");
}

test.beforeAll(async ({ baseURL }) => {
  ({ api, csrf } = await adminApi(baseURL));
});
test.afterAll(() => api.dispose());

const shot = async (page: Page, name: string, project: string) => {
  if (!existsSync(SCREENS)) return;
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(SCREENS, `returns-admin-${name}-${project}.png`), fullPage: true });
};

test("a withdrawal request: received (stock back), then refunded by MB WAY; the shopper's e-mail", async ({
  page,
}, info) => {
  test.setTimeout(90_000);
  const order = await deliveredMbwayOrder();
  const asked = await api.post(`/api/users/me/orders/${order.orderId}/withdrawal`, {
    headers: { "x-csrf-token": csrf },
    data: { items: [{ order_line_id: order.lineId, quantity: 1 }], reason: "Tamanho errado" },
  });
  expect(asked.status(), await asked.text()).toBe(200);
  const returnId = (await asked.json()).return.id as number;
  const refund = euros(order.unit);

  await loginThroughForm(page, ADMIN.email, ADMIN.password);
  await page.waitForURL("**/dashboard");
  // 'Devoluções por tratar' on /payment-status leads to the order page.
  await page.goto("/payment-status");
  const open = page.getByRole("region", { name: "Devoluções por tratar" });
  await expect(open.getByText(`Devolução #${returnId} da`)).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await shot(page, "open-list", info.project.name);
  await open.getByRole("link", { name: `abrir a encomenda #${order.orderId}` }).click();
  await page.waitForURL(`**/orders/${order.orderId}`);
  await expect(page.getByRole("heading", { level: 2, name: "Devoluções e reembolsos" })).toBeVisible();
  const card = page.getByRole("article", { name: `Devolução #${returnId}` });
  await expect(card.getByText("Pedido registado")).toBeVisible();
  await expect(card.getByText("Tamanho errado")).toBeVisible();
  await expect(card.getByText("MB WAY", { exact: true })).toBeVisible();
  await expect(card.getByRole("button", { name: "Reembolsar por MB WAY" })).toHaveCount(0);
  await card.scrollIntoViewIfNeeded();
  await expectNoHorizontalOverflow(page);
  await expectAccessible(page);
  await shot(page, "requested", info.project.name);

  await card.getByRole("button", { name: "Marcar como recebida" }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText(`Marcar a devolução #${returnId} como recebida?`);
  await dialog.getByRole("button", { name: "Recebida" }).click();
  await expect(toastText(page, "Devolução marcada como recebida: unidades de volta ao stock.")).toBeVisible();
  await expect(card.getByText("Artigos recebidos")).toBeVisible();
  await expect(
    page
      .getByRole("list", { name: "Histórico da encomenda" })
      .getByText(`Devolução #${returnId} recebida`, { exact: false }),
  ).toBeVisible();
  await shot(page, "received", info.project.name);

  await card.getByRole("button", { name: "Reembolsar por MB WAY" }).click();
  await expect(dialog).toContainText(/Reembolsar \d+,\d{2}\s€ por MB WAY\?/);
  await shot(page, "refund-dialog", info.project.name);
  await dialog.getByRole("button", { name: "Reembolsar" }).click();
  await expect(
    toastText(page, `Reembolso de ${order.unit.toFixed(2).replace(".", ",")} € feito por MB WAY.`),
  ).toBeVisible();
  await expect(card.getByText("Reembolsado")).toBeVisible();
  await expect(card.getByRole("status")).toContainText("Reembolso feito (MB WAY");
  await expect(card.getByRole("button")).toHaveCount(0);
  await expectNoHorizontalOverflow(page);
  await shot(page, "refunded", info.project.name);

  const mail = await readMailTo(`Reembolso de ${refund}: encomenda #${order.orderId}`);
  expect(mail.to).toEqual([ADMIN.email]);
  expect(mail.text).toContain(`Valor: ${refund}`);
  expect(mail.text).toContain("Método: MB WAY");
});
