// `npm run bench:exports`: the console's CSV export of 1,000,000 transactions (issue 10).
//
// 1. a throwaway PostgreSQL cluster (scripts/pg-cluster.mjs);
// 2. the real server (node --import tsx apps/server/src/main.ts, bench/lib/server.mjs) on it, which
//    migrates it; an operator signed up through the API and made an admin;
// 3. 5,000 users and 1,000,000 history rows seeded by SQL (generate_series; one description in a
//    hundred needs CSV quoting), then VACUUM ANALYZE;
// 4. GET /api/admin/exports/transactions.csv streamed through HTTP and counted as it arrives (never
//    held here), the server's resident memory (VmRSS from /proc/<pid>/status) sampled every 20 ms;
//    then the same for users.csv;
// 5. rows, bytes, seconds, and the server's peak memory growth over its settled baseline: PASS when
//    every row arrived and the growth stays below a quarter of the file's size.
// The server runs with V8's heap sized as in a memory-tight container (--heap-mb: old space 64 MB and
// young semi-spaces of 4 MB; 0 = Node's defaults). With the defaults V8 lets garbage pile up before it
// collects and grows its young generation to 48 MB (here: +168 MB RSS for a 142 MB file, uncapped;
// +38 MB with a 64 MB old space; +10 MB with small semi-spaces too), so resident memory says more
// about the collector than about the export; sized, it says what the export needs, and a server that
// built the file in memory could not finish at all.
// Everything is stopped and removed on every exit. Options: --rows N (1000000) --users N (5000) --heap-mb N.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { freePort, startCluster, stopCluster } from '../scripts/pg-cluster.mjs';
import { runCleanups } from './lib/cleanups.mjs';
import { startServer } from './lib/server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values: opt } = parseArgs({
  options: {
    rows: { type: 'string', default: '1000000' },
    users: { type: 'string', default: '5000' },
    'heap-mb': { type: 'string', default: '64' },
  },
});
const ROWS = Number(opt.rows);
const USERS = Number(opt.users);
const HEAP_MB = Number(opt['heap-mb']);
if (!Number.isInteger(ROWS) || ROWS < 1 || !Number.isInteger(USERS) || USERS < 1 || !Number.isInteger(HEAP_MB)) {
  process.stderr.write('bench:exports: --rows and --users must be positive integers, --heap-mb an integer\n');
  process.exit(2);
}

const say = (line = '') => process.stdout.write(`${line}\n`);
const mb = (bytes) => `${(bytes / 2 ** 20).toFixed(1)} MB`;
const rssBytes = (pid) => 1024 * Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);

const cleanups = [];
const cleanup = () => runCleanups(cleanups);
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => void cleanup().then(() => process.exit(130)));
}

async function sqlOn(url, run) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

async function seed(url) {
  await sqlOn(url, async (c) => {
    await c.query(
      `INSERT INTO users (id, name, email, referral_id, is_active, created_at, updated_at)
       SELECT 'eu' || g, 'Export User ' || g, 'export' || g || '@example.com', 'export-user-' || g, true,
              timestamptz '2024-01-01' + g * interval '1 hour', now()
         FROM generate_series(1, $1) AS g`,
      [USERS],
    );
    await c.query(
      `INSERT INTO transactions (id, user_id, type, mode, method, description, amount_cents, fee_cents, status, wallet, created_at)
       SELECT 'tx' || g, 'eu' || (1 + g % $2), CASE WHEN g % 2 = 0 THEN 'credit' ELSE 'debit' END,
              (ARRAY['deposit','withdrawal','transfer','profit','investment','capital','referral','adjustment'])[1 + g % 8],
              'paypal', CASE WHEN g % 100 = 0 THEN 'Refund, "partial"' ELSE 'Bench row ' || g END,
              100 + g % 100000, (g % 3) * 10, 'success', 'balance',
              timestamptz '2025-01-01' + g * interval '1 second' + (g % 1000) * interval '1 microsecond'
         FROM generate_series(1, $1) AS g`,
      [ROWS, USERS],
    );
    await c.query('VACUUM ANALYZE users');
    await c.query('VACUUM ANALYZE transactions');
  });
}

