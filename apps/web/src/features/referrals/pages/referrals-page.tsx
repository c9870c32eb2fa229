import { moneyMessages, referralWording } from '@meridian/shared';
import { Users } from 'lucide-react';
import { useId } from 'react';
import { PageWrapper } from '../../../components/layouts/page-wrapper';
import { ReferralLinkField } from '../../../components/referral/referral-link-field';
import { Avatar } from '../../../components/ui/avatar';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { StatTile } from '../../../components/ui/stat-tile';
import { useUser } from '../../../lib/api/get-me';
import { useReferralBonus } from '../../../lib/api/get-public-config';
import { formatDateTime } from '../../../lib/format-date';
import { useFailureToast } from '../../../lib/use-failure-toast';
import { useReferrals } from '../api/get-referrals';
import { BonusPanel } from '../components/bonus-panel';

export function ReferralsPage() {
  const bonus = useReferralBonus();
  return (
    <PageWrapper title="Referrals" description={referralWording.pageDescription(bonus)}>
      <ReferralsContent />
    </PageWrapper>
  );
}

function ReferralsContent() {
  const id = useId();
  const bonus = useReferralBonus();
  const user = useUser();
  const referrals = useReferrals();
  useFailureToast(referrals.error, moneyMessages.failedToFetchUsers);
  const list = referrals.data ?? [];

  return (
    <div className="flex flex-col gap-6">
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <Card>
          <CardHeader>
            <CardTitle>
              <label htmlFor={id}>Referral Link</label>
            </CardTitle>
            <CardDescription>Share it anywhere. Friends who register through it are listed below.</CardDescription>
          </CardHeader>
          <CardContent>
            <ReferralLinkField id={id} referralId={user.referralId} />
          </CardContent>
        </Card>
        <Card className="flex flex-col justify-center p-5">
          <StatTile
            label="Referrals"
            value={String(list.length)}
            loading={referrals.isPending}
            icon={Users}
            iconClassName="bg-sky-50 text-sky-700 dark:bg-sky-950 dark:text-sky-300"
            maxRem={1.25}
            valueClassName="font-semibold text-slate-900 dark:text-white"
            skeletonClassName="mt-1 h-6 w-10"
          />
        </Card>
      </div>

      <BonusPanel />

      <section aria-labelledby={`${id}-list`} className="flex flex-col gap-3">
        <h2 id={`${id}-list`} className="text-lg font-semibold text-slate-900 dark:text-white">
          Your referrals
        </h2>
        {referrals.isPending ? (
          <Card className="divide-y divide-slate-200 dark:divide-slate-800" aria-busy="true">
            {[0, 1, 2].map((key) => (
              <div key={key} className="flex items-center gap-3 p-4">
                <Skeleton className="size-10 rounded-full" />
                <div className="flex flex-1 flex-col gap-2">
                  <Skeleton className="h-4 w-36" />
                  <Skeleton className="h-3 w-48 max-w-full" />
                </div>
              </div>
            ))}
          </Card>
        ) : list.length === 0 ? (
          <EmptyState icon={Users} title={moneyMessages.noReferrals} description={referralWording.emptyList(bonus)} />
        ) : (
          <Card>
            <ul aria-label="Referred users" className="divide-y divide-slate-200 dark:divide-slate-800">
              {list.map((referee) => (
                <li key={referee.id} className="flex items-center gap-3 p-4">
                  <Avatar name={referee.name} />
                  <div className="flex min-w-0 flex-1 flex-col gap-1 sm:flex-row sm:items-center sm:justify-between sm:gap-4">
                    <div className="flex min-w-0 flex-col">
                      <p className="truncate text-sm font-medium text-slate-900 dark:text-white">{referee.name}</p>
                      <p className="truncate text-sm text-slate-600 dark:text-slate-400">{referee.email}</p>
                    </div>
                    <p className="shrink-0 text-xs text-slate-600 dark:text-slate-400">
                      Joined <time dateTime={referee.createdAt}>{formatDateTime(referee.createdAt)}</time>
                    </p>
                  </div>
                </li>
              ))}
            </ul>
          </Card>
        )}
      </section>
    </div>
  );
}
