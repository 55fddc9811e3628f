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
import { createCliente, type CartLine } from "./accounts-kit.ts";
import { loginThroughForm, toastText } from "./support.ts";

/**
 * Issue 14 §2 at 1280 and 375 px: the admin sets a product's 'Taxa de IVA' to Reduzida in its edit form; the product
 * page and the cart say 'IVA incluído'; a shopper orders it with a product at the normal rate to the Açores; the
 * order's lines carry the Açores rates of the settings, and /conta/encomendas/:id shows the IVA per rate, each row
 * equal to the server's breakdown of the stored lines and adding up to the order's total.
 */

/** Prices here stay under 1 000 €: no thousands separator. */
const euros = (value: number) => `${value.toFixed(2).replace(".", ",")}\u00a0€`;

function screenPath(page: Page, name: string) {
  const dir = process.env.SCREENS_DIR ?? test.info().outputPath();
  mkdirSync(dir, { recursive: true });
  return path.join(dir, `iva-${name}-${page.viewportSize()!.width}px.png`);
}

async function screenshot(page: Page, name: string, fullPage = true) {
  await page.screenshot({ path: screenPath(page, name), fullPage });
}

/** A verified cliente (made through the admin API). */
const createShopper = (admin: APIRequestContext, csrf: string) =>
  createCliente(admin, csrf, { prefix: "iva", name: "Inês Açores", password: "iva-acores-2026" });

type Line = CartLine;

/** Two cart lines of different products with stock, as the catalogue reads them. */
async function twoLines(baseURL: string | undefined): Promise<[Line, Line]> {
  const api = await playwrightRequest.newContext({ baseURL });
  const list = (await (await api.get("/api/product")).json()) as Array<{ id: number }>;
  const lines: Line[] = [];
  for (const { id } of list) {
    const detail = await (await api.get(`/api/product/stockdetalhe/${id}`)).json();
    const variant = (
      detail.variants as Array<{ id: number; stock: number; color_name: string; size_name: string }>
    ).find((v) => v.stock >= 3);
    if (!variant) continue;
    lines.push({
      id,
      name: detail.name,
      image: String(detail.image).split(",")[0] ?? "",
      price: detail.price,
      cor: variant.color_name ?? "",
      tamanho: variant.size_name ?? "",
      quantidade: 1,
      variant_id: variant.id,
    });
    if (lines.length === 2) break;
  }
  await api.dispose();
  if (lines.length < 2) throw new Error("fewer than two products with stock");
  return [lines[0]!, { ...lines[1]!, quantidade: 2 }];
}

