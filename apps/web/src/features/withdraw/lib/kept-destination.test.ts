import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetDestination, keepDestination, keptDestination } from './kept-destination';

/** A sessionStorage of this test's own; `refuse` makes setItem throw as a full or blocked storage does. */
function stubStorage({ refuse = false } = {}): Map<string, string> {
  const items = new Map<string, string>();
  const storage = {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => {
      if (refuse) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      items.set(key, value);
    },
    removeItem: (key: string) => items.delete(key),
  };
  vi.stubGlobal('window', { sessionStorage: storage });
  return items;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const paypal = { email: 'me@example.com' };

describe('kept destination', () => {
  it('gives the destination back for the same amount and method, until it is forgotten', () => {
    stubStorage();
    keepDestination({ amountCents: 15_000, method: 'paypal', destination: paypal });
    expect(keptDestination(15_000, 'paypal')).toEqual(paypal);
    forgetDestination();
    expect(keptDestination(15_000, 'paypal')).toBeNull();
  });

  it("does not give another withdrawal's destination", () => {
    stubStorage();
    keepDestination({ amountCents: 15_000, method: 'paypal', destination: paypal });
    expect(keptDestination(15_001, 'paypal')).toBeNull();
    expect(keptDestination(15_000, 'bank')).toBeNull();
  });

  it('reads nothing from an entry it cannot trust', () => {
    const items = stubStorage();
    for (const raw of [
      'not json',
      'null',
      JSON.stringify({ amountCents: 15_000, method: 'paypal' }),
      JSON.stringify({ amountCents: 15_000, method: 'paypal', destination: 'me@example.com' }),
      JSON.stringify({ amountCents: 15_000, method: 'paypal', destination: { account: 12345678 } }),
    ]) {
      items.set('meridian:withdrawal-destination', raw);
      expect(keptDestination(15_000, 'paypal'), raw).toBeNull();
    }
  });

  it('keeps nothing, and does not fail, when storage is full or switched off', () => {
    stubStorage({ refuse: true });
    expect(() => keepDestination({ amountCents: 15_000, method: 'paypal', destination: paypal })).not.toThrow();
    expect(keptDestination(15_000, 'paypal')).toBeNull();

    vi.stubGlobal('window', {
      get sessionStorage(): Storage {
        throw new DOMException('Access is denied for this document.', 'SecurityError');
      },
    });
    expect(() => keepDestination({ amountCents: 15_000, method: 'paypal', destination: paypal })).not.toThrow();
    expect(keptDestination(15_000, 'paypal')).toBeNull();
    expect(() => forgetDestination()).not.toThrow();
  });
});
