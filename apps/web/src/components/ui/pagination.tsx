import { listMessages } from '@meridian/shared';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useId, useState } from 'react';
import { cn } from '../../lib/cn';
import { Button } from './button';
import { Label } from './label';
import { Select } from './select';

export const PAGE_SIZES = [25, 50, 100] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
const sizeOptions = PAGE_SIZES.map((size) => ({ value: String(size), label: String(size) }));

export interface CursorPages {
  /** The cursor of the page on screen: null for the first page. */
  cursor: string | null;
  /** 1-based. */
  page: number;
  pageSize: PageSize;
  hasPrevious: boolean;
  next: (nextCursor: string) => void;
  previous: () => void;
  setPageSize: (size: PageSize) => void;
}

/**
 * Keyset pages walked with Previous / Next: a stack of the cursors that led here (a keyset list has
 * no page numbers to jump to, only the next page's cursor). A new `filtersKey` (the list's filters
 * as text) or a new page size starts again at the first page.
 */
export function useCursorPages(filtersKey: string, initialSize: PageSize = PAGE_SIZES[0]): CursorPages {
  const [state, setState] = useState({ key: filtersKey, size: initialSize, stack: [null] as (string | null)[] });
  const stack = state.key === filtersKey ? state.stack : [null];
  return {
    cursor: stack[stack.length - 1] ?? null,
    page: stack.length,
    pageSize: state.size,
    hasPrevious: stack.length > 1,
    next: (nextCursor) => setState({ key: filtersKey, size: state.size, stack: [...stack, nextCursor] }),
    previous: () => setState({ key: filtersKey, size: state.size, stack: stack.slice(0, -1) }),
    setPageSize: (size) => setState({ key: filtersKey, size, stack: [null] }),
  };
}

interface PaginationProps {
  pages: CursorPages;
  /** The page on screen's `nextCursor`: null on the last page, undefined while unknown. */
  nextCursor: string | null | undefined;
  /** A page is loading (the previous one still shows): Next waits for its cursor. */
  busy?: boolean;
  /** Names the controls for assistive technology ('Users pages'). */
  label: string;
  className?: string;
}

/**
 * Previous / Next and the page size (25, 50, 100) of a keyset list. The buttons stay focusable when
 * they cannot act (aria-disabled), so focus is not lost when the last page is reached.
 */
export function Pagination({ pages, nextCursor, busy = false, label, className }: PaginationProps) {
  const sizeId = useId();
  const canGoBack = pages.hasPrevious;
  const canGoOn = typeof nextCursor === 'string' && !busy;
  return (
    <nav
      aria-label={label}
      className={cn('flex flex-wrap items-center justify-between gap-x-4 gap-y-3 text-sm', className)}
    >
      <div className="flex items-center gap-2">
        <Label htmlFor={sizeId} className="font-normal text-slate-600 dark:text-slate-400">
          {listMessages.rowsPerPage}
        </Label>
        <Select
          id={sizeId}
          options={sizeOptions}
          value={String(pages.pageSize)}
          onValueChange={(value) => pages.setPageSize(Number(value) as PageSize)}
          className="w-20"
        />
      </div>
      <div className="flex items-center gap-2">
        <p aria-live="polite" className="mr-1 text-slate-600 tabular-nums dark:text-slate-400">
          {listMessages.page(pages.page)}
        </p>
        <Button
          variant="secondary"
          size="sm"
          aria-disabled={!canGoBack}
          onClick={() => canGoBack && pages.previous()}
          className={cn(!canGoBack && 'cursor-not-allowed opacity-60 hover:bg-white dark:hover:bg-slate-900')}
        >
          <ChevronLeft className="size-4" aria-hidden="true" />
          {listMessages.previous}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          aria-disabled={!canGoOn}
          onClick={() => typeof nextCursor === 'string' && !busy && pages.next(nextCursor)}
          className={cn(!canGoOn && 'cursor-not-allowed opacity-60 hover:bg-white dark:hover:bg-slate-900')}
        >
          {listMessages.next}
          <ChevronRight className="size-4" aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}
