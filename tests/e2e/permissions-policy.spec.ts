import { expect, test } from "./fixtures.ts";

/*
 * Issue 20 item 12: the built pages carry the same Permissions-Policy as the API (server/http/permissions-policy.ts),
 * rendered or answered from the page cache, and Chromium accepts every feature it names (an unknown one is a
 * console error on every page).
 */

const BROWSER = { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/140.0 Safari/537.36" };

test("pages, cached pages and the API answer with the restrictive Permissions-Policy, and Chromium takes it", async ({
  page,
  request,
}) => {
  const errors: string[] = [];
  page.on("console", (m) => {
    if (/permissions.policy|feature policy/i.test(m.text())) errors.push(m.text());
  });
  const home = await page.goto("/");
  const policy = home!.headers()["permissions-policy"];
  expect(policy).toContain("camera=()");
  for (const f of ["microphone", "geolocation", "payment", "usb"]) expect(policy).toContain(`${f}=()`);
  // Nothing is allowed to anybody.
  expect(policy!.split(",").every((d) => d.trim().endsWith("=()"))).toBe(true);

  // A product page, rendered then answered from memory (the anonymous page cache), and the JSON API.
  const href = await page.locator('a[href^="/produto/"]').first().getAttribute("href");
  for (let i = 0; i < 2; i++) {
    const res = await request.get(href!, { headers: BROWSER });
    expect(res.status()).toBe(200);
    expect(res.headers()["permissions-policy"]).toBe(policy);
  }
  expect((await request.get("/api/product")).headers()["permissions-policy"]).toBe(policy);
  expect((await request.get("/nao-existe")).headers()["permissions-policy"]).toBe(policy);

  await page.goto(href!);
  expect(errors).toEqual([]);
});
