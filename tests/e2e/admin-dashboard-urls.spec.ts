import { test } from "./fixtures.ts";
import { ADMIN, expect, loginThroughForm } from "./support.ts";

/**
 * The admin screens read their data in route loaders: a slow page shows 'Carregando...' over the
 * page it leaves, and the dashboard's customer modal and pages live in the URL (reload and links
 * work). Runs at 1280 px and 375 px.
 */

test.beforeEach(async ({ page }) => {
  await loginThroughForm(page, ADMIN.email, ADMIN.password);
  await page.waitForURL("**/dashboard");
});

test("while another admin page loads, 'Carregando...' shows over the page being left", async ({ page }) => {
  // Holds the next page's data until the test has seen the loading state.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/usuarios\/ver\/\d+\.data/, async (route) => {
    await held;
    await route.continue();
  });

  const me = page.getByRole("region", { name: "Utilizadores" }).locator("tr, li").filter({ hasText: ADMIN.email });
  await me.getByRole("link", { name: /^Ver / }).click();
  const loading = page.getByRole("main").getByRole("status");
  await expect(loading).toHaveText("Carregando...");
  await expect(page.getByRole("main")).toHaveAttribute("aria-busy", "true");
  await expect(page.getByRole("heading", { name: "Painel de Administração" })).toBeVisible();

  release();
  await expect(page.getByRole("heading", { name: "Ver Utilizador" })).toBeVisible();
  await expect(page.getByText(ADMIN.email, { exact: true })).toBeVisible();
  await expect(loading).toHaveCount(0);
});

test("the customer modal is in the URL: an unknown order says why, the rest of the dashboard stays", async ({
  page,
}) => {
  await page.goto("/dashboard?customerOrder=999999");
  const dialog = page.getByRole("dialog", { name: "Dados do Cliente" });
  await expect(dialog.getByRole("alert")).toHaveText(/Encomenda não encontrada\./);
  await expect(dialog.getByRole("button", { name: "Tentar Novamente" })).toBeVisible();

  await dialog.getByRole("button", { name: "Fechar", exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(/\/dashboard$/);
  // The payments section the modal belongs to was opened with it.
  await expect(page.getByRole("button", { name: "Status Pagamentos" })).toHaveAttribute("aria-expanded", "true");
  await expect(page.getByTestId("resumo-totalProducts")).toHaveText(/^\d+$/);
  await expect(page.getByRole("region", { name: "Utilizadores" }).getByText(ADMIN.email)).toBeVisible();
});
