import { type SQLWrapper, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import { explain } from '../../test/explain.js';
import { seedUsers } from '../../test/operator.js';
import { openTestDatabase } from '../../test/test-app.js';
import {
  finishedInvestmentsQuery,
  listFinishedInvestments,
  listVisibleInvestments,
  visibleInvestmentsQuery,
} from './investments.queries.js';

/**
 * The member's investments list reads what a claim has not archived, through its own index (migration
 * 0019), however many investments the member made before: a member with 3,000 claimed investments and 4
 * listed, among 200 others with 20 each. Checked on the planner (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL); `npm run bench -- history` times it with 100,000 investments.
 */
const MEMBER = 'inv-1';

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  await database.migrate();
  const db = database.db;
  await seedUsers(db, 'inv', 201);
  await db.execute(sql`
    INSERT INTO investments (id, user_id, plan_id, plan_name, amount_cents, profit_bps, duration_days, status,
                             days_accrued, profit_cents, archived, started_at, ended_at)
    SELECT 'inv-' || g, CASE WHEN g <= 3000 THEN ${MEMBER} ELSE 'inv-' || (2 + g % 200) END, 'starter', 'Starter',
           10000, 500, 7, 'completed', 7, 500, true, timestamptz '2024-01-01' + g * interval '1 hour',
           timestamptz '2024-01-08' + g * interval '1 hour'
      FROM generate_series(1, 7000) AS g`);
  // Listed: two running (one started at the same instant as a finished one: ties go by id), two finished
  // with their profit unclaimed.
  await db.execute(sql`
    INSERT INTO investments (id, user_id, plan_id, plan_name, amount_cents, profit_bps, duration_days, status,
                             days_accrued, profit_cents, archived, started_at, ended_at)
    VALUES ('listed-a', ${MEMBER}, 'silver', 'Silver', 100000, 1200, 14, 'active', 0, 0, false, '2026-03-01', NULL),
           ('listed-b', ${MEMBER}, 'gold', 'Gold', 500000, 2000, 21, 'active', 0, 0, false, '2026-02-01', NULL),
           ('listed-c', ${MEMBER}, 'starter', 'Starter', 10000, 500, 7, 'completed', 7, 500, false, '2026-02-01', '2026-02-08'),
           ('listed-d', ${MEMBER}, 'starter', 'Starter', 10000, 500, 7, 'completed', 7, 500, false, '2026-01-01', '2026-01-08')`);
  await db.execute(sql`VACUUM ANALYZE investments`);
}, 120_000);
afterAll(async () => {
  await database.close();
  await drop();
});

/** The plan of `query` on this file's database. */
const plan = (query: SQLWrapper) => explain(database.db, query);

describe("the member's investments list after a long history", () => {
  it('reads only the listed investments, from their own index, in order without sorting', async () => {
    const text = await plan(visibleInvestmentsQuery(database.db, MEMBER));
    expect(text, text).toMatch(/Index Scan using investments_user_listed_idx on investments/);
    expect(text, text).not.toMatch(/Sort|Seq Scan on investments/);
  });

  it('lists them newest first, ties by id', async () => {
    const listed = await listVisibleInvestments(database.db, MEMBER);
    expect(listed.map((i) => i.id)).toEqual(['listed-a', 'listed-c', 'listed-b', 'listed-d']);
  });
});

describe("the member's completed investments after a long history", () => {
  it('reads a page after a cursor from their own index, in order without sorting, by plan too', async () => {
    const first = await listFinishedInvestments(database.db, MEMBER, {}, { limit: 25 });
    expect(first.items).toHaveLength(25);
    const cursor = first.nextCursor ?? undefined;
    expect(cursor).toBeDefined();
    for (const filter of [{}, { planId: 'starter' }]) {
      const text = await plan(finishedInvestmentsQuery(database.db, MEMBER, filter, cursor, 26));
      expect(text, text).toMatch(/Index Scan using investments_user_finished_idx on investments/);
      expect(text, text).not.toMatch(/Sort|Seq Scan on investments/);
    }
  });

  it('lists every finished one once, archived or not, the last finished first', async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await listFinishedInvestments(database.db, MEMBER, {}, { cursor, limit: 500 });
      seen.push(...page.items.map((i) => i.id));
      cursor = page.nextCursor ?? undefined;
    } while (cursor !== undefined);
    expect(seen).toHaveLength(3002);
    expect(new Set(seen).size).toBe(3002);
    // The two listed ones finished in 2026, the archived ones in 2024.
    expect(seen.slice(0, 4)).toEqual(['listed-c', 'listed-d', 'inv-3000', 'inv-2999']);
    expect(seen.at(-1)).toBe('inv-1');
  });
});
