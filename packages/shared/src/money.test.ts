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
    expect(transferFeeCents(24, 200)).toBe(0); // 0.48 cent rounds down
    expect(transferFeeCents(123_456, 200)).toBe(2_469); // 2469.12
  });
});
