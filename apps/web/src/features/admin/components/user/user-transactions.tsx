import {
  adminMessages,
  moneyScreenMessages,
  TRANSACTION_CATEGORIES,
  type Transaction,
  type TransactionCategory,
} from '@meridian/shared';
import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import type { Column } from '../../../../components/ui/data-table';
import { type ChipOption, FilterChips } from '../../../../components/ui/filter-chips';
import { PagedTable } from '../../../../components/ui/paged-table';
import { useCursorPages } from '../../../../components/ui/pagination';
import { StatusBadge } from '../../../../components/ui/status-badge';
import { textLinkClasses } from '../../../../components/ui/text-link';
import { cn } from '../../../../lib/cn';
import { formatDateTime } from '../../../../lib/format-date';
import { useUserTransactions } from '../../api/get-user-transactions';
import { useUrlChoice } from '../../lib/url-state';
import { AmountCell } from '../amount-cell';

type Category = TransactionCategory | 'all';
const CATEGORIES: readonly Category[] = ['all', ...TRANSACTION_CATEGORIES];
const chips: readonly ChipOption<Category>[] = CATEGORIES.map((value) => ({
  value,
  label: value === 'all' ? adminMessages.users.filters.all : moneyScreenMessages.categoryLabels[value],
}));

export const transactionColumns: readonly Column<Transaction>[] = [
  {
    key: 'date',
    header: 'Date',
    rowHeader: true,
    cell: (t) => (
      <time dateTime={t.createdAt} className="whitespace-nowrap">
        {formatDateTime(t.createdAt)}
      </time>
    ),
  },
  { key: 'description', header: 'Description', cell: (t) => t.description, className: 'min-w-48' },
  {
    key: 'kind',
    header: 'Kind',
    cell: (t) => (
      <span className="whitespace-nowrap">
        {adminMessages.transactions.modeLabels[t.mode]}
        {t.method && t.method !== t.mode && (
          <span className="block text-xs text-slate-600 dark:text-slate-400">{t.method}</span>
        )}
      </span>
    ),
  },
  { key: 'amount', header: 'Amount', numeric: true, cell: (t) => <AmountCell transaction={t} /> },
  { key: 'status', header: 'Status', cell: (t) => <StatusBadge status={t.status} /> },
];

/** The member's history, newest first, by category, a keyset page at a time. */
export function UserTransactions({ userId }: { userId: string }) {
  const [category, setCategory] = useUrlChoice<Category>('category', CATEGORIES, 'all');
  const pages = useCursorPages(category);
  const query = useUserTransactions(userId, category, pages.cursor, pages.pageSize);
  const everyone = new URLSearchParams({ userId, ...(category === 'all' ? {} : { category }) });
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <FilterChips
          label={adminMessages.transactions.filterLabel}
          options={chips}
          value={category}
          onValueChange={setCategory}
        />
        <Link
          to={`/admin/transactions?${everyone}`}
          className={cn(textLinkClasses, 'inline-flex items-center gap-1 text-sm')}
        >
          {adminMessages.users.viewAllTransactions}
          <ArrowRight className="size-4" aria-hidden="true" />
        </Link>
      </div>
      <PagedTable
        caption={adminMessages.users.tabs.transactions}
        columns={transactionColumns}
        query={query}
        pages={pages}
        rowKey={(t) => t.id}
        empty={category === 'all' ? adminMessages.noTransactions : adminMessages.users.noTransactions}
        failedMessage={adminMessages.transactions.failedToLoad}
        paginationLabel="Transaction pages"
      />
    </div>
  );
}
