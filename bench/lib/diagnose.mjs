// --diagnose: extra phases after the measured ones, to say where a transfer's time goes.
//
// 1. Endpoint floors under the same autocannon load: GET /api/health (Fastify alone) and GET /api/me
//    (session cookie → Better Auth session and user lookups → our user lookup), with the server's CPU
//    per request — what every authenticated request costs before any money moves.
// 2. The transfer's own SQL as the server sends it (the session lookup, then one ledger_transfer call),
//    replayed by pgbench with 16 clients: what PostgreSQL can do for this exact workload when the
//    client costs nothing. Then, for comparison, the former 15-round-trip transfer statement for
//    statement (auth lookups, BEGIN … COMMIT with the idempotency key, the recipient, both accounts,
//    the two conditional updates, journal + entries, history rows, NOTIFY, the stored response), with
//    and without the NOTIFY (what NOTIFY's commit-order lock costs), consolidated into 8 round trips,
//    and as a data-model experiment (no history rows, the Idempotency-Key kept on the journal).
// 3. The former 15 round trips sent through node-postgres from this process, with and without named
//    prepared statements: the Node CPU a transfer costs at the driver level, without the framework.
// 4. pgbench's TPC-B with one pg_notify added in each transaction: the same lock on a known workload.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
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

/** What the server sends per transfer today: the session lookup, then one call of ledger_transfer. */
const PROCEDURE_SQL = `${RANDOM_TRANSFER}SELECT user_id AS su, email AS se, token AS st FROM bench.users WHERE n = :a \\gset
SELECT user_id AS ru, email AS re FROM bench.users WHERE n = :r \\gset
SELECT s.expires_at AS session_expires_at, u.* FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.token = :st;
SELECT * FROM ledger_transfer(:su, 'Bench', gen_random_uuid()::text, 'replay', :re, :amt, :fee, 'Transfer to ', 'Transfer from ', 'meridian_events', '["wallet","transactions"]'::jsonb);
`;

/** The transfer as the server sent it before ledger_transfer (15 round trips), kept for comparison. */
const TRANSFER_SQL = `${RANDOM_TRANSFER}\\set total :amt + :fee
SELECT user_id AS su, email AS se, acc AS sa, token AS st FROM bench.users WHERE n = :a \\gset
SELECT user_id AS ru, email AS re, acc AS ra FROM bench.users WHERE n = :r \\gset
select "id", "token", "user_id", "expires_at", "ip_address", "user_agent", "created_at", "updated_at" from "sessions" where "sessions"."token" = :st;
select * from "users" where "users"."id" = :su;
select * from "users" where "users"."id" = :su limit 1;
BEGIN;
INSERT INTO idempotency_keys (user_id, key, request_hash) VALUES (:su, gen_random_uuid()::text, 'replay') ON CONFLICT DO NOTHING RETURNING key AS ik \\gset
select * from "users" where lower("users"."email") = lower(:re) limit 1;
SELECT id, kind, user_id FROM accounts WHERE user_id = :su OR user_id IS NULL;
SELECT id, kind, user_id FROM accounts WHERE user_id = :ru OR user_id IS NULL;
\\if :sa < :ra
UPDATE accounts SET balance_cents = balance_cents - :total::bigint WHERE id = :sa AND balance_cents >= :total::bigint RETURNING id;
UPDATE accounts SET balance_cents = balance_cents + :amt::bigint WHERE id = :ra RETURNING id;
\\else
UPDATE accounts SET balance_cents = balance_cents + :amt::bigint WHERE id = :ra RETURNING id;
UPDATE accounts SET balance_cents = balance_cents - :total::bigint WHERE id = :sa AND balance_cents >= :total::bigint RETURNING id;
\\endif
WITH j AS (INSERT INTO journals (kind, user_id) VALUES ('transfer', :su) RETURNING id), e AS (INSERT INTO entries (journal_id, account_id, amount_cents) VALUES ((SELECT id FROM j), :sa, -(:total::bigint)), ((SELECT id FROM j), :ra, :amt::bigint), ((SELECT id FROM j), :feeacc, :fee::bigint)) SELECT id AS jid FROM j \\gset
insert into "transactions" ("id", "user_id", "type", "mode", "method", "description", "amount_cents", "fee_cents", "status", "journal_id", "created_at") values (gen_random_uuid()::text, :su, 'debit', 'transfer', 'transfer', 'Transfer (replay)', :amt::bigint, :fee::bigint, 'success', :jid::bigint, now()), (gen_random_uuid()::text, :ru, 'credit', 'transfer', 'transfer', 'Transfer (replay)', :amt::bigint, 0, 'success', :jid::bigint, now()) returning *;
\\if :notify
SELECT pg_notify('meridian_events', '{"userIds":["' || :su::text || '","' || :ru::text || '"],"topics":["wallet","transactions"]}');
\\endif
UPDATE idempotency_keys SET response = jsonb_build_object('replay', true) WHERE user_id = :su AND key = :ik;
COMMIT;
`;

