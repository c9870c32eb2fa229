import { describe, expect, it } from 'vitest';
import { assertCents, formatCents } from './money.js';

describe('formatCents', () => {
  it('shows dollars with exactly two decimals and grouping', () => {
    expect(formatCents(123450)).toBe('$1,234.50');
    expect(formatCents(0)).toBe('$0.00');
    expect(formatCents(5)).toBe('$0.05');
    expect(formatCents(-250)).toBe('-$2.50');
  });
  it('refuses fractional and unsafe amounts', () => {
    expect(() => assertCents(1.5)).toThrow(RangeError);
    expect(() => assertCents(Number.MAX_SAFE_INTEGER + 1)).toThrow(RangeError);
    expect(() => formatCents(Number.NaN)).toThrow(RangeError);
  });
});

describe('transferFeeCents', () => {
  it('is 2% rounded half up to the cent', async () => {
    const { transferFeeCents } = await import('./money.js');
    expect(transferFeeCents(10_000, 200)).toBe(200);
    expect(transferFeeCents(25, 200)).toBe(1); // 0.5 cent rounds up
    expect(transferFeeCents(123_456, 200)).toBe(2_469); // 2469.12
  });
  it('is at least 1 cent: 1-24 cent transfers are not fee-free', async () => {
    const { transferFeeCents } = await import('./money.js');
    for (let cents = 1; cents <= 24; cents++) expect(transferFeeCents(cents, 200)).toBe(1);
    expect(transferFeeCents(74, 200)).toBe(1); // 1.48 cents
    expect(transferFeeCents(75, 200)).toBe(2); // 1.5 cents rounds up
  });
  it('charges nothing when the fee setting is 0%', async () => {
    const { transferFeeCents } = await import('./money.js');
    expect(transferFeeCents(10, 0)).toBe(0);
  });
});

describe('securityDepositCents', () => {
  it('is the percentage of the amount, rounded half up to the cent', async () => {
    const { securityDepositCents } = await import('./money.js');
    expect(securityDepositCents(20_000, 1_000)).toBe(2_000); // $200 at 10% = $20.00
    expect(securityDepositCents(84_478, 1_000)).toBe(8_448); // 8447.8 cents
    expect(securityDepositCents(5, 1_000)).toBe(1); // 0.5 cent rounds up
    expect(securityDepositCents(20_000, 0)).toBe(0);
  });
});
