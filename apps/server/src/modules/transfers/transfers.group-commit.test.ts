import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../lib/sql.js';
import { newKey } from '../../test/client.js';
import { booksInvariants, fundedUser, HEALTHY_BOOKS } from '../../test/money.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

/*
 * Concurrent transfers share transactions (group commit, decision 014); through the API each must
 * still be answered as if it had come alone. Which request of a race wins depends on arrival, as it
 * always did; what each answer may be, and the totals, do not.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('a burst of concurrent transfers', () => {
  it('answers each as alone: a race for one balance, one key repeated with two bodies, an unknown recipient, oneself', async () => {
    const alice = await fundedUser(ctx, 1_000);
    const bob = await fundedUser(ctx, 0);
    const carol = await fundedUser(ctx, 5_000);
    const to = (who: { body: { email: string } }, amountCents: number) => ({
      recipientEmail: who.body.email,
      amountCents,
    });
    const key = newKey();
    const sent = await Promise.all([
      // 5 × $3.00 + 6¢ fee from $10.00: whatever the order, exactly three fit.
      ...Array.from({ length: 5 }, () => alice.money('POST', '/api/transfers', to(bob, 300))),
      // One key: four copies of one request and one different request; the first to arrive wins.
      ...Array.from({ length: 4 }, () => carol.money('POST', '/api/transfers', to(bob, 100), key)),
      carol.money('POST', '/api/transfers', to(bob, 200), key),
      carol.money('POST', '/api/transfers', { recipientEmail: 'ghost@example.com', amountCents: 100 }),
      carol.money('POST', '/api/transfers', to(carol, 100)),
      carol.money('POST', '/api/transfers', to(alice, 50)),
    ]);
    const answer = (i: number) => {
      const res = sent[i];
      if (!res) throw new Error(`no answer ${i}`);
      return { status: res.statusCode, code: res.statusCode === 201 ? null : res.json().error.code };
    };

    const race = [0, 1, 2, 3, 4].map(answer);
    expect(race.filter((a) => a.status === 201)).toHaveLength(3);
    expect(race.filter((a) => a.code === 'INSUFFICIENT_BALANCE')).toHaveLength(2);

    const copies = [5, 6, 7, 8].map(answer);
    const other = answer(9);
    const copyIds = new Set([5, 6, 7, 8].map((i) => (sent[i]?.statusCode === 201 ? sent[i]?.json().id : null)));
    // Either the copies won (all four the same transfer, the other 409) or the other did (four 409s).
    const copiesWon = other.status === 409;
    if (copiesWon) {
      expect(copies.every((a) => a.status === 201)).toBe(true);
      expect(copyIds.size).toBe(1);
    } else {
      expect(other.status).toBe(201);
      expect(copies.every((a) => a.code === 'IDEMPOTENCY_KEY_REUSED')).toBe(true);
    }

    expect(answer(10)).toEqual({ status: 404, code: 'RECIPIENT_NOT_FOUND' });
    expect(answer(11)).toEqual({ status: 400, code: 'SELF_TRANSFER' });
    expect(answer(12)).toEqual({ status: 201, code: null });

    const keyed = copiesWon ? 100 + 2 : 200 + 4;
    expect((await alice.wallet()).balanceCents).toBe(1_000 - 3 * 306 + 50);
    expect((await bob.wallet()).balanceCents).toBe(3 * 300 + keyed - (copiesWon ? 2 : 4));
    expect((await carol.wallet()).balanceCents).toBe(5_000 - keyed - 51);
    const [journals] = await rows<{ n: number }>(
      ctx.db,
      sql`SELECT count(*)::int AS n FROM journals WHERE kind = 'transfer'`,
    );
    expect(journals?.n).toBe(3 + 1 + 1);
    expect(await booksInvariants(ctx.db)).toEqual(HEALTHY_BOOKS);
  });
});
