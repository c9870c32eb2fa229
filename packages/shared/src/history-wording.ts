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

/**
 * A member as another member is told of them in a message: the first name and the last name's
 * initial ("Alice Anderson" -> "Alice A."; one name stays whole). The history rows name the other
 * party in full, to its owner only; an e-mail may be read over a shoulder.
 */
export function shortName(name: string): string {
  const words = name
    .trim()
    .split(/\s+/)
    .filter((w) => w !== '');
  const first = words[0] ?? '';
  const last = words.length > 1 ? words[words.length - 1] : undefined;
  // By code point, so an initial is never half of a surrogate pair.
  const initial = last ? Array.from(last)[0] : undefined;
  return initial ? `${first} ${initial.toUpperCase()}.` : first;
}
