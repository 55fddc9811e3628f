import { useSyncExternalStore, type ComponentProps } from "react";
import type * as SonnerModule from "sonner";

// sonner (~9 KiB compressed) is loaded when the first toast is raised, not with every page: most visits never
// show one, and the page's first load should not pay for it. The toaster mounts once sonner is there, and
// sonner shows it the toasts raised before it subscribed.
type Sonner = typeof SonnerModule;
let sonner: Sonner | undefined;
let loading: Promise<Sonner> | undefined;
const listeners = new Set<() => void>();
const loadSonner = () =>
  (loading ??= import("sonner").then((module) => {
    sonner = module;
    listeners.forEach((listener) => listener());
    return module;
  }));

type ToastArgs = Parameters<Sonner["toast"]["success"]>;

/** The same calls as sonner's `toast`, fire-and-forget. */
export const toast = {
  success: (...args: ToastArgs) => void loadSonner().then((s) => s.toast.success(...args)),
  error: (...args: ToastArgs) => void loadSonner().then((s) => s.toast.error(...args)),
  info: (...args: ToastArgs) => void loadSonner().then((s) => s.toast.info(...args)),
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** sonner's <Toaster>, mounted once the first toast has loaded sonner (nothing on the server). */
export function LazyToaster(props: ComponentProps<Sonner["Toaster"]>) {
  const loaded = useSyncExternalStore(
    subscribe,
    () => sonner,
    () => undefined,
  );
  return loaded ? <loaded.Toaster {...props} /> : null;
}
