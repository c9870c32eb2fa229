import type { Investment } from '@meridian/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { movableClock } from '../../test/clock.js';
import { fundedUser } from '../../test/money.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { runAccrual } from './accrual.service.js';

/*
 * Finished investments (matured, or ended early) stay visible for good under 'Completed', a claim's
 * archiving notwithstanding: GET /api/investments/completed pages them, the last finished first.
 */

const clock = movableClock();
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({}, clock);
});
afterAll(() => ctx.close());

type Member = Awaited<ReturnType<typeof fundedUser>>;

async function completedPage(m: Member, query = '') {
  const res = await m.client.request('GET', `/api/investments/completed${query}`);
  expect(res.statusCode).toBe(200);
  return res.json() as { items: Investment[]; nextCursor: string | null };
}

/** Every page, following nextCursor. */
async function allCompleted(m: Member, query: string) {
  const items: Investment[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const page = await completedPage(m, `?${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    items.push(...page.items);
    cursor = page.nextCursor;
    pages += 1;
  } while (cursor !== null);
  return { items, pages };
}

describe('completed investments', () => {
  it('stay listed after a claim, the last finished first, a page at a time, and by plan', async () => {
    const member = await fundedUser(ctx, 2_000_000);
    const stranger = await fundedUser(ctx, 2_000_000);
    const invest = async (m: Member, planId: string, amountCents: number) => {
      const res = await m.money('POST', '/api/investments', { planId, amountCents });
      expect(res.statusCode).toBe(201);
      return res.json() as Investment;
    };
    const end = async (m: Member, inv: Investment) => {
      clock.advanceDays(1);
      expect((await m.money('POST', `/api/investments/${inv.id}/end`)).statusCode).toBe(200);
    };

    // A Starter that matures (7 days) while three others are invested and ended one after another.
    const matures = await invest(member, 'starter', 10_000);
    const ended: Investment[] = [];
    for (const planId of ['silver', 'silver', 'gold']) {
      const inv = await invest(member, planId, planId === 'gold' ? 500_000 : 100_000);
      await end(member, inv);
      ended.push(inv);
    }
    await end(stranger, await invest(stranger, 'silver', 100_000));
    const running = await invest(member, 'gold', 500_000);
    clock.advanceDays(7);
    await runAccrual(ctx.db, clock.now());

    // Before the claim the active list still shows the finished ones awaiting it...
    const listed = (await member.client.request('GET', '/api/investments')).json() as Investment[];
    expect(listed.map((i) => i.id)).toContain(matures.id);
    expect((await member.money('POST', '/api/investments/claim')).statusCode).toBe(200);
    // ...after it only the running one; the finished ones are under Completed.
    const after = (await member.client.request('GET', '/api/investments')).json() as Investment[];
    expect(after.map((i) => i.id)).toEqual([running.id]);

    const { items, pages } = await allCompleted(member, 'limit=2');
    expect(pages).toBe(2);
    // The last finished first: the Starter matured last (on the accrual), then the ended ones, newest first.
    expect(items.map((i) => i.id)).toEqual([matures.id, ...ended.map((i) => i.id).reverse()]);
    expect(items.map((i) => i.status)).toEqual(['completed', 'ended', 'ended', 'ended']);
    expect(items.every((i) => i.endedAt !== null)).toBe(true);

    const silver = await allCompleted(member, 'planId=silver');
    expect(silver.items.map((i) => i.id)).toEqual([ended[1]?.id, ended[0]?.id]);
    // Nobody else's.
    expect((await completedPage(stranger)).items).toHaveLength(1);
  });

  it('answers a cursor it did not make with a 400', async () => {
    const member = await fundedUser(ctx, 0);
    const res = await member.client.request('GET', '/api/investments/completed?cursor=not-a-cursor');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
  });
});
