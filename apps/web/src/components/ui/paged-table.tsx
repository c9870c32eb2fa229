import { DataTable, type DataTableProps } from './data-table';
import { LoadError } from './load-error';
import { type CursorPages, Pagination } from './pagination';

/** What PagedTable reads of a TanStack query of one keyset page (`{ items, nextCursor }`). */
export interface PageQuery<T> {
  data: { items: readonly T[]; nextCursor: string | null } | undefined;
  isError: boolean;
  isFetching: boolean;
  /** The previous page (or filters) still shows while this one loads (`keepPreviousData`). */
  isPlaceholderData: boolean;
  refetch: () => unknown;
}

interface PagedTableProps<T> extends Omit<DataTableProps<T>, 'rows' | 'busy' | 'scrollResetKey'> {
  query: PageQuery<T>;
  pages: CursorPages;
  /** Said, with Retry, when the page could not be loaded (never an empty table in its place). */
  failedMessage: string;
  /** Names the Previous / Next controls ('Users pages'). */
  paginationLabel: string;
}

/**
 * One keyset page of a list: the table (skeleton while the first page loads, the old page dimmed
 * while the next one does), a load error with Retry instead of the table when it failed, and
 * Previous / Next with the page size under it (Previous still works after a failed page).
 */
export function PagedTable<T>({ query, pages, failedMessage, paginationLabel, ...table }: PagedTableProps<T>) {
  return (
    <div className="flex flex-col gap-4">
      {query.isError && !query.data ? (
        <LoadError message={failedMessage} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : (
        <DataTable
          {...table}
          rows={query.data?.items}
          busy={query.isPlaceholderData}
          scrollResetKey={`${pages.page}-${pages.cursor}`}
        />
      )}
      <Pagination
        label={paginationLabel}
        pages={pages}
        nextCursor={query.data?.nextCursor}
        busy={query.isPlaceholderData}
      />
    </div>
  );
}
