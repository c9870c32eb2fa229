/**
 * Profit earned on day `day` (1-based) of an investment: the plan's whole-term profit spread evenly
 * over its days, in integer cents. Each day takes the difference of the rounded-down running totals,
 * so the days add up to exactly floor(amount × profit% ) — no cent is created or lost by rounding.
 */
export function profitForDay(amountCents: number, profitBps: number, durationDays: number, day: number): number {
  const runningTotal = (d: number) =>
    (BigInt(amountCents) * BigInt(profitBps) * BigInt(d)) / BigInt(10_000 * durationDays);
  return Number(runningTotal(day) - runningTotal(day - 1));
}

export const DAY_MS = 86_400_000;

/** Whole days elapsed since `startedAt`, capped at the plan's duration. */
export function elapsedDays(startedAt: Date, now: Date, durationDays: number): number {
  return Math.max(0, Math.min(durationDays, Math.floor((now.getTime() - startedAt.getTime()) / DAY_MS)));
}
