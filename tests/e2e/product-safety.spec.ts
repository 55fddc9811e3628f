import sharp from "sharp";
import { expect, test, type Page } from "./fixtures.ts";
import { ADMIN, expectAccessible, loginThroughForm, tag } from "./support.ts";

/**
 * Product safety information (GPSR, issue 20 item 6): the admin fills 'Informação de segurança' in the product's
 * edit form (the browser refuses what the API would), the shopper reads it on the product page with the 3-year
 * legal guarantee, a product without its own values shows the shop's identity, and the accessibility statement is
 * one click from the footer. Run at 1280 and 375 px (projects desktop and mobile); screenshots go to the test's
 * output folder.
 */

async function png(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 40, g: 120, b: 90 } } })
    .png()
    .toBuffer();
}

async function csrfHeader(page: Page): Promise<Record<string, string>> {
  return { "x-csrf-token": (await page.context().cookies()).find((c) => c.name === "loja_csrf")!.value };
}

/** A product in the shop, created through the API as the signed-in admin. */
async function createProduct(page: Page, name: string): Promise<number> {
  const res = await page.request.post("/api/product/create", {
    headers: await csrfHeader(page),
    multipart: {
      name,
      description: "Caneca do teste de segurança.",
      price: "14,90",
      categoria: "Canecas",
      images: { name: "c.png", mimeType: "image/png", buffer: await png() },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

const safetySection = (page: Page) => page.getByRole("region", { name: "Informação de segurança" });
/** The section's rows as "Term: value" lines. */
async function rows(page: Page): Promise<string[]> {
  return safetySection(page)
    .locator("dl > div")
    .evaluateAll((divs) =>
      divs.map((d) => `${d.querySelector("dt")!.textContent}: ${(d.querySelector("dd") as HTMLElement).innerText}`),
    );
}

test("the admin fills the safety information in the edit form and the shopper reads it on the product page", async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  await page.goto("/login");
  await loginThroughForm(page, ADMIN.email, ADMIN.password);
  await page.waitForURL("**/dashboard");
  const identity = ((await (await page.request.get("/api/settings")).json()) as { identity: Record<string, string> })
    .identity;
  const name = `Caneca Segura ${tag()}`;
  const id = await createProduct(page, name);
  const plain = await createProduct(page, `Caneca Simples ${tag()}`);

  await page.goto(`/produtos/editar/${id}`);
  const fieldset = page.getByRole("group", { name: "Informação de segurança" });
  await expect(fieldset).toBeVisible();
  // Empty manufacturer fields show the shop's identity they default to.
  await expect(fieldset.getByRole("textbox", { name: "Fabricante", exact: true })).toHaveAttribute(
    "placeholder",
    identity.legalName!,
  );

  // Outside the EU without the EU responsible person, and a wrong check digit: refused in the browser.
  await fieldset.getByRole("textbox", { name: "Fabricante", exact: true }).fill("Shenzhen Mugs Co.");
  await fieldset.getByRole("textbox", { name: "Morada do fabricante" }).fill("1 Ceramics Road, Shenzhen, China");
  await fieldset.getByRole("textbox", { name: "E-mail ou sítio do fabricante" }).fill("https://mugs.example.cn");
  await fieldset.getByRole("checkbox", { name: "Fabricante fora da UE" }).check();
  await fieldset.getByRole("textbox", { name: "EAN" }).fill("4006381333932");
  await page.getByRole("button", { name: "Guardar Alterações" }).click();
  await expect(
    fieldset.getByText(
      "Fabricante fora da UE: indique o nome da pessoa responsável na UE (obrigatória pelo Regulamento (UE) 2023/988).",
    ),
  ).toBeVisible();
  await expect(
    fieldset.getByText("EAN inválido: o dígito de controlo (o último) não confere. Verifique o código."),
  ).toBeVisible();
  await expect(fieldset.getByRole("textbox", { name: "EAN" })).toHaveAttribute("aria-invalid", "true");

  await fieldset.getByRole("textbox", { name: "Pessoa responsável na UE", exact: true }).fill("Importadora Lusa, Lda.");
  await fieldset
    .getByRole("textbox", { name: "Morada da pessoa responsável na UE" })
    .fill("Av. da Liberdade, 10, 1250-144 Lisboa");
  await fieldset.getByRole("textbox", { name: "Tipo / modelo" }).fill("CAN-330");
  await fieldset.getByRole("textbox", { name: "Lote" }).fill("L2026-11");
  await fieldset.getByRole("textbox", { name: "EAN" }).fill("4006381333931");
  await fieldset.getByRole("textbox", { name: "Avisos e informação de segurança" }).fill("Não adequado a micro-ondas.");
  await fieldset.screenshot({ path: testInfo.outputPath("admin-safety-fieldset.png") });
  await expectAccessible(page);
  await page.getByRole("button", { name: "Guardar Alterações" }).click();
  await page.waitForURL(/\/produtos$/);

  // The edit form reads back what was saved.
  await page.goto(`/produtos/editar/${id}`);
  await expect(page.getByRole("checkbox", { name: "Fabricante fora da UE" })).toBeChecked();
  await expect(page.getByRole("textbox", { name: "Lote" })).toHaveValue("L2026-11");

  // ----- the shopper (signed out) -----
  await page.context().clearCookies();
  await page.goto(`/produto/${id}`);
  const section = safetySection(page);
  await section.scrollIntoViewIfNeeded();
  await expect(section).toBeVisible();
  expect(await rows(page)).toEqual([
    "Fabricante: Shenzhen Mugs Co.",
    "Morada: 1 Ceramics Road, Shenzhen, China",
    "Contacto: https://mugs.example.cn",
    "Responsável na UE: Importadora Lusa, Lda.\nAv. da Liberdade, 10, 1250-144 Lisboa",
    "Tipo / modelo: CAN-330",
    "Lote: L2026-11",
    "EAN: 4006381333931",
    "Avisos: Não adequado a micro-ondas.",
  ]);
  await expect(section).toContainText("Garantia legal de 3 anos a contar da entrega (Decreto-Lei n.º 84/2021).");
  await section.screenshot({ path: testInfo.outputPath("product-safety-section.png") });
  await page.screenshot({ path: testInfo.outputPath("product-page.png"), fullPage: true });
  await expectAccessible(page);

  // A product without its own values: the shop's identity.
  await page.goto(`/produto/${plain}`);
  expect(await rows(page)).toEqual([
    `Fabricante: ${identity.legalName}`,
    `Morada: ${identity.address}, ${identity.postalCode} ${identity.city}, Portugal`,
    `Contacto: ${identity.email}`,
  ]);

  // The guarantee, stated in the terms too; the withdrawal keeps refunding the standard delivery rate.
  await safetySection(page).getByRole("link", { name: "Saber mais sobre a garantia" }).click();
  await page.waitForURL(/\/termos-e-condicoes#garantia$/);
  const guarantee = page.getByRole("region", { name: /Garantia$/ });
  await expect(guarantee).toContainText("garantia legal de conformidade de 3 anos");
  await expect(guarantee).toContainText("Decreto-Lei n.º 84/2021");
  await expect(page.getByRole("main")).toContainText(
    "Se escolheu a entrega rápida, reembolsamos o custo de envio correspondente à entrega normal.",
  );
});

test("the accessibility statement is linked from the footer", async ({ page }, testInfo) => {
  await page.goto("/");
  const footer = page.getByRole("contentinfo");
  await footer.getByRole("link", { name: "Acessibilidade" }).click();
  await page.waitForURL(/\/acessibilidade$/);
  await expect(page.getByRole("heading", { level: 1, name: "Declaração de Acessibilidade" })).toBeVisible();
  const main = page.getByRole("main");
  for (const text of ["WCAG) 2.1", "nível AA", "parcialmente conforme", "Limitações conhecidas", "Lighthouse", "axe"])
    await expect(main).toContainText(text);
  await expect(main.locator("time").first()).toHaveAttribute("datetime", /^\d{4}-\d{2}-\d{2}$/);
  const contact = page.getByRole("region", { name: "Contacto" });
  await expect(contact.locator('a[href^="mailto:"]')).toHaveCount(1);
  await page.screenshot({ path: testInfo.outputPath("acessibilidade.png"), fullPage: true });
  await expectAccessible(page);
});
