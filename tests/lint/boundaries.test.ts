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

it("the order in .dependency-cruiser.mjs starts with tax and ends with search (which only reads the catalogue), orders before payments", () => {
  expect(config.MODULE_ORDER[0]).toBe("tax");
  expect(config.MODULE_ORDER.at(-1)).toBe("search");
  expect(config.MODULE_ORDER.indexOf("orders")).toBeLessThan(config.MODULE_ORDER.indexOf("payments"));
});

/** A tree of two files: `from` imports a value from `to` (by a relative path, as an alias would resolve). */
function edge(from: string, to: string, text = use): Record<string, string> {
  const spec = path.posix.relative(path.posix.dirname(from), to);
  return { [from]: text(spec.startsWith(".") ? spec : `./${spec}`), [to]: value };
}

/** [what, the fixture tree, the rules it must break (none: allowed)] */
const cases: [string, Record<string, string>, string[]][] = [
  [
    "a module importing a later module",
    edge("server/modules/orders/o.ts", "server/modules/payments/p.ts"),
    ["module-order:orders"],
  ],
  ["a module importing an earlier module", edge("server/modules/payments/p.ts", "server/modules/orders/o.ts"), []],
  [
    "a module importing a flow",
    edge("server/modules/catalog/c.ts", "server/flows/checkout.ts"),
    ["module-order:catalog"],
  ],
  [
    "a module importing the HTTP layer",
    edge("server/modules/seo/routes.ts", "server/http/access.ts"),
    ["module-order:seo"],
  ],
  ["core importing a module", edge("server/core/money.ts", "server/modules/orders/o.ts"), ["core-imports-no-shop"]],
  ["a flow importing the HTTP layer", edge("server/flows/checkout.ts", "server/http/web.ts"), ["flows-below-the-top"]],
  ["a flow importing a module", edge("server/flows/checkout.ts", "server/modules/orders/o.ts"), []],
  [
    "two files importing each other",
    { "server/modules/orders/a.ts": use("./b.ts"), "server/modules/orders/b.ts": use("./a.ts") },
    ["no-circular"],
  ],
  ["shop code importing tests/", edge("server/modules/orders/o.ts", "tests/support/kit.ts"), ["no-tests-in-the-shop"]],
  ["a test file importing tests/", edge("server/modules/orders/o.test.ts", "tests/support/kit.ts"), []],
  [
    "browser code importing a server module",
    edge("app/components/Cart.tsx", "server/modules/orders/service.ts"),
    ["browser-imports-no-server"],
  ],
  [
    "browser code importing a server module's types",
    edge("app/components/Cart.tsx", "server/modules/orders/service.ts", useType),
    [],
  ],
  ["browser code importing a rules file", edge("app/components/Phone.tsx", "server/modules/orders/rules.ts"), []],
  [
    "a route's .server.ts importing a service",
    edge("app/routes/cart.server.ts", "server/modules/orders/service.ts"),
    [],
  ],
  [
    "a rules.ts file importing a service",
    edge("server/modules/orders/rules.ts", "server/modules/orders/service.ts"),
    ["rules-files-are-pure"],
  ],
  [
    "a rules.ts file importing a service's types",
    edge("server/modules/orders/rules.ts", "server/modules/orders/service.ts", useType),
    [],
  ],
  [
    "a rules.ts file importing another module's rules",
    edge("server/modules/orders/rules.ts", "server/modules/catalog/rules.ts"),
    [],
  ],
  ["a rules.ts file importing core money", edge("server/modules/orders/rules.ts", "server/core/money.ts"), []],
  [
    "a rules.ts file importing Node",
    { "server/modules/orders/rules.ts": `import { x } from "node:path";\nexport const y = x;\n` },
    ["rules-files-are-pure"],
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
