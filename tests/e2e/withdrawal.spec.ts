import { lisbonText } from "#tests/support/lisbon.ts";
import { expect, request, test, type APIRequestContext, type Page } from "./fixtures.ts";
import { adminApi, expectNoHorizontalOverflow } from "./admin-tables-support.ts";
import { deliveredOrder, productsInStock, signedInCliente, type InStock } from "./accounts-kit.ts";
import { ADMIN, expectAccessible, loginThroughForm, readMailTo, uniqueEmail } from "./support.ts";

/**
 * 'Livre resolução' (issue 14 §4, issue 20 item 7, decision 0023) at 1280 and 375 px: a shopper with two delivered
 * orders (paid through the sandbox, delivered through the admin's fulfilment API). Not signed in, the public form
 * /livre-resolucao only declares: a wrong e-mail and the right one get the same answer and nothing of the order;
 * the declaration is e-mailed to the account's address with a one-time link, where the owner keeps one item, gives
 * the IBAN and confirms (the link then dies). Signed in, the order page's button 'Livre resolução: desistir da
 * compra' returns one item of the other order. Each shows the request's status, and the e-mails (.eml) carry the
 * items and the date and time in Lisbon.
 */

const IBAN = "PT50 0002 0123 1234 5678 9015 4";

/** A product name as a pattern (names may hold brackets or dots). */
const named = (name: string) => new RegExp(name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));

async function screenshot(page: Page, name: string) {
  const info = test.info();
  const dir = process.env.SCREENSHOTS_DIR ?? info.outputPath();
  // From the top, so the sticky header sits there and covers nothing in the full-page picture.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${dir}/${name}-${page.viewportSize()!.width}px.png`, fullPage: true });
}

/** A verified cliente made through the admin API, and an API context signed in as them. */
const createShopper = (admin: APIRequestContext, csrf: string, baseURL: string | undefined) =>
  signedInCliente(admin, csrf, baseURL, { prefix: "livre", name: "Rita Devolve", password: "livre-resolucao-2026" });

/** The first `count` products with a variant in stock: [product id, variant id, name]. */
async function inStock(api: APIRequestContext, count: number) {
  const found: InStock[] = [];
  for await (const product of productsInStock(api, 2)) if (found.push(product) === count) return found;
  throw new Error("not enough products with stock");
}

