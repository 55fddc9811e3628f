import { adminApi, expectNoHorizontalOverflow } from "./admin-tables-support.ts";
import { expect, test, type Page } from "./fixtures.ts";
import { expectAccessible, readMailTo, storedUser, uniqueEmail } from "./support.ts";

/**
 * Issue 20, item 8, at 1280 and 375 px: once /login answers 'Demasiadas tentativas', the page offers 'Enviar ligação
 * de acesso'; the e-mailed one-time link opens /login?ligacao=…, whose button signs the owner in (once).
 */

/** A cliente account made by the admin (the account whose sign-in the tests push past its limit). */
async function newShopper(baseURL: string | undefined, label: string, name: string, password: string) {
  const { api: admin, csrf } = await adminApi(baseURL);
  const email = uniqueEmail(label);
  const headers = { "x-csrf-token": csrf };
  const created = await admin.post("/users/newuser", { headers, data: { name, email, password } });
  expect(created.status(), await created.text()).toBe(201);
  const id = (await created.json()).user.id as number;
  await admin.put(`/api/users/${id}`, { headers, data: { name, email, function: "cliente" } });
  return { email, password };
}

/** Ten wrong passwords from this browser's address: the sign-in limit is reached. */
async function guessWrong(page: Page, email: string) {
  for (let i = 0; i < 10; i++) {
    const res = await page.request.post("/users/login", { data: { email, password: `errada-${i}` } });
    expect(res.status()).toBe(400);
  }
}

async function screenshot(page: Page, name: string) {
  const dir = process.env.SCREENSHOTS_DIR ?? test.info().outputPath();
  await page.screenshot({ path: `${dir}/${name}-${page.viewportSize()!.width}px.png`, fullPage: true });
}

test("past the sign-in limit, 'Enviar ligação de acesso' mails a one-time link that signs the owner in", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const { email, password } = await newShopper(baseURL, "ligacao", "Inês Lopes", "senha-do-dono-2026");

  // A guesser at this address: its wrong passwords reach the limit.
  await guessWrong(page, email);

  await page.goto("/login");
  await page.getByRole("button", { name: "Aceitar" }).click(); // the cookie notice, out of the screenshots
  await expectNoHorizontalOverflow(page);
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Palavra-passe", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
  await expect(page.getByRole("alert")).toHaveText("Demasiadas tentativas. Aguarde um pouco e tente novamente.");
  const offer = page.getByRole("button", { name: "Enviar ligação de acesso" });
  await expect(offer).toBeVisible();
  await screenshot(page, "login-limite");
  await offer.click();
  await expect(
    page.getByRole("status").filter({ hasText: "Se existir uma conta com este email, enviámos-lhe uma ligação" }),
  ).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, "login-ligacao-enviada");

  const mail = await readMailTo(email);
  expect(mail.subject).toBe("A sua ligação de acesso à Loja");
  const link = mail.text?.match(/https?:\/\/[^\s"<>]+\/login\?ligacao=[\w-]+/)?.[0];
  expect(link).toBeDefined();
  const { pathname, search } = new URL(link!);

  await page.goto(pathname + search);
  const enter = page.getByRole("button", { name: "Entrar com a ligação de acesso" });
  await expect(enter).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await expectAccessible(page);
  await screenshot(page, "login-com-ligacao");
  await enter.click();
  await page.waitForURL((url) => url.pathname !== "/login");
  expect((await storedUser(page))?.email).toBe(email);
  const device = (await page.context().cookies()).find((c) => c.name === "loja_device");
  expect(device?.httpOnly).toBe(true);

  // Used once: the same link again is refused.
  const again = await page.request.post("/api/users/login-link/use", { data: { token: search.split("=")[1] } });
  expect(again.status()).toBe(400);
});

test.describe("without script", () => {
  test.use({ javaScriptEnabled: false });

  test("the same: the limit's offer, the link's sign-in and the device cookie, through the page's own form", async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const { email, password } = await newShopper(baseURL, "ligacao-sem-script", "Rui Sá", "senha-do-dono-2027");

    await guessWrong(page, email);
    await page.goto("/login");
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Palavra-passe", { exact: true }).fill(password);
    await page.getByRole("button", { name: "Entrar", exact: true }).click();
    await expect(page.getByRole("alert")).toHaveText("Demasiadas tentativas. Aguarde um pouco e tente novamente.");
    await page.getByRole("button", { name: "Enviar ligação de acesso" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "Se existir uma conta com este email, enviámos-lhe uma ligação" }),
    ).toBeVisible();

    const mail = await readMailTo(email);
    const link = mail.text?.match(/https?:\/\/[^\s"<>]+\/login\?ligacao=[\w-]+/)?.[0];
    const { pathname, search } = new URL(link!);
    await page.goto(pathname + search);
    await page.getByRole("button", { name: "Entrar com a ligação de acesso" }).click();
    await page.waitForURL((url) => url.pathname !== "/login");
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === "loja_session")?.httpOnly).toBe(true);
    expect(cookies.find((c) => c.name === "loja_device")?.httpOnly).toBe(true);
  });
});
