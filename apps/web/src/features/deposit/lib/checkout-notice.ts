import { amountProblemMessages, depositMessages, type ParsedDollars } from '@meridian/shared';

/**
 * Why checkout cannot go on with its address's amount and method, said on /deposit when it sends the
 * member back there (the route's state carries it, so a reload of /deposit does not repeat it).
 */
export interface CheckoutNotice {
  checkoutNotice: string;
}

export function isCheckoutNotice(state: unknown): state is CheckoutNotice {
  return typeof state === 'object' && state !== null && typeof (state as CheckoutNotice).checkoutNotice === 'string';
}

/** The amount's problem, or null when it is one checkout can take. */
export function amountNotice(amount: ParsedDollars, minCents: number): string | null {
  if (!amount.ok) {
    if (amount.problem === 'empty') return depositMessages.checkoutMissing;
    // Zero reads as below the minimum, as the form says it.
    if (amount.problem === 'zero') return depositMessages.amountBelowMinimum(minCents);
    return amountProblemMessages[amount.problem];
  }
  return amount.cents < minCents ? depositMessages.amountBelowMinimum(minCents) : null;
}
