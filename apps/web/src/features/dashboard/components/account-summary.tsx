import { formatCents, messages, shellMessages, type Wallet as WalletFigures } from '@meridian/shared';
import { ArrowDownToLine, ArrowUpFromLine, Gift, type LucideIcon, TrendingUp, Users, Wallet } from 'lucide-react';
import { Card } from '../../../components/ui/card';
import { LoadError } from '../../../components/ui/load-error';
import { StatTile } from '../../../components/ui/stat-tile';
import { useWallet } from '../../../lib/api/get-wallet';
import { cn } from '../../../lib/cn';

interface SummaryItem {
  label: string;
  key: keyof WalletFigures;
  icon: LucideIcon;
  tone: string;
}

const items: readonly SummaryItem[] = [
  {
    label: 'Total Balance',
    key: 'balanceCents',
    icon: Wallet,
    tone: 'bg-indigo-50 text-indigo-700 dark:bg-indigo-950 dark:text-indigo-300',
  },
  {
    label: 'Total Profit',
    key: 'profitCents',
    icon: TrendingUp,
    tone: 'bg-emerald-50 text-emerald-700 dark:bg-emerald-950 dark:text-emerald-300',
  },
  {
    label: 'Bonus',
    key: 'bonusCents',
    icon: Gift,
    tone: 'bg-amber-50 text-amber-700 dark:bg-amber-950 dark:text-amber-300',
  },
  {
    label: 'Referral Bonus',
    key: 'referralBonusCents',
    icon: Users,
    tone: 'bg-sky-50 text-sky-700 dark:bg-sky-950 dark:text-sky-300',
  },
  {
    label: 'Total Deposit',
    key: 'totalDepositCents',
    icon: ArrowDownToLine,
    tone: 'bg-violet-50 text-violet-700 dark:bg-violet-950 dark:text-violet-300',
  },
  {
    label: 'Total Withdrawal',
    key: 'totalWithdrawalCents',
    icon: ArrowUpFromLine,
    tone: 'bg-rose-50 text-rose-700 dark:bg-rose-950 dark:text-rose-300',
  },
];

/**
 * The six wallet figures. A figure that could not be loaded reads 'Unavailable' under an error
 * with a Retry button, never $0.00: a user would take zeros for an empty wallet.
 */
export function AccountSummary() {
  const { wallet, isLoading, isError, isFetching, retry } = useWallet();
  return (
    <section aria-labelledby="account-summary" className="flex flex-col gap-3">
      <h2 id="account-summary" className="text-lg font-semibold text-slate-900 dark:text-white">
        Account Summary
      </h2>
      {isError && <LoadError message={messages.failedToFetchUserData} onRetry={retry} retrying={isFetching} />}
      <ul className="grid grid-cols-2 gap-3 lg:grid-cols-3">
        {items.map(({ label, key, icon, tone }) => (
          <li key={key}>
            <Card className="h-full p-4 sm:p-5">
              <StatTile
                label={label}
                value={wallet ? formatCents(wallet[key]) : shellMessages.figureUnavailable}
                loading={!wallet && isLoading}
                icon={icon}
                iconClassName={cn('sm:size-11', tone)}
                className="flex flex-col gap-3 sm:flex-row sm:items-center sm:gap-4"
                valueClassName={
                  wallet
                    ? 'mt-0.5 font-semibold text-slate-900 dark:text-white'
                    : 'mt-0.5 font-medium text-slate-500 dark:text-slate-400'
                }
                {...(wallet ? { testId: 'summary-figure' } : {})}
              />
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
