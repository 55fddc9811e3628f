/*
 * /orders' search and filters in the browser (1280 and 375 px): filter by status, search by a payment reference,
 * the filtered view kept in the URL (reload), and 'Exportar CSV' downloading exactly the orders on screen.
 * The expected orders are read another way: from the API, filtered by the same facts, and from the orders placed here.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type APIRequestContext, type Page } from "./fixtures.ts";
import { ADMIN, expectAccessible, loginThroughForm } from "./support.ts";
import { adminApi, expectNoHorizontalOverflow, SCREENS } from "./admin-tables-support.ts";

interface Placed {
  orderId: number;
  reference: string;
  total: number;
}

let api: APIRequestContext;
let csrf: string;
let paid: Placed;
let pending: Placed;

async function placeOrder(method: "mb" | "payshop", quantity: number): Promise<Placed> {
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
        metodo_pagamento: method,
        dados_entrega: {
          nome: "Filipa Filtro",
          morada: "Rua da Pesquisa, 5",
          codigo_postal: "4000-001",
          cidade: "Porto",
          telefone: "912345678",
        },
        items: [{ product_id: id, variant_id: variant.id, quantity }],
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    const body = await res.json();
    const order = await (await api.get(`/api/orders/${body.order_id}`)).json();
    return { orderId: body.order_id, reference: String(body.pagamento.referencia), total: order.total };
  }
  throw new Error("no product with stock");
}

/** The order numbers (reference, else id) of the rows on screen, table or cards, in order. */
async function ordersOnScreen(page: Page): Promise<string[]> {
  const cells = page.locator('[data-column="order"], [data-row] h3 a').filter({ visible: true });
  return (await cells.allInnerTexts()).map((t) => t.trim());
}

/** The API's answer for the same filters: the order numbers of its lines, in order. */
async function ordersFromApi(query: string): Promise<string[]> {
  const res = await api.get(`/api/orders?limit=50&${query}`);
  expect(res.status()).toBe(200);
  const lines = (await res.json()) as Array<{ id: number; payment_reference: string | null }>;
  return lines.map((l) => l.payment_reference || String(l.id));
}

/** The downloaded CSV: BOM, ';', quoted cells; rows without the header. */
function parseCsv(text: string): string[][] {
  expect(text.startsWith("\uFEFF"), "UTF-8 BOM").toBe(true);
  const lines = text.slice(1).split("\r\n");
  expect(lines.pop()).toBe("");
  // Names in this test have no ';', quotes or line breaks: a plain split is exact here.
  return lines.slice(1).map((l) => l.split(";"));
}

test.beforeAll(async ({ baseURL }) => {
  ({ api, csrf } = await adminApi(baseURL));
  paid = await placeOrder("mb", 1);
  const simulated = await api.post("/api/payments/sandbox/simulate", {
    headers: { "x-csrf-token": csrf },
    data: { order_id: paid.orderId },
  });
  expect(simulated.status(), await simulated.text()).toBe(200);
  pending = await placeOrder("payshop", 2);
});
test.afterAll(() => api.dispose());

