import { assertCents } from './money.js';

/**
 * A plan's profit at maturity, in integer cents, rounded down to the cent: floor(amount × profitBps / 10 000),
 * exactly what the server's daily accrual adds up to for a plan held to maturity.
 */
export function planProfitCents(amountCents: number, profitBps: number): number {
  // BigInt, as the server's accrual: amount × bps can pass Number's safe range for the largest amounts.
  return Number((BigInt(assertCents(amountCents)) * BigInt(assertCents(profitBps))) / 10_000n);
}

/** The money at work, in integer cents (no rounding: a plain sum): the amounts of the active investments. */
export function investedTotalCents(investments: readonly { status: string; amountCents: number }[]): number {
  return investments
    .filter((item) => item.status === 'active')
    .reduce((sum, item) => sum + assertCents(item.amountCents), 0);
}
