import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DAY_MS, elapsedDays, profitForDay } from './profit.js';

describe('profitForDay', () => {
  it('spreads 5% of $1,000 over 7 days', () => {
    const days = Array.from({ length: 7 }, (_, i) => profitForDay(100_000, 500, 7, i + 1));
    expect(days.reduce((a, b) => a + b, 0)).toBe(5_000);
    // floor(5000·d/7) = 714, 1428, 2142, 2857, 3571, 4285, 5000
    expect(days).toEqual([714, 714, 714, 715, 714, 714, 715]);
  });

  it('always adds up to the whole-term profit, rounded down, with no negative day', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2_000_000_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 1, max: 365 }),
        (amount, bps, duration) => {
          let sum = 0;
          for (let d = 1; d <= duration; d++) {
            const p = profitForDay(amount, bps, duration, d);
            expect(p).toBeGreaterThanOrEqual(0);
            sum += p;
          }
          expect(sum).toBe(Math.floor((amount * bps) / 10_000));
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('elapsedDays', () => {
  it('counts whole days, capped at the duration and never negative', () => {
    const start = new Date('2026-01-01T12:00:00Z');
    expect(elapsedDays(start, new Date(start.getTime() + DAY_MS - 1), 7)).toBe(0);
    expect(elapsedDays(start, new Date(start.getTime() + 3 * DAY_MS), 7)).toBe(3);
    expect(elapsedDays(start, new Date(start.getTime() + 30 * DAY_MS), 7)).toBe(7);
    expect(elapsedDays(start, new Date(start.getTime() - DAY_MS), 7)).toBe(0);
  });
});
