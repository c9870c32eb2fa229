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
 * own scroll area, right-aligned figures, skeleton rows while loading and one line when empty.
 * Below 640 px (sm) the same records are a list of cards instead (RecordCards): a row of six columns
 * does not fit a phone, and scrolling sideways hid the columns that matter (an audit entry's action
 * and target). Only one of the two is displayed, so assistive technology meets each record once.
 * Sorting is the server's (keyset order), not the table's.
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

  const clickRow = (row: T) => (event: MouseEvent<HTMLElement>) => {
    if (!onRowClick) return;
    if (event.target instanceof Element && event.target.closest(INTERACTIVE)) return;
    // Selecting a row's text (to copy an e-mail, say) is not a click on it.
    if (window.getSelection()?.toString()) return;
    onRowClick(row);
  };

  const loading = rows === undefined;
  return (
    <>
      {/* Relative: a visually hidden (absolutely placed) text in a cell stays inside the scroll area
        instead of widening the page. */}
      <section
        ref={scrollRef}
        aria-labelledby={captionId}
        // Focusable, so a keyboard can scroll a table wider or taller than the screen.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
        tabIndex={0}
        className={cn(
          'relative max-h-[min(70dvh,52rem)] overflow-auto rounded-xl border border-slate-200 bg-white shadow-sm max-sm:hidden',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600',
          'dark:border-slate-800 dark:bg-slate-900 dark:focus-visible:outline-indigo-400',
          className,
        )}
      >
        <table aria-busy={loading || busy || undefined} className="w-full border-separate border-spacing-0 text-sm">
          <caption
            id={captionId}
            className={
              showCaption
                ? 'px-4 pt-4 pb-2 text-left text-base font-semibold text-slate-900 dark:text-white'
                : 'sr-only'
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
      <RecordCards
        caption={caption}
        columns={columns}
        rows={rows}
        rowKey={rowKey}
        empty={empty}
        onRowClick={onRowClick ? clickRow : undefined}
        busy={busy}
        skeletonRows={skeletonRows}
      />
    </>
  );
}

const cardClasses = 'rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900';

/**
 * The records as cards, for screens narrower than 640 px: each card is led by the row's header cell
 * (the date, the name) and lists every other column as label and value, full width, so nothing sits
 * off-screen. The list is named by the table's caption.
 */
function RecordCards<T>({
  caption,
  columns,
  rows,
  rowKey,
  empty,
  onRowClick,
  busy,
  skeletonRows,
}: Pick<DataTableProps<T>, 'caption' | 'columns' | 'rows' | 'rowKey' | 'empty' | 'busy' | 'skeletonRows'> & {
  onRowClick: ((row: T) => (event: MouseEvent<HTMLElement>) => void) | undefined;
}) {
  const lead = columns.find((column) => column.rowHeader);
  const rest = columns.filter((column) => column !== lead);
  if (rows === undefined) {
    return (
      <div aria-busy="true" className="flex flex-col gap-3 sm:hidden">
        {Array.from({ length: Math.min(skeletonRows ?? 5, 3) }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <div key={index} className={cn(cardClasses, 'flex flex-col gap-3')}>
            <Skeleton className="h-4 w-32" />
            <Skeleton className="h-4 w-48" />
            <Skeleton className="h-4 w-24" />
          </div>
        ))}
        <span className="sr-only">{listMessages.loading}</span>
      </div>
    );
  }
  if (rows.length === 0) {
    return <p className={cn(cardClasses, 'py-10 text-center text-slate-600 sm:hidden dark:text-slate-400')}>{empty}</p>;
  }
  return (
    <ul aria-label={caption} aria-busy={busy || undefined} className="flex flex-col gap-3 sm:hidden">
      {busy && <li aria-hidden="true" className="h-0.5 w-full animate-pulse bg-indigo-600 dark:bg-indigo-400" />}
      {rows.map((row) => (
        // biome-ignore lint/a11y/useKeyWithClickEvents: a pointer convenience; the card holds a real link or button
        <li
          key={rowKey(row)}
          onClick={onRowClick?.(row)}
          className={cn(
            cardClasses,
            'flex min-w-0 flex-col gap-3 text-sm text-slate-700 dark:text-slate-300',
            onRowClick && 'cursor-pointer hover:bg-slate-50 dark:hover:bg-slate-800/50',
          )}
        >
          {lead && <div className="font-medium text-slate-900 dark:text-white">{lead.cell(row)}</div>}
          <dl className="flex flex-col gap-2.5">
            {rest.map((column) => (
              // A figure sits beside its label, right-aligned as in the table; text goes under it, full width.
              <div
                key={column.key}
                className={cn(
                  'flex min-w-0',
                  column.numeric ? 'items-start justify-between gap-4' : 'flex-col gap-0.5',
                )}
              >
                <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400">
                  {column.header}
                </dt>
                <dd className={cn('min-w-0 break-words', column.numeric && 'tabular-nums')}>{column.cell(row)}</dd>
              </div>
            ))}
          </dl>
        </li>
      ))}
    </ul>
  );
}
