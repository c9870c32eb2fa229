import { messages } from '@meridian/shared';
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

  it.each([
    ['type=everything'],
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
