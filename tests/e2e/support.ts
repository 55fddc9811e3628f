import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
import { parseMail, type ReadMail } from "#tests/support/mail.ts";

export const ADMIN = { email: "admin@e2e.loja.pt", password: "admin-e2e-123" };

export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@exemplo.pt`;
}

/**
 * The first .eml the shop wrote whose recipient, subject or text contains `match` (and, given `to`, sent to that
 * address: a mail to every admin has one copy per admin, and other tests may have made admins of their own).
 */
async function findMail(match: string, to?: string): Promise<ReadMail | undefined> {
  const dir = path.join(process.env.E2E_DATA_DIR!, "mail");
  const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith(".eml")) : [];
  for (const f of files) {
    const mail = await parseMail(readFileSync(path.join(dir, f)));
    if (to !== undefined && !mail.to.includes(to)) continue;
    if (mail.to.includes(match) || mail.subject?.includes(match) || mail.text?.includes(match)) return mail;
  }
  return undefined;
}

/** Waits for the e-mail the shop wrote to this recipient (or with this subject) and returns it read. */
export async function readMailTo(match: string, timeout = 15_000, to?: string): Promise<ReadMail> {
  let found: ReadMail | undefined;
  await expect
    .poll(async () => (found = await findMail(match, to)), { message: `an e-mail for ${match}`, timeout })
    .toBeDefined();
  return found!;
}

export async function loginThroughForm(page: Page, email: string, password: string): Promise<void> {
  await page.goto("/login");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Palavra-passe", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Entrar" }).click();
}

export async function storedUser(page: Page): Promise<Record<string, unknown> | null> {
  return page.evaluate(() => JSON.parse(localStorage.getItem("user") ?? "null"));
}

/** A short unique suffix for names a test creates. */
export const tag = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/**
 * No serious or critical axe violation on the current page. The toasts (sonner, mounted once by root.tsx, not part
 * of the screens) are left out: they fade in and out, and measured mid-animation they fail contrast.
 */
export async function expectAccessible(page: Page): Promise<void> {
  const { violations } = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .exclude("[data-sonner-toaster]")
    .analyze();
  const bad = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

/** A sonner toast with exactly this text. */
export const toastText = (page: Page, text: string) =>
  page.locator("[data-sonner-toast]").getByText(text, { exact: true }).first();

/** Follows the admin dashboard menu's link with this name (in the drawer on a phone). */
export async function followAdminMenu(page: Page, name: string): Promise<void> {
  const menuLink = page.getByRole("link", { name, exact: true });
  if (page.viewportSize()!.width < 768) {
    // The drawer button works once the dashboard has hydrated: click until the drawer shows the link.
    await expect(async () => {
      await page.getByRole("button", { name: "Abrir menu de administração" }).click();
      await expect(menuLink).toBeVisible({ timeout: 1_000 });
    }).toPass();
  }
  await menuLink.click();
}

export { expect };