test("withdrawal declared on the public form and completed through the e-mailed link; from the order page", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const admin = await adminApi(baseURL);
  const shopper = await createShopper(admin.api, admin.csrf, baseURL);
  const [a, b, c, d] = await inStock(shopper.api, 4);
  const viaPage = await deliveredOrder(shopper, admin, [a!, b!]);
  const viaForm = await deliveredOrder(shopper, admin, [c!, d!]);

  // ----- the public form, not signed in: a declaration -----
  await page.goto("/livre-resolucao");
  await page.getByRole("button", { name: "Aceitar" }).click(); // the cookie notice, out of the screenshots
  await expect(page.getByRole("heading", { level: 1, name: "Livre resolução" })).toBeVisible();
  await expect(page.getByRole("contentinfo").getByRole("link", { name: "Livre resolução" })).toHaveAttribute(
    "href",
    "/livre-resolucao",
  );
  await expectNoHorizontalOverflow(page);
  await expectAccessible(page);
  await screenshot(page, "livre-resolucao");

  // A wrong e-mail: the same answer as the right one, nothing about the order.
  const stranger = uniqueEmail("outra");
  await page.getByLabel("Número da encomenda").fill(String(viaForm));
  await page.getByLabel("Email", { exact: true }).fill(stranger);
  await page.getByRole("button", { name: "Enviar declaração de livre resolução" }).click();
  const answer = page.getByRole("status");
  await expect(answer).toContainText("Recebemos a sua declaração de livre resolução.");
  const neutral = await answer.textContent();
  await expect(page.getByText(c!.name)).toHaveCount(0);

  await page.reload();
  await page.getByLabel("Número da encomenda").fill(String(viaForm));
  await page.getByLabel("Email", { exact: true }).fill(shopper.email);
  await page.getByLabel("Motivo (opcional)").fill("Mudei de ideias");
  await page.getByRole("button", { name: "Enviar declaração de livre resolução" }).click();
  await expect(page.getByRole("status")).toHaveText(neutral!);
  await expect(page.getByText(c!.name)).toHaveCount(0);
  await expectNoHorizontalOverflow(page);
  await expectAccessible(page);
  await screenshot(page, "livre-resolucao-declarada");

  // The account's address gets the acknowledgement with the link; the stranger's address gets nothing.
  const declared = await readMailTo(`Livre resolução registada: encomenda #${viaForm}`);
  expect(declared.to).toEqual([shopper.email]);
  expect(declared.text).toContain(`1 × ${c!.name}`);
  expect(declared.text).toContain("É esta a data da declaração.");
  const link = /\/livre-resolucao\/confirmar\?ligacao=[\w-]+/.exec(declared.text ?? "")?.[0];
  expect(link).toBeTruthy();
  await expect(readMailTo(stranger, 1_000)).rejects.toThrow();

  // ----- the e-mailed link: the owner keeps one of the items, gives the IBAN, confirms -----
  await page.goto(link!);
  await expect(
    page.getByRole("heading", { level: 1, name: `Livre resolução da encomenda n.º ${viaForm}` }),
  ).toBeVisible();
  await expect(page.getByRole("checkbox", { name: named(c!.name) })).toBeChecked();
  await expect(page.getByRole("checkbox", { name: named(d!.name) })).toBeChecked();
  await page.getByRole("checkbox", { name: named(d!.name) }).uncheck();
  await page.getByLabel("IBAN para o reembolso").fill(IBAN);
  await expectNoHorizontalOverflow(page);
  await expectAccessible(page);
  await screenshot(page, "livre-resolucao-ligacao");
  await page.getByRole("button", { name: "Confirmar pedido" }).click();
  await expect(page.getByRole("status")).toContainText("Pedido de livre resolução atualizado.");
  const formRequest = page.getByRole("list", { name: "Pedidos de livre resolução" }).getByRole("listitem").first();
  await expect(formRequest).toContainText("Pedido registado");
  await expect(formRequest).toContainText(`1 × ${c!.name}`);
  await expect(formRequest).not.toContainText(d!.name);
  await expectNoHorizontalOverflow(page);
  await expectAccessible(page);
  await screenshot(page, "livre-resolucao-ligacao-confirmada");

  const updated = await readMailTo(`Livre resolução atualizada: encomenda #${viaForm}`);
  expect(updated.to).toEqual([shopper.email]);
  expect(updated.text).toContain(`1 × ${c!.name}`);
  expect(updated.text).not.toContain(d!.name);
  expect(updated.text).toContain("IBAN PT50 0002 0123 1234 5678 9015 4");
  const formAt = new Date((await formRequest.locator("time").getAttribute("datetime"))!);
  expect(updated.text).toContain(`registado a ${lisbonText(formAt)} (hora de Lisboa)`);
  expect(declared.text).toContain(`a ${lisbonText(formAt)} (hora de Lisboa)`);

  // Used once.
  await page.goto(link!);
  await expect(page.getByRole("alert")).toContainText("Esta ligação é inválida, já foi usada ou expirou.");

  // ----- the order page, signed in: one of the two items -----
  await loginThroughForm(page, shopper.email, shopper.password);
  await page.waitForURL((url) => url.pathname !== "/login");
  await page.goto(`/conta/encomendas/${viaPage}`);
  const panel = page.getByRole("region", { name: "Livre resolução" });
  await expect(panel).toContainText("Pode desistir desta compra, sem indicar o motivo, até");
  await screenshot(page, "conta-livre-resolucao");
  await panel.getByRole("button", { name: "Livre resolução: desistir da compra" }).click();
  await expect(panel.getByRole("checkbox", { name: named(a!.name) })).toBeChecked();
  await panel.getByRole("checkbox", { name: named(b!.name) }).uncheck();
  await panel.getByLabel("IBAN para o reembolso").fill("PT50 0002 0123 1234 5678 9015 5");
  await panel.getByRole("button", { name: "Confirmar desistência" }).click();
  await expect(panel.getByText("IBAN inválido.")).toBeVisible();
  await panel.getByLabel("IBAN para o reembolso").fill(IBAN);
  await panel.getByLabel("Motivo (opcional)").fill("Não era o tamanho certo");
  await expectNoHorizontalOverflow(page);
  await screenshot(page, "conta-livre-resolucao-artigos");
  await panel.getByRole("button", { name: "Confirmar desistência" }).click();
  await expect(panel.getByRole("status")).toContainText("Pedido de livre resolução registado.");
  const pageRequest = panel.getByRole("list", { name: "Pedidos de livre resolução" }).getByRole("listitem").first();
  await expect(pageRequest).toContainText("Pedido de livre resolução registado em");
  await expect(pageRequest).toContainText("Pedido registado");
  await expect(pageRequest).toContainText(`1 × ${a!.name}`);
  await expect(pageRequest).not.toContainText(b!.name);
  // The other item is still free: the button stays for it.
  await expect(panel.getByRole("button", { name: "Livre resolução: desistir da compra" })).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await expectAccessible(page);
  await screenshot(page, "conta-livre-resolucao-registado");

  // After a reload the status comes from the server.
  await page.reload();
  await expect(
    page.getByRole("region", { name: "Livre resolução" }).getByText("Pedido de livre resolução registado em"),
  ).toBeVisible();

  const pageMail = await readMailTo(`Livre resolução registada: encomenda #${viaPage}`);
  expect(pageMail.text).toContain(`1 × ${a!.name}`);
  expect(pageMail.text).not.toContain(b!.name);
  expect(pageMail.text).toContain("IBAN PT50 0002 0123 1234 5678 9015 4");
  const pageAt = new Date((await pageRequest.locator("time").getAttribute("datetime"))!);
  expect(pageMail.text).toContain(`a ${lisbonText(pageAt)} (hora de Lisboa)`);

  await shopper.api.dispose();
  await admin.api.dispose();
});

