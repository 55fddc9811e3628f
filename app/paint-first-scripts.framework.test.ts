import vm from "node:vm";
import { createElement, type ComponentType, type ReactNode } from "react";
import { renderToReadableStream } from "react-dom/server";
import {
  createRequestHandler,
  Links,
  Outlet,
  Scripts,
  ServerRouter,
  type EntryContext,
  type ServerBuild,
} from "react-router";
import { describe, expect, it } from "vitest";
import { PaintFirstScripts, yieldBetweenImports } from "./paint-first-scripts.tsx";

/**
 * PaintFirstScripts rewrites what React Router's <Scripts> renders (decision 0008): there is no supported option
 * for "load the scripts after the first paint". These tests render a page through the installed React Router's
 * real request handler, once with <Scripts> and once with PaintFirstScripts, so an upgrade that changes what
 * <Scripts> emits (its module preloads, its module script) fails here instead of silently losing the rewrite.
 */

const NONCE = "n0nce";
const ASSETS = {
  entry: { module: "/assets/entry.client-e.js", imports: ["/assets/framework-f.js"], css: [] },
  routes: {
    root: route("root", { path: "", module: "/assets/root-r.js", imports: ["/assets/storefront-s.js"] }),
    "routes/home": route("routes/home", {
      parentId: "root",
      index: true,
      module: "/assets/home-h.js",
      imports: ["/assets/storefront-s.js", "/assets/icon-i.js"],
    }),
  },
  url: "/assets/manifest-m.js",
  version: "m",
};

function route(id: string, fields: Record<string, unknown>) {
  return {
    id,
    hasAction: false,
    hasLoader: false,
    hasClientAction: false,
    hasClientLoader: false,
    hasClientMiddleware: false,
    hasDefaultExport: true,
    hasErrorBoundary: false,
    css: [],
    ...fields,
  };
}

/** The HTML React Router answers for `/` when the root layout renders `scripts`. */
async function renderPage(scripts: ComponentType<{ nonce?: string }>): Promise<string> {
  const Layout = ({ children }: { children: ReactNode }) =>
    createElement(
      "html",
      { lang: "pt-PT" },
      createElement("head", null, createElement(Links)),
      createElement("body", null, children, createElement(scripts, { nonce: NONCE })),
    );
  const build = {
    entry: {
      module: {
        // The whole document at once (as the shop's entry.server does for crawlers).
        default: async (request: Request, status: number, headers: Headers, context: EntryContext) => {
          const stream = await renderToReadableStream(
            createElement(ServerRouter, { context, url: request.url, nonce: NONCE }),
            { nonce: NONCE },
          );
          await stream.allReady;
          headers.set("content-type", "text/html");
          return new Response(stream, { status, headers });
        },
      },
    },
    routes: {
      root: { id: "root", path: "", module: { default: () => createElement(Outlet), Layout } },
      "routes/home": {
        id: "routes/home",
        parentId: "root",
        index: true,
        module: { default: () => createElement("h1", null, "Loja") },
      },
    },
    assets: ASSETS,
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    future: {},
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
  } as unknown as ServerBuild;
  const response = await createRequestHandler(build, "production")(new Request("http://loja.test/"));
  expect(response.status).toBe(200);
  return response.text();
}

const modulePreloads = (html: string) =>
  [...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*>/g)].map((m) => /href="([^"]+)"/.exec(m[0])![1]!);
const scripts = (html: string) =>
  [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)].map((m) => ({ attrs: m[1]!, code: m[2]! }));
const unescapeHtml = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

/** Runs the paint-first loader in a stand-in document until its first frame; returns what it added. */
function runLoader(code: string): { tag: string; props: Record<string, string> }[] {
  const added: { tag: string; props: Record<string, string> }[] = [];
  const timers: (() => void)[] = [];
  const element = (tag: string) => {
    const props: Record<string, string> = {};
    return new Proxy(
      { tag, props, appendChild: () => {} },
      { set: (_t, key, value) => ((props[String(key)] = value), true) },
    );
  };
  const fragment = () => {
    const children: ReturnType<typeof element>[] = [];
    return { children, appendChild: (child: ReturnType<typeof element>) => children.push(child) };
  };
  const append = (node: { tag?: string; props?: Record<string, string>; children?: ReturnType<typeof element>[] }) =>
    (node.children ?? [node as ReturnType<typeof element>]).forEach((c) => added.push({ tag: c.tag, props: c.props }));
  vm.runInNewContext(code, {
    document: {
      currentScript: { nonce: NONCE },
      createElement: element,
      createDocumentFragment: fragment,
      head: { appendChild: append },
      body: { appendChild: append },
    },
    requestAnimationFrame: (fn: () => void) => fn(),
    setTimeout: (fn: () => void) => timers.push(fn),
  });
  timers.forEach((fn) => fn());
  return added;
}

describe("PaintFirstScripts with the installed React Router", () => {
  it("finds what <Scripts> emits in the shape it rewrites: module preloads and a module script of static route imports", async () => {
    const html = await renderPage(Scripts);
    // The preloads: the entry, its imports, and each matched route module with its imports.
    expect(modulePreloads(html)).toEqual([
      "/assets/entry.client-e.js",
      "/assets/framework-f.js",
      "/assets/root-r.js",
      "/assets/storefront-s.js",
      "/assets/home-h.js",
      "/assets/icon-i.js",
    ]);
    const moduleScript = scripts(html).find((s) => s.attrs.includes('type="module"'));
    expect(moduleScript, "<Scripts> has an inline module script").toBeDefined();
    const code = unescapeHtml(moduleScript!.code);
    // yieldBetweenImports' shape: one `import * as routeN from "…";` line per matched route.
    expect(code).toMatch(/^import \* as route0 from "\/assets\/root-r\.js";$/m);
    expect(code).toMatch(/^import \* as route1 from "\/assets\/home-h\.js";$/m);
    expect(code).toContain('window.__reactRouterRouteModules = {"root":route0,"routes/home":route1}');
    expect(code).toContain('import("/assets/entry.client-e.js");');
    expect(yieldBetweenImports(code)).not.toBe(code);
  });

  it("renders no preload and no module script; its loader adds the same preloads and the rewritten module script after the first frame", async () => {
    const original = await renderPage(Scripts);
    const html = await renderPage(PaintFirstScripts);
    expect(modulePreloads(html)).toEqual([]);
    expect(html).not.toMatch(/<script[^>]*type="module"/);
    // The same inline scripts as with <Scripts> (so hydration matches), the module script replaced by our loader.
    const before = scripts(original);
    const after = scripts(html);
    const moduleAt = before.findIndex((s) => s.attrs.includes('type="module"'));
    expect(after).toHaveLength(before.length);
    expect(after.every((s) => s.attrs.includes(`nonce="${NONCE}"`))).toBe(true);
    after.forEach((script, i) => {
      if (i !== moduleAt) expect(unescapeHtml(script.code)).toBe(unescapeHtml(before[i]!.code));
    });

    const added = runLoader(unescapeHtml(after[moduleAt]!.code));
    expect(added.filter((a) => a.tag === "link").map((a) => [a.props.rel, a.props.href])).toEqual(
      modulePreloads(original).map((href) => ["modulepreload", href]),
    );
    const moduleScript = added.find((a) => a.tag === "script");
    expect(moduleScript?.props).toMatchObject({ type: "module", nonce: NONCE });
    const originalCode = unescapeHtml(before[moduleAt]!.code);
    expect(moduleScript?.props.textContent).toBe(yieldBetweenImports(originalCode));
    expect(moduleScript?.props.textContent).toContain('const route0 = await import("/assets/root-r.js");');
  });
});
