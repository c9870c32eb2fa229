import {
  type AdminWithdrawal,
  adminMessages,
  FOUR_EYES_THRESHOLD_CENTS_DEFAULT,
  MAX_AMOUNT_CENTS,
  type Settings,
} from '@meridian/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../lib/sql.js';
import type { TestClient } from '../../test/client.js';
import { booksInvariants, fundedUser, HEALTHY_BOOKS } from '../../test/money.js';
import { anotherAdmin, filedWithdrawal, signedInAdmin } from '../../test/operator.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

// Four eyes on large money (issue 25): a withdrawal of at least the threshold is paid out only when a
// second, different operator approves it after the first.

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
afterAll(() => ctx.close());

const LARGE = FOUR_EYES_THRESHOLD_CENTS_DEFAULT;
const approve = (op: TestClient, id: string) => op.request('POST', `/api/admin/withdrawals/${id}/approve`, {});
const reject = (op: TestClient, id: string) =>
  op.request('POST', `/api/admin/withdrawals/${id}/reject`, { reason: 'Not this one' });

const audits = (id: string) =>
  rows<{ actor: string; action: string; details: Record<string, unknown> }>(
    ctx.db,
    sql`SELECT actor, action, details FROM audit_log WHERE details->>'withdrawalId' = ${id} ORDER BY id`,
  );
const settledJournals = async (userId: string) =>
  (
    await rows<{ n: number }>(
      ctx.db,
      sql`SELECT count(*)::int AS n FROM journals WHERE user_id = ${userId}
            AND kind IN ('withdrawal_payout', 'withdrawal_return')`,
    )
  )[0]?.n;

async function queued(id: string): Promise<AdminWithdrawal | undefined> {
  const res = await first.request('GET', '/api/admin/withdrawals?limit=100');
  expect(res.statusCode).toBe(200);
  return (res.json() as { items: AdminWithdrawal[] }).items.find((w) => w.id === id);
}

async function memberRow(m: Awaited<ReturnType<typeof fundedUser>>, id: string) {
  const res = await m.client.request('GET', '/api/transactions');
  const items = (res.json() as { items: { id: string; status: string }[] }).items;
  return items.find((t) => t.id === id);
}

async function saveThreshold(cents: number) {
  const current = (await first.request('GET', '/api/admin/settings')).json() as Settings;
  return first.request('PUT', '/api/admin/settings', { ...current, fourEyesThresholdCents: cents });
}

