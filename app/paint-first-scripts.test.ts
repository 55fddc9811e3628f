import vm from "node:vm";
import { describe, expect, it } from "vitest";
import { paintFirstLoader, yieldBetweenImports } from "./paint-first-scripts.tsx";

// The shape React Router 8's <Scripts> gives its inline module script.
const ROUTER_MODULE_SCRIPT = `;
import * as route0 from "/assets/root-abc.js";
import * as route1 from "/assets/public-layout-def.js";
import * as route2 from "/assets/home-123.js";
  window.__reactRouterManifest = {"entry":{"module":"/assets/entry.client-x.js"}};
  window.__reactRouterRouteModules = {"root":route0,"routes/public-layout":route1,"routes/home":route2};

import("/assets/entry.client-x.js");`;

describe("yieldBetweenImports", () => {
  it("turns each static route import into an awaited dynamic import followed by a yield, in order", () => {
    const code = yieldBetweenImports(ROUTER_MODULE_SCRIPT);
    expect(code).not.toMatch(/^import \* as/m);
    const imports = [...code.matchAll(/const (route\d) = await import\("([^"]+)"\); await new Promise/g)].map((m) => [
      m[1],
      m[2],
    ]);
    expect(imports).toEqual([
      ["route0", "/assets/root-abc.js"],
      ["route1", "/assets/public-layout-def.js"],
      ["route2", "/assets/home-123.js"],
    ]);
    expect(code).toContain('window.__reactRouterRouteModules = {"root":route0');
    expect(code.trim().endsWith('import("/assets/entry.client-x.js");')).toBe(true);
  });

  it("leaves code of another shape untouched", () => {
    const other = 'import "/assets/manifest.js";\nimport("/assets/entry.js");';
    expect(yieldBetweenImports(other)).toBe(other);
  });
});

describe("paintFirstLoader", () => {
  it("cannot be closed early by a </script> inside the module code", () => {
    const loader = paintFirstLoader('console.log("</script><script>alert(1)</script>")', ["/assets/a.js"]);
    expect(loader.toLowerCase()).not.toContain("</script");
  });

  it("adds the preloads and the module script (with the page's nonce) once the first frame is painted", async () => {
    type Node = { tag: string; props: Record<string, string>; children?: Node[] };
    const appended: { tag: string; props: Record<string, string> }[] = [];
    const frames: (() => void)[] = [];
    const timers: (() => void)[] = [];
    const element = (tag: string): Node =>
      new Proxy({ tag, props: {} } as Node, {
        set: (target, key, value) => ((target.props[String(key)] = value), true),
      });
    // A fragment's children are appended in one go when the fragment is.
    const append = (node: Node) => {
      if (node.tag === "#fragment")
        node.children!.forEach((child) => appended.push({ tag: child.tag, props: { ...child.props } }));
      else appended.push({ tag: node.tag, props: { ...node.props } });
    };
    const sandbox = {
      document: {
        currentScript: { nonce: "n0nce" },
        createElement: element,
        createDocumentFragment: () => {
          const fragment: Node = { tag: "#fragment", props: {}, children: [] };
          return Object.assign(fragment, { appendChild: (child: Node) => fragment.children!.push(child) });
        },
        head: { appendChild: append },
        body: { appendChild: append },
      },
      requestAnimationFrame: (fn: () => void) => frames.push(fn),
      setTimeout: (fn: () => void) => timers.push(fn),
    };
    vm.runInNewContext(paintFirstLoader("MODULE CODE", ["/assets/a.js", "/assets/b.js"]), sandbox);
    expect(appended).toEqual([]); // nothing before the first frame

    frames.shift()!(); // the frame: schedules the load right after it
    expect(appended).toEqual([]);
    expect(timers).toHaveLength(2); // the background-tab fallback, then the one queued by the frame
    timers[1]!();
    expect(appended).toEqual([
      { tag: "link", props: { rel: "modulepreload", href: "/assets/a.js" } },
      { tag: "link", props: { rel: "modulepreload", href: "/assets/b.js" } },
      { tag: "script", props: { type: "module", nonce: "n0nce", textContent: "MODULE CODE" } },
    ]);
    timers[0]!(); // the background-tab fallback firing later does not load twice
    expect(appended).toHaveLength(3);
  });
});
