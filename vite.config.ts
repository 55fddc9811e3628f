import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { ssrServerModulesOutside } from "#server/http/web-bundle.ts";

// The browser bundle is grouped into a few larger chunks instead of ~20 small ones: every storefront
// page needs the same framework and layout code, and each extra module costs a request, a
// <link rel="modulepreload"> and its own evaluation on a slow phone.
const FRAMEWORK = /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/;
// App code every public page uses at first (header, cookie notice, cart storage, API client, formatting, cards).
// Kept explicit: anything pulling in zod, forms or the carousel stays with the routes that need it, and the
// footer (a lazy island, app/routes/public-layout.tsx) is its own chunk, loaded when it nears the viewport.
const STOREFRONT_SHARED =
  /[\\/]app[\\/](lib[\\/](api|format|seo|storage|toast)|components[\\/]layout[\\/](SiteHeader|CookieBanner|island|footer-id)|components[\\/]catalog[\\/](CatalogImage|ProductCard)|nonce|root)\.tsx?$/;
const LUCIDE_CORE = /[\\/]node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/](?!icons[\\/])/;

// Each group also takes the modules its members import (the icons the header uses, for example),
// unless a group of higher priority claimed them first.
const chunkGroups = [
  { name: "framework", test: FRAMEWORK, priority: 2 },
  { name: "storefront", test: (id: string) => STOREFRONT_SHARED.test(id) || LUCIDE_CORE.test(id), priority: 1 },
];

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  build: { target: "es2022" },
  environments: {
    client: { build: { rolldownOptions: { output: { codeSplitting: { groups: chunkGroups } } } } },
    // Server modules are imported at run time, never bundled into build/server (server/http/web-bundle.ts).
    ssr: ssrServerModulesOutside,
  },
});
