import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { setAccountActive } from './core/users/activation.service.js';
import { REALTIME_CHANNEL } from './lib/realtime-payloads.js';
import { rows } from './lib/sql.js';
import { adjustBalance } from './modules/admin/adjust.service.js';
import { runAccrual } from './modules/investments/accrual.service.js';
import { TestClient } from './test/client.js';
import { movableClock } from './test/clock.js';
import { booksInvariants, fundedUser, HEALTHY_BOOKS } from './test/money.js';
import { createTestApp, type TestContext } from './test/test-app.js';

const clock = movableClock();
let ctx: TestContext;
const heard: string[] = [];

beforeAll(async () => {
  ctx = await createTestApp({}, clock);
  await ctx.listen(REALTIME_CHANNEL, (payload) => heard.push(payload));
}, 60_000);
afterAll(() => ctx.close());

/** Waits until a marker NOTIFY sent now arrives: everything committed before it has been heard. */
async function drained(): Promise<void> {
  const marker = `marker-${randomUUID()}`;
  await ctx.db.execute(sql`SELECT pg_notify(${REALTIME_CHANNEL}, ${marker})`);
  await vi.waitFor(() => expect(heard).toContain(marker), { timeout: 10_000 });
}

const lastJournal = async () =>
  Number((await rows<{ id: string | number }>(ctx.db, sql`SELECT COALESCE(max(id), 0) AS id FROM journals`))[0]?.id);

/**
 * Runs one money operation and reports what it booked: its journals (each must sum to zero), the
 * history rows linked to them, and the notifications naming `userId` that it sent.
 */
async function booked(userId: string, operation: () => Promise<unknown>) {
  await drained();
  const since = await lastJournal();
  const heardBefore = heard.length;
  await operation();
  await drained();
  const journals = await rows<{ id: string | number; kind: string; total: string | number; n: number }>(
    ctx.db,
    sql`SELECT j.id, j.kind, COALESCE(SUM(e.amount_cents), 0) AS total, count(e.id)::int AS n
        FROM journals j LEFT JOIN entries e ON e.journal_id = j.id WHERE j.id > ${since} GROUP BY j.id ORDER BY j.id`,
  );
  const history = await rows<{ mode: string; wallet: string | null }>(
    ctx.db,
    sql`SELECT t.mode, t.wallet FROM transactions t JOIN journals j ON j.id = t.journal_id WHERE j.id > ${since}`,
  );
  const notes = heard.slice(heardBefore).filter((p) => p.includes(userId));
  for (const j of journals) {
    expect(Number(j.total), `journal ${j.id} (${j.kind}) sums to zero`).toBe(0);
    expect(Number(j.n), `journal ${j.id} (${j.kind}) has two entries or more`).toBeGreaterThanOrEqual(2);
  }
  return { kinds: journals.map((j) => j.kind), history: history.map((h) => h.mode), notifications: notes.length };
}

describe('every money operation', () => {
  it('books balanced journals with their history rows and tells its user once per commit', async () => {
    const alice = await fundedUser(ctx, 0);
    const bob = await fundedUser(ctx, 0);

    expect(
      await booked(alice.id, () =>
        adjustBalance(ctx.db, { email: alice.body.email, amountCents: 500_000, reason: 'opening', actor: 'test' }),
      ),
    ).toEqual({ kinds: ['adjustment'], history: ['adjustment'], notifications: 1 });

    expect(
      await booked(alice.id, async () => {
        const res = await alice.money('POST', '/api/transfers', {
          recipientEmail: bob.body.email,
          amountCents: 10_000,
        });
        expect(res.statusCode).toBe(201);
      }),
    ).toEqual({ kinds: ['transfer'], history: ['transfer', 'transfer'], notifications: 1 });

    let investmentId = '';
    expect(
      await booked(alice.id, async () => {
        const res = await alice.money('POST', '/api/investments', { planId: 'starter', amountCents: 90_000 });
        expect(res.statusCode).toBe(201);
        investmentId = res.json().id;
      }),
    ).toEqual({ kinds: ['invest'], history: ['investment'], notifications: 1 });
    const second = await alice.money('POST', '/api/investments', { planId: 'silver', amountCents: 140_000 });
    expect(second.statusCode).toBe(201);

    clock.advanceDays(2);
    expect(await booked(alice.id, () => runAccrual(ctx.db, clock.now()))).toEqual({
      kinds: ['profit_accrual', 'profit_accrual', 'profit_accrual', 'profit_accrual'],
      history: [],
      // both investments in one batch, one commit: the user hears once
      notifications: 1,
    });

    expect(
      await booked(alice.id, async () => {
        expect((await alice.money('POST', '/api/investments/claim')).statusCode).toBe(200);
      }),
    ).toEqual({ kinds: ['profit_claim'], history: ['profit'], notifications: 1 });

    expect(
      await booked(alice.id, async () => {
        expect((await alice.money('POST', `/api/investments/${second.json().id}/end`)).statusCode).toBe(200);
      }),
    ).toEqual({ kinds: ['capital_return'], history: ['capital'], notifications: 1 });

    clock.advanceDays(10);
    expect(await booked(alice.id, () => runAccrual(ctx.db, clock.now()))).toEqual({
      kinds: [
        'profit_accrual',
        'profit_accrual',
        'profit_accrual',
        'profit_accrual',
        'profit_accrual',
        'capital_return',
      ],
      history: ['capital'],
      notifications: 1,
    });
    expect(investmentId).not.toBe('');

    const referee = await new TestClient(ctx.app).register({ referrerId: alice.referralId });
    expect(await booked(alice.id, () => setAccountActive(ctx.db, referee.email, true, 'test'))).toEqual({
      kinds: ['referral_bonus'],
      history: ['referral'],
      notifications: 1,
    });

    expect(
      await booked(alice.id, async () => {
        expect((await alice.money('POST', '/api/referrals/redeem')).statusCode).toBe(200);
      }),
    ).toEqual({ kinds: ['bonus_move'], history: ['bonus'], notifications: 1 });

    expect(await booksInvariants(ctx.db)).toEqual(HEALTHY_BOOKS);
  });
});
