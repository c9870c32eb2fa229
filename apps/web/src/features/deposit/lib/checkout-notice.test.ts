import { parseDollars } from '@meridian/shared';
import { describe, expect, it } from 'vitest';
import { amountNotice, isCheckoutNotice } from './checkout-notice';

describe("amountNotice: the checkout address's amount", () => {
  const notice = (raw: string, minCents = 10_000) => amountNotice(parseDollars(raw), minCents);

  it('lets an amount at or above the minimum through', () => {
    expect(notice('100')).toBeNull();
    expect(notice('1,250.50')).toBeNull();
    expect(notice('0.50', 50)).toBeNull();
  });

  it('sends a missing amount back to choose one', () => {
    expect(notice('')).toBe('Choose an amount and a method to deposit.');
  });

  it("says an amount below the operator's minimum, zero included, as the form says it", () => {
    expect(notice('99.99')).toBe('Amount must be greater than 100');
    expect(notice('0')).toBe('Amount must be greater than 100');
    expect(notice('12', 2_550)).toBe('Amount must be greater than 25.50');
  });

  it("says what is wrong with an amount that is not one, in the amount field's words", () => {
    expect(notice('abc')).toBe('Enter a valid amount, for example 250 or 250.50');
    expect(notice('100.001')).toBe('Amount can have at most 2 decimal places');
    expect(notice('99999999999')).toBe('Amount is too large');
  });
});

describe('isCheckoutNotice', () => {
  it("recognises only a route state that carries the notice's text", () => {
    expect(isCheckoutNotice({ checkoutNotice: 'Amount must be greater than 100' })).toBe(true);
    for (const state of [null, undefined, 'text', {}, { checkoutNotice: 3 }, { from: '/deposit' }]) {
      expect(isCheckoutNotice(state), JSON.stringify(state)).toBe(false);
    }
  });
});
