import { REFERRAL_BONUS_CENTS } from '@meridian/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setAccountActive } from '../../core/users/activation.service.js';
import { TestClient } from '../../test/client.js';
import { fundByEmail, fundedUser } from '../../test/money.js';
import { filedDeposit, filedWithdrawal, signedInAdmin } from '../../test/operator.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('GET /api/admin/users/:id', () => {
  it('shows the profile, the wallet from the books, holds, investments, referrer, referees, receipts and sessions', async () => {
    const referrer = await fundedUser(ctx, 0);
    const member = await fundedUser(ctx, 0, { referrerId: referrer.referralId });
    await fundByEmail(ctx, member.body.email, 500_000);
    // Two investments: one ended (its principal back), one active; both listed, newest first.
    expect(
      (await member.money('POST', '/api/investments', { planId: 'starter', amountCents: 20_000 })).statusCode,
    ).toBe(201);
    const ended = (await member.client.request('GET', '/api/investments')).json()[0].id as string;
    expect((await member.money('POST', `/api/investments/${ended}/end`)).statusCode).toBe(200);
    expect(
      (await member.money('POST', '/api/investments', { planId: 'silver', amountCents: 100_000 })).statusCode,
    ).toBe(201);
    const depositId = await filedDeposit(member, 15_000);
    await filedWithdrawal(ctx, member, 30_000);
    const referee = new TestClient(ctx.app);
    const refereeBody = await referee.register({ referrerId: member.referralId });
    await setAccountActive(ctx.db, refereeBody.email, true, 'test');
    // A second signed-in device.
    expect((await new TestClient(ctx.app).login(member.body.email, member.body.password)).statusCode).toBe(200);

    const { client: admin } = await signedInAdmin(ctx);
    const res = await admin.request('GET', `/api/admin/users/${member.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json();
    expect(detail.user).toMatchObject({ id: member.id, email: member.body.email, isActive: true, role: 'user' });
    expect(detail.user).not.toHaveProperty('password');
    expect(detail.wallet).toEqual({
      balanceCents: 500_000 - 100_000 - 30_000,
      profitCents: 0,
      bonusCents: 0,
      referralBonusCents: REFERRAL_BONUS_CENTS,
      totalDepositCents: 0,
      totalWithdrawalCents: 0,
    });
    expect(detail.withdrawalHoldCents).toBe(30_000);
    expect(detail.investedCents).toBe(100_000);
    expect(detail.referrer).toEqual({ id: referrer.id, name: referrer.body.name, email: referrer.body.email });
    expect(detail.investments.map((i: { planId: string; status: string }) => [i.planId, i.status])).toEqual([
      ['silver', 'active'],
      ['starter', 'ended'],
    ]);
    expect(detail.referees).toEqual([expect.objectContaining({ email: refereeBody.email, name: refereeBody.name })]);
    expect(detail.receipts).toEqual([
      expect.objectContaining({
        contentType: 'image/png',
        depositId,
        depositStatus: 'pending',
        amountCents: 15_000,
      }),
    ]);
    expect(detail.sessions).toBe(2);

    // Once approved, the receipt says so and the deposit counts in the wallet.
    await ctx.app.deps.operations.deposits?.approve(ctx.db, depositId, 'test', new Date());
    const after = (await admin.request('GET', `/api/admin/users/${member.id}`)).json();
    expect(after.receipts[0]).toMatchObject({ depositStatus: 'approved', amountCents: 15_000 });
    expect(after.wallet).toMatchObject({ totalDepositCents: 15_000, balanceCents: 385_000 });
  });

  it('shows a member without a referrer, money or devices as such', async () => {
    const lonely = await fundedUser(ctx, 0);
    await lonely.client.request('POST', '/api/auth/sign-out', {});
    const { client: admin } = await signedInAdmin(ctx);
    const detail = (await admin.request('GET', `/api/admin/users/${lonely.id}`)).json();
    expect(detail).toMatchObject({
      referrer: null,
      investments: [],
      referees: [],
      receipts: [],
      sessions: 0,
      withdrawalHoldCents: 0,
      investedCents: 0,
    });
    expect(detail.wallet.balanceCents).toBe(0);
  });
});
