import type { FastifySchema, RouteOptions } from "fastify";
import type { Access } from "#server/modules/accounts/guard.ts";

/** One registered route, as the test build's onRoute hook saw it. */
export interface SeenRoute {
  method: string;
  url: string;
  access: Access | undefined;
  schema: FastifySchema | undefined;
}

/**
 * Every route of every app built in this test file. Filled by the onRoute hook that
 * `vi.mock("fastify", mockFastifyWithRouteLog)` adds to each instance right after creation,
 * before any plugin or route is registered (so plugin-scoped routes are seen too).
 */
export const seenRoutes: SeenRoute[] = [];

export async function mockFastifyWithRouteLog(importOriginal: () => Promise<unknown>) {
  const mod = (await importOriginal()) as {
    default: (...args: unknown[]) => { addHook: (name: string, fn: (r: RouteOptions) => void) => void };
  };
  const factory = (...args: unknown[]) => {
    const instance = mod.default(...args);
    instance.addHook("onRoute", (route: RouteOptions) => {
      for (const method of [route.method].flat()) {
        seenRoutes.push({
          method,
          url: route.url,
          access: (route.config as { access?: Access } | undefined)?.access,
          schema: route.schema,
        });
      }
    });
    return instance;
  };
  Object.assign(factory, mod.default);
  return { ...mod, default: factory, fastify: factory };
}
