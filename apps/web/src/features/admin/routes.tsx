import type { Permission } from '@meridian/shared';
import type { ComponentType } from 'react';
import { type OnDemand, onDemand } from '../../lib/on-demand';

export interface AdminRoute {
  /** Under /admin ('' is the overview); nav.ts links the sections to the same paths. */
  path: string;
  /** The page's code, shown by components/ui/lazy-page.tsx. */
  Page: OnDemand<ComponentType>;
  /** What the operator's role needs to open the page (the server refuses its API calls regardless). */
  permission: Permission;
}

/**
 * A page loaded when first opened: each page is a chunk of its own, fetched after the console's frame
 * (and fetched again after a failure, see components/ui/lazy-page.tsx).
 */
export const page = (load: () => Promise<ComponentType>): OnDemand<ComponentType> => onDemand(load);

/** The console's pages, one line each. */
export const adminRoutes: readonly AdminRoute[] = [
  {
    path: '',
    permission: 'overview.read',
    Page: page(async () => (await import('./pages/overview-page')).OverviewPage),
  },
  { path: 'users', permission: 'users.read', Page: page(async () => (await import('./pages/users-page')).UsersPage) },
  {
    path: 'users/:userId',
    permission: 'users.read',
    Page: page(async () => (await import('./pages/user-page')).UserPage),
  },
  {
    path: 'transactions',
    permission: 'transactions.read',
    Page: page(async () => (await import('./pages/transactions-page')).TransactionsPage),
  },
  {
    path: 'deposits',
    permission: 'deposits.read',
    Page: page(async () => (await import('./pages/money-queue-page')).DepositsPage),
  },
  {
    path: 'withdrawals',
    permission: 'withdrawals.read',
    Page: page(async () => (await import('./pages/money-queue-page')).WithdrawalsPage),
  },
  {
    path: 'plans',
    permission: 'catalogue.read',
    Page: page(async () => (await import('./pages/plans-page')).PlansPage),
  },
  {
    path: 'deposit-methods',
    permission: 'catalogue.read',
    Page: page(async () => (await import('./pages/deposit-methods-page')).DepositMethodsPage),
  },
  {
    path: 'settings',
    permission: 'settings.read',
    Page: page(async () => (await import('./pages/settings-page')).SettingsPage),
  },
  {
    path: 'mailbox',
    permission: 'mailbox.read',
    Page: page(async () => (await import('./pages/mailbox-page')).MailboxPage),
  },
  { path: 'audit', permission: 'audit.read', Page: page(async () => (await import('./pages/audit-page')).AuditPage) },
];