test("a product set to Reduzida, ordered to the Açores: the /conta order page shows the IVA per rate", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const { api: admin, csrf } = await adminApi(baseURL);
  const settings = await (await admin.get("/api/settings")).json();
  const [reduced, normal] = await twoLines(baseURL);
  // The second product at the normal rate (set through the API: this test is about the form on the first).
  const current = await (await admin.get(`/api/product/${normal.id}`)).json();
  if (current.vat_category !== "normal") {
    const res = await admin.put(`/api/product/updateproductstock/${normal.id}`, {
      headers: { "x-csrf-token": csrf },
      multipart: {
        name: current.name,
        description: current.description,
        price: String(current.price),
        vat_category: "normal",
      },
    });
    expect(res.status(), await res.text()).toBe(200);
  }

  // ----- the admin sets 'Taxa de IVA' to Reduzida in the edit form -----
  const use = test.info().project.use;
  const adminContext = await browser.newContext({
    baseURL,
    viewport: use.viewport,
    isMobile: use.isMobile,
    hasTouch: use.hasTouch,
  });
  const adminPage = await adminContext.newPage();
  await loginThroughForm(adminPage, "admin@e2e.loja.pt", "admin-e2e-123");
  await adminPage.waitForURL("**/dashboard");
  await adminPage.goto(`/produtos/editar/${reduced.id}`);
  // A page of a context of its own: the fixture's goto does not wait for hydration there.
  await waitForHydration(adminPage);
  const select = adminPage.getByLabel("Taxa de IVA");
  await expect(select).toBeVisible();
  // Isento asks for the reason code; Reduzida does not.
  await select.selectOption("isenta");
  await expect(adminPage.getByLabel("Motivo de isenção (código)")).toBeVisible();
  await select.selectOption("reduzida");
  await expect(adminPage.getByLabel("Motivo de isenção (código)")).toHaveCount(0);
  await expect(select.locator("option:checked")).toHaveText(
    `Reduzida (${settings.vat.rates.continente.reduzida / 100} % no continente)`,
  );
  await expectNoHorizontalOverflow(adminPage);
  await select.scrollIntoViewIfNeeded();
  await screenshot(adminPage, "produto-editar", false);
  await adminPage.getByRole("button", { name: "Guardar Alterações" }).click();
  await expect(toastText(adminPage, "Produto atualizado com sucesso!")).toBeVisible();
  await adminContext.close();
  // Stored: the product read answers the row.
  expect((await (await admin.get(`/api/product/${reduced.id}`)).json()).vat_category).toBe("reduzida");

  // ----- the product page and the cart say 'IVA incluído' -----
  await page.goto(`/produto/${reduced.id}`);
  await page.getByRole("button", { name: "Aceitar" }).click(); // the cookie notice, out of the screenshots
  await expect(page.getByRole("main").getByText("IVA incluído")).toBeVisible();
  await screenshot(page, "produto", false);

  const shopper = await createShopper(admin, csrf);
  await loginThroughForm(page, shopper.email, shopper.password);
  await page.waitForURL("**/carrinho");
  await page.evaluate((stored) => localStorage.setItem("carrinho", JSON.stringify(stored)), [reduced, normal]);
  await page.goto("/carrinho");
  const summary = page.getByRole("complementary");
  await expect(summary.getByText("IVA incluído")).toBeVisible();
  await summary.screenshot({ path: screenPath(page, "carrinho-resumo") });
  await page.getByRole("main").getByText("Multibanco", { exact: true }).click();
  await page.getByRole("button", { name: "Finalizar Compra" }).click();
  const dialog = page.getByRole("dialog", { name: "Dados de entrega" });
  await dialog.getByLabel("Nome").fill("Inês Açores");
  await dialog.getByLabel("Morada").fill("Rua Direita, 5");
  await dialog.getByLabel("Código postal").fill("9500-321");
  await dialog.getByLabel("Cidade").fill("Ponta Delgada");
  await dialog.getByLabel("Telefone").fill("912345678");
  // The dialog's quote follows the postal code: island delivery, then the total to confirm.
  await expect(dialog.getByRole("term").filter({ hasText: /^Portes/ })).toHaveText("Portes (Açores)");
  await expect(dialog.getByRole("term").filter({ hasText: /^Total a pagar/ })).toContainText("IVA incluído");
  await dialog.getByRole("button", { name: "Confirmar encomenda" }).click();
  await page.waitForURL("**/pagamento");
  const orderId = (await page.evaluate(() => JSON.parse(localStorage.getItem("pagamento") ?? "null"))).order_id;

  // ----- the order's IVA, as the server computed it from the stored lines -----
  const detail = await (await admin.get(`/api/orders/${orderId}/detail`)).json();
  const acores = settings.vat.rates.acores;
  const groups = detail.iva.grupos as Array<{
    taxa_bp: number;
    rotulo: string;
    base: number;
    iva: number;
    total: number;
    inclui_portes: boolean;
  }>;
  // Goods at two rates: the reduced line alone, the normal line with the delivery (the region's normal rate).
  expect(groups.map((g) => [g.taxa_bp, g.total, g.inclui_portes])).toEqual([
    [acores.normal, +(normal.price * 2 + detail.shipping).toFixed(2), true],
    [acores.reduzida, reduced.price, false],
  ]);
  expect(+groups.reduce((s, g) => s + g.total, 0).toFixed(2)).toBe(detail.total);

  // ----- /conta/encomendas/:id shows those rows -----
  await page.goto(`/conta/encomendas/${orderId}`);
  const table = page.locator("[data-vat-breakdown]");
  await expect(table.getByText("IVA incluído")).toBeVisible();
  for (const g of groups) {
    const row = table.locator(`[data-vat-group="${g.rotulo}"]`);
    await expect(row).toBeVisible();
    await expect(row.locator("td")).toHaveText([euros(g.base), euros(g.iva), euros(g.total)]);
    if (g.inclui_portes) await expect(row.getByText("inclui portes")).toBeVisible();
  }
  await expect(table.locator(`[data-vat-group="IVA ${acores.reduzida / 100} %"]`)).toBeVisible();
  await expect(table.locator("tfoot td")).toHaveText([
    euros(detail.iva.base),
    euros(detail.iva.iva),
    euros(detail.total),
  ]);
  await expectNoHorizontalOverflow(page);
  await table.screenshot({ path: screenPath(page, "conta-iva") });
  // Full page from the top (the sticky header stays where it belongs).
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, "conta");

  // ----- and the admin order page, under 'Totais' -----
  const orderContext = await browser.newContext({
    baseURL,
    viewport: use.viewport,
    isMobile: use.isMobile,
    hasTouch: use.hasTouch,
  });
  const orderPage = await orderContext.newPage();
  await loginThroughForm(orderPage, "admin@e2e.loja.pt", "admin-e2e-123");
  await orderPage.waitForURL("**/dashboard");
  await orderPage.goto(`/orders/${orderId}`);
  await waitForHydration(orderPage);
  const adminTable = orderPage.locator("[data-vat-breakdown]");
  for (const g of groups) {
    await expect(adminTable.locator(`[data-vat-group="${g.rotulo}"] td`)).toHaveText([
      euros(g.base),
      euros(g.iva),
      euros(g.total),
    ]);
  }
  await expectNoHorizontalOverflow(orderPage);
  await adminTable.screenshot({ path: screenPath(orderPage, "admin-encomenda-iva") });
  await orderContext.close();
  await admin.dispose();
});
