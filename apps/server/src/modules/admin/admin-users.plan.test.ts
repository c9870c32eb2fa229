import { type SQLWrapper, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { historyQuery, historyWithUsersQuery } from '../../core/history/history-page.js';
import { explain } from '../../test/explain.js';
import { seedUsers } from '../../test/operator.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { usersListQuery } from './admin-users.queries.js';
import { auditListQuery } from './audit.queries.js';

/**
 * The user list stays fast at scale because each of its queries is answered by an index of
 * migration 0014, not by reading and sorting the table. Checked on the planner itself (PGlite by
 * default, PostgreSQL with TEST_DATABASE_URL: both run PostgreSQL's planner) over 20,000 users.
 * `npm run bench:admin-users` times the same queries over 100,000.
 */
const USERS = 20_000;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
  await seedUsers(ctx.db, 'plan', USERS);
  // Rows inserted after a GIN index was built wait in its pending list until a VACUUM (autovacuum,
  // in production) merges them; the planner rightly avoids an index with 20,000 rows pending.
  await ctx.db.execute(sql`VACUUM ANALYZE users`);
  // 20,000 history rows over 200 users, and as many audit entries.
  await ctx.db.execute(sql`
    INSERT INTO transactions (id, user_id, type, mode, method, description, amount_cents, status, wallet, created_at)
    SELECT 'plan-tx-' || g, 'plan-' || (1 + g % 200), 'credit', 'deposit', 'paypal', 'x', 100, 'success', 'balance',
           timestamptz '2025-06-01' + g * interval '1 second'
      FROM generate_series(1, ${USERS}) AS g`);
  await ctx.db.execute(sql`
    INSERT INTO audit_log (actor, action, target_user_id, details)
    SELECT CASE WHEN g % 50 = 0 THEN 'cli' ELSE 'admin:ops@example.com' END,
           CASE WHEN g % 40 = 0 THEN 'user.role' ELSE 'balance.adjust' END, 'plan-' || (1 + g % 500), '{}'
      FROM generate_series(1, ${USERS}) AS g`);
  await ctx.db.execute(sql`VACUUM ANALYZE transactions`);
  await ctx.db.execute(sql`VACUUM ANALYZE audit_log`);
}, 120_000);
afterAll(() => ctx.close());

/** The plan of `query` on this file's database. */
const plan = (query: SQLWrapper) => explain(ctx.db, query);

describe('the user list at 20,000 users', () => {
  it('searches through the trigram indexes (a bitmap index scan), never a sequential scan', async () => {
    for (const q of ['ber1234.pl', 'MEMBER 777 PLAN', 'plan-code-4242']) {
      const text = await plan(usersListQuery({ q }, null, 26));
      expect(text, text).toMatch(/Bitmap Index Scan on users_(name|email|referral_id)_trgm_idx/);
      expect(text, text).not.toMatch(/Seq Scan on users/);
    }
  });

  it('reads the first page, and a page deep in the list, in order from the (created_at, id) index without sorting', async () => {
    const first = await plan(usersListQuery({}, null, 26));
    expect(first, first).toMatch(/Index Scan using users_created_idx on users/);
    expect(first, first).not.toMatch(/Sort|Seq Scan on users/);
    const deep = await plan(usersListQuery({}, { at: '2025-01-08T00:00:00.000000Z', id: 'plan-9000' }, 26));
    expect(deep, deep).toMatch(
      /Index Scan using users_created_idx on users[\s\S]*Index Cond: \(ROW\(created_at, id\) </,
    );
    expect(deep, deep).not.toMatch(/Sort|Seq Scan on users/);
  });

  it('lists inactive accounts and admins from their partial indexes', async () => {
    const inactive = await plan(usersListQuery({ status: 'inactive' }, null, 26));
    expect(inactive, inactive).toMatch(/Index Scan using users_inactive_created_idx/);
    const admins = await plan(usersListQuery({ status: 'admin' }, null, 26));
    expect(admins, admins).toMatch(/Index Scan using users_admin_created_idx/);
  });
});

describe('the history and audit lists at 20,000 rows', () => {
  const cursor = Buffer.from('2025-06-01T03:00:00.000000Z|plan-tx-9000').toString('base64url');

  it("read every user's history, and one user's, in index order without sorting", async () => {
    for (const query of [
      historyWithUsersQuery(ctx.db, {}, undefined, 26),
      historyWithUsersQuery(ctx.db, {}, cursor, 26),
      historyQuery(ctx.db, { userId: 'plan-7' }, undefined, 26),
      historyQuery(ctx.db, { userId: 'plan-7' }, cursor, 26),
    ]) {
      const text = await plan(query);
      expect(text, text).toMatch(/Index Scan using transactions_(user_)?created_idx on transactions/);
      expect(text, text).not.toMatch(/Sort|Seq Scan on transactions/);
    }
  });

  it('read the audit log through the index of its filter, and a long run of it in order without sorting', async () => {
    // [filter, its index, whether so many rows match that a sort would cost (few are sorted cheaply)].
    const cases: [Parameters<typeof auditListQuery>[0], RegExp, boolean][] = [
      [{}, /Index Scan Backward using audit_log_pkey/, true],
      [{ actor: 'admin:ops@example.com' }, /Index Scan using audit_log_actor_idx/, true],
      [{ action: 'balance.adjust' }, /Index Scan using audit_log_action_idx/, true],
      [{ actor: 'cli' }, /Index Scan using audit_log_actor_idx|Bitmap Index Scan on audit_log_actor_idx/, false],
      [
        { targetUserId: 'plan-9' },
        /Index Scan using audit_log_target_idx|Bitmap Index Scan on audit_log_target_idx/,
        false,
      ],
    ];
    for (const [filter, index, many] of cases) {
      for (const before of [null, 10_000]) {
        const text = await plan(auditListQuery(filter, before, 26));
        expect(text, text).toMatch(index);
        expect(text, text).not.toMatch(/Seq Scan on audit_log/);
        if (many) expect(text, text).not.toMatch(/Sort/);
      }
    }
  });
});
