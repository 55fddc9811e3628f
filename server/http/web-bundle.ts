import { builtinModules } from "node:module";

/**
 * The web app's server side never carries its own copies of server modules (decision 0016): its `#server/*`
 * imports stay imports, which Node resolves at run time through package.json "imports", so a loader and the
 * services share one instance of each module (one `AppError` class, one logger, one database pool).
 * vite.config.ts gives these options to the SSR environment:
 * - build: `#server/*` is external, so build/server/index.js imports it instead of bundling it;
 * - development: `#server/*` counts as a built-in, so Vite leaves the import to the module runner,
 *   which web.ts makes import it natively from the server's own module graph.
 * Browser code is bundled as before: it may import only rules files and core's money and time
 * (dependency-cruiser's browser-imports-no-server).
 */
export const SERVER_MODULE = /^#server\//;

export const ssrServerModulesOutside = {
  resolve: { builtins: [...builtinModules, /^node:/, SERVER_MODULE] },
  build: { rolldownOptions: { external: [SERVER_MODULE] } },
};
