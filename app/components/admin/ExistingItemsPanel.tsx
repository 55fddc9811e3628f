import type { ReactNode } from "react";
import { EmptyState, Panel } from "./ui.tsx";

/**
 * The catalogue entries that already exist (colours, sizes), under a creation form: a panel titled
 * `title` with the entries as a list named `title`, or the empty state. The items come from the
 * route's loader (its ErrorBoundary covers a failed load). `renderItem` returns each entry's `<li>`.
 */
export function ExistingItemsPanel<T>({
  title,
  items,
  emptyMessage,
  renderItem,
}: {
  title: string;
  items: readonly T[];
  emptyMessage: string;
  renderItem: (item: T) => ReactNode;
}) {
  return (
    <Panel title={title}>
      {items.length === 0 ? (
        <EmptyState message={emptyMessage} />
      ) : (
        <ul aria-label={title} className="flex flex-wrap gap-2">
          {items.map((item) => renderItem(item))}
        </ul>
      )}
    </Panel>
  );
}
