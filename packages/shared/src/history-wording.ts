/**
 * How each money operation's history row reads (the spec's Transaction description). The server
 * writes these; they live here with every other user-visible string.
 */
export const historyWording = {
  /** A transfer's rows are completed in the database with the other party's name. */
  transferToPrefix: 'Transfer to ',
  transferFromPrefix: 'Transfer from ',
  investment: (planName: string) => `Investment in the ${planName} plan`,
  profitsClaimed: 'Profits claimed',
  capitalReturned: (planName: string, why: 'matured' | 'ended early') => `Capital returned: ${planName} plan ${why}`,
  referralBonus: (refereeName: string) => `Referral bonus: ${refereeName} joined`,
  deposit: (methodLabel: string) => `Deposit via ${methodLabel}`,
  withdrawal: (methodLabel: string) => `Withdrawal via ${methodLabel}`,
} as const;
