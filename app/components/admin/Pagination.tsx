/**
 * The pager of the admin's paged lists (/orders, /payment-status, /gestao-stock, /produto/relatorio,
 * the dashboard's panels): "1–50 de 120 · Página 1 de 3" with 'Anterior' / 'Seguinte' links to
 * `?page=N` (or another search param), keeping the other search params; the route's loader reads
 * the page from the URL, so reload and back work. Nothing when everything fits on one page.
 */
import { ChevronLeft, ChevronRight } from "lucide-react";
import type { ReactNode } from "react";
import { Link, useLocation, useNavigation, useSearchParams } from "react-router";
import { buttonClass } from "./ui.tsx";

/** The page a search param asks for: a whole number ≥ 1, else 1. */
export function pageParam(params: URLSearchParams, name = "page"): number {
  const text = params.get(name) ?? "";
  const page = /^\d{1,7}$/.test(text) ? Number(text) : 1;
  return page >= 1 ? page : 1;
}

/**
 * True while the router loads another URL of this same screen (a page, a filter, a search): the
 * list on screen is then marked busy until the loader answers.
 */
export function useScreenPending(): boolean {
  const navigation = useNavigation();
  const location = useLocation();
  return navigation.state !== "idle" && navigation.location?.pathname === location.pathname;
}

function PageLink({ to, enabled, children }: { to: string; enabled: boolean; children: ReactNode }) {
  if (!enabled) {
    return (
      <span aria-disabled="true" className={`${buttonClass.secondary} cursor-not-allowed opacity-60`}>
        {children}
      </span>
    );
  }
  return (
    <Link to={to} preventScrollReset className={buttonClass.secondary}>
      {children}
    </Link>
  );
}

export function Pagination({
  page,
  pageSize,
  total,
  label,
  param = "page",
}: {
  /** The page on screen (the one the loader answered). */
  page: number;
  pageSize: number;
  total: number;
  /** Accessible name of the pager, e.g. 'Paginação dos pedidos'. */
  label: string;
  /** The search param holding the page number. */
  param?: string;
}) {
  const [searchParams] = useSearchParams();
  const pending = useScreenPending();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  const current = Math.min(Math.max(1, page), pages);
  const first = (current - 1) * pageSize + 1;
  const last = Math.min(current * pageSize, total);

  const linkTo = (target: number): string => {
    const next = new URLSearchParams(searchParams);
    if (target <= 1) next.delete(param);
    else next.set(param, String(target));
    const search = next.toString();
    return search ? `?${search}` : "?";
  };

  return (
    <nav aria-label={label} aria-busy={pending} className="mt-4 flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-gray-700" aria-live="polite">
        {first}–{last} de {total} · Página {current} de {pages}
      </p>
      <div className="flex gap-2">
        <PageLink to={linkTo(current - 1)} enabled={current > 1}>
          <ChevronLeft aria-hidden="true" className="size-4" />
          Anterior
        </PageLink>
        <PageLink to={linkTo(current + 1)} enabled={current < pages}>
          Seguinte
          <ChevronRight aria-hidden="true" className="size-4" />
        </PageLink>
      </div>
    </nav>
  );
}
