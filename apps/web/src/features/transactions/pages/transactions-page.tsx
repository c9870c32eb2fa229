import { moneyMessages, moneyScreenMessages, shellMessages, TRANSACTION_CATEGORIES } from '@meridian/shared';
import { ReceiptText, RefreshCw, TriangleAlert } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { PageWrapper } from '../../../components/layouts/page-wrapper';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { type ChipOption, FilterChips } from '../../../components/ui/filter-chips';
import { Skeleton } from '../../../components/ui/skeleton';
import { useFailureToast } from '../../../lib/use-failure-toast';
import { type TransactionFilter, useTransactions } from '../api/get-transactions';
import { TransactionCard } from '../components/transaction-card';

const filters: readonly ChipOption<TransactionFilter>[] = [
  { value: 'all', label: 'All' },
  ...TRANSACTION_CATEGORIES.map((category) => ({
    value: category,
    label: moneyScreenMessages.categoryLabels[category],
  })),
];

const isFilter = (value: string | null): value is TransactionFilter => filters.some((f) => f.value === value);

export function TransactionsPage() {
  return (
    <PageWrapper title="Transactions" description="Every movement of your money, newest first.">
      <TransactionsContent />
    </PageWrapper>
  );
}

function TransactionsContent() {
  const [params, setParams] = useSearchParams();
  const requested = params.get('category');
  const filter: TransactionFilter = isFilter(requested) ? requested : 'all';
  const query = useTransactions(filter);
  useFailureToast(query.error, moneyMessages.failedToFetchTransactions);

  const select = (value: TransactionFilter) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value === 'all') next.delete('category');
        else next.set('category', value);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );

  const items = query.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <div className="flex flex-col gap-5">
      <FilterChips label="Filter transactions" options={filters} value={filter} onValueChange={select} />
      {query.isPending ? (
        <ul className="flex flex-col gap-3" aria-busy="true" aria-label="Loading transactions">
          {[0, 1, 2, 3, 4].map((key) => (
            <li
              key={key}
              className="flex items-center gap-4 rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
            >
              <Skeleton className="size-10 rounded-full" />
              <div className="flex flex-1 flex-col gap-2">
                <Skeleton className="h-4 w-48 max-w-full" />
                <Skeleton className="h-3 w-32" />
              </div>
              <Skeleton className="h-5 w-20" />
            </li>
          ))}
        </ul>
      ) : query.isError && items.length === 0 ? (
        // A list that could not be loaded is not an empty one: say so, and offer another try.
        <EmptyState
          icon={TriangleAlert}
          title={moneyMessages.failedToFetchTransactions}
          description="Your history could not be loaded. Check your connection and try again."
          action={
            <Button variant="secondary" onClick={() => void query.refetch()} loading={query.isFetching}>
              <RefreshCw className="size-4" aria-hidden="true" />
              {shellMessages.retry}
            </Button>
          }
        />
      ) : items.length === 0 ? (
        <EmptyState
          icon={ReceiptText}
          title={moneyMessages.noTransactions}
          description={
            filter === 'all'
              ? 'Deposits, withdrawals, transfers, investments and profit claims will appear here.'
              : 'Nothing of this kind yet. Try another filter.'
          }
        />
      ) : (
        <>
          <ul className="flex flex-col gap-3" aria-label="Transactions">
            {items.map((transaction) => (
              <li key={transaction.id}>
                <TransactionCard transaction={transaction} />
              </li>
            ))}
          </ul>
          <div className="flex flex-col items-center gap-2 py-2">
            {query.hasNextPage ? (
              <Button
                variant="secondary"
                loading={query.isFetchingNextPage}
                onClick={() => void query.fetchNextPage()}
                className="w-full sm:w-auto"
              >
                {query.isFetchingNextPage ? 'Loading...' : 'Load more'}
              </Button>
            ) : (
              <p className="text-sm text-slate-600 dark:text-slate-400">
                {items.length === 1 ? '1 transaction' : `${items.length} transactions`} · you have reached the end
              </p>
            )}
          </div>
        </>
      )}
    </div>
  );
}
