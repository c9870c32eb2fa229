// `npm run bench -- history`: the member's transactions and investments lists with a large history
// (issue 12, "Large histories").
//
// 1. a throwaway PostgreSQL cluster (scripts/pg-cluster.mjs), migrated by the real server, which signs
//    the heavy member up through POST /api/auth/sign-up/email; then, by SQL (lib/history-seed.mjs),
//    about --rows history rows (10,000,000) over many members with their journals and entries, the heavy
//    member holding --user-investments investments (100,000) and about 2.3 history rows for each; VACUUM
//    ANALYZE. The seeded data directory is kept in .tmp/bench-seed (lib/seed-cache.mjs) and copied into
//    the next run's cluster while the schema, the ledger and the seed's code are unchanged (--fresh seeds
//    again);
// 2. the cluster re-configured like a small real server (lib/cluster.mjs, durability on), with
//    auto_explain loaded but silent; the real server started on it, the heavy member signed in;
// 3. through HTTP on 127.0.0.1, --requests requests each (after --warmup): GET /api/transactions — first
//    page, ~90,000 rows deep and 90% deep (cursors of the rows at those offsets), each category the
//    screen offers (first page and 90% deep), type=debit — and GET /api/investments (the member's whole
//    list: it has no cursor); p50/p95/p99 of the server's own time (Fastify's access log, LOG_LEVEL=info:
//    each request's responseTime, arrival to last byte written) and of the time this process saw on
//    loopback, the requests going one at a time in rounds of one of each, shuffled, so that other work
//    on the machine weighs on every scenario alike;
// 4. each request once more with auto_explain on: the plan of the exact statement the server ran
//    (EXPLAIN ANALYZE, BUFFERS), judged: no sequential scan of a big table, no sort, no reading of
//    many more rows than the page shows (over 1,000 and ten times as many);
// 5. the books checked (every journal sums to zero, balances equal their entries, none negative, every
//    history row's journal exists) and the verdict: PASS when every server p95 < 20 ms, every plan passes
//    and the books balance. Results as JSON in bench/results/history-<timestamp>.json.
// Options: --rows N (10000000) --user-investments N (100000) --requests N (200) --warmup N (20) --fresh
//          --time-limit S (7200)
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { freePort } from '../scripts/pg-cluster.mjs';
import { ledgerInvariants } from './lib/books.mjs';
import { runCleanups } from './lib/cleanups.mjs';
import { benchSettings, startBenchCluster } from './lib/cluster.mjs';
import { listScenarios, measure, serverTimes } from './lib/history-scenarios.mjs';
import { seedHistory, seedPlan } from './lib/history-seed.mjs';
import { AUTO_EXPLAIN_SETTINGS, capturePlans, judgePlan } from './lib/plans.mjs';
import { benchPassword, registerUsers, signIn } from './lib/seed.mjs';
import { findSnapshot, inputsKey, restoreSnapshot, saveSnapshot } from './lib/seed-cache.mjs';
import { startServer } from './lib/server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const GOAL_P95_MS = 20;
const RUN_ID = 'history';

const { values: opt } = parseArgs({
  options: {
    rows: { type: 'string', default: '10000000' },
    'user-investments': { type: 'string', default: '100000' },
    requests: { type: 'string', default: '200' },
    warmup: { type: 'string', default: '20' },
    'time-limit': { type: 'string', default: '7200' },
    fresh: { type: 'boolean', default: false },
  },
});
const N = {
  rows: Number(opt.rows),
  userInvestments: Number(opt['user-investments']),
  requests: Number(opt.requests),
  warmup: Number(opt.warmup),
  timeLimit: Number(opt['time-limit']),
};
if (
  !Object.values(N).every((v) => Number.isInteger(v) && v >= 0) ||
  N.userInvestments < 100 ||
  N.rows < 10 * N.userInvestments ||
  N.requests < 20
) {
  process.stderr.write('bench history: --user-investments >= 100, --rows >= 10 x that, --requests >= 20\n');
  process.exit(2);
}

