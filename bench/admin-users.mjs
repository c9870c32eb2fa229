// `npm run bench:admin-users`: the console's user list at 100,000 users (issue 10).
//
// 1. a throwaway PostgreSQL cluster (scripts/pg-cluster.mjs), migrated by the app's own migrations;
// 2. 100,000 users seeded by SQL (generate_series): 60 first names x 250 surnames, two years of sign-ups
//    with microsecond times, one in seven inactive, a few admins; every user's balance account opened
//    and one in ten funded through ledger_book (the only writer of the books);
//    then VACUUM ANALYZE, as autovacuum would have done (it also merges the GIN indexes' pending lists);
// 3. each of the list's queries, through the app's own code (listAdminUsers: the SQL, the cursor, the
//    mapping) on a node-postgres pool as the server has: the first page, a page 50,000 rows deep (its
//    cursor), searches (an e-mail fragment, a surname shared by ~400 users, a referral code, a search
//    matching nothing), each filter (active, inactive, admin) and a search with a filter;
// 4. p50/p95 of RUNS runs each (after a warm-up), EXPLAIN (ANALYZE, BUFFERS) of each, and PASS when
//    every p95 is below 20 ms.
// The cluster is removed on every exit. Options: --users N (100000) --runs N (200).
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { startCluster, stopCluster } from '../scripts/pg-cluster.mjs';

const { values: opt } = parseArgs({
  options: { users: { type: 'string', default: '100000' }, runs: { type: 'string', default: '200' } },
});
const USERS = Number(opt.users);
const RUNS = Number(opt.runs);
const GOAL_P95_MS = 20;
if (!Number.isInteger(USERS) || USERS < 1000 || !Number.isInteger(RUNS) || RUNS < 10) {
  process.stderr.write('bench:admin-users: --users >= 1000 and --runs >= 10\n');
  process.exit(2);
}

const say = (line = '') => process.stdout.write(`${line}\n`);
const FIRST = `Ada Alan Alice Amir Ana Ben Bruno Carla Chen Chloe Dara David Elena Emma Eric Farah Felix Grace Hana Hugo
  Ines Ivan Jade Jamal Jon Julia Kai Karim Lara Leo Lina Luca Maya Mei Milan Nadia Nina Noah Olga Omar Paula Pedro
  Priya Quinn Rafael Rosa Sam Sara Sofia Tariq Tom Uma Victor Wei Xena Yara Yusuf Zane Zoe Zora`.split(/\s+/);
const LAST = Array.from({ length: 250 }, (_, i) => `Surname${String(i).padStart(3, '0')}`);
LAST[42] = 'Okafor';

let cluster = null;
async function cleanup() {
  if (!cluster) return;
  const c = cluster;
  cluster = null;
  try {
    stopCluster(c);
  } catch (err) {
    process.stderr.write(`bench: stopping PostgreSQL: ${err instanceof Error ? err.message : err}\n`);
  }
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => void cleanup().then(() => process.exit(130)));
}

