import { type AdminUserDetail, adminMessages, formatCents, messages } from '@meridian/shared';
import { ArrowLeft, UserX } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import { buttonClasses } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { DescriptionList, DescriptionRow } from '../../../components/ui/description-list';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadError } from '../../../components/ui/load-error';
import { Skeleton } from '../../../components/ui/skeleton';
import { StatusBadge } from '../../../components/ui/status-badge';
import { type TabItem, TabPanel, Tabs } from '../../../components/ui/tabs';
import { ApiError } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format-date';
import { useAdminUser } from '../api/get-user';
import { AdminPage } from '../components/admin-page';
import { RoleBadge } from '../components/role-badge';
import { PendingAdjustments } from '../components/user/pending-adjustments';
import { UserActions } from '../components/user/user-actions';
import { UserInvestments } from '../components/user/user-investments';
import { UserReceipts } from '../components/user/user-receipts';
import { UserReferees } from '../components/user/user-referees';
import { UserTransactions } from '../components/user/user-transactions';
import { UserLink } from '../components/user-link';
import { useUrlChoice } from '../lib/url-state';

const TABS = ['transactions', 'investments', 'referees', 'receipts'] as const;
type UserTab = (typeof TABS)[number];

/**
 * /admin/users/:userId (the page the Deposit Notification e-mail links to): who they are, every
 * wallet figure from the books, the operator's actions, and their history, investments, referees
 * and receipts.
 */
export function UserPage() {
  const { userId = '' } = useParams();
  const query = useAdminUser(userId);
  const detail = query.data;

  if (!detail) {
    const notFound = query.error instanceof ApiError && query.error.status === 404;
    return (
      <AdminPage title={notFound ? messages.userNotFound : adminMessages.nav.users}>
        {notFound ? (
          <EmptyState
            icon={UserX}
            title={messages.userNotFound}
            description={adminMessages.users.notFoundBody}
            action={
              <Link to="/admin/users" className={buttonClasses('secondary')}>
                <ArrowLeft className="size-4" aria-hidden="true" />
                {adminMessages.users.backToUsers}
              </Link>
            }
          />
        ) : query.isError ? (
          <LoadError
            message={adminMessages.users.failedToLoadUser}
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
          />
        ) : (
          <div aria-busy="true" className="grid gap-4 md:grid-cols-2">
            <Skeleton className="h-72 rounded-xl" />
            <Skeleton className="h-72 rounded-xl" />
          </div>
        )}
      </AdminPage>
    );
  }
  return <UserDetail detail={detail} />;
}

function UserDetail({ detail }: { detail: AdminUserDetail }) {
  const { user, wallet, referrer } = detail;
  const [tab, setTab] = useUrlChoice<UserTab>('tab', TABS, 'transactions');
  const tabs: readonly TabItem<UserTab>[] = [
    { value: 'transactions', label: adminMessages.users.tabs.transactions },
    { value: 'investments', label: `${adminMessages.users.tabs.investments} (${detail.investments.length})` },
    { value: 'referees', label: `${adminMessages.users.tabs.referees} (${detail.referees.length})` },
    { value: 'receipts', label: `${adminMessages.users.tabs.receipts} (${detail.receipts.length})` },
  ];
  const figures: [string, number][] = [
    ['Total balance', wallet.balanceCents],
    ['Total profit', wallet.profitCents],
    ['Bonus', wallet.bonusCents],
    ['Referral bonus', wallet.referralBonusCents],
    ['Total deposit', wallet.totalDepositCents],
    ['Total withdrawal', wallet.totalWithdrawalCents],
    ['Invested', detail.investedCents],
    ['Withdrawal hold', detail.withdrawalHoldCents],
  ];

  return (
    <AdminPage
      title={user.name}
      description={
        <span className="flex flex-wrap items-center gap-2">
          <span className="break-all">{user.email}</span>
          {user.isActive ? (
            <StatusBadge status="active" label="Active" />
          ) : (
            <StatusBadge status="inactive" label="Inactive" />
          )}
          <RoleBadge role={user.role} />
        </span>
      }
      actions={<UserActions detail={detail} />}
    >
      <div className="grid gap-4 md:grid-cols-2">
        <Card>
          <CardHeader className="flex-row items-center gap-3">
            <Avatar name={user.name} />
            <CardTitle>Profile</CardTitle>
          </CardHeader>
          <CardContent className="pt-3 sm:pt-3">
            <DescriptionList>
              <DescriptionRow term="Phone">{user.phone || '—'}</DescriptionRow>
              <DescriptionRow term="Country">{user.country || '—'}</DescriptionRow>
              <DescriptionRow term="Address">{user.address || '—'}</DescriptionRow>
              <DescriptionRow term="Referral code">
                <span className="font-mono">{user.referralId}</span>
              </DescriptionRow>
              <DescriptionRow term="Referred by">
                {referrer ? (
                  <UserLink id={referrer.id} name={referrer.name} email={referrer.email} className="items-end" />
                ) : (
                  '—'
                )}
              </DescriptionRow>
              <DescriptionRow term="Joined">
                <time dateTime={user.createdAt}>{formatDate(user.createdAt)}</time>
              </DescriptionRow>
              <DescriptionRow term="Sessions">{adminMessages.users.signedInDevices(detail.sessions)}</DescriptionRow>
            </DescriptionList>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Wallet</CardTitle>
          </CardHeader>
          <CardContent className="pt-3 sm:pt-3">
            <DescriptionList>
              {figures.map(([term, cents]) => (
                <DescriptionRow key={term} term={term} emphasis={term === 'Total balance'}>
                  {formatCents(cents)}
                </DescriptionRow>
              ))}
            </DescriptionList>
          </CardContent>
        </Card>
      </div>

      <PendingAdjustments userId={user.id} />

      <div className="flex flex-col gap-4">
        <Tabs idPrefix="admin-user" label="User sections" items={tabs} value={tab} onValueChange={setTab} />
        <TabPanel idPrefix="admin-user" value={tab}>
          {tab === 'transactions' && <UserTransactions userId={user.id} />}
          {tab === 'investments' && <UserInvestments investments={detail.investments} />}
          {tab === 'referees' && <UserReferees referees={detail.referees} />}
          {tab === 'receipts' && <UserReceipts receipts={detail.receipts} />}
        </TabPanel>
      </div>
    </AdminPage>
  );
}