const say = (line = '') => process.stdout.write(`${line}\n`);
const note = (line) => say(`  ${line}`);
const n = (v) => Number(v).toLocaleString('en-US');
const load = () => os.loadavg().map((l) => l.toFixed(2));

const cleanups = [];
const cleanup = () => runCleanups(cleanups);
for (const [signal, code] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
  ['SIGHUP', 129],
]) {
  process.on(signal, () => void cleanup().then(() => process.exit(code)));
}
setTimeout(() => {
  process.stderr.write(`bench history: time limit of ${N.timeLimit} s reached\n`);
  void cleanup().then(() => process.exit(124));
}, N.timeLimit * 1000).unref();

async function withClient(url, fn) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end().catch(() => {});
  }
}

/** A fresh seed: the server migrates the cluster and signs the heavy member up; the rest is SQL. */
async function seedCluster(cluster, workDir, plan) {
  const server = await startServer({
    root,
    port: await freePort(),
    databaseUrl: cluster.url,
    workDir,
    onSpawn: (stop) => cleanups.push(['seeding server', stop]),
  });
  let heavy;
  try {
    const [user] = await registerUsers({ base: server.base, runId: RUN_ID, count: 1, concurrency: 1 });
    heavy = user;
  } finally {
    await server.stop();
  }
  return withClient(cluster.url, async (client) => {
    const { rows } = await client.query(`UPDATE users SET is_active = true WHERE email = $1 RETURNING id`, [
      heavy.email,
    ]);
    const seeded = await seedHistory(client, { plan, heavyId: rows[0].id, say: (l) => note(`  ${l}`) });
    return { heavyId: rows[0].id, heavyEmail: heavy.email, seeded };
  });
}

/** Every history row that names a journal names one that exists, and a transfer's journal has two rows. */
async function historyConsistency(url) {
  return withClient(url, async (c) => {
    const { rows } = await c.query(
      `SELECT (SELECT count(*) FROM transactions t WHERE t.journal_id IS NOT NULL
                 AND NOT EXISTS (SELECT 1 FROM journals j WHERE j.id = t.journal_id))::bigint AS orphans,
              (SELECT count(*) FROM transactions WHERE status = 'success' AND journal_id IS NULL)::bigint AS unbooked,
              (SELECT count(*) FROM (SELECT journal_id FROM transactions WHERE mode = 'transfer'
                 GROUP BY journal_id HAVING count(*) <> 2) x)::bigint AS odd_transfers`,
    );
    return {
      orphans: Number(rows[0].orphans),
      unbooked: Number(rows[0].unbooked),
      oddTransfers: Number(rows[0].odd_transfers),
    };
  });
}

