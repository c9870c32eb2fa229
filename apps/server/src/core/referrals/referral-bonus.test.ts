import { REFERRAL_BONUS_CENTS } from '@meridian/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moneyTransaction } from '../../ledger/money-transaction.js';
import { rows } from '../../lib/sql.js';
import { TestClient } from '../../test/client.js';
import { booksInvariants, fundedUser, HEALTHY_BOOKS } from '../../test/money.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { findUserByEmail } from '../users/users.queries.js';
import { grantReferralBonus } from './referral-bonus.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const bonusJournals = async () =>
  Number(
    (await rows<{ n: number }>(ctx.db, sql`SELECT count(*)::int AS n FROM journals WHERE kind = 'referral_bonus'`))[0]
      ?.n,
  );

describe('grantReferralBonus', () => {
  // Without the activation's row lock, as two nodes granting at once would be: on PostgreSQL the
  // second transaction waits on the referral_bonuses key and its conflict undoes its booking (a
  // SELECT-then-insert would book twice and fail on the key instead).
  it('two grants racing for one referee pay once: the referral_bonuses conflict decides', async () => {
    const referrer = await fundedUser(ctx, 0);
    const body = await new TestClient(ctx.app).register({ referrerId: referrer.referralId });
    const referee = await findUserByEmail(ctx.db, body.email);
    if (!referee) throw new Error('referee not found');
    const before = await bonusJournals();

    const grant = () => moneyTransaction(ctx.db, (tx) => grantReferralBonus(tx, referee, new Date()));
    const paid = await Promise.all([grant(), grant()]);

    expect(paid.sort()).toEqual([false, true]);
    expect(await grant()).toBe(false);
    expect(await bonusJournals()).toBe(before + 1);
    expect((await referrer.wallet()).referralBonusCents).toBe(REFERRAL_BONUS_CENTS);
    const history = (await referrer.client.request('GET', '/api/transactions')).json().items;
    expect(history).toHaveLength(1);
    expect(await booksInvariants(ctx.db)).toEqual(HEALTHY_BOOKS);
  });
});
