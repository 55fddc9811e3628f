/**
 * The products grid's 5-second refresh (/produtos): `useRevalidator().revalidate()` on an interval
 * while the tab is visible. A failed refresh keeps the grid on screen with the toast 'Erro ao
 * recarregar os produtos' (only the first load shows the error panel): the route's clientLoader
 * passes its serverLoader through `refreshedOrKept`.
 */
import { useEffect, useRef } from "react";
import { useNavigation, useRevalidator } from "react-router";
import { toast } from "#app/lib/toast.tsx";
import { PRODUCT_LIST_REFRESH_MS, PRODUCT_TEXT } from "./product-api.ts";

/** The data on screen when the running revalidation is a timed refresh, else undefined. */
let refreshing: unknown;

/** For the grid's clientLoader: the server's data, or (a timed refresh that failed) the data on screen. */
export async function refreshedOrKept<T>(serverLoader: () => Promise<T>): Promise<T> {
  const kept = refreshing as T | undefined;
  try {
    return await serverLoader();
  } catch (error) {
    if (kept === undefined) throw error;
    toast.error(PRODUCT_TEXT.listRefreshError, { id: "products-refresh" });
    return kept;
  }
}

/** Reloads the screen's loaders every PRODUCT_LIST_REFRESH_MS while nothing else is loading. */
export function useTimedRefresh(current: unknown) {
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const latest = useRef({ current, revalidator, idle: true });
  useEffect(() => {
    latest.current = { current, revalidator, idle: revalidator.state === "idle" && navigation.state === "idle" };
  });
  useEffect(() => {
    const timer = window.setInterval(() => {
      const { current: shown, revalidator: r, idle } = latest.current;
      if (document.visibilityState === "hidden" || !idle) return;
      refreshing = shown;
      void r.revalidate().finally(() => {
        refreshing = undefined;
      });
    }, PRODUCT_LIST_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, []);
}
