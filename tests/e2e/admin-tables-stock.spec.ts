/*
 * The other admin tables (stock, low stock, users, product report, variants) fit the screen: at 1280 px a
 * real table whose every column and action is on screen, at 375 px one card per row with every fact.
 * Screenshots go to /work/notes/screens when that directory exists (SCREENS_DIR overrides it).
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { expect, test, type APIRequestContext, type Page } from "./fixtures.ts";
import { ADMIN, loginThroughForm } from "./support.ts";
import { formatEuros } from "#app/lib/format.ts";
import { adminApi, expectButtonsOnScreen, expectNoHorizontalOverflow, SCREENS } from "./admin-tables-support.ts";

let api: APIRequestContext;
let me: { id: number; name: string };

test.beforeAll(async ({ baseURL }) => {
  ({ api, me } = await adminApi(baseURL));
});
test.afterAll(() => api.dispose());

/*
 * The other admin tables (stock, low stock, users, product report, variants): table-driven. Each
 * case names the row (data-row = its id) and the facts the API gives for it; every fact must be
 * visible in that row or card (data-column = the column), on a screen nothing scrolls sideways.
 */
interface TableCase {
  /** Opens the page and shows the table. */
  open: (page: Page) => Promise<void>;
  region: string;
  rowId: number;
  /** Facts read from the API: column id -> text that cell shows. */
  cells: Record<string, string>;
  /** Text the row shows somewhere (in the card's title on a phone, a cell on a wide screen). */
  title: string;
  /** Where no box may scroll sideways (CSS selector); "main" unless the page has a carousel. */
  scope?: string;
  /** Column headers at 1280 px (the card's field labels on a phone are those not in the title). */
  headers: string[];
  cardLabels: string[];
  actions: boolean;
}

const STOCK_PAGES = [
  "gestao-stock",
  "gestao-stock-variants",
  "stock-baixo",
  "dashboard-users",
  "produto-relatorio",
  "produtos-editar-variants",
  "produtos-editprodutos-variants",
] as const;
const cases = new Map<(typeof STOCK_PAGES)[number], TableCase>();

interface StockVariantJson {
  id: number;
  color: string | null;
  size: string | null;
  stock: number;
  reserved: number;
}
interface DetailVariantJson {
  id: number;
  color?: string | null;
  color_name?: string | null;
  size?: string | null;
  size_name?: string | null;
  sizes?: string | null;
  stock: number;
}

