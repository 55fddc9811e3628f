import { lazy, Suspense, useEffect, type ComponentType } from "react";

/**
 * Resolves when the element with this id comes within a screen of the viewport; at once on the server, when the
 * element is not in the page, or without IntersectionObserver.
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
 * A lazy island below the fold: React.lazy inside <Suspense>, whose code is requested only once the server-rendered
 * element with `id` nears the viewport. Until then the server's HTML stays as it is (its links work as plain links)
 * and React hydrates it when the code arrives; a page that is never scrolled never loads it.
 * A navigation before that makes React drop the server's HTML and render the fallback: the fallback then asks for
 * the code at once, so the island comes back right away.
 */
export function lazyNearViewport<Props extends object>(
  id: string,
  load: () => Promise<ComponentType<Props>>,
): ComponentType<Props> {
  let loadNow = () => {};
  const asked = new Promise<void>((resolve) => (loadNow = resolve));
  const Lazy = lazy(() =>
    Promise.race([nearViewport(id), asked])
      .then(load)
      .then((component) => ({ default: component })),
  );
  function LoadNow() {
    useEffect(loadNow, []);
    return null;
  }
  return function Island(props: Props) {
    return (
      <Suspense fallback={<LoadNow />}>
        <Lazy {...props} />
      </Suspense>
    );
  };
}
