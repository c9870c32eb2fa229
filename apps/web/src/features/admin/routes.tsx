import type { ComponentType } from 'react';
import { type OnDemand, onDemand } from '../../lib/on-demand';

export interface AdminRoute {
  /** Under /admin ('' is the overview); nav.ts links the sections to the same paths. */
  path: string;
  /** The page's code, shown by components/ui/lazy-page.tsx. */
  Page: OnDemand<ComponentType>;
}

/**
 * A page loaded when first opened: each page is a chunk of its own, fetched after the console's frame
 * (and fetched again after a failure, see components/ui/lazy-page.tsx).
 */
export const page = (load: () => Promise<ComponentType>): OnDemand<ComponentType> => onDemand(load);

/** The console's pages, one line each. */
export const adminRoutes: readonly AdminRoute[] = [
  { path: '', Page: page(async () => (await import('./pages/overview-page')).OverviewPage) },
  { path: 'users', Page: page(async () => (await import('./pages/users-page')).UsersPage) },
  { path: 'users/:userId', Page: page(async () => (await import('./pages/user-page')).UserPage) },
  { path: 'transactions', Page: page(async () => (await import('./pages/transactions-page')).TransactionsPage) },
  { path: 'deposits', Page: page(async () => (await import('./pages/money-queue-page')).DepositsPage) },
  { path: 'withdrawals', Page: page(async () => (await import('./pages/money-queue-page')).WithdrawalsPage) },
  { path: 'plans', Page: page(async () => (await import('./pages/plans-page')).PlansPage) },
  {
    path: 'deposit-methods',
    Page: page(async () => (await import('./pages/deposit-methods-page')).DepositMethodsPage),
  },
  { path: 'settings', Page: page(async () => (await import('./pages/settings-page')).SettingsPage) },
  { path: 'mailbox', Page: page(async () => (await import('./pages/mailbox-page')).MailboxPage) },
  { path: 'audit', Page: page(async () => (await import('./pages/audit-page')).AuditPage) },
];
