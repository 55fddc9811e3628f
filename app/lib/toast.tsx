import { useEffect, useState, type ComponentProps, type ComponentType } from "react";
import type * as SonnerModule from "sonner";

// sonner (~9 KiB compressed) is loaded on first use instead of with every page: most visits never
// show a toast, and the first paint and hydration should not pay for it. Toasts raised before the
// toaster has mounted are shown when it subscribes (sonner replays the active ones).
type Sonner = typeof SonnerModule;
let loading: Promise<Sonner> | undefined;
const loadSonner = () => (loading ??= import("sonner"));

type ToastArgs = Parameters<Sonner["toast"]["success"]>;

/** The same calls as sonner's `toast`, fire-and-forget. */
export const toast = {
  success: (...args: ToastArgs) => void loadSonner().then((s) => s.toast.success(...args)),
  error: (...args: ToastArgs) => void loadSonner().then((s) => s.toast.error(...args)),
  info: (...args: ToastArgs) => void loadSonner().then((s) => s.toast.info(...args)),
};

type ToasterProps = ComponentProps<Sonner["Toaster"]>;

/** sonner's <Toaster>, mounted once the page has hydrated (it renders nothing on the server anyway). */
export function LazyToaster(props: ToasterProps) {
  const [Toaster, setToaster] = useState<ComponentType<ToasterProps> | null>(null);
  useEffect(() => {
    let live = true;
    void loadSonner().then((s) => live && setToaster(() => s.Toaster));
    return () => {
      live = false;
    };
  }, []);
  return Toaster ? <Toaster {...props} /> : null;
}
