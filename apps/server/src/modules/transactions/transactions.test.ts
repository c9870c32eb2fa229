import { messages, TRANSACTION_CATEGORY_MODES, TRANSACTION_MODES } from '@meridian/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundedUser } from '../../test/money.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('GET /api/transactions', () => {
  it('pages newest first with a cursor, filters by type, and never repeats or skips a row', async () => {
    const u = await fundedUser(ctx, 0);
    // 45 history rows with colliding timestamps, so the cursor must break ties by id.
    await ctx.db.execute(sql`
      INSERT INTO transactions (id, user_id, type, mode, method, description, amount_cents, status, created_at)
      SELECT 'row-' || lpad(g::text, 3, '0'), ${u.id}, CASE WHEN g % 3 = 0 THEN 'debit' ELSE 'credit' END,
             'adjustment', 'adjustment', 'row ' || g, g, 'success',
             timestamptz '2026-01-01' + (g / 5) * interval '1 minute'
      FROM generate_series(1, 45) g`);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const url: string = `/api/transactions?limit=20${cursor ? `&cursor=${cursor}` : ''}`;
      const page = (await u.client.request('GET', url)).json();
      seen.push(...page.items.map((t: { id: string }) => t.id));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toHaveLength(45);
    expect(new Set(seen).size).toBe(45);
    const expected = Array.from({ length: 45 }, (_, i) => 45 - i)
      .sort((a, b) => Math.floor(b / 5) - Math.floor(a / 5) || b - a)
      .map((g) => `row-${String(g).padStart(3, '0')}`);
    expect(seen).toEqual(expected);

    const debits = (await u.client.request('GET', '/api/transactions?type=debit&limit=100')).json();
    expect(debits.items).toHaveLength(15);
    expect(debits.items.every((t: { type: string }) => t.type === 'debit')).toBe(true);
    expect(debits.nextCursor).toBeNull();
  });

  it('shows a user only their own rows', async () => {
    const a = await fundedUser(ctx, 1_000);
    const b = await fundedUser(ctx, 0);
    expect((await a.client.request('GET', '/api/transactions')).json().items).toHaveLength(1);
    expect((await b.client.request('GET', '/api/transactions')).json().items).toHaveLength(0);
  });

  describe("?category= lists only the modes of its category, and only the caller's rows", () => {
    // One row of every mode, for two users: a category must pick exactly the caller's matching modes.
    const seedEveryMode = async (userId: string) => {
      await ctx.db.execute(sql`
        INSERT INTO transactions (id, user_id, type, mode, method, description, amount_cents, status, created_at)
        SELECT ${userId} || '-' || m.mode || '-' || t.type, ${userId}, t.type, m.mode, m.mode, m.mode || ' ' || t.type,
               100, 'success', timestamptz '2026-02-01'
        FROM unnest(${sql.raw(`ARRAY[${TRANSACTION_MODES.map((m) => `'${m}'`).join(',')}]`)}::text[]) AS m(mode)
        CROSS JOIN (VALUES ('credit'), ('debit')) AS t(type)`);
    };
    let me: Awaited<ReturnType<typeof fundedUser>>;
    let other: Awaited<ReturnType<typeof fundedUser>>;
    beforeAll(async () => {
      me = await fundedUser(ctx, 0);
      other = await fundedUser(ctx, 0);
      await seedEveryMode(me.id);
      await seedEveryMode(other.id);
    });

    const list = async (query: string) => {
      const res = await me.client.request('GET', `/api/transactions?limit=100&${query}`);
      expect(res.statusCode).toBe(200);
      return res.json().items as { id: string; mode: string; type: string }[];
    };

    it.each([
      ['deposit', ['deposit']],
      ['withdrawal', ['withdrawal']],
      ['transfer', ['transfer']],
      ['investment', ['investment', 'capital']],
      ['earnings', ['profit', 'referral', 'bonus']],
    ] as const)("category=%s lists modes %j, credits and debits, never another user's", async (category, modes) => {
      expect(TRANSACTION_CATEGORY_MODES[category]).toEqual(modes);
      const items = await list(`category=${category}`);
      expect(items.map((t) => t.mode).sort()).toEqual([...modes, ...modes].sort());
      expect(items.every((t) => t.id.startsWith(`${me.id}-`))).toBe(true);
    });

    it('a deposit is not a credit of another kind, nor a withdrawal any debit', async () => {
      const deposits = await list('category=deposit');
      expect(deposits.some((t) => t.mode === 'transfer' || t.mode === 'profit' || t.mode === 'capital')).toBe(false);
      const withdrawals = await list('category=withdrawal');
      expect(withdrawals.some((t) => t.mode === 'transfer' || t.mode === 'investment')).toBe(false);
    });

    it('type and category narrow together; type alone keeps working', async () => {
      const sent = await list('category=transfer&type=debit');
      expect(sent.map((t) => t.id)).toEqual([`${me.id}-transfer-debit`]);
      const credits = await list('type=credit');
      expect(credits).toHaveLength(TRANSACTION_MODES.length);
      expect(credits.every((t) => t.type === 'credit' && t.id.startsWith(`${me.id}-`))).toBe(true);
    });

    it('pages a category with the cursor', async () => {
      const first = (await me.client.request('GET', '/api/transactions?category=investment&limit=3')).json();
      expect(first.items).toHaveLength(3);
      const rest = (
        await me.client.request('GET', `/api/transactions?category=investment&limit=3&cursor=${first.nextCursor}`)
      ).json();
      expect(rest.items).toHaveLength(1);
      expect(rest.nextCursor).toBeNull();
      const ids = [...first.items, ...rest.items].map((t: { id: string }) => t.id);
      expect(new Set(ids).size).toBe(4);
    });
  });

  it.each([
    ['type=everything'],
    ['category=bonus'],
    ['category='],
    ['cursor=%%%'],
    ['cursor=bm90LWEtY3Vyc29y'],
    ['limit=0'],
    ['limit=1000'],
    ['userId=x'],
  ])('answers ?%s with a clear 400', async (query) => {
    const u = await fundedUser(ctx, 0);
    const res = await u.client.request('GET', `/api/transactions?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
    expect(typeof res.json().error.message).toBe('string');
    expect(res.json().error.message).not.toBe(messages.unknownError);
  });
});
