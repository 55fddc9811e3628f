import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "./fixtures.ts";
import { isValidMultibancoReference } from "#server/modules/payments/multibanco.ts";
import { ADMIN, loginThroughForm, readMailTo } from "./support.ts";

/**
 * Issue 4: two products → cart → Multibanco → delivery modal → /pagamento with a valid
 * reference → the sandbox gateway's callback (npm run payments:simulate) → order paid, one e-mail.
 */
const root = path.resolve(import.meta.dirname, "../..");

async function addFirstAvailable(page: Page, categoria: string) {
  await page.goto(`/?categoria=${categoria}`);
  await page.locator('a[href^="/produto/"]').first().click();
  await page.waitForURL(/\/produto\/\d+$/);
  const size = page.getByRole("group", { name: "Tamanho" }).getByRole("radio", { disabled: false }).first();
  if (!(await size.isChecked())) await size.check();
  await page.getByRole("button", { name: "Adicionar ao Carrinho" }).click();
}

const METHODS = [
  { label: "Multibanco", metodo: "MB" },
  { label: "MB WAY", metodo: "mbway" },
  { label: "Payshop", metodo: "payshop" },
] as const;

for (const method of METHODS)
  test(`checkout with ${method.label}, paid by the gateway callback, confirmed by one e-mail`, async ({ page }) => {
    test.setTimeout(60_000);
    await loginThroughForm(page, ADMIN.email, ADMIN.password);
    await page.waitForURL("**/dashboard");
    await addFirstAvailable(page, "Canecas");
    await addFirstAvailable(page, "Agendas");

    await page.goto("/carrinho");
    await expect(page.getByRole("region", { name: "Artigos no carrinho" })).toBeVisible();
    await page.getByRole("button", { name: "Finalizar Compra" }).click();
    await expect(page.getByText("Por favor, selecione um método de pagamento.").first()).toBeVisible();
    await page.getByRole("main").getByText(method.label, { exact: true }).click();
    if (method.metodo === "mbway") {
      await page.getByLabel(/telemóvel MB WAY/i).fill("961");
      await page.getByRole("button", { name: "Finalizar Compra" }).click();
      await expect(page.getByText("Introduza um número de telemóvel MB WAY válido.").first()).toBeVisible();
      await page.getByLabel(/telemóvel MB WAY/i).fill("912345678");
    }
    await page.getByRole("button", { name: "Finalizar Compra" }).click();

    const dialog = page.getByRole("dialog");
    // The account's last order may have pre-filled the form: an empty name must still be refused.
    await dialog.getByLabel("Nome").fill("");
    await dialog.getByRole("button", { name: "Confirmar encomenda" }).click();
    await expect(dialog.getByText("Por favor, preencha todos os campos obrigatórios.").first()).toBeVisible();
    await dialog.getByLabel("Nome").fill("Helena Matos");
    await dialog.getByLabel("Morada").fill("Rua de Santa Catarina, 100");
    await dialog.getByLabel("Código postal").fill("4000-442");
    await dialog.getByLabel("Cidade").fill("Porto");
    await dialog.getByLabel("Telefone").fill("912345678");
    await dialog.getByRole("button", { name: "Confirmar encomenda" }).click();

    await page.waitForURL("**/pagamento");
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("pagamento") ?? "null"));
    expect(stored).toMatchObject({ metodo: method.metodo });
    expect(await page.evaluate(() => localStorage.getItem("carrinho"))).toMatch(/^(\[\]|null)$/);
    let simulateArgs: string[];
    if (method.metodo === "MB") {
      expect(stored.entidade).toBe("99999");
      expect(isValidMultibancoReference("99999", stored.referencia, Math.round(stored.valor * 100))).toBe(true);
      await expect(page.getByText("Entidade")).toBeVisible();
      await expect(page.getByText(/\d{3} \d{3} \d{3}/).first()).toBeVisible();
      simulateArgs = ["--reference", stored.referencia];
    } else if (method.metodo === "payshop") {
      expect(stored.referencia).toMatch(/^\d{13}$/);
      // Validity YYYYMMDD is shown as DD-MM-YYYY.
      const v = String(stored.validade);
      await expect(page.getByText(`${v.slice(6, 8)}-${v.slice(4, 6)}-${v.slice(0, 4)}`).first()).toBeVisible();
      simulateArgs = ["--reference", stored.referencia];
    } else {
      expect(stored.telefone).toBe("912345678");
      await expect(page.getByText("912345678").first()).toBeVisible();
      simulateArgs = ["--order", String(stored.order_id)];
    }

    const simulated = spawnSync(process.execPath, ["server/cli/payments-simulate.ts", ...simulateArgs, "--twice"], {
      cwd: root,
      env: {
        ...process.env,
        DATA_DIR: process.env.E2E_DATA_DIR,
        PUBLIC_URL: `http://localhost:${process.env.E2E_PORT ?? 3111}`,
      },
      encoding: "utf8",
    });
    expect(simulated.status, simulated.stderr).toBe(0);
    expect(simulated.stdout).toContain("Callback 2: HTTP 200");

    const subject = `Pagamento recebido: encomenda #${stored.order_id}`;
    const mail = await readMailTo(subject);
    expect(mail.text).toContain("Helena Matos");
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const mailDir = path.join(process.env.E2E_DATA_DIR!, "mail");
    const copies = readdirSync(mailDir).filter((f) => readFileSync(path.join(mailDir, f), "utf8").includes(subject));
    expect(copies).toHaveLength(1);
  });

test("the cart is revalidated against the server: a changed price is shown and corrected, missing stock blocks checkout", async ({
  page,
}) => {
  await addFirstAvailable(page, "Canecas");
  const firstCheck = page.waitForResponse((r) => r.url().endsWith("/api/cart/quote"));
  await page.goto("/carrinho");
  await expect(page.getByRole("region", { name: "Artigos no carrinho" })).toBeVisible();
  await firstCheck;
  const real = await page.evaluate(() => JSON.parse(localStorage.getItem("carrinho") ?? "[]")[0].price as number);
  // The stored cart says 0,01 € and 99 units: the page must show the real price and the shortage. The cart is
  // changed from another page: an open cart page would notice the change itself and correct it at once.
  await page.goto("/sobre-nos");
  await page.evaluate(() => {
    const cart = JSON.parse(localStorage.getItem("carrinho") ?? "[]");
    cart[0].price = 0.01;
    cart[0].quantidade = 99;
    localStorage.setItem("carrinho", JSON.stringify(cart));
  });
  await page.goto("/carrinho");
  await expect(
    page.getByText("Alguns preços mudaram desde que adicionou os artigos; o total foi atualizado:"),
  ).toBeVisible();
  await expect(page.getByText(/Só restam? \d+ unidades? disponíve/).first()).toBeVisible();
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem("carrinho") ?? "[]")[0].price)).toBe(real);

  await loginThroughForm(page, ADMIN.email, ADMIN.password);
  await page.waitForURL("**/dashboard");
  await page.goto("/carrinho");
  await page.getByRole("main").getByText("Multibanco", { exact: true }).click();
  await page.getByRole("button", { name: "Finalizar Compra" }).click();
  await expect(
    page.getByText("Reveja o carrinho: há artigos indisponíveis ou sem stock suficiente.").first(),
  ).toBeVisible();
  await expect(page.getByRole("dialog")).toHaveCount(0);
});
