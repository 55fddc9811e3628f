import { ArrowLeft } from "lucide-react";
import { Link, useNavigate } from "react-router";
import { buttonClass } from "./ui.tsx";

/**
 * True when the previous history entry is a page of this app. React Router numbers its entries
 * (`history.state.idx`, 0 for the first page of the tab), so a page opened directly, in a new tab
 * or from another site has nothing of ours to go back to; `history.length` counts those too
 * (a new tab's blank page), which led 'Voltar' to an empty page.
 */
export function canGoBackInApp(): boolean {
  const state: unknown = typeof window === "undefined" ? null : window.history.state;
  const idx = state && typeof state === "object" && "idx" in state ? (state as { idx: unknown }).idx : 0;
  return typeof idx === "number" && idx > 0;
}

/**
 * "Voltar": back to the previous page of the shop, or to `fallback` when this page was opened
 * directly. A real link to `fallback`, so it also works before hydration and opens in a new tab.
 */
export function BackButton({ fallback }: { fallback: string }) {
  const navigate = useNavigate();
  return (
    <Link
      to={fallback}
      className={buttonClass.secondary}
      onClick={(event) => {
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        if (!canGoBackInApp()) return; // the link itself goes to the fallback
        event.preventDefault();
        void navigate(-1);
      }}
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      Voltar
    </Link>
  );
}
