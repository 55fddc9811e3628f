import { lisbonText } from "#tests/support/lisbon.ts";
import { expect, test, type APIRequestContext, type Page } from "./fixtures.ts";
import { adminApi, expectNoHorizontalOverflow } from "./admin-tables-support.ts";
import { deliveredOrder, productsInStock, signedInCliente, type InStock } from "./accounts-kit.ts";
import { expectAccessible, loginThroughForm, readMailTo, uniqueEmail } from "./support.ts";

/**
 * 'Livre resolução' (issue 14 §4) at 1280 and 375 px: a shopper with two delivered orders (paid through the sandbox,
 * delivered through the admin's fulfilment API). Not signed in, the public form /livre-resolucao finds an order by
 * number and e-mail (a wrong e-mail is refused) and returns all of it; signed in, the order page's button
 * 'Livre resolução: desistir da compra' returns one item of the other order. Each shows the request's status,
 * and the confirmation e-mail (.eml) carries the items and the date and time in Lisbon.
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

test("withdrawal from the public form and from the order page: status shown, confirmation e-mailed", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const admin = await adminApi(baseURL);
  const shopper = await createShopper(admin.api, admin.csrf, baseURL);
  const [a, b, c] = await inStock(shopper.api, 3);
  const viaPage = await deliveredOrder(shopper, admin, [a!, b!]);
  const viaForm = await deliveredOrder(shopper, admin, [c!]);

  // ----- the public form, not signed in -----
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

  await page.getByLabel("Número da encomenda").fill(String(viaForm));
  await page.getByLabel("Email", { exact: true }).fill(uniqueEmail("outra"));
  await page.getByRole("button", { name: "Continuar" }).click();
  await expect(page.getByRole("alert")).toHaveText("Encomenda não encontrada para este email.");

  await page.getByLabel("Email", { exact: true }).fill(shopper.email);
  await page.getByRole("button", { name: "Continuar" }).click();
  await expect(page.getByRole("heading", { name: `2. Encomenda n.º ${viaForm}` })).toBeVisible();
  await expect(page.getByRole("checkbox", { name: named(c!.name) })).toBeChecked();
  await page.getByLabel("IBAN para o reembolso").fill(IBAN);
  await expectNoHorizontalOverflow(page);
  await screenshot(page, "livre-resolucao-artigos");
  await page.getByRole("button", { name: "Confirmar desistência" }).click();
  await expect(page.getByRole("status")).toContainText("Pedido de livre resolução registado.");
  const formRequest = page.getByRole("list", { name: "Pedidos de livre resolução" }).getByRole("listitem").first();
  await expect(formRequest).toContainText("Pedido registado");
  await expect(formRequest).toContainText(`1 × ${c!.name}`);
  await expectNoHorizontalOverflow(page);
  await expectAccessible(page);
  await screenshot(page, "livre-resolucao-registado");

  const formMail = await readMailTo(`Livre resolução registada: encomenda #${viaForm}`);
  expect(formMail.to).toEqual([shopper.email]);
  expect(formMail.text).toContain(`1 × ${c!.name}`);
  expect(formMail.text).toContain("(inclui os portes de envio)");
  const formAt = new Date((await formRequest.locator("time").getAttribute("datetime"))!);
  expect(formMail.text).toContain(`a ${lisbonText(formAt)} (hora de Lisboa)`);

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
