/**
 * The product panel's search params on /gestao-stock and /stock-baixo: `product` (the product whose
 * variants show) and `history` (the variant whose movements show). While the router loads a new
 * choice, the wanted one is returned, so the screen marks it at once and shows 'Carregando…'.
 */
import { useLocation, useNavigation, useSearchParams } from "react-router";

export type PanelChanges = Partial<Record<"product" | "history", string | null>>;

/** The product and variant the URL asks for, or the one being navigated to (shown as loading meanwhile). */
export function usePanelParams() {
  const [params, setParams] = useSearchParams();
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const next = navigation.location?.pathname === pathname ? navigation.location : null;
  const wanted = next ? new URLSearchParams(next.search) : params;
  const number = (value: string | null) => (value && /^\d+$/.test(value) ? Number(value) : null);
  /** Changes the panel's search params, keeping the screen's others (search, page, threshold). */
  const update = (changes: PanelChanges) =>
    setParams(
      (current) => {
        for (const [key, value] of Object.entries(changes)) {
          if (value === null || value === undefined) current.delete(key);
          else current.set(key, value);
        }
        return current;
      },
      { preventScrollReset: true },
    );
  return { productId: number(wanted.get("product")), historyId: number(wanted.get("history")), update };
}
