import { Children, createElement, Fragment, isValidElement, type ReactElement, type ReactNode } from "react";
import { Scripts } from "react-router";

type ElementProps = {
  rel?: string;
  href?: string;
  type?: string;
  children?: ReactNode;
  dangerouslySetInnerHTML?: { __html: string };
};

/** React Router's <Scripts> output as a flat list of <link> and <script> elements. */
function flatten(node: ReactNode, out: ReactElement<ElementProps>[] = []): ReactElement<ElementProps>[] {
  Children.forEach(node, (child) => {
    if (!isValidElement<ElementProps>(child)) return;
    if (child.type === Fragment) flatten(child.props.children, out);
    else out.push(child);
  });
  return out;
}

/** A string that is safe inside an inline <script>: JSON with `<` escaped, so `</script>` cannot end it. */
const scriptLiteral = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");

/**
 * React Router's module script imports every route module of the page statically, so the whole
 * module graph (React, the router, the routes) is evaluated in one long task. Importing them one
 * after the other, with a yield to the event loop in between, splits that work into several shorter
 * tasks so the page stays responsive while it boots. Code in another shape is left as it is.
 */
export function yieldBetweenImports(moduleCode: string): string {
  const staticImport = /^import \* as (\w+) from ("[^"\n]+");$/gm;
  if (!staticImport.test(moduleCode)) return moduleCode;
  return moduleCode.replace(
    staticImport,
    (_line, name: string, specifier: string) =>
      `const ${name} = await import(${specifier}); await new Promise((resolve) => setTimeout(resolve, 0));`,
  );
}

/**
 * The classic script that, once the page has painted, adds the module preloads (in one insertion:
 * appending them one by one cost about a millisecond each) and runs the
 * module script that hydrates the page. requestAnimationFrame first fires when the browser is
 * about to paint (it waits for the render-blocking stylesheet), and the timeout after it runs once
 * that frame is on screen; the 200 ms fallback covers tabs opened in the background, where
 * animation frames do not run.
 */
export function paintFirstLoader(moduleCode: string, preloads: string[]): string {
  return `(function(){var n=document.currentScript.nonce,done=false;function go(){if(done)return;done=true;var f=document.createDocumentFragment();${scriptLiteral(preloads)}.forEach(function(h){var l=document.createElement("link");l.rel="modulepreload";l.href=h;f.appendChild(l)});document.head.appendChild(f);var s=document.createElement("script");s.type="module";s.nonce=n;s.textContent=${scriptLiteral(moduleCode)};document.body.appendChild(s)}requestAnimationFrame(function(){setTimeout(go,0)});setTimeout(go,200)})();`;
}

/**
 * React Router's <Scripts>, changed so the JavaScript is requested only after the first paint.
 *
 * The storefront is fully server-rendered: the HTML and the one stylesheet are all a shopper needs
 * to see the page, and its links and forms work before hydration. <Scripts> puts ~20 module
 * preloads (≈150 KiB compressed) into the head, which on a slow mobile link compete with the
 * stylesheet and the first image for bandwidth and push the first paint back. Here the same
 * preloads and the same module script are added by a small inline script after the first frame,
 * so the page paints first and hydrates right after (docs/decisions/0008-paint-before-hydration.md).
 *
 * The element structure is identical on the server and during hydration (two <script>s with
 * suppressHydrationWarning, as React Router renders them), so hydration matches; after hydration
 * <Scripts> renders nothing, like the original.
 */
export function PaintFirstScripts({ nonce }: { nonce?: string }) {
  // Called as a function, not rendered, so its element tree can be rewritten: its hooks run as part
  // of this component, in the same order on every render.
  const tree = Scripts({ nonce });
  if (!tree) return null;
  const elements = flatten(tree);
  const preloads: string[] = [];
  const out: ReactNode[] = [];
  for (const element of elements) {
    const { rel, href, type, dangerouslySetInnerHTML } = element.props;
    if (element.type === "link" && rel === "modulepreload" && href) {
      preloads.push(href);
    } else if (element.type === "script" && type === "module") {
      out.push(
        <script
          nonce={nonce}
          suppressHydrationWarning
          dangerouslySetInnerHTML={{
            __html: paintFirstLoader(yieldBetweenImports(dangerouslySetInnerHTML?.__html ?? ""), preloads),
          }}
        />,
      );
    } else {
      out.push(element);
    }
  }
  // Spread as separate children (not an array), like <Scripts> itself renders them: no keys needed.
  return createElement(Fragment, null, ...out);
}
