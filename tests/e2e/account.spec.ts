import { formatReference } from "#app/components/checkout/format.ts";
import { expect, test, type APIRequestContext, type Page } from "./fixtures.ts";
import { adminApi, expectNoHorizontalOverflow } from "./admin-tables-support.ts";
import { signedInCliente, firstInStock, postMbOrder } from "./accounts-kit.ts";
import { expectAccessible } from "./support.ts";

/**
 * "A minha conta" (issue 13 §4): a shopper with two orders sees both on /conta, newest first; the older one, still
 * waiting for payment, shows the same Multibanco reference as the payment the checkout created; once the gateway has
 * paid it and the admin has shipped it with CTT (fulfilment API), its page offers 'Seguir a encomenda' with the CTT
 * link the order row holds. At 1280 and 375 px, with screenshots of both pages.
 */

interface Placed {
  orderId: number;
  entidade: string;
  referencia: string;
  productName: string;
}

const delivery = {
  nome: "Beatriz Conta",
  morada: "Travessa do Carmo, 8",
  codigo_postal: "1200-095",
  cidade: "Lisboa",
  telefone: "913456789",
};

/** A verified cliente made through the admin API, and an API context signed in as them. */
const createShopper = (admin: APIRequestContext, csrf: string, baseURL: string | undefined) =>
  signedInCliente(admin, csrf, baseURL, { prefix: "conta", name: "Beatriz Conta", password: "conta-azul-2026" });

/** A Multibanco order of one unit of the `skip`-th product that has stock (so two orders buy different things). */
async function placeOrder(shopper: { api: APIRequestContext; csrf: string }, skip: number): Promise<Placed> {
  const { productId, variantId, name } = await firstInStock(shopper.api, 1, skip);
  const items = [{ product_id: productId, variant_id: variantId, quantity: 1 }];
  const res = await postMbOrder(shopper.api, shopper.csrf, delivery, items);
  expect(res.status(), await res.text()).toBe(201);
  const body = await res.json();
  return {
    orderId: body.order_id,
    entidade: String(body.pagamento.entidade),
    referencia: String(body.pagamento.referencia),
    productName: name,
  };
}

async function screenshot(page: Page, name: string) {
  const info = test.info();
  const dir = process.env.SCREENSHOTS_DIR ?? info.outputPath();
  await page.screenshot({ path: `${dir}/${name}-${page.viewportSize()!.width}px.png`, fullPage: true });
}

test("a visitor asking for /conta or an order page is sent to the login page, which brings them back", async ({
  request,
}) => {
  for (const url of ["/conta", "/conta/encomendas/1"]) {
    const res = await request.get(url, { maxRedirects: 0 });
    expect(res.status(), url).toBe(302);
    expect(res.headers()["location"]).toBe(`/login?redirect=${encodeURIComponent(url)}`);
  }
});

