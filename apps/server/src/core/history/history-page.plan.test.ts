import { TRANSACTION_CATEGORIES, TRANSACTION_CATEGORY_MODES, TRANSACTION_MODES } from '@meridian/shared';
import { type SQLWrapper, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import { rows } from '../../lib/sql.js';
import { explain } from '../../test/explain.js';
import { openTestDatabase } from '../../test/test-app.js';
import { historyQuery, listHistory } from './history-page.js';

/**
 * A category of a long history is read through its own index (migration 0019): through the member's
 * index, a page of a category the member seldom uses read every row between two of its own — the whole
 * history when it has none. Checked on the planner (PGlite, or PostgreSQL with TEST_DATABASE_URL) over a
 * member with 3,200 rows, 20 of each mode and the rest adjustments (in no category).
 * `npm run bench -- history` times the same pages over 10,000,000 rows.
 */
const MEMBER = 'long-history';
const OTHER_MODES = TRANSACTION_MODES.filter((m) => m !== 'adjustment');

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  await database.migrate();
  const db = database.db;
  // Times collide in forties (two rows of a mode among them), so pages must break ties by id.
  await db.execute(sql`
    INSERT INTO transactions (id, user_id, type, mode, method, description, amount_cents, status, wallet, created_at)
    SELECT 'lh-' || lpad(g::text, 5, '0'), ${MEMBER}, CASE WHEN g % 2 = 0 THEN 'credit' ELSE 'debit' END,
           CASE WHEN g % 20 = 0 THEN (${sql.raw(`ARRAY[${OTHER_MODES.map((m) => `'${m}'`).join(',')}]`)})[1 + (g / 20) % ${OTHER_MODES.length}]
                ELSE 'adjustment' END,
           'm', 'row ' || g, g, 'success', 'balance', timestamptz '2026-01-01' + (g / 40) * interval '1 minute'
      FROM generate_series(1, ${20 * 20 * OTHER_MODES.length}) AS g`);
  // Other members' rows, so that the member's share of the table is what a real one's would be.
  await db.execute(sql`
    INSERT INTO transactions (id, user_id, type, mode, method, description, amount_cents, status, wallet, created_at)
    SELECT 'other-' || g, 'other-' || (g % 300), 'credit', ${sql.raw(`(ARRAY[${TRANSACTION_MODES.map((m) => `'${m}'`).join(',')}])`)}[1 + g % ${TRANSACTION_MODES.length}],
           'm', 'row ' || g, g, 'success', 'balance', timestamptz '2025-01-01' + g * interval '1 minute'
      FROM generate_series(1, 15000) AS g`);
  await db.execute(sql`VACUUM ANALYZE transactions`);
}, 120_000);
afterAll(async () => {
  await database.close();
  await drop();
});

/** The plan of `query` on this file's database. */
const plan = (query: SQLWrapper) => explain(database.db, query);

describe("a category page of a member's long history", () => {
  it.each(TRANSACTION_CATEGORIES)('category=%s reads its own index in order, first page and deep', async (category) => {
    const first = await listHistory(database.db, { userId: MEMBER, category }, { limit: 5 });
    expect(first.nextCursor).not.toBeNull();
    for (const cursor of [undefined, first.nextCursor ?? undefined]) {
      const text = await plan(historyQuery(database.db, { userId: MEMBER, category }, cursor, 26));
      expect(text, text).toMatch(new RegExp(`Index Scan using transactions_user_${category}_idx on transactions`));
      expect(text, text).not.toMatch(/Sort|Seq Scan on transactions/);
    }
  });

  it.each(TRANSACTION_CATEGORIES)(
    'category=%s pages through exactly its rows, newest first, ties by id',
    async (category) => {
      const seen: { id: string; mode: string }[] = [];
      let cursor: string | undefined;
      do {
        const page = await listHistory(database.db, { userId: MEMBER, category }, { cursor, limit: 7 });
        seen.push(...page.items);
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
      const modes: readonly string[] = TRANSACTION_CATEGORY_MODES[category];
      const expected = await rows<{ id: string }>(
        database.db,
        sql`SELECT id FROM transactions WHERE user_id = ${MEMBER}
            AND mode IN (${sql.join(
              modes.map((m) => sql`${m}`),
              sql`, `,
            )})
          ORDER BY created_at DESC, id DESC`,
      );
      expect(seen.map((t) => t.id)).toEqual(expected.map((r) => r.id));
      expect(seen).toHaveLength(20 * modes.length);
    },
  );
});
