import { mkdirSync } from "node:fs";
import path from "node:path";
import {
  expect,
  request as playwrightRequest,
  test,
  waitForHydration,
  type APIRequestContext,
  type Page,
} from "./fixtures.ts";
import { adminApi, expectNoHorizontalOverflow } from "./admin-tables-support.ts";
import { createCliente } from "./accounts-kit.ts";
import { ADMIN, expectAccessible, loginThroughForm } from "./support.ts";

/**
 * Issue 14 §1 at 1280 and 375 px: a shopper orders with a NIF (a wrong one first: 'NIF inválido.' beside the field)
 * and other billing data; the order keeps them (the admin API reads the row), the admin order page and
 * /conta/encomendas/:id show the 'Faturação' block, and the next checkout offers the NIF and billing data again.
 */

const BILLING = {
  nif: "501442600",
  nome: "Oficina do Linho, Lda.",
  morada: "Rua do Comércio, 40, 1.º",
  codigoPostal: "4050-253",
  cidade: "Porto",
};

async function screenshot(page: Page, name: string, fullPage = true) {
  const dir = process.env.SCREENS_DIR ?? test.info().outputPath();
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `billing-${name}-${page.viewportSize()!.width}px.png`), fullPage });
}

/** A verified cliente with no orders yet (made through the admin API). */
const createShopper = (admin: APIRequestContext, csrf: string) =>
  createCliente(admin, csrf, { prefix: "nif", name: "Rita Fatura", password: "nif-verde-2026" });

/** One cart line of a product with stock, as the catalogue reads it. */
async function oneLine(baseURL: string | undefined) {
  const api = await playwrightRequest.newContext({ baseURL });
  const list = (await (await api.get("/api/product")).json()) as Array<{ id: number }>;
  for (const { id } of list) {
    const detail = await (await api.get(`/api/product/stockdetalhe/${id}`)).json();
    const variant = (
      detail.variants as Array<{ id: number; stock: number; color_name: string; size_name: string }>
    ).find((v) => v.stock >= 2);
    if (!variant) continue;
    await api.dispose();
    return {
      id,
      name: detail.name,
      image: String(detail.image).split(",")[0] ?? "",
      price: detail.price,
      cor: variant.color_name ?? "",
      tamanho: variant.size_name ?? "",
      quantidade: 1,
      variant_id: variant.id,
    };
  }
  throw new Error("no product with stock");
}