test("the shopper's orders newest first, the reference while pending, 'Seguir a encomenda' once shipped", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const { api: admin, csrf } = await adminApi(baseURL);
  const shopper = await createShopper(admin, csrf, baseURL);
  const older = await placeOrder(shopper, 0);
  const newer = await placeOrder(shopper, 1);
  expect(newer.productName).not.toBe(older.productName);

  // Asked for /conta first: the login page brings the shopper back to it.
  await page.goto("/conta");
  await page.waitForURL(/\/login\?redirect=%2Fconta$/);
  await page.getByLabel("Email", { exact: true }).fill(shopper.email);
  await page.getByLabel("Palavra-passe", { exact: true }).fill(shopper.password);
  await page.getByRole("button", { name: "Entrar" }).click();
  await page.waitForURL((url) => url.pathname === "/conta");
  await page.getByRole("button", { name: "Aceitar" }).click(); // the cookie notice, out of the screenshots
  // The header's account link (an icon with its name on small screens) leads there from any page.
  await page.goto("/");
  await page.getByRole("banner").getByRole("link", { name: "A minha conta" }).click();
  await page.waitForURL("**/conta");
  await expect(page.getByRole("heading", { level: 1, name: "A minha conta" })).toBeVisible();
  await expect(page.getByText("Olá, Beatriz!")).toBeVisible();

  const orders = page.getByRole("main").getByRole("link", { name: /Encomenda n\.º \d+/ });
  await expect(orders).toHaveCount(2);
  await expect(orders.nth(0)).toContainText(`Encomenda n.º ${newer.orderId}`);
  await expect(orders.nth(0)).toContainText(newer.productName);
  await expect(orders.nth(1)).toContainText(`Encomenda n.º ${older.orderId}`);
  await expect(orders.nth(1)).toContainText(older.productName);
  await expect(orders.nth(1)).toContainText("A aguardar pagamento");
  await expect(page.getByRole("link", { name: "Alterar palavra-passe" })).toHaveAttribute(
    "href",
    "/conta/palavra-passe",
  );
  await expect(page.getByRole("link", { name: "Privacidade e dados" })).toHaveAttribute("href", "/conta/privacidade");
  await expectNoHorizontalOverflow(page);
  await expectAccessible(page);
  await screenshot(page, "conta");

  // The older order, waiting for payment: the reference of its payment, as the checkout answered it.
  await orders.nth(1).click();
  await page.waitForURL(`**/conta/encomendas/${older.orderId}`);
  await expect(page.getByRole("heading", { level: 1, name: `Encomenda n.º ${older.orderId}` })).toBeVisible();
  const instructions = page.getByRole("region", { name: "Multibanco" });
  await expect(instructions.getByText(formatReference(older.referencia), { exact: true })).toBeVisible();
  await expect(instructions.getByText(older.entidade, { exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: /Seguir a encomenda/ })).toHaveCount(0);
  await expectNoHorizontalOverflow(page);
  await expectAccessible(page);
  await screenshot(page, "conta-encomenda-pendente");

  // The gateway pays it, the admin prepares and ships it with CTT.
  const headers = { "x-csrf-token": csrf };
  const paid = await admin.post("/api/payments/sandbox/simulate", { headers, data: { order_id: older.orderId } });
  expect(paid.status(), await paid.text()).toBe(200);
  for (const data of [
    { status: "em_preparacao" },
    { status: "enviada", carrier: "ctt", tracking_number: "RR123456785PT" },
  ]) {
    const res = await admin.post(`/api/orders/${older.orderId}/status`, { headers, data });
    expect(res.status(), await res.text()).toBe(200);
  }
  const detail = await (await admin.get(`/api/orders/${older.orderId}/detail`)).json();
  const trackingUrl = JSON.stringify(detail).match(/https:\/\/www\.ctt\.pt[^"]*/)?.[0];
  expect(trackingUrl).toContain("RR123456785PT");

  await page.reload();
  await expect(page.getByText("Enviada", { exact: true }).first()).toBeVisible();
  const follow = page.getByRole("link", { name: /Seguir a encomenda/ });
  await expect(follow).toBeVisible();
  await expect(follow).toHaveAttribute("href", trackingUrl!);
  await expect(page.getByText("RR123456785PT", { exact: true })).toBeVisible();
  await expect(page.getByRole("region", { name: "Multibanco" })).toHaveCount(0);
  const steps = page.getByRole("region", { name: "Estado da encomenda" }).getByRole("listitem");
  await expect(steps.first()).toContainText("Encomenda criada");
  await expect(steps.last()).toContainText("Enviada");
  await expectNoHorizontalOverflow(page);
  await expectAccessible(page);
  await screenshot(page, "conta-encomenda-enviada");

  // An order that is not the shopper's: the same answer as one that does not exist.
  const missing = await page.goto("/conta/encomendas/999999");
  expect(missing!.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Encomenda não encontrada" })).toBeVisible();
  await expect(page.getByRole("main").getByRole("link", { name: "As minhas encomendas" })).toBeVisible();

  await shopper.api.dispose();
  await admin.dispose();
});