async function seed(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const t0 = performance.now();
    await client.query(
      `INSERT INTO users (id, name, email, referral_id, is_active, role, created_at, updated_at)
       SELECT 'u' || lpad(g::text, 6, '0'), f || ' ' || l, lower(f) || '.' || lower(l) || g || '@example.com',
              lower(f) || '-' || lower(l) || '-' || g, g % 7 <> 0, CASE WHEN g % 20000 = 7 THEN 'admin' ELSE 'user' END,
              timestamptz '2024-01-01' + (g::float8 / $1) * interval '730 days' + (random() * 1000) * interval '1 microsecond',
              now()
         FROM generate_series(1, $1) AS g,
              LATERAL (SELECT ($2::text[])[1 + (g * 7) % array_length($2::text[], 1)] AS f,
                              ($3::text[])[1 + (g * 13) % array_length($3::text[], 1)] AS l) AS n`,
      [USERS, FIRST, LAST],
    );
    await client.query(`SELECT ledger_open_accounts(u.id, ARRAY['balance']) FROM users u WHERE u.id LIKE 'u%'`);
    // One in ten funded, by the booking rule (apps/server/src/ledger/book.sql), one journal each.
    await client.query(
      `WITH f AS (SELECT u.id, 1000 + (substr(u.id, 2)::int % 97) * 100 AS cents, row_number() OVER (ORDER BY u.id)::int AS n
                    FROM users u WHERE u.id LIKE 'u%' AND substr(u.id, 2)::int % 10 = 0)
       SELECT 1 FROM ledger_book(
         (SELECT array_agg('adjustment'::text) FROM f), (SELECT array_agg(id ORDER BY n) FROM f),
         (SELECT array_agg(NULL::text) FROM f), (SELECT array_agg(NULL::text) FROM f), (SELECT array_agg(NULL::text) FROM f),
         (SELECT array_agg(n ORDER BY n) || array_agg(n ORDER BY n) FROM f),
         (SELECT array_agg(id ORDER BY n) || array_agg(NULL::text) FROM f),
         (SELECT array_agg('balance'::text) || array_agg(NULL::text) FROM f),
         (SELECT array_agg(NULL::text) || array_agg('external'::text) FROM f),
         (SELECT array_agg(cents::numeric ORDER BY n) || array_agg(-cents::numeric ORDER BY n) FROM f),
         (SELECT array_agg(n ORDER BY n) FROM f), (SELECT array_agg(gen_random_uuid()::text) FROM f),
         (SELECT array_agg(id ORDER BY n) FROM f), (SELECT array_agg('credit'::text) FROM f),
         (SELECT array_agg('adjustment'::text) FROM f), (SELECT array_agg('adjustment'::text) FROM f),
         (SELECT array_agg('Opening balance'::text) FROM f), (SELECT array_agg(cents::numeric ORDER BY n) FROM f),
         (SELECT array_agg(0::numeric) FROM f), (SELECT array_agg('success'::text) FROM f),
         (SELECT array_agg('balance'::text) FROM f), '{}'::int[], '{}'::text[], '{}'::text[], NULL, NULL)`,
    );
    await client.query('VACUUM ANALYZE');
    return performance.now() - t0;
  } finally {
    await client.end();
  }
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function main() {
  say(`Meridian console user list at ${USERS.toLocaleString('en-US')} users`);
  cluster = await startCluster();
  const { rows: version } = await pgQuery(cluster.url, 'SHOW server_version');
  say(`PostgreSQL ${version[0].server_version} on 127.0.0.1:${cluster.port} (throwaway cluster)`);

  const { openPostgres } = await import('../apps/server/src/db/client.ts');
  const { listAdminUsers, usersListQuery } = await import('../apps/server/src/modules/admin/admin-users.queries.ts');
  const { decodeKeyset } = await import('../apps/server/src/lib/keyset-cursor.ts');
  const { sql } = await import('drizzle-orm');
  const database = openPostgres(cluster.url, 20);
  try {
    await database.migrate();
    const seededMs = await seed(cluster.url);
    say(
      `seeded ${USERS.toLocaleString('en-US')} users (balances through ledger_book) in ${(seededMs / 1000).toFixed(1)} s`,
    );

    // The cursor of the page that starts half-way down the list.
    const { rows: mid } = await pgQuery(
      cluster.url,
      `SELECT id, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS at
         FROM users ORDER BY created_at DESC NULLS LAST, id DESC NULLS LAST OFFSET $1 LIMIT 1`,
      [Math.floor(USERS / 2)],
    );
    const deepCursor = Buffer.from(`${mid[0].at}|${mid[0].id}`).toString('base64url');
    const scenarios = [
      ['first page', {}, undefined],
      [`page ${Math.floor(USERS / 2).toLocaleString('en-US')} rows deep (cursor)`, {}, deepCursor],
      ['search: an e-mail fragment "a.okafor4"', { q: 'a.okafor4' }, undefined],
      ['search: a surname (~400 users) "Okafor"', { q: 'Okafor' }, undefined],
      ['search: a referral code "zoe-surname1"', { q: 'zoe-surname1' }, undefined],
      ['search: nothing matches "qqqzzz"', { q: 'qqqzzz' }, undefined],
      ['filter: active', { status: 'active' }, undefined],
      ['filter: inactive', { status: 'inactive' }, undefined],
      ['filter: admin', { status: 'admin' }, undefined],
      ['search + filter: "okafor" inactive', { q: 'okafor', status: 'inactive' }, undefined],
      ['filter: inactive, deep (cursor)', { status: 'inactive' }, deepCursor],
    ];

    const results = [];
    for (const [name, filter, cursor] of scenarios) {
      const run = () => listAdminUsers(database.db, filter, { cursor, limit: 25 });
      for (let i = 0; i < 10; i++) await run();
      const times = [];
      let rowsShown = 0;
      for (let i = 0; i < RUNS; i++) {
        const t = performance.now();
        const page = await run();
        times.push(performance.now() - t);
        rowsShown = page.items.length;
      }
      times.sort((a, b) => a - b);
      const p50 = percentile(times, 50);
      const p95 = percentile(times, 95);
      results.push({ name, p50, p95, rowsShown });
      const after = cursor ? decodeKeyset(cursor) : null;
      const explain = await database.db.execute(
        sql`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${usersListQuery(filter, after, 26)}`,
      );
      say(`\n── ${name}: ${rowsShown} rows, p50 ${p50.toFixed(2)} ms, p95 ${p95.toFixed(2)} ms`);
      for (const r of explain.rows) say(`   ${Object.values(r)[0]}`);
    }

    say('\nSummary (25-row pages through listAdminUsers, node-postgres on loopback):');
    const width = Math.max(...results.map((r) => r.name.length));
    for (const r of results) {
      say(`  ${r.name.padEnd(width)}  p50 ${r.p50.toFixed(2).padStart(6)} ms  p95 ${r.p95.toFixed(2).padStart(6)} ms`);
    }
    const worst = Math.max(...results.map((r) => r.p95));
    const pass = worst < GOAL_P95_MS;
    say(`\n${pass ? 'PASS' : 'FAIL'}: worst p95 ${worst.toFixed(2)} ms (goal: every p95 < ${GOAL_P95_MS} ms)`);
    process.exitCode = pass ? 0 : 1;
  } finally {
    await database.close();
    await cleanup();
  }
}

async function pgQuery(url, text, params = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(text, params);
  } finally {
    await client.end();
  }
}

main().catch(async (err) => {
  process.stderr.write(`bench:admin-users: ${err instanceof Error ? (err.stack ?? err.message) : err}\n`);
  await cleanup();
  process.exit(2);
});
