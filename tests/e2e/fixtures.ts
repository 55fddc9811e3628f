import { test as base, type Page } from "@playwright/test";

export { expect, request, type APIRequestContext, type Page } from "@playwright/test";

/**
 * The shop hydrates right after the first paint (app/paint-first-scripts.tsx): for a moment after
 * `load` the server-rendered page is visible but its buttons have no handlers yet. A shopper's
 * click in that moment is lost; a test's must not be, so every `page.goto`/`page.reload` here
 * also waits until the page has hydrated (root.tsx marks <html data-hydrated>). Documents that are
 * not the shop's HTML (JSON, XML, error pages from the proxy) are not waited for.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () =>
        document.documentElement.dataset.hydrated === "true" ||
        !document.querySelector("script[nonce]") ||
        document.contentType !== "text/html",
      undefined,
      { timeout: 15_000 },
    )
    .catch(() => {
      // Left to the test's own assertions, which say more than a timeout here would.
    });
}

export const test = base.extend({
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (...args: Parameters<Page["goto"]>) => {
      const response = await goto(...args);
      await waitForHydration(page);
      return response;
    };
    page.reload = async (...args: Parameters<Page["reload"]>) => {
      const response = await reload(...args);
      await waitForHydration(page);
      return response;
    };
    await use(page);
  },
});
