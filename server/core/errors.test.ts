import path from "node:path";
import { build, createServer, type Plugin } from "vite";
import { describe, expect, it } from "vitest";
import { AppError, ConflictError, NotFoundError } from "#server/core/errors.ts";
import { ssrServerModulesOutside } from "#server/http/web-bundle.ts";

const root = path.resolve(import.meta.dirname, "../..");

/** A route module as the web app writes one: its loader maps the services' AppErrors to route errors. */
const ROUTE = "virtual:route";
const route: Plugin = {
  name: "route",
  enforce: "pre",
  resolveId: (id) => (id.endsWith(ROUTE) ? ROUTE : null),
  load: (id) =>
    id === ROUTE
      ? `import { AppError } from "#server/core/errors.ts";\nexport const isAppError = (e) => e instanceof AppError;\n`
      : null,
};
/** The SSR options vite.config.ts gives the web app, on the project's own package.json "imports". */
const config = {
  root,
  configFile: false as const,
  logLevel: "silent" as const,
  plugins: [route],
  environments: { ssr: ssrServerModulesOutside },
};

describe("AppError", () => {
  it("is what a loader's instanceof sees: the errors the services throw, and nothing else", () => {
    expect(new NotFoundError("Encomenda não encontrada.") instanceof AppError).toBe(true);
    expect(new Error("x") instanceof AppError).toBe(false);
    expect({ status: 404, message: "x" } instanceof AppError).toBe(false);
    expect(new ConflictError("x") instanceof NotFoundError).toBe(false);
  });
});

describe("the web app's server side shares the server's modules (one AppError class)", () => {
  it("the build imports #server modules at run time instead of carrying copies of them", async () => {
    const result = await build({ ...config, build: { ssr: ROUTE, write: false } });
    const [output] = Array.isArray(result) ? result : [result];
    const code = output && "output" in output ? output.output[0].code : "";
    expect(code).toMatch(/from "#server\/core\/errors\.ts"/);
    expect(code).not.toMatch(/class AppError/);
  });

  it("in development, Vite leaves #server modules to Node (the runner in server/http/web.ts imports them)", async () => {
    const server = await createServer({
      ...config,
      appType: "custom",
      server: { middlewareMode: true, ws: false, watch: null },
    });
    try {
      const ssr = server.environments.ssr;
      const transformed = await ssr.transformRequest(ROUTE);
      expect(transformed?.code).toContain(`"#server/core/errors.ts"`);
      expect(await ssr.fetchModule("#server/core/errors.ts", ROUTE)).toEqual({
        externalize: "#server/core/errors.ts",
        type: "builtin",
      });
    } finally {
      await server.close();
    }
  });
});
