import type { Locator } from "@playwright/test";
import { expect, request as playwrightRequest, type APIRequestContext, type Page } from "./fixtures.ts";
import { ADMIN } from "./support.ts";

/* Shared by the admin tables' browser tests (admin-tables.spec.ts, admin-tables-stock.spec.ts). */

/** Screenshots go here when the directory exists. */
export const SCREENS = process.env.SCREENS_DIR ?? "/work/notes/screens";

/** An API context signed in as the admin: the context, its CSRF token and the admin's id and name. */
export async function adminApi(
  baseURL: string | undefined,
): Promise<{ api: APIRequestContext; csrf: string; me: { id: number; name: string } }> {
  const api = await playwrightRequest.newContext({ baseURL });
  const login = await api.post("/users/login", { data: { email: ADMIN.email, password: ADMIN.password } });
  expect(login.status()).toBe(200);
  const me = (await login.json()).user as { id: number; name: string };
  const csrf = (await api.storageState()).cookies.find((c) => c.name === "loja_csrf")!.value;
  return { api, csrf, me };
}

/** The row (table) or card (phone) of an order, whichever the screen shows. */
export const rowOf = (page: Page, reference: string): Locator =>
  page.locator("tr, li").filter({ hasText: reference }).filter({ visible: true });

/** Nothing scrolls sideways: not the page, and no box inside `scope` (CSS selector) clips its content. */
export async function expectNoHorizontalOverflow(page: Page, scope = "main") {
  const found = await page.evaluate((scope) => {
    const width = window.innerWidth;
    const page = document.scrollingElement!.scrollWidth;
    const clipped = [...document.querySelectorAll<HTMLElement>(`${scope}, ${scope} *`)]
      // sr-only text (1 px boxes that clip on purpose) is not a table that scrolls.
      .filter(
        (el) =>
          el.offsetParent !== null &&
          el.clientWidth > 1 &&
          el.scrollWidth > el.clientWidth + 1 &&
          getComputedStyle(el).overflowX !== "visible",
      )
      .map(
        (el) =>
          `${el.tagName.toLowerCase()}[${el.getAttribute("aria-label") ?? el.className}] ${el.scrollWidth} > ${el.clientWidth}`,
      );
    return { width, page, clipped };
  }, scope);
  expect(found.page, `the page is ${found.page} px wide in a ${found.width} px window`).toBeLessThanOrEqual(
    found.width,
  );
  expect(found.clipped, "boxes that scroll sideways").toEqual([]);
}

/** Every button of the row is visible and entirely inside the window and inside its row (table row or card). */
export async function expectButtonsOnScreen(page: Page, scope: Locator) {
  const width = page.viewportSize()!.width;
  const row = (await scope.boundingBox())!;
  // Links styled as row actions (Ver, Editar) must be on screen just like buttons.
  const buttons = scope.locator("button, a[href]");
  const count = await buttons.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) {
    const button = buttons.nth(i);
    await expect(button).toBeVisible();
    await button.scrollIntoViewIfNeeded();
    const box = (await button.boundingBox())!;
    expect(box.x, `${await button.getAttribute("aria-label")} starts on screen`).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `${await button.getAttribute("aria-label")} ends on screen`).toBeLessThanOrEqual(width);
    expect(box.x + box.width, `${await button.getAttribute("aria-label")} ends inside its row`).toBeLessThanOrEqual(
      row.x + row.width,
    );
  }
}
