import {
  ArrowDownToLine,
  ArrowLeftRight,
  ArrowUpFromLine,
  BarChart3,
  LayoutDashboard,
  type LucideIcon,
  ReceiptText,
  UserRound,
  Users,
  Wallet,
} from 'lucide-react';

export interface NavLink {
  to: string;
  label: string;
  icon: LucideIcon;
}

/** The nine links of the side menu (spec section 2). */
export const navLinks: readonly NavLink[] = [
  { to: '/dashboard', label: 'Dashboard', icon: LayoutDashboard },
  { to: '/deposit', label: 'Deposit', icon: ArrowDownToLine },
  { to: '/withdraw', label: 'Withdraw', icon: ArrowUpFromLine },
  { to: '/plans', label: 'Investment Plans', icon: BarChart3 },
  { to: '/transfer', label: 'Transfer Funds', icon: ArrowLeftRight },
  { to: '/transactions', label: 'Transactions', icon: ReceiptText },
  { to: '/investments', label: 'My Investments', icon: Wallet },
  { to: '/profile', label: 'Profile', icon: UserRound },
  { to: '/referrals', label: 'Referrals', icon: Users },
];
