import { formatCents, REFERRAL_BONUS_CENTS, referralWording } from '@meridian/shared';
import {
  ArrowDownToLine,
  ArrowLeftRight,
  BadgeDollarSign,
  type LucideIcon,
  PiggyBank,
  ShieldCheck,
  TrendingUp,
} from 'lucide-react';

const features: readonly { icon: LucideIcon; title: string; body: string }[] = [
  {
    icon: ArrowDownToLine,
    title: 'Deposit your way',
    body: 'Fund your wallet by bank transfer, crypto or PayPal. Upload your receipt and your balance is credited as soon as the payment is confirmed.',
  },
  {
    icon: TrendingUp,
    title: 'Invest in plans',
    body: 'Choose a plan with a clear duration and profit rate. You see the minimum, the maximum and the expected return before you commit a cent.',
  },
  {
    icon: PiggyBank,
    title: 'Claim your profit',
    body: 'Profit builds up every day your plan runs. Claim it into your balance whenever you like, then reinvest, transfer or withdraw it.',
  },
  {
    icon: ArrowLeftRight,
    title: 'Transfer in seconds',
    body: 'Send funds to any Meridian member with just their email. A flat 2% fee, shown up front, and a confirmation before anything moves.',
  },
  {
    icon: BadgeDollarSign,
    title: 'Refer & earn $50',
    body: referralWording.feature(formatCents(REFERRAL_BONUS_CENTS)),
  },
  {
    icon: ShieldCheck,
    title: 'Withdraw securely',
    body: 'Every withdrawal is confirmed with a one-time code sent to your email, so only you can move your money out.',
  },
];

export function FeatureGrid() {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {features.map(({ icon: Icon, title, body }) => (
        <li
          key={title}
          className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm transition-shadow hover:shadow-md dark:border-slate-800 dark:bg-slate-900"
        >
          <span className="flex size-11 items-center justify-center rounded-xl bg-indigo-50 text-indigo-700 dark:bg-indigo-950 dark:text-indigo-300">
            <Icon className="size-5" aria-hidden="true" />
          </span>
          <h3 className="mt-4 text-base font-semibold text-slate-900 dark:text-white">{title}</h3>
          <p className="mt-2 text-sm leading-relaxed text-slate-600 dark:text-slate-400">{body}</p>
        </li>
      ))}
    </ul>
  );
}
