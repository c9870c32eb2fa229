import { listMessages } from '@meridian/shared';
import { type MouseEvent, type ReactNode, useEffect, useId, useRef } from 'react';
import { cn } from '../../lib/cn';
import { Skeleton } from './skeleton';

export interface Column<T> {
  key: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** Money and counts: right-aligned tabular figures. */
  numeric?: boolean;
  /** The cell that names the row (a <th scope="row">), usually the name or the date. */
  rowHeader?: boolean;
  /** Added to the column's header and cells (widths, wrapping). */
  className?: string;
}

export interface DataTableProps<T> {
  /** The table's name: its <caption> (visually hidden unless `showCaption`) and the scroll region's label. */
  caption: string;
  showCaption?: boolean;
  columns: readonly Column<T>[];
  /** The rows; undefined while the first load runs (skeleton rows stand in). */
  rows: readonly T[] | undefined;
  rowKey: (row: T) => string;
  /** Said in place of rows when there are none ('Nothing matches these filters'). */
  empty: ReactNode;
  /**
   * A pointer convenience: clicking anywhere on a row does what its link does. Each row must still
   * hold a real link or button for keyboard and screen-reader users.
   */
  onRowClick?: (row: T) => void;
  /** Another page is loading while this one shows. */
  busy?: boolean;
  skeletonRows?: number;
  /** When it changes (a new page), the table scrolls back to its top. */
  scrollResetKey?: unknown;
  className?: string;
}

const INTERACTIVE = 'a, button, input, select, textarea, label, summary, [role="button"]';

/**
 * A semantic table of records: caption, column headers, row headers, a sticky header row inside its
 * own scroll area (both ways, so it works at 360 px), right-aligned figures, skeleton rows while
 * loading and one line when empty. Sorting is the server's (keyset order), not the table's.
 */
export function DataTable<T>({
  caption,
  showCaption = false,
  columns,
  rows,
  rowKey,
  empty,
  onRowClick,
  busy = false,
  skeletonRows = 5,
  scrollResetKey,
  className,
}: DataTableProps<T>) {
  const captionId = useId();
  const scrollRef = useRef<HTMLElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolls back on a new key only
  useEffect(() => {
    scrollRef.current?.scrollTo({ top: 0 });
  }, [scrollResetKey]);

  const clickRow = (row: T) => (event: MouseEvent<HTMLTableRowElement>) => {
    if (!onRowClick) return;
    if (event.target instanceof Element && event.target.closest(INTERACTIVE)) return;
    // Selecting a row's text (to copy an e-mail, say) is not a click on it.
    if (window.getSelection()?.toString()) return;
    onRowClick(row);
  };

  const loading = rows === undefined;
  return (
    // Relative: a visually hidden (absolutely placed) text in a cell stays inside the scroll area
    // instead of widening the page.
    <section
      ref={scrollRef}
      aria-labelledby={captionId}
      // Focusable, so a keyboard can scroll a table wider or taller than the screen.
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
      tabIndex={0}
      className={cn(
        'relative max-h-[min(70dvh,52rem)] overflow-auto rounded-xl border border-slate-200 bg-white shadow-sm',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600',
        'dark:border-slate-800 dark:bg-slate-900 dark:focus-visible:outline-indigo-400',
        className,
      )}
    >
      <table aria-busy={loading || busy || undefined} className="w-full border-separate border-spacing-0 text-sm">
        <caption
          id={captionId}
          className={
            showCaption ? 'px-4 pt-4 pb-2 text-left text-base font-semibold text-slate-900 dark:text-white' : 'sr-only'
          }
        >
          {caption}
        </caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th
                key={column.key}
                scope="col"
                className={cn(
                  'sticky top-0 z-10 border-b border-slate-200 bg-slate-50 px-4 py-2.5 text-xs font-semibold tracking-wide whitespace-nowrap text-slate-600 uppercase',
                  'dark:border-slate-800 dark:bg-slate-800 dark:text-slate-300',
                  column.numeric ? 'text-right' : 'text-left',
                  column.className,
                )}
              >
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        {/* Old rows stay readable while the next ones load (dimmed, their text fell below AA contrast):
            a bar along the header says the table is updating. */}
        {busy && !loading && (
          <tbody aria-hidden="true">
            <tr>
              <td colSpan={columns.length} className="sticky top-9 z-10 h-0 p-0">
                <div className="h-0.5 w-full animate-pulse bg-indigo-600 dark:bg-indigo-400" />
              </td>
            </tr>
          </tbody>
        )}
        <tbody>
          {loading ? (
            Array.from({ length: skeletonRows }, (_, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
              <tr key={index}>
                {columns.map((column) => (
                  <td key={column.key} className="border-b border-slate-100 px-4 py-3.5 dark:border-slate-800/70">
                    <Skeleton className={cn('h-4', column.numeric ? 'ml-auto w-16' : 'w-24')} />
                  </td>
                ))}
              </tr>
            ))
          ) : rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="px-4 py-12 text-center text-slate-600 dark:text-slate-400">
                {empty}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr
                key={rowKey(row)}
                onClick={onRowClick ? clickRow(row) : undefined}
                className={cn(
                  'group',
                  onRowClick && 'cursor-pointer hover:bg-slate-50 dark:hover:bg-slate-800/50',
                  '[&:last-child>*]:border-b-0',
                )}
              >
                {columns.map((column) => {
                  const Cell = column.rowHeader ? 'th' : 'td';
                  return (
                    <Cell
                      key={column.key}
                      {...(column.rowHeader ? { scope: 'row' } : {})}
                      className={cn(
                        'border-b border-slate-100 px-4 py-3 text-left align-middle font-normal text-slate-700 dark:border-slate-800/70 dark:text-slate-300',
                        column.numeric && 'text-right whitespace-nowrap tabular-nums',
                        column.className,
                      )}
                    >
                      {column.cell(row)}
                    </Cell>
                  );
                })}
              </tr>
            ))
          )}
        </tbody>
      </table>
      {loading && <span className="sr-only">{listMessages.loading}</span>}
    </section>
  );
}
