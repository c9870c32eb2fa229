import { adminMessages } from '@meridian/shared';
import { type ComponentType, lazy } from 'react';
import { NotBuiltPanel } from './components/section-placeholder';

export interface AdminRoute {
  /** Under /admin ('' is the overview); nav.ts links the sections to the same paths. */
  path: string;
  Page: ComponentType;
}

/** A page loaded when first opened: each page is a chunk of its own, fetched after the console's frame. */
export const page = (load: () => Promise<ComponentType>): ComponentType =>
  lazy(async () => ({ default: await load() }));

const notBuilt =
  (title: string): ComponentType =>
  () => <NotBuiltPanel title={title} />;

/** The console's pages, one line each. */
export const adminRoutes: readonly AdminRoute[] = [
  { path: '', Page: notBuilt(adminMessages.nav.overview) },
  { path: 'users', Page: notBuilt(adminMessages.nav.users) },
  { path: 'transactions', Page: notBuilt(adminMessages.nav.transactions) },
  { path: 'deposits', Page: page(async () => (await import('./pages/deposits-page')).DepositsPage) },
  { path: 'withdrawals', Page: page(async () => (await import('./pages/withdrawals-page')).WithdrawalsPage) },
  { path: 'plans', Page: page(async () => (await import('./pages/plans-page')).PlansPage) },
  {
    path: 'deposit-methods',
    Page: page(async () => (await import('./pages/deposit-methods-page')).DepositMethodsPage),
  },
  { path: 'settings', Page: page(async () => (await import('./pages/settings-page')).SettingsPage) },
  { path: 'mailbox', Page: page(async () => (await import('./pages/mailbox-page')).MailboxPage) },
  { path: 'audit', Page: notBuilt(adminMessages.nav.audit) },
];
