import { mkdirSync } from "node:fs";
import { expect, test, type Page } from "./fixtures.ts";
import { adminApi, expectNoHorizontalOverflow, rowOf } from "./admin-tables-support.ts";
import { ADMIN, expectAccessible, loginThroughForm, tag, toastText } from "./support.ts";

/**
 * Issue 20 item 1: the admin opens 'Promoções' from the Produtos menu, is stopped by the form's pt-PT message, creates
 * a discount code and an automatic promotion, edits the code and deactivates the automatic one; the API then holds
 * exactly what was typed. At 1280 and 375 px. The automatic promotion starts in 2099 and both are deleted at the end,
 * so the other browser tests' prices never see them.
 */

const SHOTS = process.env.SCREENSHOTS_DIR;

async function screenshot(page: Page, name: string) {
  const dir = SHOTS ?? test.info().outputPath();
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: `${dir}/${name}-${page.viewportSize()!.width}px.png`, fullPage: true });
}

/** Produtos → Promoções in the admin menu (in the drawer on a phone). */
async function openPromotions(page: Page) {
  const link = page.getByRole("link", { name: "Promoções", exact: true });
  await expect(async () => {
    if (page.viewportSize()!.width < 768) {
      await page.getByRole("button", { name: "Abrir menu de administração" }).click();
    }
    const group = page.getByRole("button", { name: "Produtos", exact: true }).filter({ visible: true });
    if ((await group.getAttribute("aria-expanded")) !== "true") await group.click();
    await expect(link.filter({ visible: true })).toBeVisible({ timeout: 1_000 });
  }).toPass();
  await link.filter({ visible: true }).click();
  await page.waitForURL("**/promocoes");
}

test("the admin creates a discount code and an automatic promotion on 'Promoções'", async ({ page, baseURL }) => {
  test.setTimeout(60_000);
  const { api, csrf } = await adminApi(baseURL);
  const suffix = tag();
  const code = `E2E-${suffix}`.toUpperCase();
  const codeName = `Código ${suffix}`;
  const autoName = `Saldos ${suffix}`;
  const categories = (await (await api.get("/api/product/categorias")).json()) as Array<{ id: number; name: string }>;

  try {
    await loginThroughForm(page, ADMIN.email, ADMIN.password);
    await page.waitForURL("**/dashboard");
    await openPromotions(page);
    await expect(page.getByRole("heading", { level: 1, name: "Promoções" })).toBeVisible();

    // Nothing typed: the API's own message under the field, nothing sent.
    const form = page.getByRole("form", { name: "Nova promoção" });
    await form.getByRole("button", { name: "Criar promoção" }).click();
    await expect(form.getByText("Indique o nome da promoção.")).toBeVisible();

    // A code: 15 % from 20 € of purchases, 50 uses, 1 per customer.
    await form.getByLabel("Nome").fill(codeName);
    await form.getByLabel("Código", { exact: true }).fill(code);
    await form.getByLabel("Tipo de desconto").selectOption("percentagem");
    await form.getByLabel("Percentagem (%)").fill("150");
    await form.getByRole("button", { name: "Criar promoção" }).click();
    await expect(form.getByText("A percentagem tem de ser um número inteiro entre 1 e 100.")).toBeVisible();
    await form.getByLabel("Percentagem (%)").fill("15");
    await form.getByLabel("Mínimo de compras (€, opcional)").fill("20,00");
    await form.getByLabel("Usos no total (opcional)").fill("50");
    await form.getByLabel("Usos por cliente (opcional)").fill("1");
    await form.getByRole("button", { name: "Criar promoção" }).click();
    await expect(toastText(page, "Promoção criada.")).toBeVisible();
    await expect(rowOf(page, code)).toHaveCount(1);

    // An automatic promotion: 2,50 € off the first category, from 2099 (so no other test sees it).
    await form.getByLabel("Aplicação").selectOption("true");
    await expect(form.getByLabel("Código", { exact: true })).toHaveCount(0);
    await form.getByLabel("Nome").fill(autoName);
    await form.getByLabel("Tipo de desconto").selectOption("valor");
    await form.getByLabel("Valor (€)").fill("2,50");
    await form.getByLabel("Início (hora de Lisboa, opcional)").fill("2099-01-01T00:00");
    if (categories[0]) await form.getByRole("checkbox", { name: categories[0].name, exact: true }).check();
    await form.getByRole("button", { name: "Criar promoção" }).click();
    await expect(toastText(page, "Promoção criada.").last()).toBeVisible();
    const autoRow = rowOf(page, autoName);
    await expect(autoRow).toHaveCount(1);
    await expect(autoRow.getByText("Agendada")).toBeVisible();

    let list = (await (await api.get("/api/promocoes")).json()) as Array<Record<string, unknown>>;
    const created = list.find((p) => p.codigo === code);
    expect(created).toMatchObject({
      nome: codeName,
      tipo: "percentagem",
      valor: 15,
      minimo: 20,
      usos_max: 50,
      usos_por_cliente: 1,
      categorias: [],
      produtos: [],
      acumulavel: false,
      ativa: true,
      usos: 0,
    });
    const automatic = list.find((p) => p.nome === autoName);
    expect(automatic).toMatchObject({
      codigo: null,
      tipo: "valor",
      valor: 2.5,
      inicio: "2099-01-01T00:00",
      fim: null,
      categorias: categories[0] ? [categories[0].id] : [],
      ativa: true,
    });

    await expectNoHorizontalOverflow(page);
    await expectAccessible(page);
    await screenshot(page, "promocoes");

    // Edit the code: 20 % now.
    await rowOf(page, code)
      .getByRole("button", { name: `Editar ${codeName}` })
      .click();
    const edit = page.getByRole("form", { name: "Editar promoção" });
    await expect(edit.getByLabel("Código", { exact: true })).toHaveValue(code);
    await edit.getByLabel("Percentagem (%)").fill("20");
    await edit.getByRole("button", { name: "Guardar alterações" }).click();
    await expect(toastText(page, "Promoção guardada.")).toBeVisible();
    await expect(page.getByRole("form", { name: "Nova promoção" })).toBeVisible();
    await expect(rowOf(page, code).getByText("20 %")).toBeVisible();

    // Deactivate the automatic one.
    await rowOf(page, autoName)
      .getByRole("button", { name: `Desativar ${autoName}` })
      .click();
    await expect(toastText(page, "Promoção atualizada.")).toBeVisible();
    await expect(rowOf(page, autoName).getByText("Inativa")).toBeVisible();

    list = (await (await api.get("/api/promocoes")).json()) as Array<Record<string, unknown>>;
    expect(list.find((p) => p.codigo === code)).toMatchObject({ valor: 20, minimo: 20, usos_max: 50, ativa: true });
    expect(list.find((p) => p.nome === autoName)).toMatchObject({ ativa: false, valor: 2.5 });
    await screenshot(page, "promocoes-editada");
  } finally {
    const list = (await (await api.get("/api/promocoes")).json()) as Array<{ id: number; nome: string }>;
    for (const p of list.filter((p) => p.nome === codeName || p.nome === autoName)) {
      await api.delete(`/api/promocoes/${p.id}`, { headers: { "x-csrf-token": csrf } });
    }
    await api.dispose();
  }
});
