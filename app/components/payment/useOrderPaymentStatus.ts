import { useCallback, useEffect, useRef, useState } from "react";
import type { ShopperOrderStatus } from "#server/flows/payment-page/schemas.ts";
import { apiGet, apiPost, messageFrom } from "#app/lib/api.ts";

/**
 * Follows an order's payment on the server (GET /api/users/me/orders/:id/status): asks at once, then every
 * POLL_MS while the tab is visible, and stops for good once the order is paid, expired or cancelled (or the
 * order is not the shopper's). Also the 'Pagar por Multibanco' switch, whose answer is the new status.
 */

export const POLL_MS = 4_000;

export type FollowState =
  | { phase: "waiting" }
  /** No answer about this order (not signed in, not the shopper's, offline): the page keeps what it has. */
  | { phase: "unavailable"; status: number }
  | { phase: "known"; order: ShopperOrderStatus; /** server clock minus this device's, in ms */ skewMs: number };

/** The answer is a status (a stand-in or proxy may answer something else). */
function isStatus(data: unknown): data is ShopperOrderStatus {
  const d = data as Partial<ShopperOrderStatus> | null;
  return Boolean(d && typeof d.order_id === "number" && typeof d.estado === "string" && typeof d.agora === "string");
}

/** Nothing will change any more for this order: no need to ask again. */
export const isSettled = (s: ShopperOrderStatus) => s.pago || s.estado === "expired" || s.estado === "cancelled";

const known = (order: ShopperOrderStatus): FollowState => ({
  phase: "known",
  order,
  skewMs: Date.parse(order.agora) - Date.now(),
});

export function useOrderPaymentStatus(orderId: string | null) {
  const [state, setState] = useState<FollowState>({ phase: "waiting" });
  // Set when an answer makes further polling pointless (settled order, 401/404).
  const stopped = useRef(false);

  useEffect(() => {
    if (!orderId) return;
    stopped.current = false;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = async () => {
      if (document.visibilityState !== "hidden") {
        try {
          const res = await apiGet(`/api/users/me/orders/${encodeURIComponent(orderId)}/status`, {
            signal: controller.signal,
            timeoutMs: 10_000,
          });
          if (controller.signal.aborted) return;
          if (res.ok && isStatus(res.data)) {
            setState(known(res.data));
            if (isSettled(res.data)) stopped.current = true;
          } else if (res.status === 401 || res.status === 403 || res.status === 404 || res.status === 400) {
            setState({ phase: "unavailable", status: res.status });
            stopped.current = true;
          }
        } catch {
          // Offline for a moment: the next tick asks again.
        }
      }
      if (!stopped.current && !controller.signal.aborted) timer = setTimeout(() => void tick(), POLL_MS);
    };
    void tick();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [orderId]);

  /** POST …/pay-multibanco; resolves to the pt-PT error to show, or null when the page now shows the reference. */
  const payByMultibanco = useCallback(async (): Promise<string | null> => {
    if (!orderId) return "Encomenda não encontrada.";
    try {
      const res = await apiPost(`/api/users/me/orders/${encodeURIComponent(orderId)}/pay-multibanco`, undefined, {
        timeoutMs: 20_000,
      });
      if (res.ok && isStatus(res.data)) {
        setState(known(res.data));
        return null;
      }
      return messageFrom(res.data) ?? "Não foi possível criar a referência Multibanco. Tente novamente.";
    } catch {
      return "Não foi possível ligar ao servidor. Verifique a ligação e tente novamente.";
    }
  }, [orderId]);

  return { state, payByMultibanco };
}
