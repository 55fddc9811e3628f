// Import boundaries, checked by `npm run lint` (docs/ARCHITECTURE.md, decision 0014).
// Layers, bottom to top: server/core → server/modules (in MODULE_ORDER) → server/flows → the top
// (http/, jobs/, cli/, seed/, app.ts, main.ts, services.ts and the web app). A file may import only
// its own layer's earlier parts and the layers below it.

/** The domain modules, each importing only core/ and the modules before it. */
export const MODULE_ORDER = [
  "tax", // IVA maths and NIF rules: pure, no tables
  "accounts", // users, sessions, sign-in, password rules
  "settings", // the shop's identity, delivery prices and IVA rates (/definicoes)
  "catalog", // products, variants, categories, colours, sizes, banners, pictures
  "promotions", // discount codes and automatic promotions: rules, uses, the pure pricing of a cart
  "orders", // carts, quotes, orders and their lines, the timeline, the admin's order reads
  "inventory", // stock on the shelf and reserved, every movement (stock_movements names its order)
  "payments", // providers (sandbox, ifthenpay), references, callbacks, exceptions, reminders
  "invoicing", // certified invoices and credit notes (InvoiceXpress, Vendus), exactly once
  "aftersale", // fulfilment (preparing, shipped, delivered) and returns (withdrawal, refunds)
  "contact", // the contact form and the admin's messages
  "seo", // robots.txt and sitemap.xml
  "search", // product search, facets, suggestions, synonyms (reads catalog's tables; triggers keep its own)
];

const TOP = "^server/(http|jobs|cli|seed)/|^server/(app|main|services)\\.ts$|^app/";
const TESTS = "\\.test\\.tsx?$";

const moduleRules = MODULE_ORDER.map((name, index) => {
  const later = MODULE_ORDER.slice(index + 1);
  return {
    name: `module-order:${name}`,
    comment: `${name} may import core/ and the modules before it (${MODULE_ORDER.slice(0, index).join(", ") || "none"}), never a later module, a flow or the top layer.`,
    severity: "error",
    from: { path: `^server/modules/${name}/`, pathNot: TESTS },
    to: {
      path: [...(later.length ? [`^server/modules/(${later.join("|")})/`] : []), "^server/flows/", TOP],
    },
  };
});

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: "no-circular",
      comment: "Files never import each other in a loop, directly or through others.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "core-imports-no-shop",
      comment:
        "server/core/ holds the basics (money, time, errors, db, config, log, mail): it imports nothing of the shop above it.",
      severity: "error",
      from: { path: "^server/core/", pathNot: TESTS },
      to: { path: ["^server/(modules|flows)/", TOP, "^tests/"] },
    },
    ...moduleRules,
    {
      name: "flows-below-the-top",
      comment: "A flow composes modules; it never imports the HTTP layer, jobs, the CLI or the web app.",
      severity: "error",
      from: { path: "^server/flows/", pathNot: TESTS },
      to: { path: TOP },
    },
    {
      name: "no-tests-in-the-shop",
      comment: "Shop code never imports tests/ (stand-ins, kits and fixtures live there for the tests alone).",
      severity: "error",
      from: { path: "^(server|app)/", pathNot: TESTS },
      to: { path: "^tests/" },
    },
    {
      name: "browser-imports-no-server",
      comment:
        "Browser code (app/ except *.server.ts(x) and tests) imports from server/ only types (`import type`), the browser-safe rules files (rules.ts) and core's money.ts and time.ts, each import on its own: a route module's loader is stripped from the browser bundle, but its server imports belong in a *.server.ts helper all the same.",
      severity: "error",
      from: { path: "^app/", pathNot: ["\\.server\\.tsx?$", TESTS] },
      to: {
        path: "^server/",
        pathNot: ["/rules\\.ts$", "^server/core/(money|time)\\.ts$"],
        dependencyTypesNot: ["type-only"],
      },
    },
    {
      name: "rules-files-are-pure",
      comment:
        "A rules.ts file is what browser and server share, so it runs in the browser: it imports only other rules.ts files, core's pure money.ts, time.ts and password-rules.ts, and zod (types aside) — never a service, a table, the database, config or Node.",
      severity: "error",
      from: { path: "(^|/)rules\\.ts$" },
      to: {
        pathNot: ["(^|/)rules\\.ts$", "^server/core/(money|time|password-rules)\\.ts$", "^node_modules/zod/"],
        dependencyTypesNot: ["type-only"],
      },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(build|data|coverage|node_modules|\\.react-router)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".json"],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
