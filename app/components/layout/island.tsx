import { lazy, type ComponentType } from "react";

/**
 * Resolves when the element with this id comes within a screen of the viewport; at once on the server, when the
 * element is not in the page (a client-side navigation mounts the island fresh) or without IntersectionObserver.
 */
function nearViewport(id: string): Promise<void> {
  if (typeof document === "undefined" || typeof IntersectionObserver === "undefined") return Promise.resolve();
  const element = document.getElementById(id);
  if (!element) return Promise.resolve();
  return new Promise((resolve) => {
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        resolve();
      },
      { rootMargin: "100% 0px" },
    );
    observer.observe(element);
  });
}

/**
 * A lazy island below the fold: React.lazy whose code is requested only once the server-rendered element with
 * `id` nears the viewport. Rendered inside <Suspense>, the server's HTML stays as it is (links work as plain
 * links) and React hydrates it when the code arrives; a page that is never scrolled never loads it.
 */
export function lazyNearViewport<Props extends object>(
  id: string,
  load: () => Promise<ComponentType<Props>>,
): ComponentType<Props> {
  return lazy(() =>
    nearViewport(id)
      .then(load)
      .then((component) => ({ default: component })),
  );
}
