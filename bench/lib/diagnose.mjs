// --diagnose: extra phases after the measured ones, to say where a transfer's time goes.
//
// 1. Endpoint floors under the same autocannon load: GET /api/health (Fastify alone) and GET /api/me
//    (session cookie → Better Auth session and user lookups → our user lookup), with the server's CPU
//    per request — what every authenticated request costs before any money moves.
// 2. The transfer's own SQL as the server sends it (the session lookup, then the transfer statement
//    with a batch of one), replayed by pgbench with 16 clients: what PostgreSQL can do for
//    this exact workload when the client costs nothing. (The replays of the former 15-round-trip
//    transfer are gone with it; decision 003 keeps their figures.)
// 3. pgbench's TPC-B with one pg_notify added in each transaction: the same lock on a known workload.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { query } from './cluster.mjs';
import { cpuBetween, cpuSnapshot } from './cpu.mjs';
import { percentile } from './load.mjs';
import { pgbenchRun } from './pgbench.mjs';
import { enableStatements, startWaitSampler, topStatements } from './profile.mjs';
import { BENCH_EMAIL_DOMAIN } from './seed.mjs';

function getLoad({ base, pathName, cookies, connections, duration }) {
  let i = 0;
  const lat = [];
  let ok = 0;
  let n = 0;
  return new Promise((resolve, reject) => {
    const inst = autocannon(
      {
        url: base,
        connections,
        duration,
        requests: [
          {
            method: 'GET',
            path: pathName,
            setupRequest: (req) => ({ ...req, headers: { origin: base, cookie: cookies[i++ % cookies.length] } }),
          },
        ],
      },
      (err, r) => {
        if (err) return reject(err);
        lat.sort((a, b) => a - b);
        resolve({ ok, requests: n, perSec: ok / r.duration, p50: percentile(lat, 50), p99: percentile(lat, 99) });
      },
    );
    inst.on('response', (_c, status, _b, t) => {
      n++;
      if (status >= 200 && status < 300) {
        ok++;
        lat.push(t);
      }
    });
  });
}

/**
 * Every replayed transfer starts alike: a random sender `a`, a different random recipient `r`, an
 * amount of $0.50–$10.00 and its 2% fee rounded half up, as the server computes it.
 */
const RANDOM_TRANSFER = `\\set a random(1, :nusers)
\\set d random(1, :nusers - 1)
\\set r ((:a - 1 + :d) % :nusers) + 1
\\set amt random(50, 1000)
\\set fee (:amt * 200 + 5000) / 10000
`;

/**
 * What the server does per transfer on an idle node: the session lookup, then the transfer statement
 * with a batch of one (ledger/transfer.ts transferValues: the recipient found by e-mail, the booking by
 * ledger_book inside it), the recipient's e-mail left out. pgbench (simple protocol) writes each
 * variable into the text as it is, so the text ones are quoted here.
 */
const PROCEDURE_SQL = `${RANDOM_TRANSFER}SELECT user_id AS su, token AS st FROM bench.users WHERE n = :a \\gset
SELECT email AS re FROM bench.users WHERE n = :r \\gset
SELECT s.expires_at AS session_expires_at, u.* FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.token = ':st';
SELECT * FROM ledger_transfer_batch(ARRAY[':su'], ARRAY['Bench User'], ARRAY[NULL::text], ARRAY[':re'],
  ARRAY[:amt::bigint], ARRAY[:fee::bigint], ARRAY[gen_random_uuid()::text], ARRAY['replay'],
  ARRAY[gen_random_uuid()::text], ARRAY[gen_random_uuid()::text], 'Transfer to ', 'Transfer from ', 'meridian_events',
  ARRAY['wallet', 'transactions'], NULL, NULL, NULL, NULL, NULL, NULL, NULL);
`;

const TPCB_NOTIFY_SQL = `\\set aid random(1, 100000 * :scale)
\\set bid random(1, 1 * :scale)
\\set tid random(1, 10 * :scale)
\\set delta random(-5000, 5000)
BEGIN;
UPDATE pgbench_accounts SET abalance = abalance + :delta WHERE aid = :aid;
SELECT abalance FROM pgbench_accounts WHERE aid = :aid;
UPDATE pgbench_tellers SET tbalance = tbalance + :delta WHERE tid = :tid;
UPDATE pgbench_branches SET bbalance = bbalance + :delta WHERE bid = :bid;
INSERT INTO pgbench_history (tid, bid, aid, delta, mtime) VALUES (:tid, :bid, :aid, :delta, CURRENT_TIMESTAMP);
SELECT pg_notify('bench_events', 'x');
END;
`;

function formatWaits(w) {
  return Object.entries(w.avgActiveBackends)
    .slice(0, 6)
    .map(([k, v]) => `${k} ${v}`)
    .join('; ');
}

