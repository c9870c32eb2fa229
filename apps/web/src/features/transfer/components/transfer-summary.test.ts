import { describe, expect, it } from 'vitest';
import { transferFigures } from './transfer-summary';

describe('transferFigures', () => {
  it('adds the fee, rounded half up to the cent, to the amount', () => {
    expect(transferFigures(10_000, 200)).toEqual({
      amountCents: 10_000,
      feeBps: 200,
      feeCents: 200,
      totalCents: 10_200,
    });
    // 2% of $0.75 is 1.5 cents: 2 cents.
    expect(transferFigures(75, 200)).toEqual({ amountCents: 75, feeBps: 200, feeCents: 2, totalCents: 77 });
    // 2% of $1.23 is 2.46 cents: 2 cents.
    expect(transferFigures(123, 200).feeCents).toBe(2);
  });

  it('charges at least a cent when there is a fee, and nothing when the fee is off', () => {
    expect(transferFigures(1, 200)).toEqual({ amountCents: 1, feeBps: 200, feeCents: 1, totalCents: 2 });
    expect(transferFigures(10_000, 0)).toEqual({ amountCents: 10_000, feeBps: 0, feeCents: 0, totalCents: 10_000 });
  });

  it('stays exact for the largest amount', () => {
    expect(transferFigures(1_000_000_000_000, 250)).toEqual({
      amountCents: 1_000_000_000_000,
      feeBps: 250,
      feeCents: 25_000_000_000,
      totalCents: 1_025_000_000_000,
    });
  });

  it('refuses an amount that is not whole cents', () => {
    expect(() => transferFigures(10.5, 200)).toThrow(RangeError);
  });
});