describe('a withdrawal at or above the four-eyes threshold', () => {
  it('is only marked by its first approval, and paid out by a second, different operator', async () => {
    const m = await fundedUser(ctx, LARGE + 50_000);
    const id = await filedWithdrawal(ctx, m, LARGE);

    const once = await approve(first, id);
    expect(once.statusCode).toBe(200);
    expect(once.json()).toMatchObject({
      changed: true,
      awaitingSecondApproval: true,
      withdrawal: { id, status: 'pending', decidedAt: null },
    });
    expect(await queued(id)).toMatchObject({ status: 'pending', firstApprovedBy: firstActor });
    expect((await queued(id))?.firstApprovedAt).toEqual(expect.any(String));
    // Nothing moved: the hold stays, and the member still sees the request pending.
    expect(await m.wallet()).toMatchObject({ balanceCents: 50_000, totalWithdrawalCents: 0 });
    expect(await memberRow(m, id)).toMatchObject({ status: 'pending' });
    expect(await settledJournals(m.id)).toBe(0);

    const paid = await approve(second, id);
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({
      changed: true,
      awaitingSecondApproval: false,
      withdrawal: { id, status: 'paid' },
    });
    expect(await m.wallet()).toMatchObject({ balanceCents: 50_000, totalWithdrawalCents: LARGE });
    expect(await memberRow(m, id)).toMatchObject({ status: 'success' });
    expect(await queued(id)).toBeUndefined();
    const trail = await audits(id);
    expect(trail.map((a) => [a.actor, a.action])).toEqual([
      [firstActor, 'withdrawal.first-approve'],
      [secondActor, 'withdrawal.approve'],
    ]);
    expect(trail[1]?.details).toMatchObject({ firstApprovedBy: firstActor, after: 'paid', amountCents: LARGE });
    expect(await settledJournals(m.id)).toBe(1);
    expect(await booksInvariants(ctx.db)).toEqual(HEALTHY_BOOKS);
  });

  it('an operator approving their own large withdrawal twice is refused (403) and nothing changes', async () => {
    const m = await fundedUser(ctx, LARGE);
    const id = await filedWithdrawal(ctx, m, LARGE);
    expect((await approve(first, id)).statusCode).toBe(200);

    const again = await approve(first, id);
    expect(again.statusCode).toBe(403);
    expect(again.json().error).toMatchObject({
      code: 'SECOND_APPROVER_REQUIRED',
      message: adminMessages.fourEyes.sameOperator,
    });
    expect(await queued(id)).toMatchObject({ status: 'pending', firstApprovedBy: firstActor });
    expect(await m.wallet()).toMatchObject({ balanceCents: 0, totalWithdrawalCents: 0 });
    expect((await audits(id)).map((a) => a.action)).toEqual(['withdrawal.first-approve']);
    expect(await settledJournals(m.id)).toBe(0);
  });

  it('awaiting its second approval, is rejected by the second operator: the hold goes back', async () => {
    const m = await fundedUser(ctx, LARGE);
    const id = await filedWithdrawal(ctx, m, LARGE);
    await approve(first, id);
    const res = await reject(second, id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      changed: true,
      awaitingSecondApproval: false,
      withdrawal: { status: 'rejected' },
    });
    expect(await m.wallet()).toMatchObject({ balanceCents: LARGE, totalWithdrawalCents: 0 });
    expect((await audits(id)).map((a) => [a.actor, a.action])).toEqual([
      [firstActor, 'withdrawal.first-approve'],
      [secondActor, 'withdrawal.reject'],
    ]);
    // A second approval after the rejection is the usual 409: it is settled.
    expect((await approve(third, id)).json().error.code).toBe('ALREADY_SETTLED');
    expect(await booksInvariants(ctx.db)).toEqual(HEALTHY_BOOKS);
  });

  it('awaiting its second approval, can still be cancelled by its member (for them it is pending)', async () => {
    const m = await fundedUser(ctx, LARGE);
    const id = await filedWithdrawal(ctx, m, LARGE);
    await approve(first, id);
    const res = await m.money('POST', `/api/withdrawals/${id}/cancel`, {});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ withdrawal: { status: 'cancelled' }, awaitingSecondApproval: false });
    expect(await m.wallet()).toMatchObject({ balanceCents: LARGE });
    expect((await approve(second, id)).statusCode).toBe(409);
  });

  it('one cent below the threshold is paid out by one approval, as before', async () => {
    const m = await fundedUser(ctx, LARGE);
    const id = await filedWithdrawal(ctx, m, LARGE - 1);
    const res = await approve(first, id);
    expect(res.json()).toMatchObject({ changed: true, awaitingSecondApproval: false, withdrawal: { status: 'paid' } });
    expect(await m.wallet()).toMatchObject({ balanceCents: 1, totalWithdrawalCents: LARGE - 1 });
    // The same approval again is answered unchanged, as before.
    expect((await approve(first, id)).json()).toMatchObject({ changed: false, withdrawal: { status: 'paid' } });
    expect((await audits(id)).map((a) => a.action)).toEqual(['withdrawal.approve']);
  });
});

describe('four eyes from the command line', () => {
  it("'cli' is one operator: its approval of a large withdrawal is the first, and it says so", async () => {
    const m = await fundedUser(ctx, LARGE);
    const id = await filedWithdrawal(ctx, m, LARGE);
    // As `npm run admin` reaches the running server.
    const run = (args: string[]) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/internal/admin',
        remoteAddress: '127.0.0.1',
        headers: { 'x-admin-token': 'test-internal-token' },
        payload: { args },
      });
    expect((await run(['approve-withdrawal', id])).json().output).toBe(
      `withdrawal ${id} approved first: a second operator must approve it`,
    );
    const again = await run(['approve-withdrawal', id]);
    expect(again.statusCode).toBe(403);
    expect(again.json().error.code).toBe('SECOND_APPROVER_REQUIRED');
    expect((await approve(second, id)).json()).toMatchObject({ withdrawal: { status: 'paid' } });
    expect((await audits(id)).map((a) => [a.actor, a.action])).toEqual([
      ['cli', 'withdrawal.first-approve'],
      [secondActor, 'withdrawal.approve'],
    ]);
  });
});