test("filter by status and search by reference: exactly the expected orders, kept in the URL, and the CSV equals the table", async ({
  page,
}, info) => {
  test.setTimeout(60_000);
  await loginThroughForm(page, ADMIN.email, ADMIN.password);
  await page.waitForURL("**/dashboard");
  await page.goto("/orders");

  // Status 'Paga': the rows are the API's lines of paid orders; the paid order is there, the pending one not.
  await page.getByLabel("Estado").selectOption({ label: "Paga" });
  await page.getByRole("button", { name: "Filtrar" }).click();
  await page.waitForURL(/order_status=paid/);
  const expectedPaid = await ordersFromApi("order_status=paid");
  await expect.poll(() => ordersOnScreen(page)).toEqual(expectedPaid);
  const paidRows = await ordersOnScreen(page);
  expect(paidRows).toContain(paid.reference);
  expect(paidRows).not.toContain(pending.reference);
  await expectNoHorizontalOverflow(page);
  await expectAccessible(page);
  if (existsSync(SCREENS))
    await page.screenshot({ path: path.join(SCREENS, `orders-status-${info.project.name}.png`), fullPage: true });

  // Search by the pending order's reference, typed with spaces as a receipt prints it; the status filter cleared.
  await page.getByLabel("Estado").selectOption({ label: "Todos" });
  await page.getByLabel("Pesquisar", { exact: true }).fill(pending.reference.replace(/(\d{3})(?=\d)/g, "$1 "));
  await page.getByRole("button", { name: "Filtrar" }).click();
  await page.waitForURL((url) => url.searchParams.has("search") && !url.searchParams.has("order_status"));
  await expect.poll(() => ordersOnScreen(page)).toEqual([pending.reference]);
  const row = page.locator("[data-row]").filter({ visible: true });
  await expect(row.getByText("A aguardar pagamento")).toBeVisible();
  await expect(row.getByText(pending.total.toFixed(2).replace(".", ","), { exact: false })).toBeVisible();
  await expect(row.getByRole("link", { name: pending.reference })).toHaveAttribute(
    "href",
    `/orders/${pending.orderId}`,
  );
  await expectNoHorizontalOverflow(page);

  // The filtered view is the URL: a reload shows the same rows and the same search in the box.
  await page.reload();
  await expect(page.getByLabel("Pesquisar", { exact: true })).toHaveValue(
    pending.reference.replace(/(\d{3})(?=\d)/g, "$1 "),
  );
  expect(await ordersOnScreen(page)).toEqual([pending.reference]);
  if (existsSync(SCREENS))
    await page.screenshot({ path: path.join(SCREENS, `orders-search-${info.project.name}.png`), fullPage: true });

  // 'Exportar CSV' downloads these filters: the same order, with the table's facts.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Exportar CSV" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^encomendas-\d{4}-\d{2}-\d{2}\.csv$/);
  const rows = parseCsv(readFileSync((await download.path())!, "utf8"));
  expect(rows).toHaveLength(1);
  const [id, , , email, method, reference, status, , , total] = rows[0]!;
  expect([Number(id), email, method, reference!.replace(/ /g, ""), status, total]).toEqual([
    pending.orderId,
    ADMIN.email,
    "Payshop",
    pending.reference,
    "A aguardar pagamento",
    pending.total.toFixed(2).replace(".", ","),
  ]);

  // And the status filter's CSV has exactly the paid rows' orders, in the table's order.
  await page.goto("/orders?order_status=paid");
  const onScreen = [...new Set(await ordersOnScreen(page))];
  const [paidDownload] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Exportar CSV" }).click(),
  ]);
  const paidCsv = parseCsv(readFileSync((await paidDownload.path())!, "utf8"));
  expect(paidCsv.every((r) => r[6] === "Paga")).toBe(true);
  // The page shows at most 50 lines; the CSV has every paid order, starting with the page's.
  expect(paidCsv.slice(0, onScreen.length).map((r) => r[5]!.replace(/ /g, "") || r[0])).toEqual(onScreen);
});

/** A Lisbon calendar day, YYYY-MM-DD, `days` days from today. */
const lisbonDay = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toLocaleDateString("en-CA", { timeZone: "Europe/Lisbon" });

test("a refused filter says why above the form, which keeps what was typed", async ({ page }) => {
  const [today, tomorrow, yesterday] = [lisbonDay(0), lisbonDay(1), lisbonDay(-1)];
  await loginThroughForm(page, ADMIN.email, ADMIN.password);
  await page.waitForURL("**/dashboard");
  const response = await page.goto(`/orders?from=${tomorrow}&to=${today}&search=${pending.reference}`);
  expect(response?.status()).toBe(400);
  await expect(
    page.getByRole("alert").filter({ hasText: "A data inicial não pode ser posterior à data final." }),
  ).toBeVisible();
  await expect(page.getByLabel("De", { exact: true })).toHaveValue(tomorrow);
  await expect(page.getByLabel("Até", { exact: true })).toHaveValue(today);
  await expect(page.getByLabel("Pesquisar", { exact: true })).toHaveValue(pending.reference);
  await expect(page.locator("[data-row]")).toHaveCount(0);
  await expectNoHorizontalOverflow(page);

  // Corrected in the form: the order placed today is found.
  await page.getByLabel("De", { exact: true }).fill(yesterday);
  await page.getByRole("button", { name: "Filtrar" }).click();
  await page.waitForURL((url) => url.searchParams.get("from") === yesterday);
  await expect(page.getByRole("alert").filter({ hasText: "data inicial" })).toHaveCount(0);
  await expect.poll(() => ordersOnScreen(page)).toEqual([pending.reference]);
});
