import { request as playwrightRequest, test, type APIRequestContext, type Page } from "./fixtures.ts";
import sharp from "sharp";
import { ADMIN, expect, loginThroughForm, readMailTo, uniqueEmail } from "./support.ts";

/**
 * Stored XSS (issue 6): markup saved in a product, a banner, a user name and an order's delivery
 * data must reach every page that shows it as text. The SSR HTML (loader data included) must not
 * carry it raw, no script runs in the browser (public and admin pages), and HTML answers have a
 * nonce-based CSP without 'unsafe-inline' / 'unsafe-eval' in script-src.
 */

const SCRIPT = "<script>alert(1)</script>";
const IMG = '"><img src=x onerror=alert(1)>';
const CLOSE = "</script><script>alert(2)</script>";
/** What must never appear unescaped in any HTML we serve. */
const RAW = [SCRIPT, "<img src=x onerror=alert(1)>", CLOSE];

async function apiContext(
  baseURL: string,
  email: string,
  password: string,
): Promise<{ api: APIRequestContext; csrf: string }> {
  const api = await playwrightRequest.newContext({ baseURL });
  const res = await api.post("/users/login", { data: { email, password } });
  expect(res.status(), await res.text()).toBe(200);
  const csrf = (await api.storageState()).cookies.find((c) => c.name === "loja_csrf")!.value;
  return { api, csrf };
}

function checkCsp(header: string | undefined, html: string, where: string) {
  expect(header, where).toBeTruthy();
  const scriptSrc = header!
    .split(";")
    .map((d) => d.trim())
    .find((d) => d.startsWith("script-src"));
  expect(scriptSrc, where).toBeTruthy();
  expect(scriptSrc, where).not.toContain("'unsafe-inline'");
  expect(scriptSrc, where).not.toContain("'unsafe-eval'");
  const nonce = /'nonce-([^']+)'/.exec(scriptSrc!)?.[1];
  expect(nonce, `${where}: nonce in script-src`).toBeTruthy();
  // Every script element we send carries this request's nonce.
  for (const tag of html.match(/<script\b[^>]*>/g) ?? []) {
    if (/\bsrc=/.test(tag) && !/\bnonce=/.test(tag)) continue; // our own files are allowed by 'self'
    expect(tag, where).toContain(`nonce="${nonce}"`);
  }
}

function checkHtml(html: string, where: string) {
  for (const raw of RAW) expect(html.includes(raw), `${where} carries ${raw} unescaped`).toBe(false);
}

async function noScriptRan(page: Page, dialogs: string[], where: string) {
  await page.waitForLoadState("networkidle");
  expect(dialogs, `${where}: a dialog opened`).toEqual([]);
  expect(await page.locator('img[src="x"]').count(), `${where}: injected <img>`).toBe(0);
  // Hydration data may carry the text inside a JS string; an injected element would hold only the call.
  const injected = await page.evaluate(() => [...document.scripts].some((s) => /^alert\(\d\)$/.test(s.text.trim())));
  expect(injected, `${where}: injected <script>`).toBe(false);
}

