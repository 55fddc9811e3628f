/*
 * Certified invoices at 1280 and 375 px (the e2e server issues them through the local InvoiceXpress stand-in): an
 * order paid in the sandbox gets its fatura-recibo from the job; the admin order page's 'Documentos fiscais' shows its
 * number, ATCUD and PDF; the shopper's /conta/encomendas/:id shows 'Fatura' linking to the PDF. Nothing scrolls
 * sideways. Screenshots go to /work/notes/screens when that directory exists.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { expect, request, test, type APIRequestContext, type Page } from "./fixtures.ts";
import { adminApi, expectNoHorizontalOverflow, SCREENS } from "./admin-tables-support.ts";
import { firstInStock, postMbOrder } from "./accounts-kit.ts";
import { ADMIN, expectAccessible, loginThroughForm, uniqueEmail } from "./support.ts";

interface Doc {
  id: number;
  kind: string;
  status: string;
  number: string | null;
  atcud: string | null;
  pdf_url: string | null;
  total_cents: number;
}

let admin: APIRequestContext;
let adminCsrf: string;

test.beforeAll(async ({ baseURL }) => {
  ({ api: admin, csrf: adminCsrf } = await adminApi(baseURL));
});
test.afterAll(() => admin.dispose());

/** A shopper account, verified and signed in through the API (its session shared with the browser page). */
async function shopper(baseURL: string | undefined) {
  const email = uniqueEmail("fatura");
  const password = "fatura-e2e-123";
  const created = await admin.post("/users/newuser", {
    headers: { "x-csrf-token": adminCsrf },
    data: { name: "Fátima Fatura", email, password, function: "cliente" },
  });
  expect(created.status(), await created.text()).toBeLessThan(300);
  const api = await request.newContext({ baseURL });
  const login = await api.post("/users/login", { data: { email, password } });
  expect(login.status(), await login.text()).toBe(200);
  const csrf = (await api.storageState()).cookies.find((c) => c.name === "loja_csrf")!.value;
  return { api, csrf, email, password };
}

/** A Multibanco order of 2 units of the first product with stock, with a NIF, paid in the sandbox. */
async function paidOrder(api: APIRequestContext, csrf: string): Promise<number> {
  const { productId, variantId } = await firstInStock(api, 2);
  const delivery = {
    nome: "Fátima Fatura",
    morada: "Rua de Santa Catarina, 312, 2.º",
    codigo_postal: "4000-443",
    cidade: "Porto",
    telefone: "912345678",
  };
  const items = [{ product_id: productId, variant_id: variantId, quantity: 2 }];
  const res = await postMbOrder(api, csrf, delivery, items, { dados_faturacao: { nif: "501964843" } });
  expect(res.status(), await res.text()).toBe(201);
  const orderId = (await res.json()).order_id as number;
  const paid = await admin.post("/api/payments/sandbox/simulate", {
    headers: { "x-csrf-token": adminCsrf },
    data: { order_id: orderId },
  });
  expect(paid.status(), await paid.text()).toBe(200);
  return orderId;
}

const shot = async (page: Page, name: string, project: string) => {
  if (existsSync(SCREENS))
    await page.screenshot({ path: path.join(SCREENS, `invoice-${name}-${project}.png`), fullPage: true });
};

test("paid order: the job issues its invoice; the admin sees number, ATCUD and PDF; the shopper gets 'Fatura'", async ({
  page,
  baseURL,
}, info) => {
  test.setTimeout(90_000);
  const buyer = await shopper(baseURL);
  const orderId = await paidOrder(buyer.api, buyer.csrf);

  // The job runs as soon as the payment commits (nudged), so the invoice is issued within seconds.
  let invoice: Doc | undefined;
  await expect
    .poll(
      async () => {
        const res = await admin.get(`/api/orders/${orderId}/invoices`);
        invoice = ((await res.json()).documents as Doc[]).find((d) => d.kind === "invoice");
        return invoice?.status;
      },
      { timeout: 20_000, message: "the invoice issued" },
    )
    .toBe("issued");
  expect(invoice!.number).toMatch(/^FR /);
  expect(invoice!.atcud).toBeTruthy();

  await loginThroughForm(page, ADMIN.email, ADMIN.password);
  await page.waitForURL("**/dashboard");
  await page.goto(`/orders/${orderId}`);
  const panel = page.locator("section").filter({ has: page.getByRole("heading", { name: "Documentos fiscais" }) });
  await expect(panel.getByText(invoice!.number!, { exact: true })).toBeVisible();
  await expect(panel.getByText("Emitida", { exact: true })).toBeVisible();
  await expect(panel.getByText(invoice!.atcud!, { exact: true })).toBeVisible();
  const pdfLink = panel.getByRole("link", { name: "Abrir PDF" });
  await expect(pdfLink).toHaveAttribute("href", /\/pdf\/\d+\.pdf$/);
  await panel.scrollIntoViewIfNeeded();
  await expectNoHorizontalOverflow(page);
  await expectAccessible(page);
  await shot(page, "admin", info.project.name);

  // The shopper's order page, in the shopper's own session.
  await page.context().clearCookies();
  await loginThroughForm(page, buyer.email, buyer.password);
  await page.waitForURL((url) => !url.pathname.startsWith("/login"));
  await page.goto(`/conta/encomendas/${orderId}`);
  const link = page.getByRole("link", { name: new RegExp(`^${invoice!.number!.replace(/[/ ]/g, ".")}`) });
  await expect(link).toBeVisible();
  await expect(link).toHaveAttribute("href", `/api/users/me/orders/${orderId}/invoice`);
  const pdf = await buyer.api.get(`/api/users/me/orders/${orderId}/invoice`, { maxRedirects: 0 });
  expect(pdf.status()).toBe(302);
  const file = await buyer.api.get(pdf.headers().location!);
  expect(file.headers()["content-type"]).toContain("application/pdf");
  expect((await file.body()).subarray(0, 5).toString()).toBe("%PDF-");
  await expectNoHorizontalOverflow(page);
  await expectAccessible(page);
  await shot(page, "conta", info.project.name);
  await buyer.api.dispose();
});
