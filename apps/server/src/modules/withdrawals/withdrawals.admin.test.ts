import { type AdminWithdrawal, adminMessages, messages } from '@meridian/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { moneyTransaction } from '../../ledger/money-transaction.js';
import { encodeCursor } from '../../lib/keyset-cursor.js';
import { rows } from '../../lib/sql.js';
import type { TestClient } from '../../test/client.js';
import { adminClient, expectAdminOnly, recordNotifications } from '../../test/console.js';
import { booksInvariants, fundedUser, HEALTHY_BOOKS } from '../../test/money.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { holdWithdrawal } from './withdrawals.service.js';

let ctx: TestContext;
let admin: TestClient;
beforeAll(async () => {
  ctx = await createTestApp();
  admin = await adminClient(ctx);
}, 60_000);
afterAll(() => ctx.close());

type Member = Awaited<ReturnType<typeof fundedUser>>;

const bank = {
  bankName: 'First Bank',
  accountNumber: '0011223344',
  accountName: 'Ada Lovelace',
  routingNumber: '021000021',
  swiftCode: 'FBNKUS33',
};

/** A withdrawal filed as POST /api/withdrawals files it once its code is confirmed: the hold and the pending row. */
async function fileWithdrawal(m: Member, amountCents: number): Promise<string> {
  const user = { id: m.id, name: m.body.name, email: m.body.email } as Parameters<typeof holdWithdrawal>[1];
  const filed = await moneyTransaction(ctx.db, (tx) =>
    holdWithdrawal(
      tx,
      user,
      { amountCents, method: 'bank', destination: bank },
      { publicUrl: ctx.config.publicUrl, operatorEmail: 'ops@meridian.test', now: new Date() },
    ),
  );
  return filed.withdrawal.id;
}

