/**
 * Leftovers of the dashboard's hand-made paging (fetchPage, the button pager), kept until the
 * dashboard moves to its loader and app/components/admin/Pagination.tsx; then this file goes.
 */
import { ChevronLeft, ChevronRight } from "lucide-react";
import { apiGet, messageFrom } from "#app/lib/api.ts";
import { buttonClass } from "../ui.tsx";

export interface Page<T> {
  items: T[];
  total: number;
}

export class PageLoadError extends Error {
  override name = "PageLoadError";
  readonly status: number;
  constructor(message: string, status: number) {
    super(message);
    this.status = status;
  }
}

/** One page of a list: the JSON array and the X-Total-Count header (falls back to the array's length). */
export async function fetchPage<T>(path: string, signal?: AbortSignal): Promise<Page<T>> {
  // A request without an answer throws the client's NetworkError.
  const response = await apiGet<unknown>(path, { signal });
  const data = response.data;
  if (!response.ok) throw new PageLoadError(messageFrom(data) ?? `Erro ${response.status}`, response.status);
  const items = Array.isArray(data) ? (data as T[]) : [];
  const header = Number(response.headers.get("X-Total-Count"));
  return {
    items,
    total: Number.isFinite(header) && header >= 0 && response.headers.has("X-Total-Count") ? header : items.length,
  };
}

/** "Página 2 de 7" with previous / next buttons; nothing when everything fits on one page. */
export function Pagination({
  page,
  pageSize,
  total,
  onPageChange,
  label,
  disabled = false,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
  label: string;
  disabled?: boolean;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(page * pageSize, total);
  return (
    <nav aria-label={label} className="mt-4 flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-gray-700" aria-live="polite">
        {first}–{last} de {total} · Página {page} de {pages}
      </p>
      <div className="flex gap-2">
        <button
          type="button"
          className={buttonClass.secondary}
          onClick={() => onPageChange(page - 1)}
          disabled={disabled || page <= 1}
        >
          <ChevronLeft aria-hidden="true" className="size-4" />
          Anterior
        </button>
        <button
          type="button"
          className={buttonClass.secondary}
          onClick={() => onPageChange(page + 1)}
          disabled={disabled || page >= pages}
        >
          Seguinte
          <ChevronRight aria-hidden="true" className="size-4" />
        </button>
      </div>
    </nav>
  );
}
