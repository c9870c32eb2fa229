import { messages, REFERRAL_BONUS_CENTS } from '@meridian/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantReferralBonus } from '../../core/referrals/referral-bonus.js';
import { activateIfDue, setAccountActive } from '../../core/users/activation.service.js';
import { findUserByEmail } from '../../core/users/users.queries.js';
import { isUniqueViolation } from '../../ledger/money-transaction.js';
import { type Notification, parseNotification, REALTIME_CHANNEL } from '../../lib/realtime-payloads.js';
import { rows } from '../../lib/sql.js';
import { newUser, TestClient } from '../../test/client.js';
import { booksInvariants, fundedUser, HEALTHY_BOOKS } from '../../test/money.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const count = async (query: ReturnType<typeof sql>) => Number((await rows<{ n: number }>(ctx.db, query))[0]?.n);
const bonusJournals = () => count(sql`SELECT count(*)::int AS n FROM journals WHERE kind = 'referral_bonus'`);

describe('the referral bonus is paid on activation', () => {
  it('ten sign-ups naming one code book nothing until activation, then $50 each, once', async () => {
    const referrer = await fundedUser(ctx, 0);
    const journalsBefore = await bonusJournals();
    const referees: string[] = [];
    for (let i = 0; i < 10; i++) {
      const body = await new TestClient(ctx.app).register({ referrerId: referrer.referralId });
      referees.push(body.email);
    }
    expect((await referrer.wallet()).referralBonusCents).toBe(0);
    expect(await bonusJournals()).toBe(journalsBefore);
    expect((await referrer.client.request('GET', '/api/transactions')).json().items).toEqual([]);
    // The referees are listed from sign-up on; only the money waits for activation.
    expect((await referrer.client.request('GET', '/api/referrals')).json()).toHaveLength(10);

    for (const email of referees) await setAccountActive(ctx.db, email, true, 'test');
    expect((await referrer.wallet()).referralBonusCents).toBe(10 * REFERRAL_BONUS_CENTS);
    const history = (await referrer.client.request('GET', '/api/transactions')).json().items;
    expect(history).toHaveLength(10);
    expect(history[0]).toMatchObject({
      type: 'credit',
      mode: 'referral',
      amountCents: REFERRAL_BONUS_CENTS,
      wallet: 'referral_bonus',
    });

    // Deactivating takes nothing back; activating again pays nothing more.
    for (const email of referees) await setAccountActive(ctx.db, email, false, 'test');
    expect((await referrer.wallet()).referralBonusCents).toBe(10 * REFERRAL_BONUS_CENTS);
    for (const email of referees) await setAccountActive(ctx.db, email, true, 'test');
    expect((await referrer.wallet()).referralBonusCents).toBe(10 * REFERRAL_BONUS_CENTS);
    expect(await bonusJournals()).toBe(journalsBefore + 10);
    expect(await booksInvariants(ctx.db)).toEqual(HEALTHY_BOOKS);
  });

  it('pays once when the same account is activated twice at the same moment', async () => {
    const referrer = await fundedUser(ctx, 0);
    const referee = await new TestClient(ctx.app).register({ referrerId: referrer.referralId });
    await Promise.all([
      setAccountActive(ctx.db, referee.email, true, 'operator-1'),
      setAccountActive(ctx.db, referee.email, true, 'operator-2'),
    ]);
    expect((await referrer.wallet()).referralBonusCents).toBe(REFERRAL_BONUS_CENTS);
    expect(await booksInvariants(ctx.db)).toEqual(HEALTHY_BOOKS);
  });

  it('pays on auto-activation too', async () => {
    const referrer = await fundedUser(ctx, 0);
    const referee = await new TestClient(ctx.app).register({ referrerId: referrer.referralId });
    const row = await findUserByEmail(ctx.db, referee.email);
    if (!row) throw new Error('referee not found');
    const tomorrow = new Date(row.createdAt.getTime() + 25 * 3_600_000);
    const activated = await activateIfDue(ctx.db, row, 24, tomorrow);
    expect(activated.isActive).toBe(true);
    expect((await referrer.wallet()).referralBonusCents).toBe(REFERRAL_BONUS_CENTS);
  });
});

