import type { ReactNode } from "react";
import { EmptyState, Panel } from "./ui.tsx";

/**
 * The catalogue entries that already exist (colours, sizes), under a creation form: a panel titled
 * `title` with the entries as a list named `title`, or the empty state. The items come from the
 * route's loader (its ErrorBoundary covers a failed load). Each entry is an `<li>` with `renderItem`'s content.
 */
export function ExistingItemsPanel<T extends { id: number }>({
  title,
  items,
  emptyMessage,
  itemClassName,
  renderItem,
}: {
  title: string;
  items: readonly T[];
  emptyMessage: string;
  itemClassName: string;
  renderItem: (item: T) => ReactNode;
}) {
  return (
    <Panel title={title}>
      {items.length === 0 ? (
        <EmptyState message={emptyMessage} />
      ) : (
        <ul aria-label={title} className="flex flex-wrap gap-2">
          {items.map((item) => (
            <li key={item.id} className={itemClassName}>
              {renderItem(item)}
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