/**
 * The same transfer in the shape proposed for the server: the auth lookups without the duplicate user
 * read, then BEGIN, claim the key, one lookup for the recipient and both balance accounts, one
 * conditional UPDATE of both balances, one statement writing journal + entries + history rows + the
 * stored response, COMMIT — and no NOTIFY inside the transaction (published after commit instead).
 * 8 round trips instead of 15; the same rows written, the same checks made.
 */
const TRANSFER_CONSOLIDATED_SQL = `${RANDOM_TRANSFER}\\set total :amt + :fee
SELECT user_id AS su, email AS se, acc AS sa, token AS st FROM bench.users WHERE n = :a \\gset
SELECT email AS re FROM bench.users WHERE n = :r \\gset
select "id", "token", "user_id", "expires_at", "ip_address", "user_agent", "created_at", "updated_at" from "sessions" where "sessions"."token" = :st;
select * from "users" where "users"."id" = :su;
BEGIN;
INSERT INTO idempotency_keys (user_id, key, request_hash) VALUES (:su, gen_random_uuid()::text, 'replay') ON CONFLICT DO NOTHING RETURNING key AS ik \\gset
SELECT u.id AS ru, u.name AS rname, r.id AS ra, s.id AS sa2 FROM users u JOIN accounts r ON r.user_id = u.id AND r.kind = 'balance' JOIN accounts s ON s.user_id = :su AND s.kind = 'balance' WHERE lower(u.email) = lower(:re) \\gset
UPDATE accounts a SET balance_cents = a.balance_cents + v.delta FROM (VALUES (:sa2::bigint, -(:total::bigint)), (:ra::bigint, :amt::bigint)) AS v(id, delta) WHERE a.id = v.id AND a.balance_cents + v.delta >= 0 RETURNING a.id;
WITH j AS (INSERT INTO journals (kind, user_id) VALUES ('transfer', :su) RETURNING id), e AS (INSERT INTO entries (journal_id, account_id, amount_cents) SELECT j.id, v.acc, v.amt FROM j, (VALUES (:sa2::bigint, -(:total::bigint)), (:ra::bigint, :amt::bigint), (:feeacc::bigint, :fee::bigint)) AS v(acc, amt)), t AS (insert into "transactions" ("id", "user_id", "type", "mode", "method", "description", "amount_cents", "fee_cents", "status", "journal_id", "created_at") SELECT gen_random_uuid()::text, :su, 'debit', 'transfer', 'transfer', 'Transfer (replay)', :amt::bigint, :fee::bigint, 'success', j.id, now() FROM j UNION ALL SELECT gen_random_uuid()::text, :ru, 'credit', 'transfer', 'transfer', 'Transfer (replay)', :amt::bigint, 0, 'success', j.id, now() FROM j returning *), k AS (UPDATE idempotency_keys SET response = jsonb_build_object('replay', true) WHERE user_id = :su AND key = :ik) SELECT * FROM t WHERE type = 'debit';
COMMIT;
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

/**
 * The server's 15 round trips per transfer sent straight through node-postgres from this process (16
 * concurrent workers, the driver the server uses, none of Fastify, Better Auth, Drizzle or zod): the
 * Node CPU a transfer costs at the driver level. With `prepared`, the hot statements are named, so
 * PostgreSQL parses and plans them once per connection.
 */
async function rawReplay({ url, feeacc, workers, seconds, prepared }) {
  const pool = new pg.Pool({ connectionString: url, max: workers });
  const rows = (await pool.query('SELECT n, user_id, email, acc, token FROM bench.users ORDER BY n')).rows;
  let done = 0;
  let failed = 0;
  const lat = [];
  const deadline = Date.now() + seconds * 1000;
  const q = (c, name, text, values) => c.query(prepared ? { name, text, values } : { text, values });
  const worker = async () => {
    const c = await pool.connect();
    try {
      while (Date.now() < deadline) {
        const t = performance.now();
        const a = Math.floor(Math.random() * rows.length);
        const b = (a + 1 + Math.floor(Math.random() * (rows.length - 1))) % rows.length;
        const s = rows[a];
        const r = rows[b];
        const amt = 50 + Math.floor(Math.random() * 951);
        const fee = Math.floor((amt * 200 + 5000) / 10000);
        try {
          await q(c, 's1', 'select id, token, user_id, expires_at from sessions where token = $1', [s.token]);
          await q(c, 's2', 'select * from users where id = $1', [s.user_id]);
          await q(c, 's3', 'select * from users where id = $1 limit $2', [s.user_id, 1]);
          await c.query('BEGIN');
          const k = await q(
            c,
            's4',
            'INSERT INTO idempotency_keys (user_id, key, request_hash) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING key',
            [s.user_id, `raw-${crypto.randomUUID()}`, 'raw'],
          );
          await q(c, 's5', 'select * from users where lower(email) = lower($1) limit $2', [r.email, 1]);
          await q(c, 's6', 'SELECT id, kind, user_id FROM accounts WHERE user_id = $1 OR user_id IS NULL', [s.user_id]);
          await q(c, 's6', 'SELECT id, kind, user_id FROM accounts WHERE user_id = $1 OR user_id IS NULL', [r.user_id]);
          const debit = () =>
            q(
              c,
              's7',
              'UPDATE accounts SET balance_cents = balance_cents + $1 WHERE id = $2 AND balance_cents >= $3 RETURNING id',
              [-(amt + fee), s.acc, amt + fee],
            );
          const credit = () =>
            q(c, 's8', 'UPDATE accounts SET balance_cents = balance_cents + $1 WHERE id = $2 RETURNING id', [
              amt,
              r.acc,
            ]);
          if (Number(s.acc) < Number(r.acc)) {
            await debit();
            await credit();
          } else {
            await credit();
            await debit();
          }
          const j = await q(
            c,
            's9',
            `WITH j AS (INSERT INTO journals (kind, user_id) VALUES ('transfer', $1) RETURNING id),
               e AS (INSERT INTO entries (journal_id, account_id, amount_cents) VALUES ((SELECT id FROM j), $2, $3), ((SELECT id FROM j), $4, $5), ((SELECT id FROM j), $6, $7))
             SELECT id FROM j`,
            [s.user_id, s.acc, -(amt + fee), r.acc, amt, feeacc, fee],
          );
          const jid = j.rows[0].id;
          await q(
            c,
            's10',
            `insert into transactions (id, user_id, type, mode, method, description, amount_cents, fee_cents, status, journal_id, created_at)
             values ($1, $2, 'debit', 'transfer', 'transfer', 'Transfer (raw)', $3, $4, 'success', $5, now()),
                    ($6, $7, 'credit', 'transfer', 'transfer', 'Transfer (raw)', $3, 0, 'success', $5, now()) returning *`,
            [crypto.randomUUID(), s.user_id, amt, fee, jid, crypto.randomUUID(), r.user_id],
          );
          await q(c, 's11', "SELECT pg_notify('meridian_events', $1)", [
            JSON.stringify({ userIds: [s.user_id, r.user_id], topics: ['wallet', 'transactions'] }),
          ]);
          await q(c, 's12', 'UPDATE idempotency_keys SET response = $1::jsonb WHERE user_id = $2 AND key = $3', [
            JSON.stringify({ raw: true }),
            s.user_id,
            k.rows[0].key,
          ]);
          await c.query('COMMIT');
          done++;
          lat.push(performance.now() - t);
        } catch (err) {
          failed++;
          await c.query('ROLLBACK').catch(() => {});
          if (failed > 100) throw err;
        }
      }
    } finally {
      c.release();
    }
  };
  const started = Date.now();
  await Promise.all(Array.from({ length: workers }, worker));
  const elapsedS = (Date.now() - started) / 1000;
  await pool.end();
  lat.sort((x, y) => x - y);
  return { transfers: done, failed, perSec: done / elapsedS, p50: percentile(lat, 50), p99: percentile(lat, 99) };
}

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
  const asServer = path.join(workDir, 'transfer-replay.sql');
  writeFileSync(asServer, TRANSFER_SQL);
  const consolidated = path.join(workDir, 'transfer-consolidated.sql');
  writeFileSync(consolidated, TRANSFER_CONSOLIDATED_SQL);
  // A data-model experiment, not what the app does: the same transfer without the two history rows
  // (history read from journals/entries instead) and with the Idempotency-Key stored on the journal
  // (a unique index) instead of a row inserted and then updated in idempotency_keys.
  const lean = path.join(workDir, 'transfer-lean.sql');
  writeFileSync(
    lean,
    TRANSFER_SQL.replace(/^insert into "transactions".*\n/m, '')
      .replace(/^INSERT INTO idempotency_keys.*\n/m, '')
      .replace(/^UPDATE idempotency_keys.*\n/m, '')
      .replace(
        "INSERT INTO journals (kind, user_id) VALUES ('transfer', :su)",
        "INSERT INTO journals (kind, user_id, idempotency_key) VALUES ('transfer', :su, gen_random_uuid()::text)",
      ),
  );
  const db = new URL(cluster.url).pathname.slice(1);
  for (const [name, script, notify] of [
    ['transfer SQL as the server sends it (session lookup + ledger_transfer, NOTIFY inside)', procedure, 1],
    ['the former transfer (15 round trips, NOTIFY inside)', asServer, 1],
    ['the former transfer without the NOTIFY', asServer, 0],
    ['consolidated as proposed (8 round trips, no NOTIFY inside)', consolidated, 0],
    ['data-model experiment: no history rows, key on the journal (no NOTIFY)', lean, 0],
  ]) {
    if (script === lean) {
      await query(
        cluster.url,
        'CREATE UNIQUE INDEX IF NOT EXISTS bench_journals_user_key ON journals (user_id, idempotency_key) WHERE idempotency_key IS NOT NULL',
      );
    }
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

  // 3. the same round trips through node-postgres from this process: the driver-level Node cost
  for (const prepared of [false, true]) {
    await query(cluster.url, 'CHECKPOINT');
    const a = snap();
    const r = await rawReplay({ url: cluster.url, feeacc, workers: clients, seconds, prepared });
    r.cpu = cpuBetween(a, snap(), r.transfers);
    const name = `node-postgres, same 15 round trips${prepared ? ', named prepared statements' : ''}`;
    out[name] = r;
    log(
      `${name}: ${r.perSec.toFixed(0)} transfers/s, p50 ${r.p50?.toFixed(2)} ms, p99 ${r.p99?.toFixed(2)} ms, ${r.failed} failed; Node CPU ${r.cpu.msPerOp.loadGenerator} ms/transfer (server: see above), PostgreSQL ${r.cpu.msPerOp.postgres} ms/transfer`,
    );
  }

  // 4. TPC-B with a NOTIFY in each transaction
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
