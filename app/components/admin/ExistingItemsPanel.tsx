import type { ReactNode } from "react";
import { type ApiData, EmptyState, ErrorPanel, LoadingState, Panel } from "./ui.tsx";

/**
 * The catalogue entries that already exist (colours, sizes), under a creation form: a panel titled
 * `title` with the list's loading, error (with retry) and empty states, then the entries as a list
 * named `title`. `renderItem` returns each entry's `<li>`.
 */
export function ExistingItemsPanel<T>({
  title,
  items,
  loadingLabel,
  emptyMessage,
  renderItem,
}: {
  title: string;
  items: ApiData<T[]>;
  loadingLabel: string;
  emptyMessage: string;
  renderItem: (item: T) => ReactNode;
}) {
  return (
    <Panel title={title}>
      {items.loading && !items.data ? (
        <LoadingState label={loadingLabel} />
      ) : items.error && !items.data ? (
        <ErrorPanel message={items.error} onRetry={() => void items.reload()} />
      ) : !items.data || items.data.length === 0 ? (
        <EmptyState message={emptyMessage} />
      ) : (
        <ul aria-label={title} className="flex flex-wrap gap-2">
          {items.data.map((item) => renderItem(item))}
        </ul>
      )}
    </Panel>
  );
}
