import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: ["build/", "data/", ".react-router/", "node_modules/", "test-results/", "playwright-report/", "coverage/"],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  // The rules of hooks and the React Compiler's checks (purity, effects, refs) for the web app.
  { files: ["app/**/*.{ts,tsx}"], ...reactHooks.configs.flat.recommended },
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "no-console": "off",
      // Cross-folder imports name their target through the package.json aliases (#server/…, #app/…, #tests/…,
      // #scripts/…, #bench/…), so a file can move without breaking its neighbours' imports.
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^\\.\\./",
              message: "Import across folders through an alias (#server/…, #app/…, #tests/…, #scripts/…, #bench/…).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["**/*.test.ts", "tests/**/*.ts"],
    rules: { "@typescript-eslint/no-non-null-assertion": "off" },
  },
);