async function main() {
  const loadBefore = load();
  say(`Meridian large-history benchmark: ${n(N.rows)} history rows, a member with ${n(N.userInvestments)} investments`);
  note(`machine: ${os.cpus().length} cores, load average ${loadBefore.join(' / ')} (1/5/15 min) before the run`);
  const plan = seedPlan({ rows: N.rows, heavyInvestments: N.userInvestments });
  const key = inputsKey({
    root,
    params: `rows=${plan.rows} investments=${plan.investments} members=${plan.members}`,
    inputs: [
      'apps/server/src/db',
      'apps/server/src/ledger',
      'apps/server/src/modules/auth',
      'apps/server/src/modules/catalogue/catalogue.seed.ts',
      'bench/lib/history-seed.mjs',
      'bench/lib/seed.mjs',
    ],
  });
  const snapshot = opt.fresh ? null : findSnapshot({ root, name: 'history', key });
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'history-'));
  cleanups.push(['work directory', () => rmSync(workDir, { recursive: true, force: true })]);

  // 1-2. the cluster, seeded or restored, then re-configured -----------------------------------------
  let seed = snapshot;
  const cluster = await startBenchCluster(
    { ...benchSettings({ profile: false }), ...AUTO_EXPLAIN_SETTINGS },
    {
      onStarted: (stop) => cleanups.push(['PostgreSQL cluster', stop]),
      prepare: async (c) => {
        if (snapshot) {
          say(
            `\n[1/5] restoring the seed saved ${snapshot.createdAt} (seeded in ${snapshot.seeded.seconds.toFixed(0)} s)`,
          );
          const t = performance.now();
          restoreSnapshot({ cluster: c, snapshot });
          note(`data directory copied in ${((performance.now() - t) / 1000).toFixed(1)} s (--fresh seeds again)`);
          return;
        }
        say(`\n[1/5] seeding by SQL: ~${n(plan.rows)} history rows, ${n(plan.members)} members + the heavy one`);
        seed = await seedCluster(c, workDir, plan);
        note(`seeded in ${seed.seeded.seconds.toFixed(1)} s`);
        const t = performance.now();
        saveSnapshot({ root, name: 'history', key, cluster: c, meta: seed });
        note(`data directory saved in .tmp/bench-seed in ${((performance.now() - t) / 1000).toFixed(1)} s`);
      },
    },
  );
  const s = seed.seeded;
  note(
    `${n(s.rows)} history rows (${n(s.heavyRows)} the heavy member's), ${n(s.investments)} investments ` +
      `(${n(s.heavyInvestments)} the heavy member's, ${s.heavyVisibleInvestments} of them listed), ` +
      `${n(s.users)} users, ${n(s.journals)} journals, ${n(s.entries)} entries`,
  );
  say(`\n[2/5] PostgreSQL ${cluster.version} on 127.0.0.1:${cluster.port}, re-configured and restarted`);
  note(
    Object.entries(cluster.settings)
      .filter(([k]) => !k.startsWith('auto_explain'))
      .map(([k, v]) => `${k}=${v}`)
      .join(', '),
  );
  const server = await startServer({
    root,
    port: await freePort(),
    databaseUrl: cluster.url,
    workDir,
    logLevel: 'info',
    onSpawn: (stop) => cleanups.push(['server', stop]),
  });
  const cookie = await signIn(server.base, seed.heavyEmail, benchPassword(RUN_ID));
  note(`server at ${server.base} (pid ${server.pid}); the heavy member signed in through POST /api/auth/sign-in/email`);

  // 3. timings ---------------------------------------------------------------------------------------
  const scenarios = await listScenarios({ url: cluster.url, userId: seed.heavyId });
  say(
    `\n[3/5] ${scenarios.length} requests, ${N.warmup} warm-up + ${N.requests} timed each, one at a time, in shuffled rounds`,
  );
  const get = (scenario) => fetch(`${server.base}${scenario.path}`, { headers: { cookie } });
  const logFrom = statSync(server.logFile).size;
  const measured = await measure({ scenarios, get, warmup: N.warmup, requests: N.requests });
  const server_ = serverTimes({
    logText: readFileSync(server.logFile).subarray(logFrom).toString('utf8'),
    sequence: measured.sequence,
    scenarios,
    requests: N.requests,
  });
  const results = scenarios.map((scenario, i) => ({ ...scenario, ...measured.results[i], server: server_[i] }));
  const ms = (v) => v.toFixed(2).padStart(6);
  note(`${''.padEnd(58)}      server p50 / p95 / p99     client p50 / p95 / p99 (ms)`);
  for (const r of results) {
    note(
      `${r.name.padEnd(58)} ${String(r.items).padStart(3)}  ${ms(r.server.p50)} ${ms(r.server.p95)} ${ms(r.server.p99)}` +
        `   ${ms(r.client.p50)} ${ms(r.client.p95)} ${ms(r.client.p99)}`,
    );
  }

  // 4. plans -----------------------------------------------------------------------------------------
  say('\n[4/5] the plans of the statements the server ran (auto_explain: EXPLAIN ANALYZE, BUFFERS)');
  const captured = await capturePlans({
    cluster,
    requests: scenarios.map((sc) => ({ name: sc.name, run: async () => (await get(sc)).arrayBuffer() })),
    match: (sql) => /from "(transactions|investments)"/i.test(sql),
  });
  for (const [i, c] of captured.entries()) {
    const r = results[i];
    r.plans = c.plans.map((p) => ({ ...p, ...judgePlan(p.plan) }));
    if (r.plans.length === 0)
      r.plans.push({ ms: null, sql: '', plan: '', rowsRead: 0, problems: ['no plan captured'] });
    for (const p of r.plans) {
      say(
        `\n── ${r.name}: ${p.ms} ms in PostgreSQL, ${n(p.rowsRead)} rows read — ${p.problems.length ? `FAIL: ${p.problems.join('; ')}` : 'ok'}`,
      );
      say(`   ${p.sql}`);
      for (const line of p.plan.split('\n')) say(`   ${line}`);
    }
  }

  // 5. books and verdict -----------------------------------------------------------------------------
  say('\n[5/5] the books');
  const books = await withClient(cluster.url, ledgerInvariants);
  const history = await historyConsistency(cluster.url);
  const booksOk = books.ok && history.orphans === 0 && history.unbooked === 0 && history.oddTransfers === 0;
  note(
    `${booksOk ? 'BALANCED' : 'NOT BALANCED'}: ${books.unbalancedJournals} journals with a non-zero sum, ` +
      `${books.journalsWithoutEntries} without entries, all entries sum to ${books.sumOfAllEntries}, ` +
      `${books.negativeUserAccounts} negative accounts, ${books.balancesOffTheirEntries} balances off their entries; ` +
      `${history.orphans} history rows naming a missing journal, ${history.unbooked} successful rows without one, ` +
      `${history.oddTransfers} transfer journals without exactly two rows`,
  );
  const worst = results.reduce((a, b) => (b.server.p95 > a.server.p95 ? b : a));
  const badPlans = results.filter((r) => r.plans.some((p) => p.problems.length > 0));
  const pass = worst.server.p95 < GOAL_P95_MS && badPlans.length === 0 && booksOk;
  const loadAfter = load();
  say('\nSummary');
  note(
    `goal     every server p95 < ${GOAL_P95_MS} ms (first and deep pages), no plan scanning, sorting or reading past the page's rows, books balanced`,
  );
  note(
    `worst    server p95 ${worst.server.p95.toFixed(2)} ms (${worst.name}; client p95 ${worst.client.p95.toFixed(2)} ms)`,
  );
  note(`plans    ${badPlans.length === 0 ? 'all pass' : `FAIL: ${badPlans.map((r) => r.name).join(', ')}`}`);
  note(`books    ${booksOk ? 'balanced' : 'NOT BALANCED'}`);
  note(
    `seed     ${n(s.rows)} history rows, the heavy member's ${n(s.heavyRows)} and ${n(s.heavyInvestments)} investments; ` +
      `seeded by SQL in ${s.seconds.toFixed(0)} s${snapshot ? ` (restored: seeded ${snapshot.createdAt})` : ''}`,
  );
  note(
    "timing   server: Fastify's responseTime (arrival to last byte written); client: request to last byte on 127.0.0.1; one at a time, keep-alive, in shuffled rounds",
  );
  note(
    `load     ${loadBefore.join(' / ')} before, ${loadAfter.join(' / ')} after (1/5/15 min; ${os.cpus().length} cores)`,
  );
  say(`\n${pass ? 'PASS' : 'FAIL'}`);

  const dir = path.join(root, 'bench', 'results');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `history-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(
    file,
    JSON.stringify(
      { options: N, seed: s, settings: cluster.settings, results, books, history, loadBefore, loadAfter, pass },
      null,
      2,
    ),
  );
  note(`results: ${path.relative(root, file)}`);
  process.exitCode = pass ? 0 : 1;
}

main()
  .catch((err) => {
    process.stderr.write(`bench history: ${err instanceof Error ? (err.stack ?? err.message) : err}\n`);
    process.exitCode = 2;
  })
  .finally(() => cleanup());
