import { type AdminOverview, adminMessages, type DailyFlow, formatCents } from '@meridian/shared';
import { ArrowDownToLine, ArrowRight, ArrowUpFromLine, CircleCheck, CircleX, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { BarLineChart, type ChartSeries } from '../../../components/ui/bar-line-chart';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { DescriptionList, DescriptionRow } from '../../../components/ui/description-list';
import { LoadError } from '../../../components/ui/load-error';
import { Skeleton } from '../../../components/ui/skeleton';
import { StatTile } from '../../../components/ui/stat-tile';
import { textLinkClasses } from '../../../components/ui/text-link';
import { cn } from '../../../lib/cn';
import { formatDate, formatDateTime } from '../../../lib/format-date';
import { useAdminOverview } from '../api/get-overview';
import { AdminPage } from '../components/admin-page';
import { auditSentence } from '../lib/audit-text';

const count = (n: number) => n.toLocaleString('en-US');
const figureLabel = 'text-xs text-slate-600 dark:text-slate-400';

export function OverviewPage() {
  const query = useAdminOverview();
  const overview = query.data;
  return (
    <AdminPage title={adminMessages.nav.overview} description="The platform at a glance, updated as it changes.">
      {overview ? (
        <OverviewContent overview={overview} />
      ) : query.isError ? (
        // Figures that failed to load are not shown at all: never $0.00 in their place.
        <LoadError
          message={adminMessages.overview.failedToLoad}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : (
        <OverviewSkeleton />
      )}
    </AdminPage>
  );
}

function OverviewSkeleton() {
  return (
    <div aria-busy="true" className="grid gap-4 lg:grid-cols-3">
      <Skeleton className="h-36 rounded-xl" />
      <Skeleton className="h-36 rounded-xl" />
      <Skeleton className="h-36 rounded-xl" />
      <Skeleton className="h-80 rounded-xl lg:col-span-2" />
      <Skeleton className="h-80 rounded-xl" />
    </div>
  );
}

function OverviewContent({ overview }: { overview: AdminOverview }) {
  return (
    <div className="flex flex-col gap-6">
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        <QueueCard
          title="Pending deposits"
          icon={ArrowDownToLine}
          figures={overview.pending.deposits}
          to="/admin/deposits"
          linkText="Review deposits"
        />
        <QueueCard
          title="Pending withdrawals"
          icon={ArrowUpFromLine}
          figures={overview.pending.withdrawals}
          to="/admin/withdrawals"
          linkText="Review withdrawals"
        />
        <UsersCard users={overview.users} />
      </div>
      <div className="grid gap-4 lg:grid-cols-3">
        <FlowsCard flows={overview.flows} />
        <BooksCard books={overview.books} />
      </div>
      <RecentActivity entries={overview.recent} />
    </div>
  );
}

function QueueCard({
  title,
  icon: Icon,
  figures,
  to,
  linkText,
}: {
  title: string;
  icon: LucideIcon;
  figures: { count: number; totalCents: number };
  to: string;
  linkText: string;
}) {
  const waiting = figures.count > 0;
  return (
    <Card className="flex flex-col gap-4 p-5">
      <div className="flex items-center gap-3">
        <span
          className={cn(
            'flex size-10 shrink-0 items-center justify-center rounded-xl',
            waiting
              ? 'bg-amber-50 text-amber-700 dark:bg-amber-950 dark:text-amber-300'
              : 'bg-slate-100 text-slate-600 dark:bg-slate-800 dark:text-slate-300',
          )}
        >
          <Icon className="size-5" aria-hidden="true" />
        </span>
        <h2 className="text-sm font-medium text-slate-600 dark:text-slate-400">{title}</h2>
      </div>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-6">
        <StatTile
          term
          fitted={false}
          label="Requests"
          value={count(figures.count)}
          labelClassName={figureLabel}
          valueClassName="text-2xl font-semibold text-slate-900 tabular-nums dark:text-white"
        />
        {/* Shown whole at any width: the font shrinks rather than the amount breaking. */}
        <StatTile
          term
          label="Total"
          value={formatCents(figures.totalCents)}
          labelClassName={figureLabel}
          valueClassName="font-semibold text-slate-900 dark:text-white"
        />
      </dl>
      <Link to={to} className={cn(textLinkClasses, 'mt-auto inline-flex w-fit items-center gap-1 text-sm')}>
        {linkText}
        <ArrowRight className="size-4" aria-hidden="true" />
      </Link>
    </Card>
  );
}

function UsersCard({ users }: { users: AdminOverview['users'] }) {
  const rows: { label: string; value: number; to: string }[] = [
    { label: 'Active', value: users.active, to: '/admin/users?status=active' },
    { label: 'Inactive', value: users.inactive, to: '/admin/users?status=inactive' },
    { label: 'Admins', value: users.admins, to: '/admin/users?status=admin' },
  ];
  return (
    <Card className="flex flex-col gap-4 p-5 md:col-span-2 xl:col-span-1">
      <div className="flex items-baseline justify-between gap-3">
        <h2 className="text-sm font-medium text-slate-600 dark:text-slate-400">Users</h2>
        <Link to="/admin/users" className={cn(textLinkClasses, 'text-sm')}>
          All users
        </Link>
      </div>
      <dl className="grid grid-cols-2 gap-4">
        <div className="flex flex-col gap-0.5">
          <dt className="text-xs text-slate-600 dark:text-slate-400">Total</dt>
          <dd className="text-2xl font-semibold text-slate-900 tabular-nums dark:text-white">{count(users.total)}</dd>
        </div>
        <div className="flex flex-col gap-0.5">
          <dt className="text-xs text-slate-600 dark:text-slate-400">New this week</dt>
          <dd className="text-2xl font-semibold text-slate-900 tabular-nums dark:text-white">
            {count(users.newThisWeek)}
          </dd>
        </div>
      </dl>
      <dl className="grid grid-cols-3 gap-2 border-t border-slate-200 pt-3 dark:border-slate-800">
        {rows.map((row) => (
          <div key={row.label} className="flex flex-col gap-0.5">
            <dt className="text-xs text-slate-600 dark:text-slate-400">{row.label}</dt>
            <dd className="text-sm font-semibold tabular-nums">
              <Link to={row.to} className={textLinkClasses}>
                {count(row.value)}
              </Link>
            </dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

function BooksCard({ books }: { books: AdminOverview['books'] }) {
  const rows: [string, number][] = [
    ['Member balances', books.balanceCents],
    ['Profit owed', books.profitCents],
    ['Bonus', books.bonusCents],
    ['Referral bonus', books.referralBonusCents],
    ['Invested', books.investedCents],
    ['Withdrawal holds', books.withdrawalHoldCents],
    ['Fee revenue', books.feeRevenueCents],
    ['External net', books.externalNetCents],
  ];
  return (
    <Card>
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle>Money in the books</CardTitle>
          {books.balanced && books.problems === 0 ? (
            <Badge tone="success" className="normal-case">
              <CircleCheck className="size-3.5" aria-hidden="true" />
              {adminMessages.overview.booksBalance}
            </Badge>
          ) : (
            <Badge tone="danger" className="normal-case">
              <CircleX className="size-3.5" aria-hidden="true" />
              {adminMessages.overview.booksProblems(books.problems)}
            </Badge>
          )}
        </div>
        {!(books.balanced && books.problems === 0) && (
          <CardDescription className="text-red-700 dark:text-red-400">
            {adminMessages.overview.booksProblemsHelp}
          </CardDescription>
        )}
      </CardHeader>
      <CardContent className="pt-3 sm:pt-3">
        <DescriptionList>
          {rows.map(([label, cents]) => (
            <DescriptionRow key={label} term={label}>
              {formatCents(cents)}
            </DescriptionRow>
          ))}
        </DescriptionList>
      </CardContent>
    </Card>
  );
}

const flowSeries: readonly ChartSeries<DailyFlow>[] = [
  {
    key: 'deposits',
    label: 'Deposits',
    kind: 'bar',
    value: (d) => d.depositsCents,
    markClassName: 'fill-emerald-500 dark:fill-emerald-400',
    swatchClassName: 'bg-emerald-500 dark:bg-emerald-400',
  },
  {
    key: 'withdrawals',
    label: 'Withdrawals',
    kind: 'bar',
    value: (d) => d.withdrawalsCents,
    markClassName: 'fill-rose-500 dark:fill-rose-400',
    swatchClassName: 'bg-rose-500 dark:bg-rose-400',
  },
  {
    key: 'net',
    label: 'Net flow',
    kind: 'line',
    value: (d) => d.netCents,
    markClassName: 'stroke-indigo-600 dark:stroke-indigo-300',
    swatchClassName: 'bg-indigo-600 dark:bg-indigo-300',
  },
];

const compactUsd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  maximumFractionDigits: 1,
});
// Days are UTC calendar days ('2026-11-03'): shown as that day wherever the operator is.
const dayLabel = (d: DailyFlow) => formatDate(`${d.day}T12:00:00Z`);
const dayTick = (d: DailyFlow) =>
  new Date(`${d.day}T12:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

function FlowsCard({ flows }: { flows: readonly DailyFlow[] }) {
  const totalIn = flows.reduce((sum, d) => sum + d.depositsCents, 0);
  const totalOut = flows.reduce((sum, d) => sum + d.withdrawalsCents, 0);
  const summary = `${adminMessages.overview.flowCaption}: ${formatCents(totalIn)} deposited, ${formatCents(totalOut)} withdrawn, net ${formatCents(totalIn - totalOut)}.`;
  return (
    <Card className="lg:col-span-2">
      <CardHeader>
        <CardTitle>Money in and out</CardTitle>
        <CardDescription>
          Last {flows.length} days: {formatCents(totalIn)} in, {formatCents(totalOut)} out, net{' '}
          {formatCents(totalIn - totalOut)}.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <BarLineChart
          title={adminMessages.overview.flowCaption}
          summary={summary}
          data={flows}
          series={flowSeries}
          pointKey={(d) => d.day}
          pointHeader="Day (UTC)"
          pointLabel={dayLabel}
          pointTick={dayTick}
          formatValue={formatCents}
          formatTick={(v) => compactUsd.format(v / 100)}
          minTickStep={100}
        />
      </CardContent>
    </Card>
  );
}

function RecentActivity({ entries }: { entries: AdminOverview['recent'] }) {
  return (
    <Card>
      <CardHeader>
        <div className="flex items-baseline justify-between gap-3">
          <CardTitle>Recent activity</CardTitle>
          <Link to="/admin/audit" className={cn(textLinkClasses, 'text-sm')}>
            {adminMessages.nav.audit}
          </Link>
        </div>
      </CardHeader>
      <CardContent>
        {entries.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">{adminMessages.overview.noActivity}</p>
        ) : (
          <ol className="flex flex-col divide-y divide-slate-200 dark:divide-slate-800">
            {entries.map((entry) => (
              <li
                key={entry.id}
                className="flex flex-col gap-0.5 py-2.5 first:pt-0 last:pb-0 sm:flex-row sm:justify-between sm:gap-4"
              >
                <p className="text-sm break-words text-slate-800 dark:text-slate-200">
                  <span className="font-medium text-slate-900 dark:text-white">{entry.actor}</span>{' '}
                  {auditSentence(entry)}
                </p>
                <time
                  dateTime={entry.createdAt}
                  className="shrink-0 text-xs text-slate-600 tabular-nums dark:text-slate-400"
                >
                  {formatDateTime(entry.createdAt)}
                </time>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
