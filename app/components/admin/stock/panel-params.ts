/**
 * The search params of /gestao-stock and /stock-baixo: `product` (the product whose variants show),
 * `history` (the variant whose movements show), `search`, `page`, `threshold`. Every change starts
 * from the params the screen is heading to (a navigation in flight on this path, else the current
 * URL), so two quick changes (a search typed, then a product chosen) both stay.
 */
import { useLocation, useNavigate, useNavigation } from "react-router";

export type ParamChanges = Record<string, string | null | undefined>;
export type PanelChanges = Partial<Record<"product" | "history", string | null>>;

export function useScreenParams() {
  const navigation = useNavigation();
  const location = useLocation();
  const navigate = useNavigate();
  const next = navigation.location?.pathname === location.pathname ? navigation.location : null;
  const wanted = new URLSearchParams((next ?? location).search);
  /** Sets (a text) or removes (null / undefined) some params, keeping the others. */
  const update = (changes: ParamChanges, options: { replace?: boolean } = {}) => {
    const params = new URLSearchParams(wanted);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null || value === undefined) params.delete(key);
      else params.set(key, value);
    }
    void navigate(
      { pathname: location.pathname, search: params.size ? `?${params}` : "" },
      { preventScrollReset: true, replace: options.replace },
    );
  };
  return { wanted, update };
}

/** The product and variant the URL asks for, or the ones being navigated to (shown as loading meanwhile). */
export function usePanelParams() {
  const { wanted, update } = useScreenParams();
  const number = (value: string | null) => (value && /^\d+$/.test(value) ? Number(value) : null);
  return {
    productId: number(wanted.get("product")),
    historyId: number(wanted.get("history")),
    update: (changes: PanelChanges) => update(changes),
  };
}
