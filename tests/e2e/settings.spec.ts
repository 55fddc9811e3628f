import { expect, test, type APIRequestContext, type Page } from "./fixtures.ts";
import { adminApi, expectNoHorizontalOverflow } from "./admin-tables-support.ts";
import { firstInStock, postMbOrder } from "./accounts-kit.ts";
import { ADMIN, followAdminMenu, expectAccessible, loginThroughForm, readMailTo, tag, toastText } from "./support.ts";

/**
 * Issue 14 §5: the admin edits the shop's name, legal name and mainland delivery price on /definicoes (a wrong NIPC
 * first: the server's message beside the field, nothing saved); without a restart the storefront's server HTML (the
 * footer of /, the prices of /info-envio), the next order's delivery and the next e-mail carry the new values.
 * At 1280 and 375 px; both runs share one shop, so each uses its own names and the settings are put back after.
 */

/**
 * Nothing on the form scrolls sideways: not the page, and no box but a text field (whose long value scrolls inside
 * it, as fields do) is wider than its room.
 */
async function expectFormFits(page: Page) {
  const found = await page.evaluate(() => {
    const clipped = [...document.querySelectorAll<HTMLElement>("main *")]
      .filter((el) => !(el instanceof HTMLInputElement) && el.offsetParent !== null && el.clientWidth > 1)
      .filter((el) => el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== "visible")
      .map((el) => `${el.tagName.toLowerCase()}.${el.className}`);
    return { page: document.scrollingElement!.scrollWidth, width: window.innerWidth, clipped };
  });
  expect(found.page, "the page scrolls sideways").toBeLessThanOrEqual(found.width);
  expect(found.clipped, "boxes that scroll sideways").toEqual([]);
}

async function screenshot(page: Page, name: string) {
  const dir = process.env.SCREENSHOTS_DIR ?? test.info().outputPath();
  await page.screenshot({ path: `${dir}/${name}-${page.viewportSize()!.width}px.png`, fullPage: true });
}

/** One unit of the first product with stock, ordered by the admin's API context (Multibanco, mainland). */
async function placeOrder(api: APIRequestContext, csrf: string) {
  const { productId, variantId } = await firstInStock(api, 1);
  const delivery = {
    nome: "Rita Definições",
    morada: "Rua de Santa Catarina, 20",
    codigo_postal: "4000-442",
    cidade: "Porto",
    telefone: "913456780",
    entrega_rapida: false,
  };
  const res = await postMbOrder(api, csrf, delivery, [{ product_id: productId, variant_id: variantId, quantity: 1 }]);
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { order_id: number; portes: number };
}

