import { Suspense, use, useEffect, type ComponentType, type ReactPromise } from "react";

/**
 * Resolves when the element with this id comes within a screen of the viewport; at once when the element is not in
 * the page or without IntersectionObserver.
 */
function nearViewport(id: string): Promise<void> {
  const element = document.getElementById(id);
  if (!element || typeof IntersectionObserver === "undefined") return Promise.resolve();
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

/** A promise React's `use` reads at once when it has settled (React marks it the same way). */
function tracked<T>(promise: Promise<T>): ReactPromise<T> {
  const result: ReactPromise<T> = promise.then((value) => {
    Object.assign(result, { status: "fulfilled", value });
    return value;
  });
  return result;
}

/**
 * A lazy island below the fold: its code is requested in the browser only once the server-rendered element with
 * `id` nears the viewport. Until then React leaves the server's HTML as it is (its links work as plain links) and
 * hydrates it when the code arrives; a page that is never scrolled never loads it. The server loads the code at
 * start, so its HTML always has the island in place.
 * A navigation before the code arrived makes React drop the server's HTML and render the fallback: the fallback
 * then asks for the code at once, so the island comes back right away.
 */
export function lazyNearViewport<Props extends object>(
  id: string,
  load: () => Promise<ComponentType<Props>>,
): ComponentType<Props> {
  const onServer = typeof document === "undefined";
  let loadNow = () => {};
  const asked = new Promise<void>((resolve) => (loadNow = resolve));
  let component: ReactPromise<ComponentType<Props>> | undefined = onServer ? tracked(load()) : undefined;
  const componentPromise = () => (component ??= tracked(Promise.race([nearViewport(id), asked]).then(load)));

  function Island(props: Props) {
    const Component = use(componentPromise());
    return <Component {...props} />;
  }
  function LoadNow() {
    useEffect(loadNow, []);
    return null;
  }
  return function LazyIsland(props: Props) {
    return (
      <Suspense fallback={<LoadNow />}>
        <Island {...props} />
      </Suspense>
    );
  };
}
