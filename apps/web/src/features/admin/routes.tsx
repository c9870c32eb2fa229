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
  { path: '', Page: page(async () => (await import('./pages/overview-page')).OverviewPage) },
  { path: 'users', Page: page(async () => (await import('./pages/users-page')).UsersPage) },
  { path: 'users/:userId', Page: page(async () => (await import('./pages/user-page')).UserPage) },
  { path: 'transactions', Page: page(async () => (await import('./pages/transactions-page')).TransactionsPage) },
  { path: 'deposits', Page: notBuilt(adminMessages.nav.deposits) },
  { path: 'withdrawals', Page: notBuilt(adminMessages.nav.withdrawals) },
  { path: 'plans', Page: notBuilt(adminMessages.nav.plans) },
  { path: 'deposit-methods', Page: notBuilt(adminMessages.nav.depositMethods) },
  { path: 'settings', Page: notBuilt(adminMessages.nav.settings) },
  { path: 'mailbox', Page: notBuilt(adminMessages.nav.mailbox) },
  { path: 'audit', Page: page(async () => (await import('./pages/audit-page')).AuditPage) },
];
