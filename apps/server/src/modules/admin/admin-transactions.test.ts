import { TRANSACTION_CATEGORY_MODES } from '@meridian/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import { rows } from '../../lib/sql.js';
import type { TestClient } from '../../test/client.js';
import { fundedUser } from '../../test/money.js';
import { signedInAdmin } from '../../test/operator.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

let ctx: TestContext;
let admin: TestClient;
let ann: Awaited<ReturnType<typeof fundedUser>>;
let ben: Awaited<ReturnType<typeof fundedUser>>;

const MODES = ['deposit', 'withdrawal', 'transfer', 'profit', 'investment', 'capital', 'referral', 'adjustment'];

/** 48 history rows per user: every mode, credit and debit, success/pending/failed, timestamps colliding in threes. */
async function seedHistory(db: Db, userId: string, prefix: string): Promise<void> {
  await db.execute(sql`
    INSERT INTO transactions (id, user_id, type, mode, method, description, amount_cents, status, wallet, created_at)
    SELECT ${prefix} || lpad(g::text, 2, '0'), ${userId}, CASE WHEN g % 2 = 0 THEN 'credit' ELSE 'debit' END,
           (${sql.raw(`ARRAY[${MODES.map((m) => `'${m}'`).join(',')}]`)})[1 + g % 8], 'x', 'row ' || g, 100 + g,
           (ARRAY['success', 'pending', 'failed'])[1 + g % 3], 'balance',
           timestamptz '2026-03-01' + (g / 3) * interval '1 second'
      FROM generate_series(0, 47) AS g`);
}

beforeAll(async () => {
  ctx = await createTestApp();
  admin = (await signedInAdmin(ctx)).client;
  ann = await fundedUser(ctx, 0);
  ben = await fundedUser(ctx, 0);
  await seedHistory(ctx.db, ann.id, 'ann-');
  await seedHistory(ctx.db, ben.id, 'ben-');
});
afterAll(() => ctx.close());

type Item = {
  id: string;
  userId: string;
  userName: string;
  userEmail: string;
  mode: string;
  type: string;
  status: string;
};
async function everyPage(query: string, limit = 9): Promise<Item[]> {
  const items: Item[] = [];
  let cursor: string | null = null;
  do {
    const res = await admin.request(
      'GET',
      `/api/admin/transactions?${query}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    items.push(...res.json().items);
    cursor = res.json().nextCursor;
  } while (cursor);
  return items;
}

const expectedIds = async (where: ReturnType<typeof sql>) =>
  (
    await rows<{ id: string }>(
      ctx.db,
      sql`SELECT id FROM transactions WHERE user_id IN (${ann.id}, ${ben.id}) AND ${where} ORDER BY created_at DESC, id DESC`,
    )
  ).map((r) => r.id);

describe('GET /api/admin/transactions', () => {
  it("lists every user's rows newest first with the owner's name and e-mail, paging without repeats", async () => {
    const all = (await everyPage('')).filter((t) => t.userId === ann.id || t.userId === ben.id);
    expect(all.map((t) => t.id)).toEqual(await expectedIds(sql`true`));
    expect(all.find((t) => t.id === 'ann-05')).toMatchObject({ userName: ann.body.name, userEmail: ann.body.email });
  });

  it('filters by user, category, type and status, together', async () => {
    const anns = await everyPage(`userId=${ann.id}`);
    expect(anns.map((t) => t.id)).toEqual(await expectedIds(sql`user_id = ${ann.id}`));
    const investment = await everyPage(`userId=${ben.id}&category=investment`);
    expect(new Set(investment.map((t) => t.mode))).toEqual(new Set(TRANSACTION_CATEGORY_MODES.investment));
    expect(investment.map((t) => t.id)).toEqual(
      await expectedIds(sql`user_id = ${ben.id} AND mode IN ('investment', 'capital')`),
    );
    const combo = await everyPage(`category=earnings&type=credit&status=pending`);
    expect(combo.map((t) => t.id)).toEqual(
      await expectedIds(sql`mode IN ('profit', 'referral', 'bonus') AND type = 'credit' AND status = 'pending'`),
    );
    expect(combo.length).toBeGreaterThan(0);
    expect(await everyPage('userId=nobody')).toEqual([]);
  });

  it.each([
    ['an unknown category', 'category=gifts'],
    ['an unknown type', 'type=refund'],
    ['an unknown status', 'status=lost'],
    ['a 10 kB user id', `userId=${'x'.repeat(10_000)}`],
    ['an unknown field', 'mode=deposit'],
    ['a malformed cursor', 'cursor=bm90LWEtY3Vyc29y'],
    ['a page of 101', 'limit=101'],
  ])('answers %s with a clear 400', async (_what, query) => {
    const res = await admin.request('GET', `/api/admin/transactions?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
  });
});