test("an order with a NIF and other billing data: kept, shown to the admin and in /conta, offered next time", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const { api: admin, csrf } = await adminApi(baseURL);
  const shopper = await createShopper(admin, csrf);
  const line = await oneLine(baseURL);

  await loginThroughForm(page, shopper.email, shopper.password);
  await page.waitForURL("**/carrinho");
  await page.getByRole("button", { name: "Aceitar" }).click(); // the cookie notice, out of the screenshots
  await page.evaluate((stored) => localStorage.setItem("carrinho", JSON.stringify(stored)), [line]);
  await page.goto("/carrinho");
  await page.getByRole("main").getByText("Multibanco", { exact: true }).click();
  await page.getByRole("button", { name: "Finalizar Compra" }).click();

  const dialog = page.getByRole("dialog", { name: "Dados de entrega" });
  await dialog.getByLabel("Nome").fill("Rita Fatura");
  await dialog.getByLabel("Morada").fill("Avenida da Boavista, 1200");
  await dialog.getByLabel("Código postal").fill("4100-130");
  await dialog.getByLabel("Cidade").fill("Porto");
  await dialog.getByLabel("Telefone").fill("912345678");
  const nif = dialog.getByLabel("NIF (para a fatura)");
  await expect(nif).toHaveAttribute("inputmode", "numeric");
  await expect(dialog.getByText("Deixe em branco para Consumidor final.")).toBeVisible();
  const toggle = dialog.getByRole("checkbox", { name: "Dados de faturação diferentes da entrega" });
  await expect(toggle).toHaveCount(0);

  // A wrong check digit: refused beside the field, nothing ordered.
  await nif.fill("501 442 601");
  await dialog.getByRole("button", { name: "Confirmar encomenda" }).click();
  await expect(nif).toHaveAttribute("aria-invalid", "true");
  await expect(dialog.locator(`#${await nif.getAttribute("aria-describedby")}`)).toHaveText("NIF inválido.");
  await expect(page).toHaveURL(/\/carrinho$/);

  // The right NIF as people type it, and other billing data behind the toggle (a name alone asks for the address).
  await nif.fill(`PT ${BILLING.nif.replace(/(\d{3})(?=\d)/g, "$1 ")}`);
  await toggle.check();
  await dialog.getByLabel("Nome ou empresa na fatura").fill(BILLING.nome);
  await dialog.getByRole("button", { name: "Confirmar encomenda" }).click();
  const morada = dialog.getByLabel("Morada de faturação");
  await expect(morada).toHaveAttribute("aria-invalid", "true");
  await expect(dialog.getByText("Indique a morada de faturação.").first()).toBeVisible();
  await morada.fill(BILLING.morada);
  await dialog.getByLabel("Código postal de faturação").fill(BILLING.codigoPostal);
  await dialog.getByLabel("Cidade de faturação").fill(BILLING.cidade);
  await expectNoHorizontalOverflow(page, "[role=dialog]");
  await dialog.getByLabel("Cidade de faturação").scrollIntoViewIfNeeded();
  await screenshot(page, "dialogo", false);
  await dialog.getByRole("button", { name: "Confirmar encomenda" }).scrollIntoViewIfNeeded();
  await dialog.getByRole("button", { name: "Confirmar encomenda" }).click();
  await page.waitForURL("**/pagamento");
  const orderId = (await page.evaluate(() => JSON.parse(localStorage.getItem("pagamento") ?? "null"))).order_id;

  // ----- kept: the admin's order read (from the row) -----
  const detail = await (await admin.get(`/api/orders/${orderId}/detail`)).json();
  expect(detail.faturacao).toEqual({
    nif: BILLING.nif,
    nome: BILLING.nome,
    morada: BILLING.morada,
    codigo_postal: BILLING.codigoPostal,
    cidade: BILLING.cidade,
    outros_dados: true,
  });
  expect(detail.dados_entrega).toMatchObject({ nome: "Rita Fatura", morada: "Avenida da Boavista, 1200" });

  // ----- shown in /conta -----
  await page.goto(`/conta/encomendas/${orderId}`);
  const mine = page.getByRole("region", { name: "Faturação" });
  await expect(mine.getByText(`NIF: ${BILLING.nif}`)).toBeVisible();
  await expect(mine.getByText(BILLING.nome)).toBeVisible();
  await expect(mine.getByText(BILLING.morada)).toBeVisible();
  await expect(mine.getByText(`${BILLING.codigoPostal} ${BILLING.cidade}`)).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await screenshot(page, "conta");

  // ----- shown on the admin order page -----
  const use = test.info().project.use;
  const context = await browser.newContext({
    baseURL,
    viewport: use.viewport,
    isMobile: use.isMobile,
    hasTouch: use.hasTouch,
  });
  const adminPage = await context.newPage();
  await loginThroughForm(adminPage, ADMIN.email, ADMIN.password);
  await adminPage.waitForURL("**/dashboard");
  await adminPage.goto(`/orders/${orderId}`);
  await waitForHydration(adminPage);
  const panel = adminPage.locator("section").filter({
    has: adminPage.getByRole("heading", { level: 2, name: "Faturação", exact: true }),
  });
  await expect(panel.getByText(BILLING.nif, { exact: true })).toBeVisible();
  await expect(panel.getByText(BILLING.nome, { exact: true })).toBeVisible();
  await expect(panel.getByText(BILLING.morada)).toBeVisible();
  await expect(panel.getByText("Indicados para a fatura")).toBeVisible();
  await expectNoHorizontalOverflow(adminPage);
  await expectAccessible(adminPage);
  await screenshot(adminPage, "admin");
  await context.close();

  // ----- the next checkout offers the NIF and billing data (editable) -----
  await page.evaluate((stored) => localStorage.setItem("carrinho", JSON.stringify(stored)), [line]);
  await page.goto("/carrinho");
  await page.getByRole("main").getByText("Multibanco", { exact: true }).click();
  await page.getByRole("button", { name: "Finalizar Compra" }).click();
  await expect(dialog.getByLabel("NIF (para a fatura)")).toHaveValue(BILLING.nif);
  await expect(toggle).toBeChecked();
  await expect(dialog.getByLabel("Morada de faturação")).toHaveValue(BILLING.morada);
  await expect(dialog.getByLabel("Nome ou empresa na fatura")).toHaveValue(BILLING.nome);
  await admin.dispose();
});
