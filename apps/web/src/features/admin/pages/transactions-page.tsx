import {
  type AdminTransaction,
  adminMessages,
  moneyScreenMessages,
  TRANSACTION_CATEGORIES,
  TRANSACTION_STATUSES,
  TRANSACTION_TYPES,
  type TransactionCategory,
} from '@meridian/shared';
import { X } from 'lucide-react';
import type { Column } from '../../../components/ui/data-table';
import { type ChipOption, FilterChips } from '../../../components/ui/filter-chips';
import { Label } from '../../../components/ui/label';
import { PagedTable } from '../../../components/ui/paged-table';
import { useCursorPages } from '../../../components/ui/pagination';
import { Select } from '../../../components/ui/select';
import { StatusBadge } from '../../../components/ui/status-badge';
import { formatDateTime } from '../../../lib/format-date';
import { transactionsCsvHref } from '../api/exports';
import {
  type TransactionStatus,
  type TransactionsFilters,
  type TransactionType,
  useAdminTransactions,
} from '../api/get-transactions';
import { AdminPage } from '../components/admin-page';
import { AmountCell } from '../components/amount-cell';
import { ExportLink } from '../components/export-link';
import { UserLink } from '../components/user-link';
import { useCan } from '../lib/permissions';
import { useUrlChoice, useUrlParam } from '../lib/url-state';

const t = adminMessages.transactions;

type Category = TransactionCategory | 'all';
const CATEGORIES: readonly Category[] = ['all', ...TRANSACTION_CATEGORIES];
const chips: readonly ChipOption<Category>[] = CATEGORIES.map((value) => ({
  value,
  label: value === 'all' ? adminMessages.users.filters.all : moneyScreenMessages.categoryLabels[value],
}));

const TYPES: readonly (TransactionType | 'all')[] = ['all', ...TRANSACTION_TYPES];
const typeOptions = TYPES.map((value) => ({ value, label: value === 'all' ? t.anyType : t.typeLabels[value] }));
const STATUSES: readonly (TransactionStatus | 'all')[] = ['all', ...TRANSACTION_STATUSES];
const statusOptions = STATUSES.map((value) => ({
  value,
  label: value === 'all' ? t.anyStatus : t.statusLabels[value],
}));

const columns: readonly Column<AdminTransaction>[] = [
  {
    key: 'date',
    header: 'Date',
    rowHeader: true,
    cell: (row) => (
      <time dateTime={row.createdAt} className="whitespace-nowrap">
        {formatDateTime(row.createdAt)}
      </time>
    ),
  },
  {
    key: 'user',
    header: 'User',
    cell: (row) => <UserLink id={row.userId} name={row.userName} email={row.userEmail} />,
    className: 'min-w-44',
  },
  { key: 'description', header: 'Description', cell: (row) => row.description, className: 'min-w-48' },
  {
    key: 'kind',
    header: 'Kind',
    cell: (row) => (
      <span className="whitespace-nowrap">
        {t.modeLabels[row.mode]}
        {row.method && row.method !== row.mode && (
          <span className="block text-xs text-slate-600 dark:text-slate-400">{row.method}</span>
        )}
      </span>
    ),
  },
  { key: 'amount', header: 'Amount', numeric: true, cell: (row) => <AmountCell transaction={row} /> },
  { key: 'status', header: 'Status', cell: (row) => <StatusBadge status={row.status} /> },
];

/** Every member's history, newest first, filtered by category, type, status or one member; exported as filtered. */
export function TransactionsPage() {
  const mayExport = useCan('exports.download');
  const [category, setCategory] = useUrlChoice<Category>('category', CATEGORIES, 'all');
  const [type, setType] = useUrlChoice<TransactionType | 'all'>('type', TYPES, 'all');
  const [status, setStatus] = useUrlChoice<TransactionStatus | 'all'>('status', STATUSES, 'all');
  const [userId, setUserId] = useUrlParam('userId');
  const filters: TransactionsFilters = { category, type, status, userId };
  const pages = useCursorPages(JSON.stringify(filters));
  const query = useAdminTransactions(filters, pages.cursor, pages.pageSize);
  const oneUser = userId ? query.data?.items[0] : undefined;

  return (
    <AdminPage
      title={adminMessages.nav.transactions}
      description="Every member's transactions, newest first."
      actions={mayExport && <ExportLink href={transactionsCsvHref(filters)} />}
    >
      <div className="flex flex-col gap-3">
        <FilterChips label={t.filterLabel} options={chips} value={category} onValueChange={setCategory} />
        <div className="flex flex-wrap items-end gap-3">
          <div className="flex w-40 flex-col gap-1.5">
            <Label htmlFor="admin-tx-type">{t.typeLabel}</Label>
            <Select id="admin-tx-type" options={typeOptions} value={type} onValueChange={setType} />
          </div>
          <div className="flex w-40 flex-col gap-1.5">
            <Label htmlFor="admin-tx-status">{t.statusLabel}</Label>
            <Select id="admin-tx-status" options={statusOptions} value={status} onValueChange={setStatus} />
          </div>
          {userId && (
            <p className="flex h-10 items-center gap-1 rounded-full border border-indigo-200 bg-indigo-50 pr-1 pl-4 text-sm font-medium text-indigo-900 dark:border-indigo-800 dark:bg-indigo-950/60 dark:text-indigo-100">
              {oneUser ? t.oneUser(oneUser.userName) : t.oneMember}
              <button
                type="button"
                onClick={() => setUserId('')}
                aria-label={t.everyone}
                title={t.everyone}
                className="flex size-8 items-center justify-center rounded-full hover:bg-indigo-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:hover:bg-indigo-900 dark:focus-visible:outline-indigo-400"
              >
                <X className="size-4" aria-hidden="true" />
              </button>
            </p>
          )}
        </div>
      </div>
      <PagedTable
        caption={adminMessages.nav.transactions}
        columns={columns}
        query={query}
        pages={pages}
        rowKey={(row) => row.id}
        empty={
          category === 'all' && type === 'all' && status === 'all' && !userId
            ? adminMessages.noTransactions
            : adminMessages.noResults
        }
        failedMessage={t.failedToLoad}
        paginationLabel="Transaction pages"
      />
    </AdminPage>
  );
}
