/**
 * Every query key prefix the app invalidates, in one place, so invalidation (lib/api/invalidate.ts)
 * and the queries themselves agree on them without any feature importing another.
 */
export const meQueryKey = ['me'] as const;
export const walletQueryKey = ['wallet'] as const;
export const plansQueryKey = ['plans'] as const;
export const investmentsQueryKey = ['investments'] as const;
export const transactionsQueryKey = ['transactions'] as const;
export const referralsQueryKey = ['referrals'] as const;
export const depositMethodsQueryKey = ['deposit-methods'] as const;
export const payoutDetailsQueryKey = ['payout-details'] as const;
export const publicConfigQueryKey = ['public-config'] as const;
/** Every query of the operator's console starts with this. */
export const adminQueryKey = ['admin'] as const;
