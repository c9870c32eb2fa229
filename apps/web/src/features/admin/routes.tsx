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
  { path: 'deposits', Page: notBuilt(adminMessages.nav.deposits) },
  { path: 'withdrawals', Page: notBuilt(adminMessages.nav.withdrawals) },
  { path: 'plans', Page: notBuilt(adminMessages.nav.plans) },
  { path: 'deposit-methods', Page: notBuilt(adminMessages.nav.depositMethods) },
  { path: 'settings', Page: notBuilt(adminMessages.nav.settings) },
  { path: 'mailbox', Page: notBuilt(adminMessages.nav.mailbox) },
  { path: 'audit', Page: notBuilt(adminMessages.nav.audit) },
];
