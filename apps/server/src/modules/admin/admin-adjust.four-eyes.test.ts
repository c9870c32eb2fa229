import { adminMessages, FOUR_EYES_THRESHOLD_CENTS_DEFAULT, type PendingAdjustment } from '@meridian/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../lib/sql.js';
import { newKey, type TestClient } from '../../test/client.js';
import { booksInvariants, fundedUser, HEALTHY_BOOKS } from '../../test/money.js';
import { adjust, anotherAdmin, signedInAdmin } from '../../test/operator.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

// Four eyes on large money (issue 25): an adjustment of at least the threshold (either sign) is only
// recorded by its first operator, and booked when a second, different operator approves it.

let ctx: TestContext;
let first: TestClient;
let firstActor: string;
let second: TestClient;
let secondActor: string;
let third: TestClient;
beforeAll(async () => {
  ctx = await createTestApp();
  const a = await signedInAdmin(ctx);
  first = a.client;
  firstActor = `admin:${a.email}`;
  const b = await anotherAdmin(ctx);
  second = b.client;
  secondActor = `admin:${b.email}`;
  third = (await anotherAdmin(ctx)).client;
}, 60_000);
afterAll(async () => {
  expect(await booksInvariants(ctx.db)).toEqual(HEALTHY_BOOKS);
  await ctx.close();
});

const LARGE = FOUR_EYES_THRESHOLD_CENTS_DEFAULT;
const decide = (op: TestClient, id: string, how: 'approve' | 'reject', key: string = newKey()) =>
  op.request('POST', `/api/admin/adjustments/${id}/${how}`, how === 'reject' ? { reason: 'Not agreed' } : {}, {
    'idempotency-key': key,
  });
const awaiting = async (userId?: string): Promise<PendingAdjustment[]> => {
  const res = await second.request('GET', `/api/admin/adjustments${userId ? `?userId=${userId}` : ''}`);
  expect(res.statusCode).toBe(200);
  return res.json().items;
};
const adjustmentJournals = async (userId: string) =>
  (
    await rows<{ n: number }>(
      ctx.db,
      sql`SELECT count(*)::int AS n FROM journals WHERE user_id = ${userId} AND kind = 'adjustment'`,
    )
  )[0]?.n;
const trail = (userId: string) =>
  rows<{ actor: string; action: string; details: Record<string, unknown> }>(
    ctx.db,
    sql`SELECT actor, action, details FROM audit_log WHERE target_user_id = ${userId}
          AND action LIKE 'balance.%' AND actor <> 'test' ORDER BY id`,
  );

/** A large adjustment asked for by the first operator: its id (202, nothing booked). */
async function asked(userId: string, amountCents = LARGE): Promise<string> {
  const res = await adjust(first, userId, { amountCents, reason: 'Wire received' });
  expect(res.statusCode, res.body).toBe(202);
  return res.json().pendingAdjustment.id;
}

