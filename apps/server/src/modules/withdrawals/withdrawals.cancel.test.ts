import { type HistoryItem, withdrawalMessages } from '@meridian/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../lib/sql.js';
import type { TestClient } from '../../test/client.js';
import { newKey } from '../../test/client.js';
import { adminClient } from '../../test/console.js';
import { booksInvariants, fundedUser, HEALTHY_BOOKS } from '../../test/money.js';
import { filedWithdrawal } from '../../test/operator.js';
import { listening, postOnOwnConnection } from '../../test/own-connection.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

let ctx: TestContext;
let admin: TestClient;
beforeAll(async () => {
  ctx = await createTestApp();
  admin = await adminClient(ctx);
}, 60_000);
afterAll(() => ctx.close());

type Member = Awaited<ReturnType<typeof fundedUser>>;

const cancel = (m: Member, id: string, key = newKey()) =>
  m.money('POST', `/api/withdrawals/${id}/cancel`, undefined, key);

async function historyRow(m: Member, id: string): Promise<HistoryItem | undefined> {
  const items = (await m.client.request('GET', '/api/transactions')).json().items as HistoryItem[];
  return items.find((t) => t.id === id);
}

const returns = async (m: Member) =>
  (
    await rows<{ n: number }>(
      ctx.db,
      sql`SELECT count(*)::int AS n FROM journals WHERE user_id = ${m.id} AND kind = 'withdrawal_return'`,
    )
  )[0]?.n;

describe('a member cancels their own pending withdrawal (POST /api/withdrawals/:id/cancel)', () => {
  it('returns the hold to the balance in one journal, once, audited as the member', async () => {
    const m = await fundedUser(ctx, 100_000);
    const id = await filedWithdrawal(ctx, m, 40_000);
    expect(await m.wallet()).toMatchObject({ balanceCents: 60_000 });

    const key = newKey();
    const first = await cancel(m, id, key);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ changed: true, withdrawal: { id, status: 'cancelled' } });
    expect(await m.wallet()).toMatchObject({ balanceCents: 100_000, totalWithdrawalCents: 0 });
    expect(await historyRow(m, id)).toMatchObject({ status: 'cancelled', reason: null });

    // The same key replays; a new key finds it cancelled already: neither moves money again.
    expect((await cancel(m, id, key)).json()).toEqual(first.json());
    const again = await cancel(m, id);
    expect(again.statusCode).toBe(200);
    expect(again.json().changed).toBe(false);
    expect(await returns(m)).toBe(1);
    expect(await m.wallet()).toMatchObject({ balanceCents: 100_000 });

    const audit = await rows<{ actor: string; action: string }>(
      ctx.db,
      sql`SELECT actor, action FROM audit_log WHERE details->>'withdrawalId' = ${id}`,
    );
    expect(audit).toEqual([{ actor: `member:${m.body.email}`, action: 'withdrawal.cancel' }]);
    // The operator can no longer decide it.
    const late = await admin.request('POST', `/api/admin/withdrawals/${id}/approve`, {});
    expect(late.statusCode).toBe(409);
    expect(await booksInvariants(ctx.db)).toEqual(HEALTHY_BOOKS);
  });

  it('takes only an Idempotency-Key-carrying request', async () => {
    const m = await fundedUser(ctx, 100_000);
    const id = await filedWithdrawal(ctx, m, 40_000);
    const res = await m.client.request('POST', `/api/withdrawals/${id}/cancel`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('IDEMPOTENCY_KEY_REQUIRED');
    expect(await m.wallet()).toMatchObject({ balanceCents: 60_000 });
  });

  it("is a 404 for another member's withdrawal, which stays pending", async () => {
    const owner = await fundedUser(ctx, 100_000);
    const other = await fundedUser(ctx, 100_000);
    const id = await filedWithdrawal(ctx, owner, 40_000);
    const res = await cancel(other, id);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe(withdrawalMessages.withdrawalNotFound);
    expect((await cancel(other, 'no-such-withdrawal')).statusCode).toBe(404);
    expect(await historyRow(owner, id)).toMatchObject({ status: 'pending' });
    expect(await owner.wallet()).toMatchObject({ balanceCents: 60_000 });
  });

  it('is refused with a 409 once an operator has decided, and moves nothing', async () => {
    const m = await fundedUser(ctx, 100_000);
    const paid = await filedWithdrawal(ctx, m, 30_000);
    const rejected = await filedWithdrawal(ctx, m, 20_000);
    expect((await admin.request('POST', `/api/admin/withdrawals/${paid}/approve`, {})).statusCode).toBe(200);
    const reason = 'Account details do not match';
    expect((await admin.request('POST', `/api/admin/withdrawals/${rejected}/reject`, { reason })).statusCode).toBe(200);
    for (const id of [paid, rejected]) {
      const res = await cancel(m, id);
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe(withdrawalMessages.alreadyDecided);
    }
    expect(await m.wallet()).toMatchObject({ balanceCents: 70_000, totalWithdrawalCents: 30_000 });
    // The history carries the operator's reason on the refused request.
    expect(await historyRow(m, rejected)).toMatchObject({ status: 'failed', reason, receiptId: null });
    expect(await historyRow(m, paid)).toMatchObject({ status: 'success', reason: null });
  });

  it('racing the operator’s decision, each request settles once: one outcome, books balanced', async () => {
    const m = await fundedUser(ctx, 200_000);
    const ids: string[] = [];
    for (let i = 0; i < 8; i++) ids.push(await filedWithdrawal(ctx, m, 10_000));
    const base = await listening(ctx.app);
    // Each cancellation and each decision on its own connection, all at once.
    const raced = await Promise.all(
      ids.map(async (id, i) => {
        const decision = i % 2 === 0 ? 'approve' : 'reject';
        const [cancelled, decided] = await Promise.all([
          postOnOwnConnection(base, m.client, `/api/withdrawals/${id}/cancel`, {}, { 'idempotency-key': newKey() }),
          postOnOwnConnection(
            base,
            admin,
            `/api/admin/withdrawals/${id}/${decision}`,
            decision === 'reject' ? { reason: 'race' } : {},
          ),
        ]);
        return { id, decision, cancelled: cancelled.status, decided: decided.status };
      }),
    );
    for (const r of raced) {
      expect([r.cancelled, r.decided].sort(), JSON.stringify(r)).toEqual([200, 409]);
    }
    const paidOut = raced.filter((r) => r.decision === 'approve' && r.decided === 200).length;
    expect(await m.wallet()).toMatchObject({
      balanceCents: 200_000 - paidOut * 10_000,
      totalWithdrawalCents: paidOut * 10_000,
    });
    const settled = await rows<{ n: number }>(
      ctx.db,
      sql`SELECT count(*)::int AS n FROM journals WHERE user_id = ${m.id}
          AND kind IN ('withdrawal_return', 'withdrawal_payout')`,
    );
    expect(settled[0]?.n).toBe(ids.length);
    expect(await booksInvariants(ctx.db)).toEqual(HEALTHY_BOOKS);
  });
});
