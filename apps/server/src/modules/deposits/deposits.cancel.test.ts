import { depositMessages, type HistoryItem } from '@meridian/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../lib/sql.js';
import { newKey, type TestClient } from '../../test/client.js';
import { adminClient } from '../../test/console.js';
import { booksInvariants, fundedUser, HEALTHY_BOOKS } from '../../test/money.js';
import { filedDeposit } from '../../test/operator.js';
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

const cancel = (m: Member, id: string, key = newKey()) => m.money('POST', `/api/deposits/${id}/cancel`, undefined, key);

async function historyRow(m: Member, id: string): Promise<HistoryItem | undefined> {
  const items = (await m.client.request('GET', '/api/transactions')).json().items as HistoryItem[];
  return items.find((t) => t.id === id);
}

describe('a member cancels their own pending deposit (POST /api/deposits/:id/cancel)', () => {
  it('cancels it once with nothing moved, audited as the member; its receipt stays theirs to read', async () => {
    const m = await fundedUser(ctx, 0);
    const id = await filedDeposit(m, 25_000);
    const pending = await historyRow(m, id);
    expect(pending).toMatchObject({ status: 'pending', reason: null });
    expect(pending?.receiptId).toEqual(expect.any(String));

    const key = newKey();
    const first = await cancel(m, id, key);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ changed: true, deposit: { id, status: 'cancelled' } });
    expect((await cancel(m, id, key)).json()).toEqual(first.json());
    expect((await cancel(m, id)).json().changed).toBe(false);
    expect(await historyRow(m, id)).toMatchObject({ status: 'cancelled', receiptId: pending?.receiptId });
    expect(await m.wallet()).toMatchObject({ balanceCents: 0, totalDepositCents: 0 });
    expect((await m.client.request('GET', `/api/receipts/${pending?.receiptId}`)).statusCode).toBe(200);

    const audit = await rows<{ actor: string; action: string }>(
      ctx.db,
      sql`SELECT actor, action FROM audit_log WHERE details->>'depositId' = ${id}`,
    );
    expect(audit).toEqual([{ actor: `member:${m.body.email}`, action: 'deposit.cancel' }]);
    // Gone from the operator's queue, and no longer theirs to approve.
    const queue = (await admin.request('GET', '/api/admin/deposits?limit=100')).json().items as { id: string }[];
    expect(queue.map((d) => d.id)).not.toContain(id);
    expect((await admin.request('POST', `/api/admin/deposits/${id}/approve`, {})).statusCode).toBe(409);
    expect(await m.wallet()).toMatchObject({ balanceCents: 0 });
  });

  it("is a 404 for another member's deposit, which stays pending", async () => {
    const owner = await fundedUser(ctx, 0);
    const other = await fundedUser(ctx, 0);
    const id = await filedDeposit(owner, 25_000);
    const res = await cancel(other, id);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe(depositMessages.depositNotFound);
    expect(await historyRow(owner, id)).toMatchObject({ status: 'pending' });
  });

  it('is refused with a 409 once an operator has decided; the history shows the reason of a rejection', async () => {
    const m = await fundedUser(ctx, 0);
    const approved = await filedDeposit(m, 30_000);
    const rejected = await filedDeposit(m, 20_000);
    expect((await admin.request('POST', `/api/admin/deposits/${approved}/approve`, {})).statusCode).toBe(200);
    const reason = 'No payment received';
    expect((await admin.request('POST', `/api/admin/deposits/${rejected}/reject`, { reason })).statusCode).toBe(200);
    for (const id of [approved, rejected]) {
      const res = await cancel(m, id);
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe(depositMessages.alreadyDecided);
    }
    expect(await m.wallet()).toMatchObject({ balanceCents: 30_000, totalDepositCents: 30_000 });
    expect(await historyRow(m, rejected)).toMatchObject({ status: 'failed', reason });
    expect(await historyRow(m, approved)).toMatchObject({ status: 'success', reason: null });
  });

  it('racing the operator’s decision, each request settles once: one outcome, books balanced', async () => {
    const m = await fundedUser(ctx, 0);
    const ids: string[] = [];
    for (let i = 0; i < 8; i++) ids.push(await filedDeposit(m, 10_000));
    const base = await listening(ctx.app);
    const raced = await Promise.all(
      ids.map(async (id, i) => {
        const decision = i % 2 === 0 ? 'approve' : 'reject';
        const [cancelled, decided] = await Promise.all([
          postOnOwnConnection(base, m.client, `/api/deposits/${id}/cancel`, {}, { 'idempotency-key': newKey() }),
          postOnOwnConnection(
            base,
            admin,
            `/api/admin/deposits/${id}/${decision}`,
            decision === 'reject' ? { reason: 'race' } : {},
          ),
        ]);
        return { id, decision, cancelled: cancelled.status, decided: decided.status };
      }),
    );
    for (const r of raced) {
      expect([r.cancelled, r.decided].sort(), JSON.stringify(r)).toEqual([200, 409]);
    }
    const credited = raced.filter((r) => r.decision === 'approve' && r.decided === 200).length;
    expect(await m.wallet()).toMatchObject({ balanceCents: credited * 10_000, totalDepositCents: credited * 10_000 });
    const statuses = await rows<{ status: string; n: number }>(
      ctx.db,
      sql`SELECT status, count(*)::int AS n FROM transactions WHERE user_id = ${m.id} AND mode = 'deposit'
          GROUP BY status ORDER BY status`,
    );
    expect(statuses.reduce((sum, s) => sum + s.n, 0)).toBe(ids.length);
    expect(statuses.find((s) => s.status === 'pending')).toBeUndefined();
    expect(await booksInvariants(ctx.db)).toEqual(HEALTHY_BOOKS);
  });
});
