import { moneyMessages, REFERRAL_BONUS_CENTS } from '@meridian/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setAccountActive } from '../../core/users/activation.service.js';
import { book } from '../../ledger/index.js';
import { rows } from '../../lib/sql.js';
import { newKey, TestClient } from '../../test/client.js';
import { booksInvariants, fundedUser, HEALTHY_BOOKS } from '../../test/money.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

/** A user whose referee was activated: $50 of referral bonus, and `balance` in the balance. */
async function referrerWithBonus(balance = 0) {
  const referrer = await fundedUser(ctx, balance);
  const referee = await new TestClient(ctx.app).register({ referrerId: referrer.referralId });
  await setAccountActive(ctx.db, referee.email, true, 'test');
  return referrer;
}

/** Credits the bonus wallet from bonus_expense; no product operation pays one yet. */
async function grantBonus(userId: string, cents: number) {
  await book(ctx.db, {
    kind: 'test_bonus',
    userId,
    postings: [
      { account: { system: 'bonus_expense' }, amountCents: -cents },
      { account: { userId, kind: 'bonus' }, amountCents: cents },
    ],
    history: [],
    topics: null,
    at: new Date(),
  });
}

const journalsOf = async (userId: string) =>
  Number(
    (
      await rows<{ n: number }>(
        ctx.db,
        sql`SELECT count(*)::int AS n FROM journals WHERE user_id = ${userId} AND kind = 'bonus_move'`,
      )
    )[0]?.n,
  );

describe('moving the referral bonus to the balance', () => {
  it('moves the referral bonus and the bonus in one journal, with one history row credited to the balance', async () => {
    const alice = await referrerWithBonus(1_000);
    await grantBonus(alice.id, 250);
    const res = await alice.money('POST', '/api/referrals/redeem');
    expect(res.statusCode).toBe(200);
    const moved = res.json();
    expect(moved).toMatchObject({
      type: 'credit',
      mode: 'bonus',
      amountCents: REFERRAL_BONUS_CENTS + 250,
      feeCents: 0,
      status: 'success',
      wallet: 'balance',
      description: moneyMessages.bonusMoveDescription,
    });
    expect(await alice.wallet()).toMatchObject({
      balanceCents: 1_000 + REFERRAL_BONUS_CENTS + 250,
      referralBonusCents: 0,
      bonusCents: 0,
    });
    const history = (await alice.client.request('GET', '/api/transactions')).json().items;
    // A history item also says why a request was refused and which receipt it carries: neither here.
    expect(history[0]).toEqual({ ...moved, reason: null, receiptId: null });
    expect(history.filter((t: { mode: string }) => t.mode === 'bonus')).toHaveLength(1);
    expect(await journalsOf(alice.id)).toBe(1);
    expect(await booksInvariants(ctx.db)).toEqual(HEALTHY_BOOKS);
  });

  it('replays a retried request with the same key and moves nothing twice', async () => {
    const alice = await referrerWithBonus();
    const key = newKey();
    const first = await alice.money('POST', '/api/referrals/redeem', {}, key);
    const again = await alice.money('POST', '/api/referrals/redeem', {}, key);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect((await alice.wallet()).balanceCents).toBe(REFERRAL_BONUS_CENTS);
    expect(await journalsOf(alice.id)).toBe(1);
  });

  it('refuses with a clear message when there is nothing to move, and moves nothing', async () => {
    const alice = await referrerWithBonus();
    expect((await alice.money('POST', '/api/referrals/redeem')).statusCode).toBe(200);
    const empty = await alice.money('POST', '/api/referrals/redeem');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toMatchObject({ code: 'NOTHING_TO_MOVE', message: moneyMessages.nothingToMove });
    const never = await fundedUser(ctx, 500);
    const none = await never.money('POST', '/api/referrals/redeem');
    expect(none.json().error.code).toBe('NOTHING_TO_MOVE');
    expect((await never.wallet()).balanceCents).toBe(500);
    expect(await booksInvariants(ctx.db)).toEqual(HEALTHY_BOOKS);
  });

  it('requires an Idempotency-Key and an active account', async () => {
    const alice = await referrerWithBonus();
    const keyless = await alice.client.request('POST', '/api/referrals/redeem', {});
    expect(keyless.statusCode).toBe(400);
    expect(keyless.json().error.code).toBe('IDEMPOTENCY_KEY_REQUIRED');
    expect((await alice.wallet()).referralBonusCents).toBe(REFERRAL_BONUS_CENTS);

    await setAccountActive(ctx.db, alice.body.email, false, 'test');
    // Deactivation signed her out; signed in again, the inactive account is refused.
    expect((await alice.client.login(alice.body.email, alice.body.password)).statusCode).toBe(200);
    const inactive = await alice.money('POST', '/api/referrals/redeem');
    expect(inactive.statusCode).toBe(403);
  });

  it('moves the bonus once when two different requests race', async () => {
    const alice = await referrerWithBonus();
    const answers = await Promise.all([
      alice.money('POST', '/api/referrals/redeem'),
      alice.money('POST', '/api/referrals/redeem'),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
    expect((await alice.wallet()).balanceCents).toBe(REFERRAL_BONUS_CENTS);
    expect(await booksInvariants(ctx.db)).toEqual(HEALTHY_BOOKS);
  });
});
