import { type AdminDeposit, adminMessages, messages } from '@meridian/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { encodeCursor } from '../../lib/keyset-cursor.js';
import { rows } from '../../lib/sql.js';
import type { TestClient } from '../../test/client.js';
import { adminClient, expectAdminOnly, recordNotifications } from '../../test/console.js';
import { booksInvariants, fundedUser, HEALTHY_BOOKS } from '../../test/money.js';
import { depositParts, postDeposit } from '../../test/multipart.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

let ctx: TestContext;
let admin: TestClient;
beforeAll(async () => {
  ctx = await createTestApp();
  admin = await adminClient(ctx);
}, 60_000);
afterAll(() => ctx.close());

async function fileDeposit(member: Awaited<ReturnType<typeof fundedUser>>, cents: number): Promise<string> {
  const res = await postDeposit(member.client, depositParts(cents));
  expect(res.statusCode).toBe(201);
  return res.json().deposit.id as string;
}

/** Every page of the queue, following nextCursor. */
async function wholeQueue(limit: number): Promise<AdminDeposit[]> {
  const items: AdminDeposit[] = [];
  let cursor: string | null = null;
  do {
    const qs: string = cursor ? `?limit=${limit}&cursor=${cursor}` : `?limit=${limit}`;
    const res = await admin.request('GET', `/api/admin/deposits${qs}`);
    expect(res.statusCode).toBe(200);
    const page = res.json() as { items: AdminDeposit[]; nextCursor: string | null };
    expect(page.items.length).toBeLessThanOrEqual(limit);
    items.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return items;
}

const auditCount = async (action: string, id: string) =>
  (
    await rows<{ n: number }>(
      ctx.db,
      sql`SELECT count(*)::int AS n FROM audit_log WHERE action = ${action} AND details->>'depositId' = ${id}`,
    )
  )[0]?.n;

describe("the operator's deposit queue (/api/admin/deposits)", () => {
  it('is for admins only: a visitor gets 401 and a member 403 on every route, and nothing settles', async () => {
    const member = await fundedUser(ctx, 0);
    const id = await fileDeposit(member, 20_000);
    await expectAdminOnly(ctx, member.client, [
      ['GET', '/api/admin/deposits'],
      ['POST', `/api/admin/deposits/${id}/approve`, {}],
      ['POST', `/api/admin/deposits/${id}/reject`, { reason: 'No payment' }],
    ]);
    expect(await member.wallet()).toMatchObject({ balanceCents: 0 });
    expect(await auditCount('deposit.approve', id)).toBe(0);
  });

  it("lists pending deposits oldest first, a page at a time, with the member's name and e-mail and the receipt's type and size", async () => {
    const member = await fundedUser(ctx, 0);
    const ids = [
      await fileDeposit(member, 11_000),
      await fileDeposit(member, 12_000),
      await fileDeposit(member, 13_000),
    ];
    const queue = await wholeQueue(2);
    expect(queue.filter((d) => ids.includes(d.id)).map((d) => d.id)).toEqual(ids);
    expect(new Set(queue.map((d) => d.id)).size).toBe(queue.length);
    const times = queue.map((d) => d.createdAt);
    expect(times).toEqual([...times].sort());
    expect(queue.every((d) => d.status === 'pending')).toBe(true);
    expect(queue.find((d) => d.id === ids[0])).toMatchObject({
      userId: member.id,
      userName: member.body.name,
      userEmail: member.body.email,
      amountCents: 11_000,
      methodLabel: 'PayPal',
      receiptContentType: 'image/png',
      receiptSizeBytes: 2_000,
    });

    // A settled deposit leaves the queue.
    expect((await admin.request('POST', `/api/admin/deposits/${ids[1]}/approve`, {})).statusCode).toBe(200);
    expect((await wholeQueue(100)).map((d) => d.id)).not.toContain(ids[1]);
  });

  it('serves the receipt of a queued deposit to the operator inline', async () => {
    const member = await fundedUser(ctx, 0);
    const id = await fileDeposit(member, 10_000);
    const queued = (await wholeQueue(100)).find((d) => d.id === id);
    const receipt = await admin.request('GET', `/api/receipts/${queued?.receiptId}`);
    expect(receipt.statusCode).toBe(200);
    expect(receipt.headers['content-type']).toBe(queued?.receiptContentType);
    expect(Number(receipt.headers['content-length'])).toBe(queued?.receiptSizeBytes);
  });

  it.each([
    ['a cursor that is not base64url', '?cursor=not%20a%20cursor'],
    ['a cursor that is not JSON', `?cursor=${Buffer.from('nope').toString('base64url')}`],
    ['a cursor of the wrong kind', `?cursor=${encodeCursor(42)}`],
    ['a cursor naming no deposit', `?cursor=${encodeCursor('no-such-deposit')}`],
    ['a limit of 0', '?limit=0'],
    ['a limit above 100', '?limit=101'],
    ['a fractional limit', '?limit=1.5'],
    ['a limit that is a word', '?limit=many'],
    ['an unknown parameter', '?status=approved'],
  ])('refuses %s with a 400', async (_what, qs) => {
    const res = await admin.request('GET', `/api/admin/deposits${qs}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
  });

  it('approves into the balance and rejects with a reason, audited under the admin; bad input changes nothing', async () => {
    const member = await fundedUser(ctx, 0);
    const a = await fileDeposit(member, 20_000);
    const b = await fileDeposit(member, 30_000);

    const approved = await admin.request('POST', `/api/admin/deposits/${a}/approve`, {});
    expect(approved.json()).toMatchObject({ changed: true, deposit: { id: a, status: 'approved' } });
    const again = await admin.request('POST', `/api/admin/deposits/${a}/approve`, {});
    expect(again.json()).toMatchObject({ changed: false, deposit: { status: 'approved' } });

    for (const [body, message] of [
      [{ reason: '  ' }, adminMessages.reasonRequired],
      [{}, adminMessages.reasonRequired],
      [{ reason: 42 }, adminMessages.reasonRequired],
      [{ reason: 'x'.repeat(501) }, messages.fieldTooLong],
      [{ reason: 'fine', amountCents: 1 }, messages.unknownField],
    ] as const) {
      const res = await admin.request('POST', `/api/admin/deposits/${b}/reject`, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
    expect(await auditCount('deposit.reject', b)).toBe(0);

    const rejected = await admin.request('POST', `/api/admin/deposits/${b}/reject`, { reason: ' No payment arrived ' });
    expect(rejected.json()).toMatchObject({
      changed: true,
      deposit: { status: 'rejected', reason: 'No payment arrived' },
    });
    const late = await admin.request('POST', `/api/admin/deposits/${b}/approve`, {});
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('ALREADY_SETTLED');

    expect((await admin.request('POST', '/api/admin/deposits/no-such/approve', {})).statusCode).toBe(404);
    expect((await admin.request('POST', `/api/admin/deposits/${'x'.repeat(101)}/approve`, {})).statusCode).toBe(400);
    expect(await member.wallet()).toMatchObject({ balanceCents: 20_000, totalDepositCents: 20_000 });
    const audit = await rows<{ actor: string; action: string }>(
      ctx.db,
      sql`SELECT actor, action FROM audit_log WHERE details->>'depositId' IN (${a}, ${b}) ORDER BY id`,
    );
    expect(audit).toEqual([
      { actor: 'admin:admin@meridian.test', action: 'deposit.approve' },
      { actor: 'admin:admin@meridian.test', action: 'deposit.reject' },
    ]);
  });

  it("tells the operators' consoles of every new deposit and every settlement, when it commits", async () => {
    const member = await fundedUser(ctx, 0);
    const heard = await recordNotifications(ctx);
    try {
      const a = await fileDeposit(member, 10_000);
      await vi.waitFor(() => expect(heard.admins()).toHaveLength(1));
      const b = await fileDeposit(member, 10_000);
      await vi.waitFor(() => expect(heard.admins()).toHaveLength(2));
      await admin.request('POST', `/api/admin/deposits/${a}/approve`, {});
      await vi.waitFor(() => expect(heard.admins()).toHaveLength(3));
      await admin.request('POST', `/api/admin/deposits/${b}/reject`, { reason: 'No payment' });
      await vi.waitFor(() => expect(heard.admins()).toHaveLength(4));
      expect(heard.admins().every((n) => n.topics.includes('admin') && n.userIds.length === 0)).toBe(true);
      // The member's own dashboard hears the settlements too.
      expect(heard.heard.filter((n) => n.userIds.includes(member.id) && n.topics.includes('wallet')).length).toBe(4);
    } finally {
      await heard.stop();
    }
  });
});

describe('settling one deposit from many requests at once (through the HTTP routes)', () => {
  it('twenty approvals at once credit it exactly once', async () => {
    const member = await fundedUser(ctx, 0);
    const id = await fileDeposit(member, 40_000);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => admin.request('POST', `/api/admin/deposits/${id}/approve`, {})),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(results.filter((r) => r.json().changed === true)).toHaveLength(1);
    expect(await member.wallet()).toMatchObject({ balanceCents: 40_000, totalDepositCents: 40_000 });
    expect(await auditCount('deposit.approve', id)).toBe(1);
    expect(await booksInvariants(ctx.db)).toEqual(HEALTHY_BOOKS);
  });

  it('approvals and rejections at once leave exactly one outcome, credited at most once', async () => {
    const member = await fundedUser(ctx, 0);
    const id = await fileDeposit(member, 40_000);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2 === 0
          ? admin.request('POST', `/api/admin/deposits/${id}/approve`, {})
          : admin.request('POST', `/api/admin/deposits/${id}/reject`, { reason: 'race' }),
      ),
    );
    const winners = results.filter((r) => r.statusCode === 200 && r.json().changed === true);
    expect(winners).toHaveLength(1);
    const outcome = winners[0]?.json().deposit.status as 'approved' | 'rejected';
    for (const r of results) {
      // The same decision again is a no-op; the other decision is refused.
      if (r.statusCode === 200) expect(r.json().deposit.status).toBe(outcome);
      else expect(r.json().error.code).toBe('ALREADY_SETTLED');
    }
    const [row] = await rows<{ status: string; history: string; audits: number }>(
      ctx.db,
      sql`SELECT d.status, t.status AS history,
                 (SELECT count(*)::int FROM audit_log a WHERE a.details->>'depositId' = d.id) AS audits
            FROM deposits d JOIN transactions t ON t.id = d.id WHERE d.id = ${id}`,
    );
    expect(row).toEqual({ status: outcome, history: outcome === 'approved' ? 'success' : 'failed', audits: 1 });
    const credited = outcome === 'approved' ? 40_000 : 0;
    expect(await member.wallet()).toMatchObject({ balanceCents: credited, totalDepositCents: credited });
    expect(await booksInvariants(ctx.db)).toEqual(HEALTHY_BOOKS);
  });
});
