import { spawnSync } from "node:child_process";
import path from "node:path";
import { expect, test, type Page } from "./fixtures.ts";
import { ADMIN, expectAccessible, loginThroughForm, readMailTo } from "./support.ts";

/**
 * The payment page follows the order on the server (issue 13, §2), at 1280 and 375 px: a Multibanco order's
 * e-mail carries the reference the page shows and the page moves to 'Pagamento concluído!' when the sandbox
 * pays; an MB WAY request counts its 4 minutes down, and once it expires 'Pagar por Multibanco' gives the
 * same order a reference, which then gets paid.
 */
const root = path.resolve(import.meta.dirname, "../..");

/** Plays the sandbox gateway (npm run payments:simulate) against the running shop. */
function simulate(args: string[]) {
  const run = spawnSync(process.execPath, ["server/cli/payments-simulate.ts", ...args], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: process.env.E2E_DATA_DIR,
      PUBLIC_URL: `http://localhost:${process.env.E2E_PORT ?? 3111}`,
    },
    encoding: "utf8",
  });
  expect(run.status, run.stderr).toBe(0);
  return run.stdout;
}

async function screenshot(page: Page, name: string) {
  const dir = process.env.SCREENSHOTS_DIR ?? test.info().outputPath();
  await page.screenshot({ path: `${dir}/${name}-${page.viewportSize()!.width}px.png`, fullPage: true });
}

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** Signs in, puts one available product in the cart and orders it with `method`; returns the order number. */
async function orderWith(page: Page, method: "Multibanco" | "MB WAY"): Promise<number> {
  await loginThroughForm(page, ADMIN.email, ADMIN.password);
  await page.waitForURL("**/dashboard");
  await page.goto("/?categoria=Canecas");
  const consent = page.getByRole("button", { name: "Aceitar" });
  if (await consent.isVisible()) await consent.click(); // the cookie notice, out of the screenshots
  await page.locator('a[href^="/produto/"]').first().click();
  await page.waitForURL(/\/produto\/\d+$/);
  const size = page.getByRole("group", { name: "Tamanho" }).getByRole("radio", { disabled: false }).first();
  if (!(await size.isChecked())) await size.check();
  await page.getByRole("button", { name: "Adicionar ao Carrinho" }).click();
  await page.goto("/carrinho");
  await page.getByRole("main").getByText(method, { exact: true }).click();
  if (method === "MB WAY") await page.getByLabel(/telemóvel MB WAY/i).fill("912345678");
  await page.getByRole("button", { name: "Finalizar Compra" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Nome").fill("Inês Carvalho");
  await dialog.getByLabel("Morada").fill("Avenida da Liberdade, 20");
  await dialog.getByLabel("Código postal").fill("1250-145");
  await dialog.getByLabel("Cidade").fill("Lisboa");
  await dialog.getByLabel("Telefone").fill("912345678");
  await dialog.getByRole("button", { name: "Confirmar encomenda" }).click();
  await page.waitForURL("**/pagamento");
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("pagamento") ?? "null"));
  return Number(stored.order_id);
}

/** The reference on the page (digits only), read from the instructions' "Referência" row. */
async function shownReference(page: Page): Promise<string> {
  const row = page.getByRole("definition").filter({ has: page.getByRole("button", { name: "Copiar Referência" }) });
  return (await row.innerText()).replace(/\D/g, "");
}

test("a Multibanco order: the e-mail carries the page's reference, and the page follows the payment", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const orderId = await orderWith(page, "Multibanco");
  await expect(page.getByRole("heading", { name: "Multibanco" })).toBeVisible();
  const reference = await shownReference(page);
  expect(reference).toMatch(/^\d{9}$/);

  const mail = await readMailTo(`Encomenda #${orderId}: dados para pagamento`);
  const mailed = /^Referência: ([\d ]+)$/m.exec((mail.text ?? "").replace(/[^\S\n]/g, " "))?.[1];
  expect(mailed?.replace(/ /g, "")).toBe(reference);
  expect(mail.text).toContain(`/conta/encomendas/${orderId}`);
  await expect(page.getByText("Esta página atualiza-se sozinha")).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
  await screenshot(page, "pagamento-multibanco");

  simulate(["--reference", reference]);
  await expect(page.getByRole("heading", { name: "Pagamento concluído!" })).toBeVisible({ timeout: 15_000 });
  expect(new URL(page.url()).pathname).toBe("/PagamentoConcluido");
});

test("MB WAY: the countdown, then expiry → 'Pagar por Multibanco' for the same order → paid", async ({ page }) => {
  test.setTimeout(90_000);
  const orderId = await orderWith(page, "MB WAY");
  await expect(page.getByRole("heading", { name: "MB WAY" })).toBeVisible();
  const timer = page.getByRole("timer");
  await expect(timer).toHaveText(/^[34]:\d{2}$/);
  await expectNoSidewaysScroll(page);
  await screenshot(page, "pagamento-mbway");

  simulate(["--order", String(orderId), "--expire"]);
  const pay = page.getByRole("button", { name: "Pagar por Multibanco" });
  await expect(pay).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole("heading", { name: "O pedido MB WAY expirou." })).toBeVisible();
  await expect(page.getByText("já não pode ser aceite na app MB WAY")).toBeVisible();
  await expect(page.getByRole("timer")).toHaveCount(0);
  await expectNoSidewaysScroll(page);
  await screenshot(page, "pagamento-mbway-expirado");

  await pay.click();
  await expect(page.getByRole("heading", { name: "Multibanco" })).toBeVisible();
  await expect(page.getByText("Referência Multibanco criada. Enviámos também os dados por e-mail.")).toBeVisible();
  await expect(pay).toHaveCount(0);
  const reference = await shownReference(page);
  expect(reference).toMatch(/^\d{9}$/);
  await expect(page.getByText(`Encomenda n.º ${orderId}`)).toBeVisible();
  const mail = await readMailTo(`Encomenda #${orderId}: dados para pagamento`);
  expect((mail.text ?? "").replace(/\s/g, "")).toContain(`Referência:${reference}`);
  await expectNoSidewaysScroll(page);
  await screenshot(page, "pagamento-mbway-multibanco");

  simulate(["--reference", reference]);
  await expect(page.getByRole("heading", { name: "Pagamento concluído!" })).toBeVisible({ timeout: 15_000 });
});