test("settings saved on /definicoes show on the footer, /info-envio, the next order and the next e-mail", async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const { api, csrf } = await adminApi(baseURL);
  const original = await (await api.get("/api/settings")).json();
  const suffix = tag();
  const shopName = `Sabonetes ${suffix}`;
  const legalName = `Sabonetes ${suffix}, Unipessoal Lda.`;
  // Cents that differ per run (and from the default 3,90 €).
  const mainlandCents = 500 + (Number.parseInt(suffix.slice(-3), 36) % 400);
  const mainland = (mainlandCents / 100).toFixed(2).replace(".", ",");

  try {
    await loginThroughForm(page, ADMIN.email, ADMIN.password);
    await page.waitForURL("**/dashboard");
    // The dashboard menu leads to the page (in the drawer on a phone).
    await followAdminMenu(page, "Definições");
    await page.waitForURL("**/definicoes");
    await expect(page.getByRole("heading", { level: 1, name: "Definições da loja" })).toBeVisible();
    await expect(page.getByLabel("Denominação social")).toHaveValue(original.identity.legalName);

    await page.getByLabel("Nome da loja").fill(shopName);
    await page.getByLabel("Denominação social").fill(legalName);
    await page.getByLabel("Continente", { exact: true }).fill(mainland);
    // A NIPC whose check digit is wrong: the server's message beside it, and nothing saved.
    await page.getByLabel("NIPC").fill("509999998");
    await page.getByRole("button", { name: "Guardar definições" }).click();
    await expect(page.locator("#definicoes-identity-nipc-error")).toHaveText("NIPC inválido.");
    await expect(page.getByLabel("NIPC")).toHaveAttribute("aria-invalid", "true");
    expect((await (await api.get("/api/settings")).json()).identity.legalName).toBe(original.identity.legalName);
    await expectFormFits(page);
    await screenshot(page, "definicoes-erro");

    await page.getByLabel("NIPC").fill("516789015");
    await expect(page.locator("#definicoes-identity-nipc-error")).toHaveCount(0);
    await page.getByRole("button", { name: "Guardar definições" }).click();
    await expect(toastText(page, "Definições guardadas.")).toBeVisible();
    // The dashboard's own name follows at once (the layout reads the settings again after a change).
    await expect(page.getByRole("link", { name: `${shopName} Admin` }).filter({ visible: true })).toHaveCount(1);
    const saved = await (await api.get("/api/settings")).json();
    expect(saved.identity).toMatchObject({ shopName, legalName, nipc: "516789015" });
    expect(saved.delivery.mainlandCents).toBe(mainlandCents);
    await expectAccessible(page);
    await screenshot(page, "definicoes");

    // The storefront's server HTML, no restart in between: the footer and the delivery prices.
    const home = await (await request.get("/")).text();
    expect(home).toContain(`© ${new Date().getFullYear()} ${shopName}. Todos os direitos reservados.`);
    expect(home).toContain(`${legalName} · NIPC 516789015`);
    expect(home).toContain(`<title>${shopName} — Canecas, T-shirts e Agendas feitas em Portugal</title>`);
    expect(home).toContain(`"legalName":"${legalName}"`); // schema.org Organization
    const envio = await (await request.get("/info-envio")).text();
    expect(envio).toContain(`${mainland}\u00a0€`);

    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    await footer.scrollIntoViewIfNeeded();
    await expect(footer.getByText(`${legalName} · NIPC 516789015`, { exact: false })).toBeVisible();
    await expect(footer.getByRole("heading", { name: shopName })).toBeVisible();
    await expect(page.getByRole("banner").getByRole("link", { name: `${shopName} — página inicial` })).toBeVisible();
    await screenshot(page, "rodape");
    // The complaints page names the legal entity and the dispute resolution entity of the settings.
    await page.goto("/livro-de-reclamacao");
    await expect(page.getByText(`Identifique a ${legalName} (NIPC 516789015) como entidade reclamada`)).toBeVisible();
    await expect(page.locator("#resolucao-alternativa strong")).toHaveText(original.identity.disputeEntityName);
    await page.goto("/info-envio");
    const prices = page.locator("#custos");
    await expect(prices.getByText("Portugal continental")).toBeVisible();
    await expect(prices.getByText(`${mainland}\u00a0€`, { exact: true })).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await screenshot(page, "info-envio");

    // The next order pays the new delivery price; its confirmation e-mail is signed with the new legal name.
    const placed = await placeOrder(api, csrf);
    expect(Math.round(placed.portes * 100)).toBe(mainlandCents);
    const paid = await api.post("/api/payments/sandbox/simulate", {
      headers: { "x-csrf-token": csrf },
      data: { order_id: placed.order_id },
    });
    expect(paid.status(), await paid.text()).toBe(200);
    const mail = await readMailTo(`Pagamento recebido: encomenda #${placed.order_id}`);
    expect(mail.from.startsWith(`${shopName} <`)).toBe(true);
    expect(mail.text).toContain(`${legalName} · NIPC 516789015`);
    expect(mail.text).toMatch(new RegExp(`Portes: ${mainland}\\s€`));
  } finally {
    const restored = await api.put("/api/settings", { headers: { "x-csrf-token": csrf }, data: original });
    expect(restored.status()).toBe(200);
  }
});
