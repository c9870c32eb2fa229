import { adminMessages, type Permission } from '@meridian/shared';
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
  /** What the operator's role needs to see the section (routes.tsx guards the page with the same). */
  permission: Permission;
}

/** Every section of the console, in the navigation's order. */
export const adminSections: readonly AdminSection[] = [
  { path: '', label: adminMessages.nav.overview, icon: LayoutDashboard, permission: 'overview.read' },
  { path: 'users', label: adminMessages.nav.users, icon: Users, permission: 'users.read' },
  { path: 'transactions', label: adminMessages.nav.transactions, icon: ReceiptText, permission: 'transactions.read' },
  {
    path: 'deposits',
    label: adminMessages.nav.deposits,
    icon: ArrowDownToLine,
    badge: 'deposits',
    permission: 'deposits.read',
  },
  {
    path: 'withdrawals',
    label: adminMessages.nav.withdrawals,
    icon: ArrowUpFromLine,
    badge: 'withdrawals',
    permission: 'withdrawals.read',
  },
  { path: 'plans', label: adminMessages.nav.plans, icon: BarChart3, permission: 'catalogue.read' },
  { path: 'deposit-methods', label: adminMessages.nav.depositMethods, icon: Landmark, permission: 'catalogue.read' },
  { path: 'settings', label: adminMessages.nav.settings, icon: Settings, permission: 'settings.read' },
  { path: 'mailbox', label: adminMessages.nav.mailbox, icon: Mail, permission: 'mailbox.read' },
  { path: 'audit', label: adminMessages.nav.audit, icon: ScrollText, permission: 'audit.read' },
];

/** '/admin/users', or '/admin' for the overview. */
export const adminHref = (path: string) => (path === '' ? '/admin' : `/admin/${path}`);
