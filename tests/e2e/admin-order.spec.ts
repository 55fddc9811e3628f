/*
 * The admin order page (/orders/:id) at 1280 and 375 px: the admin opens a paid order from /payment-status,
 * marks it em preparação, ships it with CTT and a tracking number (the shopper's e-mail, the .eml the
 * outbox wrote, carries the CTT link), adds an internal note; and cancels another paid order after the
 * confirmation, then marks its refund as made. Nothing scrolls sideways. Screenshots go to
 * /work/notes/screens when that directory exists.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { expect, test, type APIRequestContext, type Page } from "./fixtures.ts";
import { adminApi, expectNoHorizontalOverflow, rowOf, SCREENS } from "./admin-tables-support.ts";
import { firstInStock, postMbOrder } from "./accounts-kit.ts";
import { ADMIN, expectAccessible, loginThroughForm, readMailTo, toastText } from "./support.ts";

interface Placed {
  orderId: number;
  reference: string;
}

let api: APIRequestContext;
let csrf: string;

/** A paid Multibanco order of 2 units of the first product with stock, bought by the admin and paid in the sandbox. */
async function paidOrder(): Promise<Placed> {
  const { productId, variantId } = await firstInStock(api, 2);
  const delivery = {
    nome: "Olga Encomenda",
    morada: "Avenida da Liberdade, 200, 3.º esquerdo",
    codigo_postal: "1250-147",
    cidade: "Lisboa",
    telefone: "912345678",
  };
  const res = await postMbOrder(api, csrf, delivery, [{ product_id: productId, variant_id: variantId, quantity: 2 }]);
  expect(res.status(), await res.text()).toBe(201);
  const body = await res.json();
  const paid = await api.post("/api/payments/sandbox/simulate", {
    headers: { "x-csrf-token": csrf },
    data: { order_id: body.order_id },
  });
  expect(paid.status(), await paid.text()).toBe(200);
  return { orderId: body.order_id, reference: String(body.pagamento.referencia) };
}

test.beforeAll(async ({ baseURL }) => {
  ({ api, csrf } = await adminApi(baseURL));
});
test.afterAll(() => api.dispose());

const shot = async (page: Page, name: string, project: string) => {
  if (existsSync(SCREENS))
    await page.screenshot({ path: path.join(SCREENS, `admin-order-${name}-${project}.png`), fullPage: true });
};

test("opened from /payment-status: em preparação, then shipped with CTT; the e-mail carries the CTT link", async ({
  page,
}, info) => {
  test.setTimeout(90_000);
  const order = await paidOrder();
  await loginThroughForm(page, ADMIN.email, ADMIN.password);
  await page.waitForURL("**/dashboard");
  await page.goto("/payment-status");
  await rowOf(page, order.reference)
    .getByRole("link", { name: `abrir a encomenda #${order.orderId}` })
    .click();
  await page.waitForURL(`**/orders/${order.orderId}`);
  await expect(page.getByRole("heading", { level: 1, name: `Encomenda #${order.orderId}` })).toBeVisible();
  for (const section of [
    "Estado e ações",
    "Cliente",
    "Entrega",
    "Artigos",
    "Totais",
    "Pagamento",
    "Histórico",
    "Notas internas",
  ])
    await expect(page.getByRole("heading", { level: 2, name: section, exact: true })).toBeVisible();
  // The payment's reference as the checkout gave it, and the payment in the timeline.
  await expect(page.locator("[data-payment]").getByText(order.reference.replace(/\s/g, ""))).toBeVisible();
  const history = page.getByRole("list", { name: "Histórico da encomenda" });
  await expect(history.getByText("A aguardar pagamento → Paga: Pagamento recebido")).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await expectAccessible(page);
  await shot(page, "paid", info.project.name);

  await page.getByRole("button", { name: "Marcar em preparação" }).click();
  await expect(toastText(page, "Encomenda marcada como em preparação.")).toBeVisible();
  await expect(history.getByText("Paga → Em preparação")).toBeVisible();

  const tracking = `RR${String(order.orderId).padStart(9, "0")}PT`;
  await expect(page.getByLabel("Transportadora")).toHaveValue("ctt");
  await page.getByLabel("Número de seguimento").fill(tracking.toLowerCase());
  await page.getByRole("button", { name: "Marcar como enviada" }).click();
  await expect(toastText(page, "Encomenda marcada como enviada.")).toBeVisible();
  const link = `https://www.ctt.pt/feapl_2/app/open/objectSearch/objectSearch.jspx?objects=${tracking}`;
  await expect(page.getByRole("link", { name: link })).toHaveAttribute("href", link);
  await expect(history.getByText(`Em preparação → Enviada: CTT, n.º de seguimento ${tracking}`)).toBeVisible();
  await expect(page.getByRole("button", { name: "Marcar como entregue" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Cancelar encomenda" })).toHaveCount(0);

  const mail = await readMailTo(`A sua encomenda #${order.orderId} foi enviada`);
  expect(mail.to).toEqual([ADMIN.email]);
  expect(mail.text).toContain(`Número de seguimento: ${tracking}`);
  expect(mail.text).toContain(`Siga a entrega em: ${link}`);
  expect(mail.html).toContain(`href="${link}"`);

  await page.getByLabel("Nova nota").fill("Cliente pediu para deixar na portaria.");
  await page.getByRole("button", { name: "Adicionar nota" }).click();
  await expect(toastText(page, "Nota adicionada.")).toBeVisible();
  await expect(
    page.getByRole("list", { name: "Notas internas" }).getByText("Cliente pediu para deixar na portaria."),
  ).toBeVisible();
  await expect(page.getByLabel("Nova nota")).toHaveValue("");
  await expectNoHorizontalOverflow(page);
  await shot(page, "shipped", info.project.name);
});

test("cancel after the confirmation: Cancelada, refund due, then marked as made", async ({ page }, info) => {
  test.setTimeout(60_000);
  const order = await paidOrder();
  await loginThroughForm(page, ADMIN.email, ADMIN.password);
  await page.waitForURL("**/dashboard");
  // Opened directly: the page's inline scripts carry this request's nonce (/orders/… is a page, not the API).
  const response = await page.goto(`/orders/${order.orderId}`);
  expect(response!.headers()["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{16,}'/);
  await page.getByRole("button", { name: "Cancelar encomenda" }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText(`Cancelar a encomenda #${order.orderId}?`);
  await shot(page, "cancel-dialog", info.project.name);
  await dialog.getByRole("button", { name: "Cancelar encomenda" }).click();
  await expect(toastText(page, "Encomenda cancelada: stock devolvido e reembolso por fazer.")).toBeVisible();
  await expect(page.getByText("Reembolso a fazer", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Marcar em preparação" })).toHaveCount(0);
  await page.getByRole("button", { name: "Marcar reembolso como feito" }).click();
  await expect(toastText(page, "Reembolso marcado como feito.")).toBeVisible();
  await expect(page.getByText("Reembolso feito", { exact: true })).toBeVisible();
  await expect(page.getByText("Não há ações disponíveis para esta encomenda.")).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await shot(page, "cancelled", info.project.name);
});

test("an unknown order shows the screen's message", async ({ page }) => {
  await loginThroughForm(page, ADMIN.email, ADMIN.password);
  await page.waitForURL("**/dashboard");
  await page.goto("/orders/999999");
  await expect(page.getByRole("alert")).toContainText("Encomenda não encontrada.");
});