test("markup stored in products, banners, user names and delivery data is shown as text, never run", async ({
  page,
  baseURL,
}, testInfo) => {
  test.setTimeout(90_000);
  const tag = `${testInfo.project.name}-${Date.now() % 100000}`;
  const { api: admin, csrf } = await apiContext(baseURL!, ADMIN.email, ADMIN.password);
  const h = { "x-csrf-token": csrf };
  const image = await sharp({ create: { width: 200, height: 150, channels: 3, background: { r: 30, g: 90, b: 160 } } })
    .png()
    .toBuffer();

  // Product with markup in name and description, with a variant in stock.
  const categoria = String(
    ((await (await admin.get("/api/product/categorias")).json()) as Array<{ id: number }>)[0]!.id,
  );
  const productName = `XSS ${tag} ${SCRIPT}`;
  const created = await admin.post("/api/product/create", {
    headers: h,
    multipart: {
      name: productName,
      description: `Descrição ${IMG} e ${CLOSE}`,
      price: "12,50",
      categoria,
      sizes: "Único",
      images: { name: "foto.png", mimeType: "image/png", buffer: image },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const productId = (await created.json()).id as number;
  const colorId = ((await (await admin.get("/api/product/cores")).json()) as Array<{ id: number }>)[0]!.id;
  const variant = await admin.post("/api/product/createVariants", {
    headers: h,
    data: { product_id: productId, color_id: colorId, stock: 10 },
  });
  expect(variant.status(), await variant.text()).toBe(201);
  const variantId = (await variant.json()).variant.id as number;

  // Active banner with markup in titulo and slogam (the shop's banner is restored at the end).
  const previousBanner = (
    (await (await admin.get("/api/product/getbanner")).json()) as Array<{ idimg_banner: number }>
  )[0];
  const banner = await admin.post("/api/product/create_banner", {
    headers: h,
    multipart: {
      titulo: `Banner ${tag} ${SCRIPT}`,
      slogam: `Slogan ${IMG}`,
      imagem: { name: "b.png", mimeType: "image/png", buffer: image },
    },
  });
  expect(banner.status(), await banner.text()).toBe(201);
  const bannerId = (await banner.json()).id as number;
  const activated = await admin.post("/api/product/update", { headers: h, data: { id: bannerId } });
  expect(activated.status()).toBe(200);
  try {
    // A cliente whose name is markup orders with markup in the delivery data.
    const email = uniqueEmail("xss");
    const userName = `Cliente ${IMG}`.slice(0, 100);
    const anon = await playwrightRequest.newContext({ baseURL });
    expect(
      (await anon.post("/api/users/register", { data: { name: userName, email, password: "segredo-xss-1" } })).status(),
    ).toBe(201);
    const token = /token=([\w-]+)/.exec((await readMailTo(email)).text ?? "")![1]!;
    expect((await anon.get(`/api/users/verificar-email?token=${token}`)).status()).toBe(200);
    const { api: buyer, csrf: buyerCsrf } = await apiContext(baseURL!, email, "segredo-xss-1");
    const order = await buyer.post("/orders", {
      headers: { "x-csrf-token": buyerCsrf },
      data: {
        metodo_pagamento: "mb",
        dados_entrega: {
          nome: `Entrega ${SCRIPT}`,
          morada: `Rua ${IMG}`,
          codigo_postal: "1000-001",
          cidade: `Lisboa ${CLOSE}`,
          telefone: "912345678",
        },
        items: [{ product_id: productId, quantity: 1, variant_id: variantId }],
      },
    });
    expect(order.status(), await order.text()).toBe(201);

    // SSR HTML of the public pages: escaped, with a nonce CSP.
    for (const url of ["/", `/produto/${productId}`, "/login", "/carrinho"]) {
      const res = await anon.get(url);
      expect(res.status(), url).toBe(200);
      const html = await res.text();
      checkHtml(html, url);
      checkCsp(res.headers()["content-security-policy"], html, url);
    }
    const productHtml = await (await anon.get(`/produto/${productId}`)).text();
    expect(productHtml).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    const homeHtml = await (await anon.get("/")).text();
    expect(homeHtml, "the active banner is on the home page").toContain(`Banner ${tag}`);

    // Admin pages' HTML (SSR, as the admin): escaped, with a nonce CSP.
    for (const url of ["/dashboard", "/produtos", "/orders"]) {
      const res = await admin.get(url);
      expect(res.status(), url).toBe(200);
      const html = await res.text();
      checkHtml(html, url);
      checkCsp(res.headers()["content-security-policy"], html, url);
    }

    // In the browser: nothing runs, and the text is shown literally.
    const dialogs: string[] = [];
    page.on("dialog", async (d) => {
      dialogs.push(d.message());
      await d.dismiss();
    });
    await page.goto("/");
    await noScriptRan(page, dialogs, "/");
    await expect(page.getByText(`Banner ${tag} ${SCRIPT}`).first()).toBeVisible();
    await page.goto(`/produto/${productId}`);
    await noScriptRan(page, dialogs, "/produto");
    await expect(page.getByText(productName).first()).toBeVisible();
    await expect(page.getByText(`Descrição ${IMG}`, { exact: false }).first()).toBeVisible();

    await loginThroughForm(page, ADMIN.email, ADMIN.password);
    await page.waitForURL("**/dashboard");
    await noScriptRan(page, dialogs, "/dashboard");
    // The users table is paged (staff first, then clientes oldest first): the cliente just made is on its last page.
    // Read from the server's page (the client-side navigation after signing in may not have drawn the list yet).
    await page.goto("/dashboard");
    const paging = page.getByRole("navigation", { name: "Paginação dos utilizadores" });
    const lastPage = (await paging.count()) ? /Página \d+ de (\d+)/.exec(await paging.innerText())![1] : "1";
    if (lastPage !== "1") {
      await page.goto(`/dashboard?usersPage=${lastPage}`);
      await noScriptRan(page, dialogs, `/dashboard?usersPage=${lastPage}`);
    }
    await expect(page.getByText(userName).filter({ visible: true }).first()).toBeVisible();
    await page.goto("/produtos");
    await noScriptRan(page, dialogs, "/produtos");
    await expect(page.getByText(productName).first()).toBeVisible();
    await page.goto("/orders");
    await noScriptRan(page, dialogs, "/orders");
    // The report is a table from wide screens up and a card list on phones (both in the page): the one shown.
    await expect(page.getByText(productName).filter({ visible: true }).first()).toBeVisible();

    await Promise.all([anon.dispose(), buyer.dispose()]);
  } finally {
    // Leave the shop as the other browser tests expect it: the old banner, the product hidden.
    if (previousBanner)
      await admin.post("/api/product/update", { headers: h, data: { id: previousBanner.idimg_banner } });
    await admin.delete(`/api/product/deleteBanner/${bannerId}`, { headers: h });
    await admin.put(`/api/product/editstatus/${productId}`, { headers: h });
    await admin.dispose();
  }
});
