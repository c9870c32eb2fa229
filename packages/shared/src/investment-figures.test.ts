import { describe, expect, it } from 'vitest';
import { investedTotalCents, planProfitCents } from './investment-figures.js';

describe('planProfitCents', () => {
  it('is amount × profit% rounded down to the cent', () => {
    expect(planProfitCents(50_000, 500)).toBe(2_500); // $500 at 5% -> $25.00
    expect(planProfitCents(12_345, 500)).toBe(617); // 617.25 cents -> 617
    expect(planProfitCents(199, 50)).toBe(0); // 0.995 cents -> 0, never rounded up
  });
  it('stays exact past the float-safe product of the largest amounts', () => {
    // 99,999,999,999 × 3000 overflows 2^53; the floor must still be exact.
    expect(planProfitCents(99_999_999_999, 3_000)).toBe(29_999_999_999);
  });
  it('refuses amounts that are not whole cents', () => {
    expect(() => planProfitCents(10.5, 500)).toThrow(RangeError);
  });
});

describe('investedTotalCents', () => {
  it('adds the amounts of active investments only', () => {
    const list = [
      { status: 'active', amountCents: 10_000 },
      { status: 'completed', amountCents: 50_000 },
      { status: 'active', amountCents: 2_550 },
      { status: 'ended', amountCents: 7_000 },
    ];
    expect(investedTotalCents(list)).toBe(12_550);
  });
  it('is 0 with no investments', () => {
    expect(investedTotalCents([])).toBe(0);
  });
});
