import os from "node:os";
import { defineConfig } from "vitest/config";

// Separate from vite.config.ts: the React Router plugin must not run under Vitest.
export default defineConfig({
  test: {
    include: [
      "server/**/*.test.ts",
      "app/**/*.test.{ts,tsx}",
      "scripts/**/*.test.ts",
      "tests/{security,lint}/**/*.test.ts",
    ],
    globalSetup: ["tests/support/global-setup.ts"],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Vitest's default is one worker per core but one; on a two-core machine that is a single file at a time while
    // most tests wait on PostgreSQL (each file has its own database), so at least two files run side by side.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    // `npm run test:coverage` (CI prints the summary): V8's own counters, no instrumentation step.
    coverage: {
      provider: "v8",
      include: ["server/**/*.ts", "app/**/*.{ts,tsx}"],
      exclude: ["**/*.test.{ts,tsx}", "server/seed/**", "server/cli/**"],
      reporter: ["text-summary", "html"],
    },
  },
});
