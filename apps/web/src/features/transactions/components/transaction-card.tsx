import { formatCents, type HistoryItem, moneyScreenMessages } from '@meridian/shared';
import { ArrowDownLeft, ArrowUpRight } from 'lucide-react';
import { memo } from 'react';
import { StatusBadge } from '../../../components/ui/status-badge';
import { cn } from '../../../lib/cn';
import { formatDateTime } from '../../../lib/format-date';
import { hasRequestActions, RequestActions } from './request-actions';

const modeLabel = (mode: string) => mode.charAt(0).toUpperCase() + mode.slice(1);

/** Rows whose money never moved (refused by an operator, failed, cancelled by the member). */
const VOID_STATUSES: ReadonlySet<string> = new Set(['failed', 'cancelled']);

/**
 * One history row: direction, description, mode and method, the wallet a credit went to, date,
 * signed amount and status. A debit shows what left the wallet: the amount plus any fee. A row whose
 * money never moved reads as such: no sign, no credit's green or debit's red, and the operator's
 * reason when they gave one. A pending request can be cancelled; a deposit's receipt opened.
 */
export const TransactionCard = memo(function TransactionCard({ transaction }: { transaction: HistoryItem }) {
  const credit = transaction.type === 'credit';
  const moved = !VOID_STATUSES.has(transaction.status);
  const Icon = credit ? ArrowDownLeft : ArrowUpRight;
  const shownCents = credit ? transaction.amountCents : transaction.amountCents + transaction.feeCents;
  const details = [
    modeLabel(transaction.mode),
    transaction.method && transaction.method !== transaction.mode ? transaction.method : null,
    credit && transaction.wallet ? `to ${moneyScreenMessages.walletLabels[transaction.wallet]}` : null,
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <article
      data-status={transaction.status}
      data-type={transaction.type}
      className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex items-center gap-3 sm:gap-4">
        <span
          className={cn(
            'flex size-10 shrink-0 items-center justify-center rounded-full',
            !moved
              ? 'bg-slate-100 text-slate-500 dark:bg-slate-800 dark:text-slate-400'
              : credit
                ? 'bg-emerald-50 text-emerald-700 dark:bg-emerald-950 dark:text-emerald-300'
                : 'bg-rose-50 text-rose-700 dark:bg-rose-950 dark:text-rose-300',
          )}
        >
          <Icon className="size-5" aria-hidden="true" />
          <span className="sr-only">{credit ? 'Credit' : 'Debit'}</span>
        </span>
        <div className="flex min-w-0 flex-1 flex-col gap-0.5">
          <p className="line-clamp-2 text-sm font-medium break-words text-slate-900 dark:text-white">
            {transaction.description}
          </p>
          <p className="text-xs text-slate-600 dark:text-slate-400">
            {details}
            <span aria-hidden="true"> · </span>
            <time dateTime={transaction.createdAt}>{formatDateTime(transaction.createdAt)}</time>
          </p>
          {transaction.reason && (
            <p className="text-xs break-words text-red-700 dark:text-red-300">
              {moneyScreenMessages.refusedBecause(transaction.reason)}
            </p>
          )}
        </div>
        <div className="flex max-w-[60%] shrink-0 flex-col items-end gap-1">
          <p
            data-testid="transaction-amount"
            className={cn(
              'text-sm font-semibold whitespace-nowrap tabular-nums sm:text-base',
              !moved
                ? 'text-slate-500 line-through dark:text-slate-400'
                : credit
                  ? 'text-emerald-700 dark:text-emerald-400'
                  : 'text-rose-700 dark:text-rose-400',
            )}
          >
            {moved && (credit ? '+' : '-')}
            {formatCents(shownCents)}
          </p>
          {transaction.feeCents > 0 && (
            <p className="text-right text-xs text-slate-600 tabular-nums dark:text-slate-400">
              {formatCents(transaction.amountCents)} + fee {formatCents(transaction.feeCents)}
            </p>
          )}
          <StatusBadge status={transaction.status} />
        </div>
      </div>
      {hasRequestActions(transaction) && <RequestActions transaction={transaction} />}
    </article>
  );
});
