/**
 * Key prefixes of the feature-owned lists, here so any feature (and the realtime hook) can
 * invalidate them without importing another feature. Wallet, plans, investments and me keep
 * their keys beside their queries in this folder.
 */
export const transactionsQueryKey = ['transactions'] as const;
export const referralsQueryKey = ['referrals'] as const;
