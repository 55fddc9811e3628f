import { formatReference } from "#app/components/checkout/format.ts";
import { expect, test, type APIRequestContext, type Page } from "./fixtures.ts";
import { adminApi, expectNoHorizontalOverflow, rowOf } from "./admin-tables-support.ts";
import { signedInCliente, firstInStock, postMbOrder } from "./accounts-kit.ts";
import { ADMIN, expectAccessible, loginThroughForm, readMailTo, toastText } from "./support.ts";

/**
 * 'Exceções de pagamento' (issue 13 §2): a shopper's Multibanco order expires (the sandbox ends the reference's
 * validity, the expiry job returns the unit), then the sandbox gateway pays it through the real callback. The admin
 * gets an e-mail, sees the late payment on /payment-status and reinstates the order from the screen: the unit leaves
 * the shelf again, the order is paid and the shopper gets the confirmation. At 1280 and 375 px, with screenshots.
 */

interface Placed {
  orderId: number;
  reference: string;
  productId: number;
  variantId: number;
}

/** A verified cliente made through the admin API, and an API context signed in as them. */
const createShopper = (admin: APIRequestContext, csrf: string, baseURL: string | undefined) =>
  signedInCliente(admin, csrf, baseURL, { prefix: "excecao", name: "Carla Atrasada", password: "excecao-verde-2026" });

/** The free units of a variant, as the storefront reads them. */
async function stockOf(api: APIRequestContext, productId: number, variantId: number): Promise<number> {
  const detail = (await (await api.get(`/api/product/stockdetalhe/${productId}`)).json()) as {
    variants: Array<{ id: number; stock: number }>;
  };
  return detail.variants.find((v) => v.id === variantId)!.stock;
}

/** A Multibanco order of one unit of the first product with at least 3 free units. */
async function placeOrder(shopper: { api: APIRequestContext; csrf: string }): Promise<Placed> {
  const { productId, variantId } = await firstInStock(shopper.api, 3);
  const delivery = {
    nome: "Carla Atrasada",
    morada: "Rua do Almada, 40",
    codigo_postal: "4050-032",
    cidade: "Porto",
    telefone: "914567890",
  };
  const items = [{ product_id: productId, variant_id: variantId, quantity: 1 }];
  const res = await postMbOrder(shopper.api, shopper.csrf, delivery, items);
  expect(res.status(), await res.text()).toBe(201);
  const body = await res.json();
  return { orderId: body.order_id, reference: String(body.pagamento.referencia), productId, variantId };
}

/** The order's own status, as the admin's order report reads it. */
async function orderStatus(admin: APIRequestContext, orderId: number): Promise<string | undefined> {
  const lines = (await (await admin.get(`/api/orders?search=${orderId}&limit=50`)).json()) as Array<{
    id: number;
    order_status: string;
  }>;
  return lines.find((l) => l.id === orderId)?.order_status;
}

async function screenshot(page: Page, name: string) {
  const dir = process.env.SCREENSHOTS_DIR ?? test.info().outputPath();
  await page.screenshot({ path: `${dir}/${name}-${page.viewportSize()!.width}px.png`, fullPage: true });
}

test("a payment after expiry reaches the admin by e-mail and on /payment-status, and 'Repor encomenda' pays the order", async ({
  page,
  baseURL,
}) => {
  // The expiry job runs once a minute: the longest wait of this test.
  test.setTimeout(150_000);
  const { api: admin, csrf } = await adminApi(baseURL);
  const headers = { "x-csrf-token": csrf };
  const shopper = await createShopper(admin, csrf, baseURL);
  const order = await placeOrder(shopper);

  // The reference's validity ends; the expiry job expires the order and returns the unit.
  const expired = await admin.post("/api/payments/sandbox/simulate", {
    headers,
    data: { order_id: order.orderId, outcome: "expire" },
  });
  expect(expired.status(), await expired.text()).toBe(200);
  await expect.poll(() => orderStatus(admin, order.orderId), { timeout: 120_000, intervals: [1_000] }).toBe("expired");

  // Then the money arrives: the sandbox gateway calls the shop's real callback.
  const paid = await admin.post("/api/payments/sandbox/simulate", { headers, data: { order_id: order.orderId } });
  expect(paid.status(), await paid.text()).toBe(200);
  expect(await orderStatus(admin, order.orderId)).toBe("expired");

  // Every admin gets a copy (other tests may have made admins of their own): ours is the one to ADMIN.
  const alert = await readMailTo(
    `Exceção de pagamento: pagamento após expiração (encomenda #${order.orderId})`,
    15_000,
    ADMIN.email,
  );
  expect(alert.to).toContain(ADMIN.email);
  expect(alert.text).toContain(`Referência: ${order.reference}`);
  expect(alert.text).toContain("/payment-status");

  // The dashboard's payments panel counts the open exceptions (as many as the API lists open) and links them.
  const listed = (await (await admin.get("/api/payments/exceptions?limit=100")).json()) as Array<{ status: string }>;
  const open = listed.filter((e) => e.status === "open").length;
  expect(open).toBeGreaterThanOrEqual(1);
  await loginThroughForm(page, ADMIN.email, ADMIN.password);
  await page.waitForURL("**/dashboard");
  const badge = page.getByRole("link", {
    name: open === 1 ? "1 exceção de pagamento" : `${open} exceções de pagamento`,
  });
  await expect(badge).toBeVisible();
  await badge.click();
  await page.waitForURL("**/payment-status");
  const section = page.locator('section[aria-labelledby="excecoes-pagamento"]');
  await expect(section.getByRole("heading", { name: "Exceções de pagamento" })).toBeVisible();
  const row = rowOf(page, formatReference(order.reference)).and(section.locator("tr, li"));
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Pagamento após expiração");
  await expect(row).toContainText("Por resolver");
  await expect(row.getByRole("link", { name: new RegExp(`#${order.orderId}`) })).toHaveAttribute(
    "href",
    `/orders/${order.orderId}`,
  );
  await expect(row).toContainText("Expirada");
  await expectNoHorizontalOverflow(page);
  await expectAccessible(page);
  await screenshot(page, "excecoes-pagamento");

  const before = await stockOf(admin, order.productId, order.variantId);
  const reinstate = row.getByRole("button", { name: "Repor encomenda" });
  await reinstate.click();
  await expect(
    toastText(page, `Encomenda #${order.orderId} reposta e paga; a confirmação foi enviada ao cliente.`),
  ).toBeVisible();
  await expect(row).toContainText("Encomenda reposta");
  await expect(row.getByRole("button", { name: "Repor encomenda" })).toHaveCount(0);
  await expect(row).toContainText("Paga");

  expect(await orderStatus(admin, order.orderId)).toBe("paid");
  expect(await stockOf(admin, order.productId, order.variantId)).toBe(before - 1);
  const confirmation = await readMailTo(`Pagamento recebido: encomenda #${order.orderId}`);
  expect(confirmation.to).toEqual([shopper.email]);
  await expectNoHorizontalOverflow(page);
  await screenshot(page, "excecoes-pagamento-reposta");
  await shopper.api.dispose();
  await admin.dispose();
});
