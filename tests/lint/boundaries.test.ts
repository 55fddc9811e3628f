import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { cruise, type IConfiguration } from "dependency-cruiser";
import { ESLint } from "eslint";
import { afterAll, describe, expect, it } from "vitest";

/*
 * The import boundaries `npm run lint` enforces, proved on small fixture trees: each forbidden import
 * is reported under its rule, and the allowed direction is not. The rules come from the project's own
 * .dependency-cruiser.mjs and eslint.config.js, so a weakened rule fails here.
 */

const root = path.resolve(import.meta.dirname, "../..");
const config = (await import(pathToFileURL(path.join(root, ".dependency-cruiser.mjs")).href)) as {
  default: IConfiguration;
  MODULE_ORDER: string[];
};
const made: string[] = [];
afterAll(() => made.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** Writes the files of a fixture tree and returns the rule names dependency-cruiser reports for it. */
async function violations(files: Record<string, string>): Promise<string[]> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "loja-boundaries-"));
  made.push(dir);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  const { forbidden } = config.default;
  const result = await cruise(
    Object.keys(files)
      .map((name) => name.split("/")[0]!)
      .filter(unique),
    {
      baseDir: dir,
      ruleSet: { forbidden },
      tsPreCompilationDeps: true,
      validate: true,
    },
  );
  if (typeof result.output === "string") throw new Error(result.output);
  return result.output.summary.violations.map((v) => v.rule.name).sort();
}
const unique = <T>(value: T, index: number, all: T[]) => all.indexOf(value) === index;
const use = (target: string) => `import { x } from "${target}";\nexport const y = x;\n`;
const useType = (target: string) => `import type { X } from "${target}";\nexport type Y = X;\n`;
const value = "export const x = 1;\nexport type X = number;\n";

it("the order in .dependency-cruiser.mjs starts with tax and ends with seo, orders before payments", () => {
  expect(config.MODULE_ORDER[0]).toBe("tax");
  expect(config.MODULE_ORDER.at(-1)).toBe("seo");
  expect(config.MODULE_ORDER.indexOf("orders")).toBeLessThan(config.MODULE_ORDER.indexOf("payments"));
});

/** [what, the fixture tree, the rules it must break (none: allowed)] */
const cases: [string, Record<string, string>, string[]][] = [
  [
    "a module importing a later module",
    { "server/modules/orders/order.ts": use("../payments/payment.ts"), "server/modules/payments/payment.ts": value },
    ["module-order:orders"],
  ],
  [
    "a module importing an earlier module",
    { "server/modules/payments/payment.ts": use("../orders/order.ts"), "server/modules/orders/order.ts": value },
    [],
  ],
  [
    "a module importing a flow",
    {
      "server/modules/catalog/products.ts": use("../../flows/checkout.ts"),
      "server/flows/checkout/checkout.ts": value,
    },
    ["module-order:catalog"],
  ],
  [
    "a module importing the HTTP layer",
    { "server/modules/seo/routes.ts": use("../../http/access.ts"), "server/http/access.ts": value },
    ["module-order:seo"],
  ],
  [
    "core importing a module",
    { "server/core/money.ts": use("../modules/orders/order.ts"), "server/modules/orders/order.ts": value },
    ["core-imports-no-shop"],
  ],
  [
    "a flow importing the HTTP layer",
    { "server/flows/checkout/checkout.ts": use("../http/web.ts"), "server/http/web.ts": value },
    ["flows-below-the-top"],
  ],
  [
    "a flow importing a module",
    { "server/flows/checkout/checkout.ts": use("../modules/orders/order.ts"), "server/modules/orders/order.ts": value },
    [],
  ],
  [
    "two files importing each other",
    {
      "server/modules/orders/a.ts": `import { b } from "./b.ts";\nexport const a = () => b;\n`,
      "server/modules/orders/b.ts": `import { a } from "./a.ts";\nexport const b = () => a;\n`,
    },
    ["no-circular"],
  ],
  [
    "shop code importing tests/",
    { "server/modules/orders/order.ts": use("../../../tests/support/kit.ts"), "tests/support/kit.ts": value },
    ["no-tests-in-the-shop"],
  ],
  [
    "a test file importing tests/",
    { "server/modules/orders/order.test.ts": use("../../../tests/support/kit.ts"), "tests/support/kit.ts": value },
    [],
  ],
  [
    "browser code importing a server module",
    {
      "app/components/Cart.tsx": use("../../server/modules/orders/service.ts"),
      "server/modules/orders/service.ts": value,
    },
    ["browser-imports-no-server"],
  ],
  [
    "browser code importing server types and rules files, a .server.ts importing a service",
    {
      "app/components/Cart.tsx": useType("../../server/modules/orders/service.ts"),
      "app/components/Phone.tsx": use("../../server/modules/orders/rules.ts"),
      "app/routes/cart.server.ts": use("../../server/modules/orders/service.ts"),
      "server/modules/orders/service.ts": value,
      "server/modules/orders/rules.ts": value,
    },
    [],
  ],
  [
    "a rules.ts file importing a service",
    { "server/modules/orders/rules.ts": use("./service.ts"), "server/modules/orders/service.ts": value },
    ["rules-files-are-pure"],
  ],
  [
    "a rules.ts file importing Node",
    { "server/modules/orders/rules.ts": `import { x } from "node:path";\nexport const y = x;\n` },
    ["rules-files-are-pure"],
  ],
  [
    "a rules.ts file importing rules files, core money and a service's types",
    {
      "server/modules/orders/rules.ts": [
        `import { x } from "../catalog/rules.ts";`,
        `import { x as cents } from "../../core/money.ts";`,
        `import type { X } from "./service.ts";`,
        `export const y: X = x + cents;`,
      ].join("\n"),
      "server/modules/catalog/rules.ts": value,
      "server/modules/orders/service.ts": value,
      "server/core/money.ts": value,
    },
    [],
  ],
];

describe("import boundaries (dependency-cruiser)", () => {
  it.each(cases)("%s", async (_what, files, rules) => {
    expect(await violations(files)).toEqual(rules);
  });
});

describe("aliases (ESLint)", () => {
  const eslint = new ESLint({ cwd: root });
  const messages = async (code: string, file: string) =>
    (await eslint.lintText(code, { filePath: path.join(root, file) }))[0]!.messages.map((m) => m.ruleId);

  it("a relative import that leaves its folder is refused; an alias or a sibling is allowed", async () => {
    expect(await messages(use("../core/money.ts"), "server/http/fixture.ts")).toContain("no-restricted-imports");
    expect(await messages(use("#server/core/money.ts"), "server/http/fixture.ts")).not.toContain(
      "no-restricted-imports",
    );
    expect(await messages(use("./access.ts"), "server/http/fixture.ts")).not.toContain("no-restricted-imports");
  });
});