describe('a balance adjustment at or above the four-eyes threshold', () => {
  it('is recorded, not booked, until a second operator approves it; then booked once', async () => {
    const m = await fundedUser(ctx, 0);
    const res = await adjust(first, m.id, { amountCents: LARGE, reason: ' Wire received ' });
    expect(res.statusCode).toBe(202);
    const pending = res.json().pendingAdjustment as PendingAdjustment;
    expect(pending).toMatchObject({
      userId: m.id,
      amountCents: LARGE,
      reason: 'Wire received',
      status: 'awaiting',
      requestedBy: firstActor,
      decidedBy: null,
    });
    expect(await m.wallet()).toMatchObject({ balanceCents: 0 });
    expect(await adjustmentJournals(m.id)).toBe(0);
    expect((await awaiting(m.id)).map((a) => a.id)).toEqual([pending.id]);
    expect((await awaiting()).map((a) => a.id)).toContain(pending.id);

    const approved = await decide(second, pending.id, 'approve');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({
      changed: true,
      adjustment: { status: 'approved', decidedBy: secondActor },
      transaction: { type: 'credit', mode: 'adjustment', amountCents: LARGE, description: 'Wire received' },
    });
    expect(await m.wallet()).toMatchObject({ balanceCents: LARGE });
    expect(await adjustmentJournals(m.id)).toBe(1);
    expect(await awaiting(m.id)).toEqual([]);
    const entries = await trail(m.id);
    expect(entries.map((e) => [e.actor, e.action])).toEqual([
      [firstActor, 'balance.adjust-request'],
      [secondActor, 'balance.adjust'],
    ]);
    expect(entries[1]?.details).toMatchObject({
      adjustmentId: pending.id,
      requestedBy: firstActor,
      amountCents: LARGE,
      before: { balanceCents: 0 },
      after: { balanceCents: LARGE },
    });
  });

  it('cannot be approved by the operator who asked for it (403), and nothing is booked', async () => {
    const m = await fundedUser(ctx, 0);
    const id = await asked(m.id);
    const res = await decide(first, id, 'approve');
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({
      code: 'SECOND_APPROVER_REQUIRED',
      message: adminMessages.fourEyes.sameOperator,
    });
    expect(await adjustmentJournals(m.id)).toBe(0);
    expect((await awaiting(m.id)).map((a) => a.status)).toEqual(['awaiting']);
  });

  it('a large debit needs four eyes too, and a rejection books nothing', async () => {
    const m = await fundedUser(ctx, LARGE);
    const id = await asked(m.id, -LARGE);
    const res = await decide(second, id, 'reject');
    expect(res.json()).toMatchObject({
      changed: true,
      transaction: null,
      adjustment: { status: 'rejected', rejectReason: 'Not agreed', decidedBy: secondActor },
    });
    expect(await m.wallet()).toMatchObject({ balanceCents: LARGE });
    // Decided: approving it now is a 409; rejecting it again changes nothing.
    const late = await decide(third, id, 'approve');
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe(adminMessages.fourEyes.adjustmentDecided);
    expect((await decide(third, id, 'reject')).json()).toMatchObject({ changed: false });
    expect((await trail(m.id)).map((e) => e.action)).toEqual(['balance.adjust-request', 'balance.adjust-reject']);
  });

  it('a large debit beyond the balance is refused when asked for, and when approved after the balance fell', async () => {
    const m = await fundedUser(ctx, LARGE);
    const refused = await adjust(first, m.id, { amountCents: -(LARGE + 1), reason: 'Too much' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe('INSUFFICIENT_BALANCE');
    const id = await asked(m.id, -LARGE);
    // The balance falls below the debit before anyone approves it.
    expect((await adjust(first, m.id, { amountCents: -1, reason: 'Fee' })).statusCode).toBe(201);
    const res = await decide(second, id, 'approve');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('INSUFFICIENT_BALANCE');
    expect((await awaiting(m.id)).map((a) => a.id)).toEqual([id]);
    expect(await m.wallet()).toMatchObject({ balanceCents: LARGE - 1 });
  });

  it('one cent below the threshold is booked at once, as before', async () => {
    const m = await fundedUser(ctx, 0);
    const res = await adjust(first, m.id, { amountCents: LARGE - 1, reason: 'Below' });
    expect(res.statusCode).toBe(201);
    expect(await m.wallet()).toMatchObject({ balanceCents: LARGE - 1 });
    expect(await awaiting(m.id)).toEqual([]);
  });

  it('an approval retried with its Idempotency-Key answers the first result and books nothing more', async () => {
    const m = await fundedUser(ctx, 0);
    const id = await asked(m.id);
    const key = newKey();
    const once = await decide(second, id, 'approve', key);
    const again = await decide(second, id, 'approve', key);
    expect(again.json()).toEqual(once.json());
    expect(await adjustmentJournals(m.id)).toBe(1);
  });

  it('an unknown adjustment is a 404 with its message', async () => {
    const res = await decide(second, 'no-such-adjustment', 'approve');
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe(adminMessages.fourEyes.adjustmentNotFound);
  });
});

describe('four eyes on adjustments under racing operators (booked exactly once)', () => {
  it('two operators approving at once book it once', async () => {
    const m = await fundedUser(ctx, 0);
    const id = await asked(m.id);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => decide(i % 2 === 0 ? second : third, id, 'approve')),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(results.filter((r) => r.json().changed === true)).toHaveLength(1);
    expect(await adjustmentJournals(m.id)).toBe(1);
    expect(await m.wallet()).toMatchObject({ balanceCents: LARGE });
  });

  it('an approval and a rejection at once leave one outcome', async () => {
    const m = await fundedUser(ctx, 0);
    const id = await asked(m.id);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        decide(i % 2 === 0 ? second : third, id, i % 2 === 0 ? 'approve' : 'reject'),
      ),
    );
    const winners = results.filter((r) => r.statusCode === 200 && r.json().changed === true);
    expect(winners).toHaveLength(1);
    const outcome = winners[0]?.json().adjustment.status as 'approved' | 'rejected';
    for (const r of results) {
      if (r.statusCode === 200) expect(r.json().adjustment.status).toBe(outcome);
      else expect(r.json().error.code).toBe('ALREADY_SETTLED');
    }
    expect(await adjustmentJournals(m.id)).toBe(outcome === 'approved' ? 1 : 0);
    expect(await m.wallet()).toMatchObject({ balanceCents: outcome === 'approved' ? LARGE : 0 });
  });

  it('the asking operator racing a second operator: booked once, by the second', async () => {
    const m = await fundedUser(ctx, 0);
    const id = await asked(m.id);
    const [asker, other] = await Promise.all([decide(first, id, 'approve'), decide(second, id, 'approve')]);
    expect(other?.json()).toMatchObject({ changed: true, adjustment: { status: 'approved' } });
    // The asker's approval is refused when it comes first, and answered unchanged once it is approved.
    if (asker?.statusCode === 403) expect(asker.json().error.code).toBe('SECOND_APPROVER_REQUIRED');
    else expect(asker?.json()).toMatchObject({ changed: false, adjustment: { status: 'approved' } });
    expect(await adjustmentJournals(m.id)).toBe(1);
    expect((await trail(m.id)).map((e) => [e.actor, e.action])).toEqual([
      [firstActor, 'balance.adjust-request'],
      [secondActor, 'balance.adjust'],
    ]);
  });
});
