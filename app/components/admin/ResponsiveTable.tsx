/**
 * An admin table that always fits its page (issue 11, 2.4): a real table where there is room for
 * every column, a list of cards (one per row, every fact labelled) below that width. The table is
 * fixed-layout at 100 % with a width per column, so it never grows past its container, and its
 * cells wrap instead of pushing the actions off screen. Both are rendered; CSS shows one, so the
 * server's HTML is complete and role queries only see the visible one. A row and its card carry
 * data-row={row key}, each cell (td or dd) data-column={column id}: a test reads "the stock of
 * this row" the same way at every width.
 */
import type { ReactNode } from "react";
import { thClass } from "./ui.tsx";

export interface AdminColumn<T> {
  id: string;
  header: string;
  cell: (row: T) => ReactNode;
  /** Width in the table, as a Tailwind class (e.g. "w-[14%]"); the widths of a table should add up to 100 %. */
  width: string;
  /** Extra classes of the table cell (e.g. "tabular-nums"). */
  className?: string;
  /** Left out of the card's field list (the card's title already shows it). */
  inCardTitle?: boolean;
}

/**
 * Where the table starts: the admin menu takes 16rem from md up, so the page is about 460 px wide at
 * md, 700 px at lg and 960 px at xl. Wide tables (six or more columns) start at xl.
 */
const FROM = {
  md: { table: "hidden md:block", cards: "md:hidden" },
  lg: { table: "hidden lg:block", cards: "lg:hidden" },
  xl: { table: "hidden xl:block", cards: "xl:hidden" },
} as const;

const cellClass = "px-2 py-2 align-top text-sm text-gray-900 break-words";

export function ResponsiveTable<T>({
  label,
  rows,
  rowKey,
  columns,
  cardTitle,
  actions,
  actionsWidth = "w-[18%]",
  tableFrom = "xl",
  busy = false,
  rowClassName,
}: {
  /** Accessible name of the table and of the card list. */
  label: string;
  rows: T[];
  rowKey: (row: T) => string;
  columns: AdminColumn<T>[];
  /** The card's heading (e.g. the order reference and its status). */
  cardTitle: (row: T) => ReactNode;
  /** The row's buttons: the last column of the table, the foot of the card. */
  actions?: (row: T) => ReactNode;
  actionsWidth?: string;
  tableFrom?: keyof typeof FROM;
  busy?: boolean;
  /** Extra classes of a row and its card (e.g. the selected product's highlight). */
  rowClassName?: (row: T) => string | undefined;
}) {
  const from = FROM[tableFrom];
  return (
    <>
      <div className={`${from.table} rounded-lg border border-gray-200 bg-white`} role="region" aria-label={label}>
        <table className="w-full table-fixed divide-y divide-gray-200" aria-busy={busy}>
          <thead className="bg-gray-50">
            <tr>
              {columns.map((c) => (
                <th key={c.id} scope="col" className={`${thClass} px-2 ${c.width}`}>
                  {c.header}
                </th>
              ))}
              {actions ? (
                <th scope="col" className={`${thClass} px-2 ${actionsWidth}`}>
                  Ações
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-200">
            {rows.map((row) => (
              <tr key={rowKey(row)} data-row={rowKey(row)} className={rowClassName?.(row)}>
                {columns.map((c) => (
                  <td key={c.id} data-column={c.id} className={`${cellClass} ${c.className ?? ""}`}>
                    {c.cell(row)}
                  </td>
                ))}
                {actions ? <td className={cellClass}>{actions(row)}</td> : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      {/* The same region name at every width, so "the Pagamentos table" is found on a phone too. */}
      <div className={from.cards} role="region" aria-label={label}>
        <ul className="space-y-3" aria-busy={busy}>
          {rows.map((row) => (
            <li
              key={rowKey(row)}
              data-row={rowKey(row)}
              className={`rounded-lg border border-gray-200 p-4 shadow-sm ${rowClassName?.(row) || "bg-white"}`}
            >
              <div className="flex flex-wrap items-center justify-between gap-2">{cardTitle(row)}</div>
              <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5 text-sm">
                {columns
                  .filter((c) => !c.inCardTitle)
                  .map((c) => (
                    <div key={c.id} className="contents">
                      <dt className="font-medium text-gray-600">{c.header}</dt>
                      <dd data-column={c.id} className={`min-w-0 break-words text-gray-900 ${c.className ?? ""}`}>
                        {c.cell(row)}
                      </dd>
                    </div>
                  ))}
              </dl>
              {actions ? <div className="mt-3 border-t border-gray-100 pt-3">{actions(row)}</div> : null}
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}
