import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { shareOf } from './accrual.queries.js';

describe('shareOf: which runner takes a member', () => {
  it('puts every member in exactly one share, the same one every time', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 40 }), fc.integer({ min: 1, max: 16 }), (userId, of) => {
        const share = shareOf(userId, of);
        expect(Number.isInteger(share)).toBe(true);
        expect(share).toBeGreaterThanOrEqual(0);
        expect(share).toBeLessThan(of);
        expect(shareOf(userId, of)).toBe(share);
      }),
    );
  });

  it('spreads members evenly enough that no runner is left with most of the work', () => {
    // Ids shaped like the platform's (better-auth's 32-character ids) and like the bench's.
    const ids = Array.from({ length: 30_000 }, (_, i) => (i % 2 ? `bench-user-${i}` : `u${(i * 7919).toString(36)}x`));
    for (const of of [2, 3, 4]) {
      const counts = new Array<number>(of).fill(0);
      for (const id of ids) {
        const share = shareOf(id, of);
        counts[share] = (counts[share] ?? 0) + 1;
      }
      for (const count of counts) expect(Math.abs(count - ids.length / of)).toBeLessThan(ids.length / of / 20);
    }
  });
});
