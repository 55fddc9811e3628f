import { mkdirSync } from "node:fs";
import { adminApi, expectNoHorizontalOverflow, SCREENS } from "./admin-tables-support.ts";
import { expect, test, type Page } from "./fixtures.ts";
import {
  ADMIN,
  followAdminMenu,
  expectAccessible,
  loginThroughForm,
  readMailTo,
  tag,
  toastText,
  uniqueEmail,
} from "./support.ts";

/**
 * Issue 14 §5: the contact form reaches the shop. On /contato an empty form gets each field's pt-PT error and sends
 * nothing; a filled one says 'Mensagem enviada com sucesso!' once stored and is cleared; the shop's contact address
 * (settings) receives the e-mail with Reply-To the shopper; the admin reads it on /mensagens and marks it handled.
 * At 1280 and 375 px.
 */

async function screenshot(page: Page, name: string) {
  mkdirSync(SCREENS, { recursive: true });
  await page.screenshot({ path: `${SCREENS}/contact-${name}-${page.viewportSize()!.width}px.png`, fullPage: true });
}

test("a message sent on /contato reaches the shop's e-mail and the admin's 'Mensagens'", async ({ page, baseURL }) => {
  test.setTimeout(60_000);
  const { api } = await adminApi(baseURL);
  const contactAddress = ((await (await api.get("/api/settings")).json()) as { identity: { email: string } }).identity
    .email;
  const suffix = tag();
  const name = `Joana Contacto ${suffix}`;
  const email = uniqueEmail("joana");
  const text = `Olá! Gostava de saber se a caneca ${suffix} volta a ter stock em dezembro.\nObrigada.`;

  await page.goto("/contato");
  const send = page.getByRole("button", { name: "Enviar mensagem" });

  // Empty: the schema's pt-PT message under each field, and nothing said to be sent.
  await send.click();
  await expect(page.getByText("Indique o seu nome.")).toBeVisible();
  await expect(page.getByText("Indique o seu email.")).toBeVisible();
  await expect(page.getByText("Escreva a sua mensagem.")).toBeVisible();
  await expect(page.getByLabel("Nome")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Nome")).toBeFocused();
  await expect(page.getByText("Mensagem enviada com sucesso!")).toHaveCount(0);
  await screenshot(page, "errors");

  // Typing in a field drops its error.
  await page.getByLabel("Nome").fill(name);
  await expect(page.getByText("Indique o seu nome.")).toHaveCount(0);
  await page.getByLabel("Email").fill(email);
  await page.getByRole("textbox", { name: "Mensagem" }).fill(text);
  await send.click();

  await expect(page.getByRole("status").getByText("Mensagem enviada com sucesso!")).toBeVisible();
  await expect(toastText(page, "Mensagem enviada com sucesso!")).toBeVisible();
  await expect(page.getByLabel("Nome")).toHaveValue("");
  await expect(page.getByLabel("Email")).toHaveValue("");
  await expect(page.getByRole("textbox", { name: "Mensagem" })).toHaveValue("");
  await expectNoHorizontalOverflow(page);
  await expectAccessible(page);
  await screenshot(page, "sent");

  // The e-mail went to the shop's contact address, answering to the shopper.
  const mail = await readMailTo(suffix);
  expect(mail.to).toEqual([contactAddress]);
  expect(mail.subject).toBe(`Nova mensagem de contacto: ${name}`);
  expect(mail.headers.get("reply-to")).toMatchObject({ value: [{ address: email }] });
  expect(mail.text).toContain(text);

  // The admin's 'Mensagens': the message, newest first, with a mailto link and 'Marcar como tratada'.
  await loginThroughForm(page, ADMIN.email, ADMIN.password);
  await page.waitForURL("**/dashboard");
  // The dashboard menu leads to the page (in the drawer on a phone).
  await followAdminMenu(page, "Mensagens");
  await page.waitForURL("**/mensagens");
  await expect(page.getByRole("heading", { level: 1, name: "Mensagens" })).toBeVisible();
  const card = page.getByRole("article", { name });
  await expect(card).toBeVisible();
  await expect(card.getByRole("link", { name: email })).toHaveAttribute("href", `mailto:${email}`);
  await expect(card.getByText("Gostava de saber se a caneca")).toHaveText(text);
  await expect(card.getByText("Por tratar")).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await expectAccessible(page);
  await screenshot(page, "admin");

  await card.getByRole("button", { name: "Marcar como tratada" }).click();
  await expect(toastText(page, "Mensagem marcada como tratada.")).toBeVisible();
  await expect(card.getByText(/^Tratada em \d\d\/\d\d\/\d{4}/)).toBeVisible();
  await expect(card.getByRole("button", { name: "Marcar como tratada" })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole("article", { name }).getByText("Tratada", { exact: true })).toBeVisible();
  await screenshot(page, "admin-handled");
  await api.dispose();
});

test("/contato says 'A enviar…' while sending, and keeps the text with a pt-PT error when the shop cannot store it", async ({
  page,
}) => {
  let release: (answer: { status: number; body: object }) => void = () => {};
  const answered = new Promise<{ status: number; body: object }>((resolve) => (release = resolve));
  // The shop's answer is held until the test has seen the pending state, then it is the database's 503.
  await page.route("**/api/contact", async (route) => {
    const { status, body } = await answered;
    await route.fulfill({ status, contentType: "application/json", body: JSON.stringify(body) });
  });

  await page.goto("/contato");
  const text = `Mensagem que não chega: ${tag()}`;
  await page.getByLabel("Nome").fill("Paulo Falha");
  await page.getByLabel("Email").fill("paulo.falha@exemplo.pt");
  await page.getByRole("textbox", { name: "Mensagem" }).fill(text);
  await page.getByRole("button", { name: "Enviar mensagem" }).click();

  const pending = page.getByRole("button", { name: "A enviar…" });
  await expect(pending).toBeDisabled();
  release({ status: 503, body: { success: false, message: "Serviço temporariamente indisponível." } });

  await expect(
    page.getByRole("status").getByText("Não foi possível enviar a mensagem. Tente novamente."),
  ).toBeVisible();
  await expect(page.getByText("Mensagem enviada com sucesso!")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Enviar mensagem" })).toBeEnabled();
  // Nothing is lost: the shopper can send it again.
  await expect(page.getByRole("textbox", { name: "Mensagem" })).toHaveValue(text);
  await expect(page.getByLabel("Email")).toHaveValue("paulo.falha@exemplo.pt");
  await screenshot(page, "failed");

  // Too many messages: the shop's own pt-PT text.
  await page.unrouteAll();
  await page.route("**/api/contact", (route) =>
    route.fulfill({
      status: 429,
      contentType: "application/json",
      body: JSON.stringify({
        success: false,
        message: "Enviou demasiadas mensagens. Aguarde alguns minutos e tente novamente.",
      }),
    }),
  );
  await page.getByRole("button", { name: "Enviar mensagem" }).click();
  await expect(
    page.getByRole("status").getByText("Enviou demasiadas mensagens. Aguarde alguns minutos e tente novamente."),
  ).toBeVisible();
});
