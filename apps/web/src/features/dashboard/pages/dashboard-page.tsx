import { ArrowDownToLine, ArrowUpFromLine } from 'lucide-react';
import { Link } from 'react-router';
import { PageWrapper } from '../../../components/layouts/page-wrapper';
import { LiveMarketCard, TickerTape } from '../../../components/market/market-widgets';
import { buttonClasses } from '../../../components/ui/button';
import { useUser } from '../../../lib/api/get-me';
import { AccountSummary } from '../components/account-summary';
import { ActiveInvestmentsCard } from '../components/active-investments-card';
import { ReferralLinkCard } from '../components/referral-link-card';

export function DashboardPage() {
  const user = useUser();
  return (
    <PageWrapper
      title={`Welcome, ${user.name}`}
      description="Here is how your money is doing today."
      showBanner
      actions={
        <>
          <Link to="/deposit" className={buttonClasses('primary')}>
            <ArrowDownToLine className="size-4" aria-hidden="true" />
            Deposit
          </Link>
          <Link to="/withdraw" className={buttonClasses('secondary')}>
            <ArrowUpFromLine className="size-4" aria-hidden="true" />
            Withdraw
          </Link>
        </>
      }
    >
      <TickerTape />
      <AccountSummary />
      <div className="grid gap-6 lg:grid-cols-2">
        <ActiveInvestmentsCard />
        <ReferralLinkCard referralId={user.referralId} />
      </div>
      <LiveMarketCard />
    </PageWrapper>
  );
}
