import type { Db } from '../../db/client.js';
import { depositMethods, plans } from '../../db/schema/index.js';

type NewDepositMethod = typeof depositMethods.$inferInsert;

/** Four plans from $100 to $20,000; profit is the whole-term percentage, in basis points. */
export const DEFAULT_PLANS = [
  {
    id: 'starter',
    name: 'Starter',
    minCents: 10_000,
    maxCents: 99_999,
    durationDays: 7,
    profitBps: 500,
    minRoiBps: 300,
    maxRoiBps: 500,
  },
  {
    id: 'silver',
    name: 'Silver',
    minCents: 100_000,
    maxCents: 499_999,
    durationDays: 14,
    profitBps: 1_200,
    minRoiBps: 800,
    maxRoiBps: 1_200,
  },
  {
    id: 'gold',
    name: 'Gold',
    minCents: 500_000,
    maxCents: 999_999,
    durationDays: 21,
    profitBps: 2_000,
    minRoiBps: 1_500,
    maxRoiBps: 2_000,
  },
  {
    id: 'platinum',
    name: 'Platinum',
    minCents: 1_000_000,
    maxCents: 2_000_000,
    durationDays: 30,
    profitBps: 3_000,
    minRoiBps: 2_500,
    maxRoiBps: 3_000,
  },
] as const;

export const DEFAULT_DEPOSIT_METHODS: NewDepositMethod[] = [
  {
    id: 'bank-transfer',
    label: 'Bank Transfer',
    type: 'bank',
    details: {
      bankName: 'Meridian Trust Bank',
      accountNumber: '0123456789',
      accountName: 'Meridian Holdings Ltd',
      swiftCode: 'MERIUS33',
    },
  },
  {
    id: 'bitcoin',
    label: 'Bitcoin',
    type: 'crypto',
    details: { network: 'Bitcoin', address: 'bc1qmeridian0000000000000000000000000000' },
  },
  {
    id: 'usdt-trc20',
    label: 'USDT',
    type: 'crypto',
    details: { network: 'TRC20', address: 'TMeridian000000000000000000000000' },
  },
  { id: 'paypal', label: 'PayPal', type: 'paypal', details: { email: 'payments@meridian.local' } },
];

/** Idempotent: rows already present (perhaps edited by an operator) are left alone. */
export async function seedCatalogue(db: Db): Promise<void> {
  await db
    .insert(plans)
    .values([...DEFAULT_PLANS])
    .onConflictDoNothing();
  await db
    .insert(depositMethods)
    .values(DEFAULT_DEPOSIT_METHODS.map((m, position) => ({ ...m, position })))
    .onConflictDoNothing();
}
