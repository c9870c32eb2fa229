import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { movableClock } from '../../test/clock.js';
import { fundedUser } from '../../test/money.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { runAccrual } from './accrual.service.js';

/*
 * Under TEST_CLOCK the investments follow the app's clock (lib/clock.ts); the history rows must too,
 * or a member's history reads days apart from the investments it reports. Every booking takes its
 * time from the clock the app was given, whatever the database's now() says.
 */

const DAY_MS = 86_400_000;
const clock = movableClock();
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({}, clock);
});
afterAll(() => ctx.close());

/** Whether a history row's time is the app's clock's (read just before and after the request). */
function onTheAppsClock(createdAt: string, before: Date, after: Date): boolean {
  const t = new Date(createdAt).getTime();
  return t >= before.getTime() && t <= after.getTime();
}

describe('history rows under a test clock moved days ahead', () => {
  it("carry the clock's time: a transfer's two rows, an investment, its profit days and the claim", async () => {
    clock.advanceDays(3);
    const alice = await fundedUser(ctx, 200_000);
    const bob = await fundedUser(ctx, 0);

    let before = clock.now();
    const sent = await alice.money('POST', '/api/transfers', { recipientEmail: bob.body.email, amountCents: 1_000 });
    let after = clock.now();
    expect(sent.statusCode).toBe(201);
    // Three days past the wall clock: the database's now() could not be in this window.
    expect(after.getTime() - Date.now()).toBeGreaterThan(2 * DAY_MS);
    expect(onTheAppsClock(sent.json().createdAt, before, after)).toBe(true);
    const [received] = (await bob.client.request('GET', '/api/transactions')).json().items;
    expect(received).toMatchObject({ mode: 'transfer', type: 'credit' });
    expect(onTheAppsClock(received.createdAt, before, after)).toBe(true);

    before = clock.now();
    expect((await alice.money('POST', '/api/investments', { planId: 'starter', amountCents: 50_000 })).statusCode).toBe(
      201,
    );
    after = clock.now();
    const [invested] = (await alice.client.request('GET', '/api/transactions?type=debit')).json().items;
    expect(invested).toMatchObject({ mode: 'investment' });
    expect(onTheAppsClock(invested.createdAt, before, after)).toBe(true);

    clock.advanceDays(2);
    before = clock.now();
    await runAccrual(ctx.db, clock.now());
    const claimed = await alice.money('POST', '/api/investments/claim');
    after = clock.now();
    expect(claimed.statusCode).toBe(200);
    expect(onTheAppsClock(claimed.json().createdAt, before, after)).toBe(true);
    const credits = (await alice.client.request('GET', '/api/transactions?type=credit')).json().items;
    const profitDays = credits.filter((t: { mode: string }) => t.mode === 'profit');
    expect(profitDays.length).toBeGreaterThan(0);
    for (const row of profitDays) expect(onTheAppsClock(row.createdAt, before, after)).toBe(true);
  });
});