test("a declaration someone else made: the admin sees who filed it; the owner cancels it in /conta", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const admin = await adminApi(baseURL);
  const shopper = await createShopper(admin.api, admin.csrf, baseURL);
  const [product] = await inStock(shopper.api, 1);
  const orderId = await deliveredOrder(shopper, admin, [product!]);

  // Anyone (no session) with the order number and the e-mail declares it: recorded, nothing shown back.
  const anyone = await request.newContext({ baseURL });
  const declared = await anyone.post("/api/withdrawal", { data: { order_id: orderId, email: shopper.email } });
  expect(declared.status()).toBe(200);
  expect(await declared.text()).not.toContain(product!.name);
  await anyone.dispose();

  const seen = (await (await admin.api.get(`/api/orders/${orderId}/returns`)).json()) as {
    returns: Array<{ id: number; filed_label: string; completion_label: string | null; awaiting_owner: boolean }>;
  };
  const [ret] = seen.returns;
  expect(ret).toMatchObject({ awaiting_owner: true });
  expect(ret!.filed_label).toContain("formulário público");
  expect(ret!.completion_label).toContain("a aguardar que o cliente confirme");

  // The admin's order page says who filed it and that it waits for the client.
  await page.goto("/");
  await page.getByRole("button", { name: "Aceitar" }).click(); // the cookie notice, out of the screenshots
  await loginThroughForm(page, ADMIN.email, ADMIN.password);
  await page.waitForURL("**/dashboard");
  await page.goto(`/orders/${orderId}`);
  const card = page.getByRole("article", { name: `Devolução #${ret!.id}` });
  await expect(card).toContainText("Feito por");
  await expect(card).toContainText("formulário público (sem sessão iniciada");
  await expect(card).toContainText("a aguardar que o cliente confirme os artigos e o reembolso");
  await card.scrollIntoViewIfNeeded();
  await expectNoHorizontalOverflow(page);
  await screenshot(page, "admin-livre-resolucao-declarada");
  await page.context().clearCookies();

  await loginThroughForm(page, shopper.email, shopper.password);
  await page.waitForURL((url) => url.pathname !== "/login");
  await page.goto(`/conta/encomendas/${orderId}`);
  const panel = page.getByRole("region", { name: "Livre resolução" });
  await expect(panel).toContainText("Este pedido foi feito no formulário público de livre resolução");
  await expect(panel).not.toContainText("Todos os artigos desta encomenda já estão");
  await expectNoHorizontalOverflow(page);
  await expectAccessible(page);
  await screenshot(page, "conta-livre-resolucao-declarada");
  await panel.getByRole("button", { name: "Cancelar pedido" }).click();
  await expect(panel).toContainText(`Cancelar o pedido n.º ${ret!.id}?`);
  await panel.getByRole("button", { name: "Sim, cancelar o pedido" }).click();
  await expect(panel.getByRole("status")).toContainText("Pedido de livre resolução cancelado.");
  await expect(panel.getByRole("list", { name: "Pedidos de livre resolução" })).toContainText("Cancelado");
  // Its units are free again: the owner may still withdraw.
  await expect(panel.getByRole("button", { name: "Livre resolução: desistir da compra" })).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await screenshot(page, "conta-livre-resolucao-cancelada");

  // The e-mailed link died with the cancellation.
  const mail = await readMailTo(`Livre resolução registada: encomenda #${orderId}`);
  await page.goto(/\/livre-resolucao\/confirmar\?ligacao=[\w-]+/.exec(mail.text ?? "")![0]);
  await expect(page.getByRole("alert")).toContainText("Esta ligação é inválida, já foi usada ou expirou.");

  await shopper.api.dispose();
  await admin.api.dispose();
});