/** Streams one export, counting bytes and lines as they arrive, sampling the server's memory. */
async function measureExport(server, cookie, url) {
  await new Promise((r) => setTimeout(r, 1000));
  const baseline = rssBytes(server.pid);
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssBytes(server.pid));
  }, 20);
  const started = performance.now();
  const res = await fetch(`${server.base}${url}`, { headers: { cookie, origin: server.base } });
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}: ${await res.text()}`);
  let bytes = 0;
  let lines = 0;
  let firstByteMs = null;
  for await (const chunk of res.body) {
    firstByteMs ??= performance.now() - started;
    bytes += chunk.length;
    for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines += 1;
  }
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, rssBytes(server.pid));
  return { bytes, lines, seconds, firstByteMs, baseline, peak, headers: Object.fromEntries(res.headers) };
}

async function main() {
  say(
    `Meridian CSV export benchmark: ${ROWS.toLocaleString('en-US')} transactions, ${USERS.toLocaleString('en-US')} users`,
  );
  const cluster = await startCluster();
  cleanups.push(['PostgreSQL cluster', () => stopCluster(cluster)]);
  say(`PostgreSQL on 127.0.0.1:${cluster.port} (throwaway cluster)`);
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'meridian-exports-'));
  cleanups.push(['work directory', () => rmSync(workDir, { recursive: true, force: true })]);
  // The child inherits this process's environment (bench/lib/server.mjs): the cap goes to it alone.
  const ownOptions = process.env.NODE_OPTIONS;
  const heapFlags = HEAP_MB > 0 ? `--max-old-space-size=${HEAP_MB} --max-semi-space-size=4` : '';
  if (heapFlags) process.env.NODE_OPTIONS = `${ownOptions ?? ''} ${heapFlags}`.trim();
  const starting = startServer({
    root,
    port: await freePort(),
    databaseUrl: cluster.url,
    workDir,
    sessionSecret: randomBytes(32).toString('hex'),
    onSpawn: (stop) => cleanups.push(['server', stop]),
  });
  if (ownOptions === undefined) delete process.env.NODE_OPTIONS;
  else process.env.NODE_OPTIONS = ownOptions;
  const server = await starting;
  say(`server up at ${server.base} (pid ${server.pid}, V8 ${heapFlags || "with Node's default heap"})`);

  const email = `exporter-${Date.now()}@example.com`;
  const signUp = await fetch(`${server.base}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.base },
    body: JSON.stringify({
      name: 'Export Operator',
      email,
      password: 'a long bench password',
      phone: '+15550100200',
      country: 'United States',
    }),
  });
  if (!signUp.ok) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
  const cookie = signUp.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  await sqlOn(cluster.url, (c) =>
    c.query(`UPDATE users SET role = 'admin', is_active = true WHERE email = $1`, [email]),
  );

  const t0 = performance.now();
  await seed(cluster.url);
  say(`seeded by SQL in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  // Warm the route's code and plans on a small export first.
  await measureExport(server, cookie, '/api/admin/exports/transactions.csv?userId=eu1');

  const tx = await measureExport(server, cookie, '/api/admin/exports/transactions.csv');
  const users = await measureExport(server, cookie, '/api/admin/exports/users.csv');
  const report = (name, r) => {
    say(`\n${name}`);
    say(
      `  ${r.headers['content-type']}; ${r.headers['content-disposition']}; cache-control ${r.headers['cache-control']}`,
    );
    say(
      `  ${(r.lines - 1).toLocaleString('en-US')} rows + header, ${mb(r.bytes)} in ${r.seconds.toFixed(1)} s ` +
        `(${Math.round((r.lines - 1) / r.seconds).toLocaleString('en-US')} rows/s, first byte after ${r.firstByteMs?.toFixed(0)} ms)`,
    );
    say(
      `  server resident memory: ${mb(r.baseline)} before, ${mb(r.peak)} at the peak: grew ${mb(r.peak - r.baseline)} ` +
        `(${((100 * (r.peak - r.baseline)) / r.bytes).toFixed(1)}% of the file)`,
    );
  };
  report('GET /api/admin/exports/transactions.csv', tx);
  report('GET /api/admin/exports/users.csv', users);

  const rowsOk = tx.lines - 1 === ROWS;
  const memoryOk = tx.peak - tx.baseline < tx.bytes / 4;
  say(
    `\n${rowsOk && memoryOk ? 'PASS' : 'FAIL'}: ${rowsOk ? 'every row exported' : `expected ${ROWS} rows, got ${tx.lines - 1}`}; ` +
      `memory growth ${mb(tx.peak - tx.baseline)} ${memoryOk ? '<' : '>='} a quarter of the ${mb(tx.bytes)} file`,
  );
  process.exitCode = rowsOk && memoryOk ? 0 : 1;
}

main()
  .catch((err) => {
    process.stderr.write(`bench:exports: ${err instanceof Error ? (err.stack ?? err.message) : err}\n`);
    process.exitCode = 2;
  })
  .finally(() => cleanup());