async function wholeQueue(limit: number): Promise<AdminWithdrawal[]> {
  const items: AdminWithdrawal[] = [];
  let cursor: string | null = null;
  do {
    const qs: string = cursor ? `?limit=${limit}&cursor=${cursor}` : `?limit=${limit}`;
    const res = await admin.request('GET', `/api/admin/withdrawals${qs}`);
    expect(res.statusCode).toBe(200);
    const page = res.json() as { items: AdminWithdrawal[]; nextCursor: string | null };
    items.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return items;
}

const audits = (id: string) =>
  rows<{ actor: string; action: string }>(
    ctx.db,
    sql`SELECT actor, action FROM audit_log WHERE details->>'withdrawalId' = ${id} ORDER BY id`,
  );

describe("the operator's withdrawal queue (/api/admin/withdrawals)", () => {
  it('is for admins only: a visitor gets 401 and a member 403 on every route, and nothing moves', async () => {
    const m = await fundedUser(ctx, 50_000);
    const id = await fileWithdrawal(m, 20_000);
    await expectAdminOnly(ctx, m.client, [
      ['GET', '/api/admin/withdrawals'],
      ['POST', `/api/admin/withdrawals/${id}/approve`, {}],
      ['POST', `/api/admin/withdrawals/${id}/reject`, { reason: 'No' }],
    ]);
    expect(await m.wallet()).toMatchObject({ balanceCents: 30_000, totalWithdrawalCents: 0 });
    expect(await audits(id)).toEqual([]);
  });

  it('lists pending withdrawals oldest first, a page at a time, with the member and the destination to pay', async () => {
    const m = await fundedUser(ctx, 100_000);
    const ids = [await fileWithdrawal(m, 11_000), await fileWithdrawal(m, 12_000), await fileWithdrawal(m, 13_000)];
    const queue = await wholeQueue(2);
    expect(queue.filter((w) => ids.includes(w.id)).map((w) => w.id)).toEqual(ids);
    const times = queue.map((w) => w.createdAt);
    expect(times).toEqual([...times].sort());
    expect(queue.find((w) => w.id === ids[0])).toMatchObject({
      userId: m.id,
      userName: m.body.name,
      userEmail: m.body.email,
      amountCents: 11_000,
      method: 'bank',
      destination: bank,
      status: 'pending',
    });
    for (const qs of ['?cursor=%%%', `?cursor=${encodeCursor(7)}`, `?cursor=${encodeCursor('nope')}`, '?limit=0']) {
      expect((await admin.request('GET', `/api/admin/withdrawals${qs}`)).statusCode).toBe(400);
    }
  });

  it('approving pays the hold out, rejecting returns it to the balance; audited as the admin; bad input moves nothing', async () => {
    const m = await fundedUser(ctx, 100_000);
    const a = await fileWithdrawal(m, 30_000);
    const b = await fileWithdrawal(m, 20_000);
    expect(await m.wallet()).toMatchObject({ balanceCents: 50_000 });

    const paid = await admin.request('POST', `/api/admin/withdrawals/${a}/approve`, {});
    expect(paid.json()).toMatchObject({ changed: true, withdrawal: { id: a, status: 'paid' } });
    expect((await admin.request('POST', `/api/admin/withdrawals/${a}/approve`, {})).json().changed).toBe(false);

    for (const [body, message] of [
      [{ reason: '' }, adminMessages.reasonRequired],
      [{ reason: 'x'.repeat(501) }, messages.fieldTooLong],
      [{ reason: 'ok', extra: true }, messages.unknownField],
    ] as const) {
      const res = await admin.request('POST', `/api/admin/withdrawals/${b}/reject`, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
    const rejected = await admin.request('POST', `/api/admin/withdrawals/${b}/reject`, { reason: 'Name mismatch' });
    expect(rejected.json()).toMatchObject({
      changed: true,
      withdrawal: { status: 'rejected', reason: 'Name mismatch' },
    });
    expect((await admin.request('POST', `/api/admin/withdrawals/${b}/approve`, {})).statusCode).toBe(409);
    expect((await admin.request('POST', '/api/admin/withdrawals/no-such/approve', {})).statusCode).toBe(404);

    expect(await m.wallet()).toMatchObject({ balanceCents: 70_000, totalWithdrawalCents: 30_000 });
    expect(await audits(a)).toEqual([{ actor: 'admin:admin@meridian.test', action: 'withdrawal.approve' }]);
    expect(await audits(b)).toEqual([{ actor: 'admin:admin@meridian.test', action: 'withdrawal.reject' }]);
    expect((await wholeQueue(100)).map((w) => w.id)).not.toEqual(expect.arrayContaining([a]));
  });

  it("tells the operators' consoles of every new request and every settlement", async () => {
    const m = await fundedUser(ctx, 100_000);
    const heard = await recordNotifications(ctx);
    try {
      const a = await fileWithdrawal(m, 10_000);
      await vi.waitFor(() => expect(heard.admins()).toHaveLength(1));
      await admin.request('POST', `/api/admin/withdrawals/${a}/reject`, { reason: 'No' });
      await vi.waitFor(() => expect(heard.admins()).toHaveLength(2));
      const b = await fileWithdrawal(m, 10_000);
      await admin.request('POST', `/api/admin/withdrawals/${b}/approve`, {});
      await vi.waitFor(() => expect(heard.admins()).toHaveLength(4));
    } finally {
      await heard.stop();
    }
  });
});

describe('settling one withdrawal from many requests at once (through the HTTP routes)', () => {
  it('twenty approvals at once pay it out exactly once', async () => {
    const m = await fundedUser(ctx, 100_000);
    const id = await fileWithdrawal(m, 40_000);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => admin.request('POST', `/api/admin/withdrawals/${id}/approve`, {})),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(results.filter((r) => r.json().changed === true)).toHaveLength(1);
    expect(await m.wallet()).toMatchObject({ balanceCents: 60_000, totalWithdrawalCents: 40_000 });
    expect(await audits(id)).toHaveLength(1);
    expect(await booksInvariants(ctx.db)).toEqual(HEALTHY_BOOKS);
  });

  it('approvals and rejections at once leave one outcome: paid out once, or returned once', async () => {
    const m = await fundedUser(ctx, 100_000);
    const id = await fileWithdrawal(m, 40_000);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2 === 0
          ? admin.request('POST', `/api/admin/withdrawals/${id}/approve`, {})
          : admin.request('POST', `/api/admin/withdrawals/${id}/reject`, { reason: 'race' }),
      ),
    );
    const winners = results.filter((r) => r.statusCode === 200 && r.json().changed === true);
    expect(winners).toHaveLength(1);
    const outcome = winners[0]?.json().withdrawal.status as 'paid' | 'rejected';
    for (const r of results) {
      if (r.statusCode === 200) expect(r.json().withdrawal.status).toBe(outcome);
      else expect(r.json().error.code).toBe('ALREADY_SETTLED');
    }
    expect(await audits(id)).toHaveLength(1);
    const [hold] = await rows<{ n: number }>(
      ctx.db,
      sql`SELECT count(*)::int AS n FROM journals WHERE user_id = ${m.id}
            AND kind IN ('withdrawal_payout', 'withdrawal_return')`,
    );
    expect(hold?.n).toBe(1);
    expect(await m.wallet()).toMatchObject(
      outcome === 'paid'
        ? { balanceCents: 60_000, totalWithdrawalCents: 40_000 }
        : { balanceCents: 100_000, totalWithdrawalCents: 0 },
    );
    expect(await booksInvariants(ctx.db)).toEqual(HEALTHY_BOOKS);
  });
});
