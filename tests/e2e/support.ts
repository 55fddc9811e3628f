import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { expect, type Page } from "@playwright/test";

export const ADMIN = { email: "admin@e2e.loja.pt", password: "admin-e2e-123" };

export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@exemplo.pt`;
}

/** Decodes the quoted-printable text a mailer may use, enough to read links. */
function decodeQuotedPrintable(s: string): string {
  return s
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** Waits for the .eml the shop wrote for this recipient and returns its decoded source. */
export async function readMailTo(recipient: string, timeoutMs = 15_000): Promise<string> {
  const dir = path.join(process.env.E2E_DATA_DIR!, "mail");
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    let files: string[] = [];
    try {
      files = readdirSync(dir).filter((f) => f.endsWith(".eml"));
    } catch {
      /* folder not created yet */
    }
    for (const f of files) {
      const source = decodeQuotedPrintable(readFileSync(path.join(dir, f), "utf8"));
      if (source.includes(recipient)) return source;
    }
    await sleep(200);
  }
  throw new Error(`no e-mail to ${recipient} within ${timeoutMs} ms`);
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

export { expect };