describe('the four-eyes threshold setting', () => {
  it('is $10,000 until an operator sets another; a lower one takes effect on the next approval', async () => {
    expect((await first.request('GET', '/api/admin/settings')).json()).toMatchObject({
      fourEyesThresholdCents: 1_000_000,
    });
    const m = await fundedUser(ctx, 100_000);
    const id = await filedWithdrawal(ctx, m, 50_000);
    try {
      expect((await saveThreshold(50_000)).statusCode).toBe(200);
      expect((await approve(first, id)).json()).toMatchObject({ awaitingSecondApproval: true });
      expect((await approve(second, id)).json()).toMatchObject({ withdrawal: { status: 'paid' } });
    } finally {
      await saveThreshold(FOUR_EYES_THRESHOLD_CENTS_DEFAULT);
    }
  });

  it('is refused outside $0.01 and the largest amount, with its message, and nothing is saved', async () => {
    for (const bad of [0, -1, MAX_AMOUNT_CENTS + 1, 10.5]) {
      const res = await saveThreshold(bad);
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.json().error.fields?.fourEyesThresholdCents ?? res.json().error.message).toBe(
        adminMessages.settings.fourEyesInvalid,
      );
    }
    expect((await first.request('GET', '/api/admin/settings')).json()).toMatchObject({
      fourEyesThresholdCents: FOUR_EYES_THRESHOLD_CENTS_DEFAULT,
    });
  });
});

describe('four eyes under racing operators (settled exactly once)', () => {
  it('two different operators giving the second approval at once pay it out once', async () => {
    const m = await fundedUser(ctx, LARGE);
    const id = await filedWithdrawal(ctx, m, LARGE);
    await approve(first, id);
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => approve(i % 2 === 0 ? second : third, id)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(results.filter((r) => r.json().changed === true)).toHaveLength(1);
    expect(await settledJournals(m.id)).toBe(1);
    expect((await audits(id)).map((a) => a.action)).toEqual(['withdrawal.first-approve', 'withdrawal.approve']);
    expect(await m.wallet()).toMatchObject({ balanceCents: 0, totalWithdrawalCents: LARGE });
    expect(await booksInvariants(ctx.db)).toEqual(HEALTHY_BOOKS);
  });

  it('a second approval and a rejection at once leave one outcome', async () => {
    const m = await fundedUser(ctx, LARGE);
    const id = await filedWithdrawal(ctx, m, LARGE);
    await approve(first, id);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => (i % 2 === 0 ? approve(second, id) : reject(third, id))),
    );
    const winners = results.filter((r) => r.statusCode === 200 && r.json().changed === true);
    expect(winners).toHaveLength(1);
    const outcome = winners[0]?.json().withdrawal.status as 'paid' | 'rejected';
    for (const r of results) {
      if (r.statusCode === 200) expect(r.json().withdrawal.status).toBe(outcome);
      else expect(r.json().error.code).toBe('ALREADY_SETTLED');
    }
    expect(await settledJournals(m.id)).toBe(1);
    expect(await audits(id)).toHaveLength(2);
    expect(await m.wallet()).toMatchObject(
      outcome === 'paid' ? { balanceCents: 0, totalWithdrawalCents: LARGE } : { balanceCents: LARGE },
    );
    expect(await booksInvariants(ctx.db)).toEqual(HEALTHY_BOOKS);
  });

  it('first approvals by two operators at once: one is the first, the other the second, paid once', async () => {
    const m = await fundedUser(ctx, LARGE);
    const id = await filedWithdrawal(ctx, m, LARGE);
    const results = await Promise.all([approve(first, id), approve(second, id)]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(results.map((r) => r.json().awaitingSecondApproval).sort()).toEqual([false, true]);
    const trail = await audits(id);
    expect(trail.map((a) => a.action)).toEqual(['withdrawal.first-approve', 'withdrawal.approve']);
    expect(trail[0]?.actor).not.toBe(trail[1]?.actor);
    expect(await settledJournals(m.id)).toBe(1);
    expect(await booksInvariants(ctx.db)).toEqual(HEALTHY_BOOKS);
  });

  it('one operator approving many times at once gives one first approval and is refused the rest', async () => {
    const m = await fundedUser(ctx, LARGE);
    const id = await filedWithdrawal(ctx, m, LARGE);
    const results = await Promise.all(Array.from({ length: 8 }, () => approve(first, id)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 403)).toHaveLength(7);
    expect(await settledJournals(m.id)).toBe(0);
    expect((await audits(id)).map((a) => a.action)).toEqual(['withdrawal.first-approve']);
  });
});
