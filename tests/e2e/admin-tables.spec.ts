/*
 * Admin tables fit the screen (issue 11, 2.4): at 1280 px a real table whose every column and
 * action is on screen, at 375 px one card per row with every fact of the row. And 'Enviar
 * confirmação' is offered on paid orders only (2.6). Screenshots go to /work/notes/screens when
 * that directory exists (SCREENS_DIR overrides it).
 */
import { existsSync } from "node:fs";
import path from "node:path";
import type { Locator } from "@playwright/test";
import { expect, request as playwrightRequest, test, type APIRequestContext, type Page } from "./fixtures.ts";
import { ADMIN, loginThroughForm } from "./support.ts";
import { formatEuros } from "#app/lib/format.ts";

const SCREENS = process.env.SCREENS_DIR ?? "/work/notes/screens";

interface Placed {
  orderId: number;
  reference: string;
  productId: number;
  quantity: number;
}

let api: APIRequestContext;
let csrf: string;
let me: { id: number; name: string };
let paid: Placed;
let pending: Placed;

async function placeOrder(quantity: number): Promise<Placed> {
  const list = (await (await api.get("/api/product")).json()) as Array<{ id: number }>;
  for (const { id } of list) {
    const detail = (await (await api.get(`/api/product/stockdetalhe/${id}`)).json()) as {
      variants: Array<{ id: number; stock: number }>;
    };
    const variant = detail.variants.find((v) => v.stock >= quantity);
    if (!variant) continue;
    const res = await api.post("/orders", {
      headers: { "x-csrf-token": csrf },
      data: {
        metodo_pagamento: "mb",
        dados_entrega: {
          nome: "Teresa Tabela",
          morada: "Rua Larga, 1",
          codigo_postal: "3000-001",
          cidade: "Coimbra",
          telefone: "912345678",
        },
        items: [{ product_id: id, variant_id: variant.id, quantity }],
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    const body = await res.json();
    return { orderId: body.order_id, reference: String(body.pagamento.referencia), productId: id, quantity };
  }
  throw new Error("no product with stock");
}

test.beforeAll(async ({ baseURL }) => {
  api = await playwrightRequest.newContext({ baseURL });
  const login = await api.post("/users/login", { data: { email: ADMIN.email, password: ADMIN.password } });
  expect(login.status()).toBe(200);
  me = (await login.json()).user;
  csrf = (await api.storageState()).cookies.find((c) => c.name === "loja_csrf")!.value;
  paid = await placeOrder(3);
  const simulated = await api.post("/api/payments/sandbox/simulate", {
    headers: { "x-csrf-token": csrf },
    data: { order_id: paid.orderId },
  });
  expect(simulated.status(), await simulated.text()).toBe(200);
  pending = await placeOrder(2);
});
test.afterAll(() => api.dispose());

/** The row (table) or card (phone) of an order, whichever the screen shows. */
const rowOf = (page: Page, reference: string): Locator =>
  page.locator("tr, li").filter({ hasText: reference }).filter({ visible: true });

/** Nothing scrolls sideways: not the page, and no box inside `scope` (CSS selector) clips its content. */
async function expectNoHorizontalOverflow(page: Page, scope = "main") {
  const found = await page.evaluate((scope) => {
    const width = window.innerWidth;
    const page = document.scrollingElement!.scrollWidth;
    const clipped = [...document.querySelectorAll<HTMLElement>(`${scope}, ${scope} *`)]
      // sr-only text (1 px boxes that clip on purpose) is not a table that scrolls.
      .filter(
        (el) =>
          el.offsetParent !== null &&
          el.clientWidth > 1 &&
          el.scrollWidth > el.clientWidth + 1 &&
          getComputedStyle(el).overflowX !== "visible",
      )
      .map(
        (el) =>
          `${el.tagName.toLowerCase()}[${el.getAttribute("aria-label") ?? el.className}] ${el.scrollWidth} > ${el.clientWidth}`,
      );
    return { width, page, clipped };
  }, scope);
  expect(found.page, `the page is ${found.page} px wide in a ${found.width} px window`).toBeLessThanOrEqual(
    found.width,
  );
  expect(found.clipped, "boxes that scroll sideways").toEqual([]);
}

/** Every button of the row is visible and entirely inside the window and inside its row (table row or card). */
async function expectButtonsOnScreen(page: Page, scope: Locator) {
  const width = page.viewportSize()!.width;
  const row = (await scope.boundingBox())!;
  // Links styled as row actions (Ver, Editar) must be on screen just like buttons.
  const buttons = scope.locator("button, a[href]");
  const count = await buttons.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) {
    const button = buttons.nth(i);
    await expect(button).toBeVisible();
    await button.scrollIntoViewIfNeeded();
    const box = (await button.boundingBox())!;
    expect(box.x, `${await button.getAttribute("aria-label")} starts on screen`).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `${await button.getAttribute("aria-label")} ends on screen`).toBeLessThanOrEqual(width);
    expect(box.x + box.width, `${await button.getAttribute("aria-label")} ends inside its row`).toBeLessThanOrEqual(
      row.x + row.width,
    );
  }
}

test("/payment-status fits the screen: every column and action on screen, all of a row's facts on a phone; 'Enviar confirmação' only on paid orders", async ({
  page,
}, info) => {
  test.setTimeout(60_000);
  await loginThroughForm(page, ADMIN.email, ADMIN.password);
  await page.waitForURL("**/dashboard");
  await page.goto("/payment-status");
  const paidRow = rowOf(page, paid.reference);
  const pendingRow = rowOf(page, pending.reference);
  await expect(paidRow).toHaveCount(1);
  await expect(pendingRow).toHaveCount(1);
  await expectNoHorizontalOverflow(page);

  for (const [row, order, status] of [
    [paidRow, paid, "Pago"],
    [pendingRow, pending, "Pendente"],
  ] as const) {
    // Every fact of the row is there, visible: reference, user, product, quantity, status, date.
    for (const fact of [order.reference, me.name, `ID ${me.id}`, `#${order.productId}`, status])
      await expect(row.getByText(fact, { exact: false }).first()).toBeVisible();
    await expect(row.getByText(String(order.quantity), { exact: true })).toBeVisible();
    await expect(row.getByText(/\d{2}\/\d{2}\/\d{4}/).first()).toBeVisible();
    await expectButtonsOnScreen(page, row);
    await expect(row.getByRole("button", { name: `Verificar pagamento do pedido ${order.orderId}` })).toBeVisible();
  }
  await expect(paidRow.getByRole("button", { name: `Enviar confirmação do pedido ${paid.orderId}` })).toBeVisible();
  await expect(pendingRow.getByRole("button", { name: /^Enviar confirmação/ })).toHaveCount(0);

  if (info.project.name === "mobile") {
    // A card labels each fact: the phone shows all seven, not two columns of a table.
    for (const label of ["Utilizador", "Produto", "Quantidade", "Status", "Data"])
      await expect(paidRow.getByText(label, { exact: true })).toBeVisible();
    await expect(paidRow.getByRole("heading", { name: `Pedido ${paid.reference}` })).toBeVisible();
  } else {
    await expect(page.getByRole("region", { name: "Pagamentos" }).getByRole("columnheader")).toHaveText([
      "Pedido",
      "Utilizador",
      "Produto",
      "Quantidade",
      "Status",
      "Data",
      "Ações",
    ]);
  }

  // The resend really sends: the answer names the order and the address.
  await paidRow.getByRole("button", { name: `Enviar confirmação do pedido ${paid.orderId}` }).click();
  await expect(page.getByText(`Confirmação da encomenda #${paid.orderId} enviada para ${ADMIN.email}.`)).toBeVisible();

  if (existsSync(SCREENS))
    await page.screenshot({ path: path.join(SCREENS, `payment-status-${info.project.name}.png`), fullPage: true });
});

test("/orders fits the screen: a table with every column, or one card per order with every fact", async ({
  page,
}, info) => {
  await loginThroughForm(page, ADMIN.email, ADMIN.password);
  await page.waitForURL("**/dashboard");
  await page.goto("/orders");
  const row = rowOf(page, pending.reference);
  await expect(row).toHaveCount(1);
  await expectNoHorizontalOverflow(page);
  for (const fact of [pending.reference, me.name, `#${pending.productId}`])
    await expect(row.getByText(fact, { exact: false }).first()).toBeVisible();
  await expect(row.getByText(String(pending.quantity), { exact: true })).toBeVisible();
  await expect(row.getByText(/\d{2}\/\d{2}\/\d{4}/)).toBeVisible();
  if (info.project.name === "mobile") {
    for (const label of ["Cliente", "Produto", "Quantidade", "Data"])
      await expect(row.getByText(label, { exact: true })).toBeVisible();
  }
  if (existsSync(SCREENS))
    await page.screenshot({ path: path.join(SCREENS, `orders-${info.project.name}.png`), fullPage: true });
});

test("the dashboard's 'Status Pagamentos' table fits the screen too", async ({ page }, info) => {
  await loginThroughForm(page, ADMIN.email, ADMIN.password);
  await page.waitForURL("**/dashboard");
  await page.getByRole("button", { name: "Status Pagamentos" }).click();
  const row = rowOf(page, pending.reference);
  await expect(row).toHaveCount(1);
  await expect(page.getByRole("region", { name: "Pagamentos" })).toBeVisible();
  await expectNoHorizontalOverflow(page, '[aria-label="Pagamentos"]');
  for (const fact of [pending.reference, me.name, "Pendente"])
    await expect(row.getByText(fact, { exact: false }).first()).toBeVisible();
  await expect(row.getByText(String(pending.quantity), { exact: true })).toBeVisible();
  await expectButtonsOnScreen(page, row);
  if (existsSync(SCREENS))
    await page.screenshot({ path: path.join(SCREENS, `dashboard-payments-${info.project.name}.png`), fullPage: true });
});

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