export async function diagnose({
  cluster,
  server,
  users,
  runId,
  pgb,
  scale,
  connections,
  clients,
  threads,
  seconds,
  workDir,
  log,
  statements = false,
}) {
  const out = {};
  const snap = () => cpuSnapshot({ serverPid: server.pid, dataDir: cluster.dataDir });
  const cookies = users.map((u) => u.cookie);

  // 1. endpoint floors
  for (const [name, pathName] of [
    ['health', '/api/health'],
    ['me', '/api/me'],
  ]) {
    const a = snap();
    const r = await getLoad({ base: server.base, pathName, cookies, connections, duration: seconds });
    r.cpu = cpuBetween(a, snap(), r.requests);
    out[`GET /api/${name}`] = r;
    log(
      `GET /api/${name}: ${r.perSec.toFixed(0)} req/s, p50 ${r.p50?.toFixed(2)} ms, p99 ${r.p99?.toFixed(2)} ms; server CPU ${r.cpu.msPerOp.server} ms/request, PostgreSQL ${r.cpu.msPerOp.postgres} ms/request`,
    );
  }

  // 2. the transfer's SQL replayed by pgbench
  await query(
    cluster.url,
    `CREATE SCHEMA IF NOT EXISTS bench;
     DROP TABLE IF EXISTS bench.users;
     CREATE TABLE bench.users AS
       SELECT row_number() OVER (ORDER BY u.id)::int AS n, u.id AS user_id, u.email, a.id AS acc,
              (SELECT s.token FROM sessions s WHERE s.user_id = u.id LIMIT 1) AS token
         FROM users u JOIN accounts a ON a.user_id = u.id AND a.kind = 'balance'
        WHERE u.email LIKE 'bench-${runId}-%@${BENCH_EMAIL_DOMAIN}';
     ALTER TABLE bench.users ADD PRIMARY KEY (n);
     ANALYZE bench.users;`,
  );
  const { rows } = await query(cluster.url, `SELECT id FROM accounts WHERE user_id IS NULL AND kind = 'fee_revenue'`);
  const feeacc = rows[0].id;
  const procedure = path.join(workDir, 'transfer-procedure.sql');
  writeFileSync(procedure, PROCEDURE_SQL);
  const db = new URL(cluster.url).pathname.slice(1);
  for (const [name, script, notify] of [
    ['transfer SQL as the server sends it (session lookup + ledger_transfer_batch, NOTIFY inside)', procedure, 1],
  ]) {
    await query(cluster.url, 'CHECKPOINT');
    if (statements) await enableStatements(cluster.url);
    const sampler = await startWaitSampler(cluster.url);
    const a = snap();
    const r = await pgbenchRun({
      cluster,
      database: db,
      conn: pgb.conn,
      clients,
      threads,
      seconds,
      script,
      defines: { nusers: users.length, feeacc, notify },
      extra: ['-M', 'extended', '--max-tries', '5'],
    });
    r.cpu = cpuBetween(a, snap(), r.transactions ?? 0);
    r.waits = await sampler.stop();
    delete r.output;
    out[name] = r;
    log(
      `${name}: ${r.tps.toFixed(0)} tps, latency average ${r.latencyAvgMs} ms, ${r.failed} failed; PostgreSQL CPU ${r.cpu.msPerOp.postgres} ms/transfer`,
    );
    log(`  backends (avg): ${formatWaits(r.waits)}`);
    if (statements) {
      r.statements = await topStatements(cluster.url, 25);
      for (const st of r.statements.top.slice(0, 12)) {
        log(
          `    ${String(st.total_ms).padStart(8)} ms (plan ${String(st.plan_ms).padStart(6)}) ${String(st.calls).padStart(6)} calls ${String(st.mean_ms).padStart(7)} ms ${String(Math.round(st.wal_bytes / Math.max(1, st.calls))).padStart(6)} WAL B/call  ${st.query.slice(0, 90)}`,
        );
      }
    }
  }

  // 3. TPC-B with a NOTIFY in each transaction
  const tpcb = path.join(workDir, 'tpcb-notify.sql');
  writeFileSync(tpcb, TPCB_NOTIFY_SQL);
  await query(cluster.url, 'CHECKPOINT');
  const pgbUrl = new URL(cluster.url);
  pgbUrl.pathname = `/${pgb.database}`;
  const sampler = await startWaitSampler(pgbUrl.toString());
  const a = snap();
  const r = await pgbenchRun({
    cluster,
    database: pgb.database,
    conn: pgb.conn,
    clients,
    threads,
    seconds,
    script: tpcb,
    defines: { scale },
  });
  r.cpu = cpuBetween(a, snap(), r.transactions ?? 0);
  r.waits = await sampler.stop();
  delete r.output;
  out['TPC-B + pg_notify'] = r;
  log(`TPC-B + one pg_notify per transaction: ${r.tps.toFixed(0)} tps, latency average ${r.latencyAvgMs} ms`);
  log(`  backends (avg): ${formatWaits(r.waits)}`);
  return out;
}