describe('referral bonus', () => {
  it('pays $50 to the referrer once per referee, on activation, and lists the referee; a second bonus is refused', async () => {
    const referrer = await fundedUser(ctx, 0);
    const referee = await fundedUser(ctx, 0, { referrerId: referrer.referralId });
    expect((await referrer.wallet()).referralBonusCents).toBe(5_000);
    const list = (await referrer.client.request('GET', '/api/referrals')).json();
    expect(list).toEqual([expect.objectContaining({ id: referee.id, email: referee.body.email })]);
    expect((await referee.wallet()).referralBonusCents).toBe(0);

    const journalsBefore = await bonusJournals();
    const paidOnce = async () => {
      expect((await referrer.wallet()).referralBonusCents).toBe(REFERRAL_BONUS_CENTS);
      expect(await bonusJournals()).toBe(journalsBefore);
      const history = (await referrer.client.request('GET', '/api/transactions')).json().items;
      expect(history.filter((t: { mode: string }) => t.mode === 'referral')).toHaveLength(1);
    };

    // A second activation of the same referee pays nothing.
    await setAccountActive(ctx.db, referee.body.email, true, 'operator-again');
    await paidOnce();

    // A second grant asked for directly pays nothing either...
    const row = await findUserByEmail(ctx.db, referee.body.email);
    if (!row) throw new Error('referee not found');
    expect(await ctx.db.transaction((tx) => grantReferralBonus(tx, row, new Date()))).toBe(false);
    await paidOnce();

    // ...because the database's key on the referee refuses a second bonus row, whatever the code checks first.
    const again = ctx.db.execute(
      sql`INSERT INTO referral_bonuses (referee_id, referrer_id, journal_id)
          SELECT referee_id, referrer_id, journal_id FROM referral_bonuses WHERE referee_id = ${referee.id}`,
    );
    await expect(again).rejects.toSatisfy((err) => isUniqueViolation(err));
    await paidOnce();
    expect(await booksInvariants(ctx.db)).toEqual(HEALTHY_BOOKS);
  });
});

describe('a referral ID at sign-up', () => {
  it('that names no one is refused on the field before any account is created; cleared, the sign-up succeeds', async () => {
    const users = () => count(sql`SELECT count(*)::int AS n FROM users`);
    const before = await users();
    const client = new TestClient(ctx.app);
    const body = newUser({ referrerId: 'does-not-exist' });
    const refused = await client.request('POST', '/api/auth/sign-up/email', body);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: messages.referralIdNotFound,
      fields: { referrerId: messages.referralIdNotFound },
    });
    expect(await users()).toBe(before);

    const ok = await client.request('POST', '/api/auth/sign-up/email', { ...body, referrerId: '' });
    expect(ok.statusCode).toBe(200);
    expect((await client.login(body.email, body.password)).statusCode).toBe(200);
    expect((await client.request('GET', '/api/me')).json()).toMatchObject({ email: body.email, referrerId: null });
  });

  it('is matched without regard to case or surrounding spaces', async () => {
    const referrer = await fundedUser(ctx, 0);
    const client = new TestClient(ctx.app);
    await client.register({ referrerId: `  ${referrer.referralId.toUpperCase()} ` });
    expect((await client.request('GET', '/api/me')).json()).toMatchObject({ referrerId: referrer.referralId });
  });
});

describe('activation is published to the user', () => {
  it("tells the user's views ('user', 'wallet') when an account is activated, and closes their sockets when it is deactivated", async () => {
    const heard: Notification[] = [];
    const unlisten = await ctx.listen(REALTIME_CHANNEL, (payload) => {
      const n = parseNotification(payload);
      if (n) heard.push(n);
    });
    try {
      const body = await new TestClient(ctx.app).register();
      const id = (await findUserByEmail(ctx.db, body.email))?.id ?? '';
      const heardFor = () => heard.filter((n) => n.userIds.includes(id));
      await setAccountActive(ctx.db, body.email, true, 'test');
      await expect.poll(heardFor).toEqual([{ userIds: [id], topics: ['user', 'wallet'] }]);
      await setAccountActive(ctx.db, body.email, false, 'test');
      await expect.poll(() => heardFor().length).toBe(2);
      expect(heardFor()[1]).toEqual({ userIds: [id], topics: [], disconnect: 'deactivated' });
    } finally {
      await unlisten();
    }
  });

  it("tells the referrer's referee list when someone signs up with their code", async () => {
    const referrer = await fundedUser(ctx, 0);
    const heard: Notification[] = [];
    const unlisten = await ctx.listen(REALTIME_CHANNEL, (payload) => {
      const n = parseNotification(payload);
      if (n?.userIds.includes(referrer.id)) heard.push(n);
    });
    try {
      await new TestClient(ctx.app).register({ referrerId: referrer.referralId });
      await expect.poll(() => heard).toEqual([{ userIds: [referrer.id], topics: ['referrals'] }]);
    } finally {
      await unlisten();
    }
  });
});
