import { notificationsNotice, profileTexts } from '@meridian/shared';
import { Bell, Landmark, ShieldCheck, UserRound } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { PageWrapper } from '../../../components/layouts/page-wrapper';
import { Card, CardContent, CardDescription, CardHeader } from '../../../components/ui/card';
import { type TabItem, TabPanel, Tabs } from '../../../components/ui/tabs';
import { useUser } from '../../../lib/api/get-me';
import { PasskeysList } from '../components/passkeys-list';
import { PayoutForm } from '../components/payout-form';
import { PersonalForm } from '../components/personal-form';
import { SecurityForm } from '../components/security-form';
import { SessionsList } from '../components/sessions-list';
import { SignInHistory } from '../components/sign-in-history';
import { TwoFactorSection } from '../components/two-factor-section';

const TAB_VALUES = ['personal', 'withdrawal', 'security', 'notifications'] as const;
type ProfileTab = (typeof TAB_VALUES)[number];

const tabs: readonly TabItem<ProfileTab>[] = [
  { value: 'personal', label: 'Personal Information', icon: <UserRound className="size-4" aria-hidden="true" /> },
  { value: 'withdrawal', label: 'Withdrawal Information', icon: <Landmark className="size-4" aria-hidden="true" /> },
  { value: 'security', label: 'Password & Security', icon: <ShieldCheck className="size-4" aria-hidden="true" /> },
  { value: 'notifications', label: 'Notifications', icon: <Bell className="size-4" aria-hidden="true" /> },
];

const descriptions: Record<ProfileTab, string> = {
  personal: 'Keep your contact details up to date.',
  withdrawal: 'Save the bank and crypto details your withdrawals are paid to.',
  security: 'Change the password you use to log in, and see where your account is signed in.',
  notifications: profileTexts.notificationsLead,
};

const isTab = (value: string | null): value is ProfileTab => TAB_VALUES.some((tab) => tab === value);

export function ProfilePage() {
  const user = useUser();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: ProfileTab = isTab(requested) ? requested : 'personal';

  const select = (value: ProfileTab) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set('tab', value);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );

  return (
    <PageWrapper title="Profile" description={profileTexts.description}>
      <Tabs idPrefix="profile" label="Profile sections" items={tabs} value={tab} onValueChange={select} />
      <TabPanel idPrefix="profile" value={tab}>
        <Card>
          <CardHeader>
            <CardDescription>{descriptions[tab]}</CardDescription>
          </CardHeader>
          <CardContent>
            {tab === 'personal' && <PersonalForm user={user} />}
            {tab === 'withdrawal' && <PayoutForm />}
            {tab === 'security' && (
              <div className="flex flex-col gap-8">
                <SecurityForm />
                <PasskeysList />
                <div className="border-t border-slate-200 pt-8 dark:border-slate-800">
                  <TwoFactorSection />
                </div>
                <div className="border-t border-slate-200 pt-8 dark:border-slate-800">
                  <SessionsList />
                </div>
                <div className="border-t border-slate-200 pt-8 dark:border-slate-800">
                  <SignInHistory />
                </div>
              </div>
            )}
            {tab === 'notifications' && (
              <p className="rounded-lg bg-slate-50 p-4 text-sm text-slate-700 dark:bg-slate-800/60 dark:text-slate-300">
                {notificationsNotice}
              </p>
            )}
          </CardContent>
        </Card>
      </TabPanel>
    </PageWrapper>
  );
}