test.describe("the other admin tables", () => {
  test.beforeAll(async () => {
    const getJson = async <T>(url: string): Promise<T> => {
      const res = await api.get(url);
      expect(res.status(), url).toBe(200);
      return (await res.json()) as T;
    };
    // A product of the first stock page with at least two variants, so its variants table has rows.
    const stockPage = await getJson<
      Array<{ id: number; name: string; categoria: string | null; totalStock: number; variantsCount: number }>
    >("/api/stock/products?page=1&limit=20");
    const product = stockPage.find((p) => p.variantsCount >= 2)!;
    expect(product, "a product with variants on the first stock page").toBeTruthy();
    const stockDetail = await getJson<{ variants: StockVariantJson[] }>(`/api/stock/product/${product.id}`);
    const variant = stockDetail.variants[stockDetail.variants.length - 1]!;
    const catalogDetail = await getJson<{ variants: DetailVariantJson[] }>(`/api/product/stockdetalhe/${product.id}`);
    const catalogVariant = catalogDetail.variants[catalogDetail.variants.length - 1]!;
    const low = (
      await getJson<
        Array<{
          id: number;
          name: string;
          categoria: string | null;
          variantsCount: number;
          totalStock: number;
          minStock: number;
        }>
      >("/api/stock/low-stock?threshold=10")
    )[0]!;
    expect(low, "a product with low stock").toBeTruthy();
    const users = await getJson<Array<{ id: number; name: string; email: string; function: string }>>("/api/users");
    const admin = users.find((u) => u.id === me.id)!;
    const report = (await getJson<Array<{ id: number; name: string; price: number }>>("/api/product/all"))[0]!;
    const reportDetail = await getJson<{ quantidade: number; categoria: string | null; cor: string }>(
      `/api/product/${report.id}`,
    );

    const visit = (url: string) => async (page: Page) => {
      await page.goto(url);
    };
    cases.set("gestao-stock", {
      open: visit("/gestao-stock"),
      region: "Produtos e stock",
      rowId: product.id,
      title: product.name,
      cells: {
        category: product.categoria || "—",
        total: String(product.totalStock),
        variants: String(product.variantsCount),
      },
      headers: ["Produto", "Categoria", "Stock Total", "Variantes", "Estado", "Ações"],
      cardLabels: ["Categoria", "Stock Total", "Variantes", "Estado"],
      actions: true,
    });
    cases.set("gestao-stock-variants", {
      open: async (page) => {
        await page.goto("/gestao-stock");
        await page.getByRole("button", { name: `Ver variantes de ${product.name}` }).click();
      },
      region: `Variantes de ${product.name}`,
      rowId: variant.id,
      title: variant.color ?? "N/A",
      cells: { stock: String(variant.stock), reserved: String(variant.reserved) },
      headers: ["Cor", "Tamanho", "Stock", "Reservado", "Nível", "Ações"],
      cardLabels: ["Stock", "Reservado"],
      actions: true,
    });
    cases.set("stock-baixo", {
      open: visit("/stock-baixo"),
      region: "Produtos com stock baixo",
      rowId: low.id,
      title: low.name,
      cells: {
        category: low.categoria || "—",
        variants: String(low.variantsCount),
        total: String(low.totalStock),
        min: String(low.minStock),
      },
      headers: ["Produto", "Categoria", "Variantes", "Stock Total", "Stock Mínimo", "Estado", "Ações"],
      cardLabels: ["Categoria", "Variantes", "Stock Total", "Stock Mínimo", "Estado"],
      actions: true,
    });
    cases.set("dashboard-users", {
      open: async () => {},
      region: "Utilizadores",
      rowId: admin.id,
      title: admin.name,
      cells: { id: String(admin.id), email: admin.email, function: admin.function },
      headers: ["ID", "Nome", "Email", "Função", "Ações"],
      cardLabels: ["ID", "Email", "Função"],
      actions: true,
    });
    cases.set("produto-relatorio", {
      open: visit("/produto/relatorio"),
      region: "Produtos",
      rowId: report.id,
      title: report.name,
      cells: {
        price: formatEuros(report.price),
        quantity: String(reportDetail.quantidade),
        category: reportDetail.categoria || "N/A",
        color: reportDetail.cor.split(",").join(", ") || "N/A",
      },
      headers: ["Nome", "Preço", "Quantidade", "Categoria", "Cor", "Ações"],
      cardLabels: ["Preço", "Quantidade", "Categoria", "Cor"],
      actions: true,
    });
    cases.set("produtos-editar-variants", {
      open: visit(`/produtos/editar/${product.id}`),
      region: "Variantes do produto",
      rowId: catalogVariant.id,
      title: catalogVariant.color_name ?? catalogVariant.color ?? "N/A",
      cells: {
        size: catalogVariant.size_name ?? catalogVariant.size ?? catalogVariant.sizes ?? "N/A",
        stock: String(catalogVariant.stock),
      },
      headers: ["Cor", "Tamanho", "Stock", "Estado", "Ações"],
      cardLabels: ["Tamanho", "Stock"],
      actions: true,
    });
    cases.set("produtos-editprodutos-variants", {
      open: visit(`/produtos/editprodutos/${product.id}`),
      region: "Tabela de stock por variante",
      // The picture carousel above scrolls sideways on purpose; the variants section must not.
      scope: 'section[aria-labelledby="variants-heading"]',
      rowId: catalogVariant.id,
      title: catalogVariant.color_name || catalogVariant.color || "N/A",
      cells: {
        size: catalogVariant.sizes || catalogVariant.size || catalogVariant.size_name || "N/A",
        stock: String(catalogVariant.stock),
      },
      headers: ["Cor", "Tamanhos", "Stock"],
      cardLabels: ["Tamanhos", "Stock"],
      actions: false,
    });
  });

  for (const name of STOCK_PAGES) {
    test(`${name}: the table fits the screen, every fact of a row visible (a card per row on a phone)`, async ({
      page,
    }, info) => {
      const c = cases.get(name)!;
      await loginThroughForm(page, ADMIN.email, ADMIN.password);
      await page.waitForURL("**/dashboard");
      await c.open(page);
      const region = page.getByRole("region", { name: c.region, exact: true });
      await expect(region).toBeVisible();
      // The rows are drawn before anything is measured.
      await expect(region.locator("tr, li").filter({ hasText: c.title }).first()).toBeVisible();
      await expectNoHorizontalOverflow(page, c.scope);
      const row = region.locator(`[data-row="${c.rowId}"]`);
      await expect(row).toBeVisible();
      await expect(row.getByText(c.title).first()).toBeVisible();
      for (const [column, text] of Object.entries(c.cells))
        await expect(row.locator(`[data-column="${column}"]`), column).toHaveText(text);
      if (c.actions) await expectButtonsOnScreen(page, row);
      if (info.project.name === "mobile") await expect(row.locator("dt")).toHaveText(c.cardLabels);
      else await expect(region.getByRole("columnheader")).toHaveText(c.headers);
      if (existsSync(SCREENS))
        await page.screenshot({
          path: path.join(SCREENS, `${name}-${info.project.name === "mobile" ? 375 : 1280}-h6.png`),
          fullPage: true,
        });
    });
  }
});
