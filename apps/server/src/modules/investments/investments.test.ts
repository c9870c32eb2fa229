import { messages, moneyMessages } from '@meridian/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { movableClock } from '../../test/clock.js';
import { booksInvariants, fundedUser, HEALTHY_BOOKS } from '../../test/money.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { runAccrual } from './accrual.service.js';

const clock = movableClock();
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({}, clock);
});
afterAll(() => ctx.close());

describe('investing', () => {
  it('moves the amount from balance into the plan and lists the investment', async () => {
    const u = await fundedUser(ctx, 200_000);
    const res = await u.money('POST', '/api/investments', { planId: 'starter', amountCents: 50_000 });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      planId: 'starter',
      planName: 'Starter',
      amountCents: 50_000,
      status: 'active',
      profitCents: 0,
    });
    expect((await u.wallet()).balanceCents).toBe(150_000);
    const list = (await u.client.request('GET', '/api/investments')).json();
    expect(list).toHaveLength(1);
    const history = (await u.client.request('GET', '/api/transactions?type=debit')).json();
    expect(history.items[0]).toMatchObject({ mode: 'investment', amountCents: 50_000 });
  });

  it.each([
    [{ planId: 'starter', amountCents: 9_999 }, 'BELOW_PLAN_MIN', moneyMessages.belowPlanMin],
    [{ planId: 'starter', amountCents: 100_000 }, 'ABOVE_PLAN_MAX', moneyMessages.abovePlanMax],
    [{ planId: 'no-such-plan', amountCents: 10_000 }, 'PLAN_NOT_FOUND', moneyMessages.selectPlan],
    [{ planId: '', amountCents: 10_000 }, 'VALIDATION_FAILED', moneyMessages.selectPlan],
    [{ planId: 'starter' }, 'VALIDATION_FAILED', moneyMessages.enterAmount],
    [{ planId: 'starter', amountCents: 10_000.5 }, 'VALIDATION_FAILED', moneyMessages.invalidAmount],
    [{ planId: 'starter', amountCents: -10_000 }, 'VALIDATION_FAILED', moneyMessages.invalidAmount],
    [{ planId: 'starter', amountCents: 1e308 }, 'VALIDATION_FAILED', moneyMessages.amountTooLarge],
    [{ planId: 'starter', amountCents: 'lots' }, 'VALIDATION_FAILED', moneyMessages.amountNotNumber],
    [{ planId: 'starter', amountCents: 10_000, userId: 'x' }, 'VALIDATION_FAILED', messages.unknownField],
  ])('refuses %j (%s) and moves nothing', async (body, code, message) => {
    const u = await fundedUser(ctx, 200_000);
    const res = await u.money('POST', '/api/investments', body);
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json().error).toMatchObject({ code, message });
    expect((await u.wallet()).balanceCents).toBe(200_000);
  });

  it('allows one active investment per plan and checks the balance', async () => {
    const u = await fundedUser(ctx, 30_000);
    expect((await u.money('POST', '/api/investments', { planId: 'starter', amountCents: 10_000 })).statusCode).toBe(
      201,
    );
    const twice = await u.money('POST', '/api/investments', { planId: 'starter', amountCents: 10_000 });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe(moneyMessages.alreadyInvested);
    const poor = await u.money('POST', '/api/investments', { planId: 'silver', amountCents: 100_000 });
    expect(poor.json().error).toMatchObject({
      code: 'INSUFFICIENT_BALANCE',
      message: moneyMessages.insufficientBalance,
    });
    expect((await u.wallet()).balanceCents).toBe(20_000);
  });
});

describe('profit over time', () => {
  it('accrues daily, once per day however often the job runs, and returns capital at maturity', async () => {
    const u = await fundedUser(ctx, 100_000);
    const inv = (await u.money('POST', '/api/investments', { planId: 'starter', amountCents: 90_000 })).json();
    expect(inv.status).toBe('active');
    clock.advanceDays(3);
    await runAccrual(ctx.db, clock.now());
    await runAccrual(ctx.db, clock.now());
    const mine = () =>
      u.client.request('GET', '/api/investments').then((r) => r.json().find((i: { id: string }) => i.id === inv.id));
    // 5% of $900 = 4,500 cents over 7 days: floor(4500·3/7) = 1,928 after three days
    expect(await mine()).toMatchObject({ daysAccrued: 3, profitCents: 1_928, status: 'active' });
    expect((await u.wallet()).profitCents).toBe(1_928);

    clock.advanceDays(10);
    await runAccrual(ctx.db, clock.now());
    expect(await mine()).toMatchObject({ daysAccrued: 7, profitCents: 4_500, status: 'completed' });
    expect(await u.wallet()).toMatchObject({ balanceCents: 100_000, profitCents: 4_500 });

    const claim = await u.money('POST', '/api/investments/claim');
    expect(claim.statusCode).toBe(200);
    expect(claim.json()).toMatchObject({ type: 'credit', mode: 'profit', amountCents: 4_500, status: 'success' });
    expect(await u.wallet()).toMatchObject({ balanceCents: 104_500, profitCents: 0 });
    expect(await mine()).toBeUndefined();
    const nothing = await u.money('POST', '/api/investments/claim');
    expect(nothing.json().error).toMatchObject({ code: 'NOTHING_TO_CLAIM' });
    expect(await booksInvariants(ctx.db)).toEqual(HEALTHY_BOOKS);
  });

  it('ends an investment early: principal back, earned profit kept, accrual stopped', async () => {
    const u = await fundedUser(ctx, 500_000);
    const inv = (await u.money('POST', '/api/investments', { planId: 'silver', amountCents: 140_000 })).json();
    clock.advanceDays(2);
    const ended = await u.money('POST', `/api/investments/${inv.id}/end`);
    expect(ended.statusCode).toBe(200);
    // 12% of $1,400 over 14 days: 1,200 cents a day
    expect(ended.json()).toMatchObject({ status: 'ended', daysAccrued: 2, profitCents: 2_400 });
    expect(await u.wallet()).toMatchObject({ balanceCents: 500_000, profitCents: 2_400 });
    clock.advanceDays(5);
    await runAccrual(ctx.db, clock.now());
    expect((await u.wallet()).profitCents).toBe(2_400);
    const again = await u.money('POST', `/api/investments/${inv.id}/end`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('INVESTMENT_NOT_ACTIVE');
  });

  it("cannot end another user's investment or an unknown one", async () => {
    const owner = await fundedUser(ctx, 100_000);
    const thief = await fundedUser(ctx, 0);
    const inv = (await owner.money('POST', '/api/investments', { planId: 'starter', amountCents: 10_000 })).json();
    for (const id of [inv.id, 'not-an-investment']) {
      const res = await thief.money('POST', `/api/investments/${id}/end`);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('INVESTMENT_NOT_FOUND');
    }
    expect((await owner.wallet()).balanceCents).toBe(90_000);
    expect((await thief.wallet()).balanceCents).toBe(0);
  });
});
