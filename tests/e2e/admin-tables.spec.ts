/*
 * Admin tables fit the screen (issue 11, 2.4): at 1280 px a real table whose every column and
 * action is on screen, at 375 px one card per row with every fact of the row. And 'Enviar
 * confirmação' is offered on paid orders only (2.6). Screenshots go to /work/notes/screens when
 * that directory exists (SCREENS_DIR overrides it).
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { expect, test, type APIRequestContext } from "./fixtures.ts";
import { ADMIN, loginThroughForm } from "./support.ts";
import { adminApi, expectButtonsOnScreen, expectNoHorizontalOverflow, rowOf, SCREENS } from "./admin-tables-support.ts";
import { firstInStock, postMbOrder } from "./accounts-kit.ts";

interface Placed {
  orderId: number;
  reference: string;
  productId: number;
  quantity: number;
}

let api: APIRequestContext;
let csrf: string;
let me: { id: number; name: string };
let paid: Placed;
let pending: Placed;

async function placeOrder(quantity: number): Promise<Placed> {
  const { productId, variantId } = await firstInStock(api, quantity);
  const delivery = {
    nome: "Teresa Tabela",
    morada: "Rua Larga, 1",
    codigo_postal: "3000-001",
    cidade: "Coimbra",
    telefone: "912345678",
  };
  const res = await postMbOrder(api, csrf, delivery, [{ product_id: productId, variant_id: variantId, quantity }]);
  expect(res.status(), await res.text()).toBe(201);
  const body = await res.json();
  return { orderId: body.order_id, reference: String(body.pagamento.referencia), productId, quantity };
}
test.beforeAll(async ({ baseURL }) => {
  ({ api, csrf, me } = await adminApi(baseURL));
  paid = await placeOrder(3);
  const simulated = await api.post("/api/payments/sandbox/simulate", {
    headers: { "x-csrf-token": csrf },
    data: { order_id: paid.orderId },
  });
  expect(simulated.status(), await simulated.text()).toBe(200);
  pending = await placeOrder(2);
});
test.afterAll(() => api.dispose());

test("/payment-status fits the screen: every column and action on screen, all of a row's facts on a phone; 'Enviar confirmação' only on paid orders", async ({
  page,
}, info) => {
  test.setTimeout(60_000);
  await loginThroughForm(page, ADMIN.email, ADMIN.password);
  await page.waitForURL("**/dashboard");
  await page.goto("/payment-status");
  const paidRow = rowOf(page, paid.reference);
  const pendingRow = rowOf(page, pending.reference);
  await expect(paidRow).toHaveCount(1);
  await expect(pendingRow).toHaveCount(1);
  await expectNoHorizontalOverflow(page);

  for (const [row, order, status] of [
    [paidRow, paid, "Pago"],
    [pendingRow, pending, "Pendente"],
  ] as const) {
    // Every fact of the row is there, visible: reference, user, product, quantity, status, date.
    for (const fact of [order.reference, me.name, `ID ${me.id}`, `#${order.productId}`, status])
      await expect(row.getByText(fact, { exact: false }).first()).toBeVisible();
    await expect(row.getByText(String(order.quantity), { exact: true })).toBeVisible();
    await expect(row.getByText(/\d{2}\/\d{2}\/\d{4}/).first()).toBeVisible();
    await expectButtonsOnScreen(page, row);
    await expect(row.getByRole("button", { name: `Verificar pagamento do pedido ${order.orderId}` })).toBeVisible();
  }
  await expect(paidRow.getByRole("button", { name: `Enviar confirmação do pedido ${paid.orderId}` })).toBeVisible();
  await expect(pendingRow.getByRole("button", { name: /^Enviar confirmação/ })).toHaveCount(0);

  if (info.project.name === "mobile") {
    // A card labels each fact: the phone shows all seven, not two columns of a table.
    for (const label of ["Utilizador", "Produto", "Quantidade", "Status", "Data"])
      await expect(paidRow.getByText(label, { exact: true })).toBeVisible();
    await expect(paidRow.getByRole("heading", { name: `Pedido ${paid.reference}` })).toBeVisible();
  } else {
    await expect(page.getByRole("region", { name: "Pagamentos" }).getByRole("columnheader")).toHaveText([
      "Pedido",
      "Utilizador",
      "Produto",
      "Quantidade",
      "Status",
      "Data",
      "Ações",
    ]);
  }

  // The resend really sends: the answer names the order and the address.
  await paidRow.getByRole("button", { name: `Enviar confirmação do pedido ${paid.orderId}` }).click();
  await expect(page.getByText(`Confirmação da encomenda #${paid.orderId} enviada para ${ADMIN.email}.`)).toBeVisible();

  if (existsSync(SCREENS))
    await page.screenshot({ path: path.join(SCREENS, `payment-status-${info.project.name}.png`), fullPage: true });
});

test("/orders fits the screen: a table with every column, or one card per order with every fact", async ({
  page,
}, info) => {
  await loginThroughForm(page, ADMIN.email, ADMIN.password);
  await page.waitForURL("**/dashboard");
  await page.goto("/orders");
  const row = rowOf(page, pending.reference);
  await expect(row).toHaveCount(1);
  await expectNoHorizontalOverflow(page);
  for (const fact of [pending.reference, me.name, `#${pending.productId}`])
    await expect(row.getByText(fact, { exact: false }).first()).toBeVisible();
  await expect(row.getByText(String(pending.quantity), { exact: true })).toBeVisible();
  await expect(row.getByText(/\d{2}\/\d{2}\/\d{4}/)).toBeVisible();
  if (info.project.name === "mobile") {
    for (const label of ["Cliente", "Produto", "Quantidade", "Data"])
      await expect(row.getByText(label, { exact: true })).toBeVisible();
  }
  if (existsSync(SCREENS))
    await page.screenshot({ path: path.join(SCREENS, `orders-${info.project.name}.png`), fullPage: true });
});

test("the dashboard's 'Status Pagamentos' table fits the screen too", async ({ page }, info) => {
  await loginThroughForm(page, ADMIN.email, ADMIN.password);
  await page.waitForURL("**/dashboard");
  await page.getByRole("button", { name: "Status Pagamentos" }).click();
  const row = rowOf(page, pending.reference);
  await expect(row).toHaveCount(1);
  await expect(page.getByRole("region", { name: "Pagamentos" })).toBeVisible();
  await expectNoHorizontalOverflow(page, '[aria-label="Pagamentos"]');
  for (const fact of [pending.reference, me.name, "Pendente"])
    await expect(row.getByText(fact, { exact: false }).first()).toBeVisible();
  await expect(row.getByText(String(pending.quantity), { exact: true })).toBeVisible();
  await expectButtonsOnScreen(page, row);
  if (existsSync(SCREENS))
    await page.screenshot({ path: path.join(SCREENS, `dashboard-payments-${info.project.name}.png`), fullPage: true });
});
