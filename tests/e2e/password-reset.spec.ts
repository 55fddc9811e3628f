import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parseMail, type ReadMail } from "#tests/support/mail.ts";
import { adminApi, expectNoHorizontalOverflow } from "./admin-tables-support.ts";
import { expect, request as playwrightRequest, test, type APIRequestContext, type Page } from "./fixtures.ts";
import { expectAccessible, loginThroughForm, storedUser, uniqueEmail } from "./support.ts";

/**
 * Passwords and privacy in "A minha conta" (issue 13 §4), at 1280 and 375 px: the forgotten password end to end
 * (request on /recuperar-palavra-passe, the link read from the .eml the outbox wrote, a new password, signing in
 * with it); the change-password page; the privacy page's download and account deletion. Screenshots of each page.
 */

const RESET_SUBJECT = "Redefinir a sua palavra-passe na Loja";

async function screenshot(page: Page, name: string) {
  const dir = process.env.SCREENSHOTS_DIR ?? test.info().outputPath();
  await page.screenshot({ path: `${dir}/${name}-${page.viewportSize()!.width}px.png`, fullPage: true });
}

/** A verified cliente made through the admin API (created as admin, then made a cliente). */
async function createShopper(admin: APIRequestContext, csrf: string, name: string) {
  const email = uniqueEmail("senha");
  const password = "primeira-senha-2026";
  const headers = { "x-csrf-token": csrf };
  const created = await admin.post("/users/newuser", { headers, data: { name, email, password } });
  expect(created.status(), await created.text()).toBe(201);
  const id = (await created.json()).user.id as number;
  const demoted = await admin.put(`/api/users/${id}`, { headers, data: { name, email, function: "cliente" } });
  expect(demoted.status(), await demoted.text()).toBe(200);
  return { id, email, password };
}

/** The .eml files the shop wrote to `to` with this subject, read. */
async function mailsTo(to: string, subject: string): Promise<ReadMail[]> {
  const dir = path.join(process.env.E2E_DATA_DIR!, "mail");
  const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith(".eml")) : [];
  const mails = await Promise.all(files.map((f) => parseMail(readFileSync(path.join(dir, f)))));
  return mails.filter((m) => m.to.includes(to) && m.subject === subject);
}

async function signInStatus(baseURL: string | undefined, email: string, password: string): Promise<number> {
  const api = await playwrightRequest.newContext({ baseURL });
  const status = (await api.post("/users/login", { data: { email, password } })).status();
  await api.dispose();
  return status;
}

