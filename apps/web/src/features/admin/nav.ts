import { adminMessages } from '@meridian/shared';
import {
  ArrowDownToLine,
  ArrowUpFromLine,
  BarChart3,
  Landmark,
  LayoutDashboard,
  type LucideIcon,
  Mail,
  ReceiptText,
  ScrollText,
  Settings,
  Users,
} from 'lucide-react';

/** A queue whose pending count (from the overview) shows as the section's badge. */
export type PendingQueue = 'deposits' | 'withdrawals';

export interface AdminSection {
  /** Under /admin; '' is the overview. routes.tsx mounts each page at the same path. */
  path: string;
  label: string;
  icon: LucideIcon;
  badge?: PendingQueue;
}

/** Every section of the console, in the navigation's order. */
export const adminSections: readonly AdminSection[] = [
  { path: '', label: adminMessages.nav.overview, icon: LayoutDashboard },
  { path: 'users', label: adminMessages.nav.users, icon: Users },
  { path: 'transactions', label: adminMessages.nav.transactions, icon: ReceiptText },
  { path: 'deposits', label: adminMessages.nav.deposits, icon: ArrowDownToLine, badge: 'deposits' },
  { path: 'withdrawals', label: adminMessages.nav.withdrawals, icon: ArrowUpFromLine, badge: 'withdrawals' },
  { path: 'plans', label: adminMessages.nav.plans, icon: BarChart3 },
  { path: 'deposit-methods', label: adminMessages.nav.depositMethods, icon: Landmark },
  { path: 'settings', label: adminMessages.nav.settings, icon: Settings },
  { path: 'mailbox', label: adminMessages.nav.mailbox, icon: Mail },
  { path: 'audit', label: adminMessages.nav.audit, icon: ScrollText },
];

/** '/admin/users', or '/admin' for the overview. */
export const adminHref = (path: string) => (path === '' ? '/admin' : `/admin/${path}`);
