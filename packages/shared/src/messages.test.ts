import { describe, expect, it } from 'vitest';
import { depositMessages } from './messages.js';

describe("the deposit page's lead", () => {
  it('names only the kinds of method on offer, in one order', () => {
    expect(depositMessages.pageLead(['bank', 'crypto', 'paypal'])).toBe(
      'Add money to your balance by bank transfer, crypto or PayPal.',
    );
    // PayPal switched off by the operator: not named any more.
    expect(depositMessages.pageLead(['crypto', 'bank', 'bank'])).toBe(
      'Add money to your balance by bank transfer or crypto.',
    );
    expect(depositMessages.pageLead(['paypal'])).toBe('Add money to your balance by PayPal.');
    expect(depositMessages.pageLead([])).toBe('Add money to your balance.');
  });
});
