import { messages } from '@meridian/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../lib/sql.js';
import type { TestClient } from '../../test/client.js';
import { fundedUser } from '../../test/money.js';
import { seedUsers, signedInAdmin } from '../../test/operator.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

let ctx: TestContext;
let admin: TestClient;
beforeAll(async () => {
  ctx = await createTestApp();
  admin = (await signedInAdmin(ctx)).client;
});
afterAll(() => ctx.close());

type Row = { id: string; name: string; email: string; isActive: boolean; role: string; balanceCents: number };
const list = async (query: string) => {
  const res = await admin.request('GET', `/api/admin/users?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { items: Row[]; nextCursor: string | null };
};

/** Every page of a query, following nextCursor. */
async function allPages(query: string, limit: number): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 100; pages++) {
    const page = await list(`${query}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
    ids.push(...page.items.map((u) => u.id));
    cursor = page.nextCursor;
    if (!cursor) return ids;
  }
  throw new Error('too many pages');
}

describe('GET /api/admin/users', () => {
  it('lists newest first and pages without repeating or skipping, even within one millisecond', async () => {
    // 40 users in 4 minutes; within a minute they differ by microseconds (one millisecond), in pairs
    // not at all: the cursor must keep the microseconds and break exact ties by id.
    await ctx.db.execute(sql`
      INSERT INTO users (id, name, email, referral_id, created_at)
      SELECT 'tie-' || lpad(g::text, 2, '0'), 'Tie ' || g, 'tie' || g || '@seed.test', 'tie-code-' || g,
             timestamptz '2024-06-01' + (g / 10) * interval '1 minute' + ((g % 10) / 2) * interval '1 microsecond'
        FROM generate_series(0, 39) AS g`);
    const expected = (
      await rows<{ id: string }>(
        ctx.db,
        sql`SELECT id FROM users WHERE id LIKE 'tie-%' ORDER BY created_at DESC, id DESC`,
      )
    ).map((r) => r.id);
    for (const limit of [1, 3, 7, 40]) expect(await allPages('q=tie', limit)).toEqual(expected);
    expect(expected[0]).toBe('tie-39');
  });

  it('puts the newest account first when nothing is asked', async () => {
    const newest = await fundedUser(ctx, 0);
    expect((await list('limit=1')).items[0]?.id).toBe(newest.id);
  });

  it('searches any part of the name or e-mail in any letter case, or of the referral code', async () => {
    await seedUsers(ctx.db, 'srch', 30);
    const ids = async (q: string) => (await list(`q=${encodeURIComponent(q)}&limit=100`)).items.map((u) => u.id);
    expect(await ids('MEMBER 7 SRCH')).toEqual(['srch-7']);
    expect(await ids('ber12.sr')).toEqual(['srch-12']);
    expect(await ids('srch-code-2')).toEqual([
      'srch-29',
      'srch-28',
      'srch-27',
      'srch-26',
      'srch-25',
      'srch-24',
      'srch-23',
      'srch-22',
      'srch-21',
      'srch-20',
      'srch-2',
    ]);
    expect(await ids('nobody-has-this')).toEqual([]);
  });

  it('takes % _ and \\ in a search literally', async () => {
    await ctx.db.execute(sql`
      INSERT INTO users (id, name, email, referral_id) VALUES
        ('lit-1', '100% Sure', 'pct@seed.test', 'lit-1'), ('lit-2', 'under_score', 'us@seed.test', 'lit-2'),
        ('lit-3', 'back\\slash', 'bs@seed.test', 'lit-3'), ('lit-4', 'underXscore 1000 Sure', 'plain@seed.test', 'lit-4')`);
    const names = async (q: string) => (await list(`q=${encodeURIComponent(q)}`)).items.map((u) => u.name);
    expect(await names('0% s')).toEqual(['100% Sure']);
    expect(await names('under_')).toEqual(['under_score']);
    expect(await names('k\\s')).toEqual(['back\\slash']);
    expect((await list('q=%25')).items.map((u) => u.id)).toEqual(['lit-1']);
  });

  it('filters active, inactive and admin accounts', async () => {
    await seedUsers(ctx.db, 'flt', 9);
    const statuses = async (status: string) => (await list(`q=flt&status=${status}&limit=100`)).items;
    expect((await statuses('all')).length).toBe(9);
    expect((await statuses('active')).map((u) => u.id)).toEqual(['flt-8', 'flt-7', 'flt-5', 'flt-4', 'flt-2', 'flt-1']);
    expect((await statuses('inactive')).map((u) => u.id)).toEqual(['flt-9', 'flt-6', 'flt-3']);
    expect(await statuses('admin')).toEqual([]);
    const admins = (await list('status=admin')).items;
    expect(admins.map((u) => u.email)).toEqual([ctx.config.adminEmail]);
    expect(admins[0]).toMatchObject({ role: 'owner', isActive: true });
  });

  it('shows the balance from the books', async () => {
    const rich = await fundedUser(ctx, 12_345);
    const [row] = (await list(`q=${encodeURIComponent(rich.body.email)}`)).items;
    expect(row).toMatchObject({ id: rich.id, balanceCents: 12_345, isActive: true, role: 'user' });
  });

  it.each([
    ['an unknown filter', 'status=everyone'],
    ['a page of 0', 'limit=0'],
    ['a page of 101', 'limit=101'],
    ['a fractional page', 'limit=2.5'],
    ['a 10 kB search', `q=${'x'.repeat(10_000)}`],
    ['an unknown field', 'sort=name'],
    ['a cursor that is not base64url', 'cursor=%%%'],
    ['a cursor without a time', `cursor=${Buffer.from('not a cursor').toString('base64url')}`],
    ['a cursor on 31 February', `cursor=${Buffer.from('2026-02-31T00:00:00.000000Z|x').toString('base64url')}`],
    ['a cursor in year 20261', `cursor=${Buffer.from('20261-01-01T00:00:00.000000Z|x').toString('base64url')}`],
    ['a 201-character cursor', `cursor=${'A'.repeat(201)}`],
  ])('answers %s with a clear 400, never a 500', async (_what, query) => {
    const res = await admin.request('GET', `/api/admin/users?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
    expect(res.json().error.message).not.toBe(messages.unknownError);
  });
});

describe('GET /api/admin/users/:id', () => {
  it('answers an unknown id with 404 USER_NOT_FOUND, and an absurd one with a 4xx', async () => {
    const res = await admin.request('GET', '/api/admin/users/no-such-user');
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toMatchObject({ code: 'USER_NOT_FOUND', message: messages.userNotFound });
    expect((await admin.request('GET', `/api/admin/users/${'x'.repeat(101)}`)).statusCode).toBe(400);
    expect((await admin.request('GET', `/api/admin/users/${'x'.repeat(101)}/transactions`)).statusCode).toBe(400);
  });
});

describe('GET /api/admin/users/:id/transactions', () => {
  it("pages the user's history newest first, filtered by category; unknown users are a 404", async () => {
    const u = await fundedUser(ctx, 0);
    await ctx.db.execute(sql`
      INSERT INTO transactions (id, user_id, type, mode, method, description, amount_cents, status, wallet, created_at)
      SELECT 'uh-' || lpad(g::text, 2, '0'), ${u.id}, 'credit', CASE WHEN g % 2 = 0 THEN 'deposit' ELSE 'profit' END,
             'x', 'row ' || g, g, 'success', 'balance', timestamptz '2026-01-01' + (g / 4) * interval '1 second'
        FROM generate_series(1, 30) AS g`);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const url: string = `/api/admin/users/${u.id}/transactions?limit=8${cursor ? `&cursor=${cursor}` : ''}`;
      const page = (await admin.request('GET', url)).json();
      seen.push(...page.items.map((t: { id: string }) => t.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(30);
    expect(new Set(seen).size).toBe(30);
    expect(seen[0]).toBe('uh-30');
    const deposits = (
      await admin.request('GET', `/api/admin/users/${u.id}/transactions?category=deposit&limit=100`)
    ).json();
    expect(deposits.items.map((t: { mode: string }) => t.mode)).toEqual(Array(15).fill('deposit'));

    const unknown = await admin.request('GET', '/api/admin/users/nobody/transactions');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('USER_NOT_FOUND');
    for (const q of ['category=bonus', 'type=credit', 'cursor=abc', 'limit=0']) {
      expect((await admin.request('GET', `/api/admin/users/${u.id}/transactions?${q}`)).statusCode, q).toBe(400);
    }
  });
});
