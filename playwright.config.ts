import { defineConfig, devices } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 3111);

const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
};

/** Browser tests: a real built shop (scripts/e2e.ts builds it and picks DATA_DIR) in Debian's Chromium. */
export default defineConfig({
  testDir: "tests/e2e",
  timeout: 30_000,
  expect: { timeout: 7_000 },
  fullyParallel: false,
  workers: 1,
  reporter: [["list"]],
  use: {
    baseURL: `http://localhost:${port}`,
    launchOptions: chromium,
    trace: process.env.E2E_TRACE === "1" ? "retain-on-failure" : "off",
  },
  projects: [
    { name: "server", testMatch: /(lifecycle|guard|page-cache)\.spec\.ts/ },
    {
      name: "desktop",
      testIgnore: /(lifecycle|guard|page-cache)\.spec\.ts/,
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 }, launchOptions: chromium },
    },
    {
      name: "mobile",
      testIgnore: /(lifecycle|guard|page-cache)\.spec\.ts/,
      use: { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, launchOptions: chromium },
    },
  ],
  webServer: {
    command: "node tests/e2e/server.ts",
    url: `http://localhost:${port}/healthz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
  },
});