test("forgotten password: the link from the e-mail sets a new password that signs in; the link works once", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const { api: admin, csrf } = await adminApi(baseURL);
  const shopper = await createShopper(admin, csrf, "Carolina Reis");
  const newPassword = "nova-senha-do-mar-7";

  await page.goto("/login");
  await page.getByRole("button", { name: "Aceitar" }).click(); // the cookie notice, out of the screenshots
  await screenshot(page, "login");
  await page.getByRole("link", { name: "Esqueceu-se da palavra-passe?" }).click();
  await page.waitForURL("**/recuperar-palavra-passe");
  await expect(page.getByRole("heading", { level: 1, name: "Recuperar palavra-passe" })).toBeVisible();
  await page.getByLabel("Email", { exact: true }).fill(shopper.email.toUpperCase());
  await screenshot(page, "recuperar-palavra-passe");
  await page.getByRole("button", { name: "Enviar ligação" }).click();
  await expect(page.getByRole("status")).toContainText("Se existir uma conta com este email, enviámos-lhe uma ligação");
  await expectNoHorizontalOverflow(page);
  await expectAccessible(page);
  await screenshot(page, "recuperar-palavra-passe-enviado");

  // The mail the outbox wrote: the same link in the text and the HTML part.
  let mails: ReadMail[] = [];
  await expect
    .poll(async () => (mails = await mailsTo(shopper.email, RESET_SUBJECT)).length, { timeout: 15_000 })
    .toBe(1);
  const [mail] = mails;
  expect(mail!.text).toContain("Olá Carolina Reis");
  expect(mail!.text).toContain("válido durante 1 hora");
  const link = mail!.text?.match(/https?:\/\/[^\s"<>]+\/redefinir-palavra-passe\?token=[\w-]+/)?.[0];
  expect(link).toBeTruthy();
  expect(mail!.html).toContain(`href="${link}"`);
  const target = new URL(link!);

  await page.goto(target.pathname + target.search);
  await expect(page.getByRole("heading", { level: 1, name: "Redefinir palavra-passe" })).toBeVisible();
  // The form's own checks first: a confirmation that differs.
  await page.getByLabel("Nova palavra-passe", { exact: true }).fill(newPassword);
  await page.getByLabel("Confirmar nova palavra-passe", { exact: true }).fill("outra-coisa-123");
  await page.getByRole("button", { name: "Guardar nova palavra-passe" }).click();
  await expect(page.getByText("As palavras-passe não coincidem", { exact: true })).toBeVisible();
  await screenshot(page, "redefinir-palavra-passe");
  await page.getByLabel("Confirmar nova palavra-passe", { exact: true }).fill(newPassword);
  await page.getByRole("button", { name: "Guardar nova palavra-passe" }).click();
  await expect(page.getByRole("status")).toContainText("Palavra-passe redefinida");
  await expect(page.getByRole("status")).toContainText("terminámos todas as sessões desta conta");
  await expectNoHorizontalOverflow(page);
  await expectAccessible(page);
  await screenshot(page, "redefinir-palavra-passe-feito");

  // The page leads to the login, where the new password works and the old one no longer does.
  await page.getByRole("main").getByRole("link", { name: "Iniciar sessão" }).click();
  await page.waitForURL("**/login");
  expect(await signInStatus(baseURL, shopper.email, shopper.password)).toBe(400);
  await loginThroughForm(page, shopper.email, newPassword);
  await page.waitForURL("**/carrinho");
  expect(await storedUser(page)).toMatchObject({ id: shopper.id, email: shopper.email });

  // The same link a second time: refused, with a way to ask for a new one.
  await page.goto(target.pathname + target.search);
  await page.getByLabel("Nova palavra-passe", { exact: true }).fill("terceira-senha-99");
  await page.getByLabel("Confirmar nova palavra-passe", { exact: true }).fill("terceira-senha-99");
  await page.getByRole("button", { name: "Guardar nova palavra-passe" }).click();
  await expect(page.getByRole("alert")).toContainText("A ligação expirou ou já foi usada. Peça uma nova.");
  await expect(page.getByRole("link", { name: "Pedir uma nova ligação" })).toHaveAttribute(
    "href",
    "/recuperar-palavra-passe",
  );
  expect(await signInStatus(baseURL, shopper.email, newPassword)).toBe(200);
  await admin.dispose();
});

test("an unknown e-mail gets the same answer on the page as an account's, and no mail", async ({ page, baseURL }) => {
  const { api: admin, csrf } = await adminApi(baseURL);
  const shopper = await createShopper(admin, csrf, "Inês Prata");
  const unknown = uniqueEmail("ninguem");
  const answers: string[] = [];
  await page.goto("/recuperar-palavra-passe");
  for (const email of [unknown, shopper.email]) {
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByRole("button", { name: "Enviar ligação" }).click();
    answers.push(await page.getByRole("status").innerText());
    await page.getByRole("button", { name: "peça de novo" }).click();
  }
  expect(answers[0]).toContain("Se existir uma conta com este email, enviámos-lhe uma ligação");
  expect(answers[1]).toBe(answers[0]);
  // The outbox is delivered in order: once the account's mail is written, one for the unknown address would be too.
  await expect.poll(async () => (await mailsTo(shopper.email, RESET_SUBJECT)).length, { timeout: 15_000 }).toBe(1);
  expect(await mailsTo(unknown, RESET_SUBJECT)).toEqual([]);
  await admin.dispose();
});

test("change password and privacy pages: errors per field, the JSON download, deletion that signs the browser out", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(60_000);
  // A visitor is sent to the login page, which brings them back.
  const visitor = await playwrightRequest.newContext({ baseURL });
  for (const url of ["/conta/palavra-passe", "/conta/privacidade"]) {
    const res = await visitor.get(url, { maxRedirects: 0 });
    expect(res.status(), url).toBe(302);
    expect(res.headers()["location"]).toBe(`/login?redirect=${encodeURIComponent(url)}`);
  }
  await visitor.dispose();

  const { api: admin, csrf } = await adminApi(baseURL);
  const shopper = await createShopper(admin, csrf, "Duarte Lemos");
  await loginThroughForm(page, shopper.email, shopper.password);
  await page.waitForURL("**/carrinho");
  await page.getByRole("button", { name: "Aceitar" }).click();

  await page.goto("/conta/palavra-passe");
  await expect(page.getByRole("heading", { level: 1, name: "Alterar palavra-passe" })).toBeVisible();
  await page.getByLabel("Palavra-passe atual", { exact: true }).fill("nao-e-esta-123");
  await page.getByLabel("Nova palavra-passe", { exact: true }).fill("segunda-senha-44");
  await page.getByLabel("Confirmar nova palavra-passe", { exact: true }).fill("segunda-senha-44");
  await page.getByRole("button", { name: "Alterar palavra-passe" }).click();
  // The server's refusal appears under the field it is about.
  await expect(page.getByLabel("Palavra-passe atual", { exact: true })).toHaveAccessibleDescription(
    "A palavra-passe atual está incorreta.",
  );
  await screenshot(page, "conta-palavra-passe-erro");
  await page.getByLabel("Palavra-passe atual", { exact: true }).fill(shopper.password);
  await page.getByRole("button", { name: "Alterar palavra-passe" }).click();
  await expect(page.getByRole("status")).toContainText("Palavra-passe alterada com sucesso.");
  await expectNoHorizontalOverflow(page);
  await expectAccessible(page);
  await screenshot(page, "conta-palavra-passe");
  expect(await signInStatus(baseURL, shopper.email, "segunda-senha-44")).toBe(200);
  await page.getByRole("main").getByRole("link", { name: "Voltar à minha conta" }).click();
  await page.waitForURL("**/conta");

  await page.goto("/conta/privacidade");
  await expect(page.getByRole("heading", { level: 1, name: "Privacidade e dados" })).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await expectAccessible(page);
  await screenshot(page, "conta-privacidade");
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Descarregar os meus dados" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^loja-os-meus-dados-\d{4}-\d\d-\d\d\.json$/);
  const exported = JSON.parse(readFileSync(await download.path(), "utf8"));
  expect(exported.conta).toMatchObject({ id: shopper.id, nome: "Duarte Lemos", email: shopper.email });
  expect(exported.encomendas).toEqual([]);

  await page.getByLabel("Palavra-passe (para confirmar)").fill("errada-de-todo");
  await page.getByRole("button", { name: "Eliminar conta" }).click();
  await expect(page.getByRole("alert")).toContainText("A palavra-passe está incorreta.");
  await page.getByLabel("Palavra-passe (para confirmar)").fill("segunda-senha-44");
  await page.getByRole("button", { name: "Eliminar conta" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Conta eliminada" })).toBeVisible();
  await expect(page.getByRole("status")).toContainText("A sua conta foi eliminada");
  expect(await storedUser(page)).toBeNull();
  await expectAccessible(page);
  await screenshot(page, "conta-eliminada");
  // Signed out: the account pages send the browser to the login page; the old e-mail signs in no more.
  await page.goto("/conta");
  await page.waitForURL("**/login?redirect=%2Fconta");
  expect(await signInStatus(baseURL, shopper.email, "segunda-senha-44")).toBe(400);
  await admin.dispose();
});
