import { describe, expect, it } from 'vitest';
import { adjustFormSchema, adjustPreview } from './adjust-amount';

describe('adjustFormSchema', () => {
  it('reads a signed dollar amount as integer cents, never through a float', () => {
    const amountOf = (amount: string) => adjustFormSchema.parse({ amount, reason: 'Correction' }).amount;
    expect(amountOf('25')).toBe(2_500);
    expect(amountOf('-12.50')).toBe(-1_250);
    expect(amountOf('+1,000')).toBe(100_000);
    expect(amountOf('−3')).toBe(-300);
    expect(amountOf(' $0.29 ')).toBe(29);
    expect(amountOf('-0.29')).toBe(-29);
  });

  it('refuses zero, more than two decimals and anything that is not an amount, with the dialog’s message', () => {
    for (const amount of ['', '0', '-0', '1.005', 'abc', '1e3', '--5', '12,34']) {
      const result = adjustFormSchema.safeParse({ amount, reason: 'Correction' });
      expect(result.success, amount).toBe(false);
      expect(result.error?.issues.map((i) => i.message)).toContain(
        'Enter an amount in dollars other than zero, for example 25 or -12.50',
      );
    }
  });

  it('requires a reason', () => {
    const result = adjustFormSchema.safeParse({ amount: '25', reason: '' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join('.'))).toEqual(['reason']);
  });
});

describe('adjustPreview', () => {
  it('says the balance as it is while the amount is not one yet', () => {
    expect(adjustPreview('', 12_345)).toEqual({ text: 'Balance now $123.45.', refused: false });
    expect(adjustPreview('-', 12_345)).toEqual({ text: 'Balance now $123.45.', refused: false });
  });

  it('says what a credit or a debit makes of the balance', () => {
    expect(adjustPreview('25', 10_000)).toEqual({ text: 'Adds $25.00: the balance becomes $125.00.', refused: false });
    expect(adjustPreview('-12.50', 10_000)).toEqual({
      text: 'Takes $12.50: the balance becomes $87.50.',
      refused: false,
    });
    // Taking the whole balance is allowed: it ends at zero, not below.
    expect(adjustPreview('-100', 10_000)).toEqual({
      text: 'Takes $100.00: the balance becomes $0.00.',
      refused: false,
    });
  });

  it('says a debit the balance cannot cover will be refused', () => {
    expect(adjustPreview('-100.01', 10_000)).toEqual({
      text: 'Would be refused: the balance is $100.00, less than the $100.01 to take.',
      refused: true,
    });
  });
});
