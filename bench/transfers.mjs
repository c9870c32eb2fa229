// `npm run bench`: the transfer benchmark of issue 3.
//
// 1. a throwaway PostgreSQL cluster (scripts/pg-cluster.mjs) re-configured like a small real server,
//    durability ON (fsync, synchronous_commit, full_page_writes);
// 2. the real server (node --import tsx apps/server/src/main.ts) against it, on 127.0.0.1;
// 3. 1,000 users signed up through POST /api/auth/sign-up/email (session cookie from set-cookie),
//    activated and funded by one balanced journal each (SQL, one transaction; books checked);
// 4. autocannon: POST /api/transfers between random pairs, 32 connections, 20 s (after a short warm-up);
// 5. pgbench's built-in TPC-B script on the same cluster at 16 and at 32 clients (-j 2 -T 20), each at a
//    scale of at least its clients (-i -s 16, -s 32): the better of the two is the yardstick;
// 6. transfers/s, p50/p99, non-2xx, tps, ratio, PASS/FAIL against the goal (ratio >= 1.0 and
//    p99 < 50 ms: issue 12, past the database's own yardstick), the books checked again, and how many
//    transfers shared a commit (group commit, decision 014); results as JSON in bench/results/<timestamp>.json.
// Everything is stopped and removed on exit, failure or Ctrl-C, and the whole run is time-bounded.
//
// Options: --users N  --connections N  --duration S  --warmup S  --scale N  --pgbench-clients N,N  --pgbench-threads N
//          --concurrency N  --time-limit S
//          --profile (server CPU profile over the inspector + pg_stat_statements + wait events)
//          --diagnose (afterwards: GET /api/health and /api/me floors, the transfer's SQL replayed by
//                      pgbench as sent, TPC-B with a NOTIFY; not part of the verdict)
//          --save-baseline (also write bench/baseline.json)
//          --fresh (sign the users up again even when a saved seed fits; see lib/seed-cache.mjs)
//          --batch-max N (the server's TRANSFER_BATCH_MAX: transfers per transaction, 1 = group commit off)
//          --in-flight N (the server's TRANSFER_BATCHES_IN_FLIGHT: transfer transactions at once)
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { freePort } from '../scripts/pg-cluster.mjs';
import { booksCheck } from './lib/books.mjs';
import { runCleanups } from './lib/cleanups.mjs';
import { benchSettings, query, startBenchCluster } from './lib/cluster.mjs';
import { cpuBetween, cpuSnapshot, formatCpu } from './lib/cpu.mjs';
import { runTransfers } from './lib/load.mjs';
import { killPgbench, pgbenchInit, pgbenchRun } from './lib/pgbench.mjs';
import { activateAndFund, registerUsers } from './lib/seed.mjs';
import { findSeed, restoreSeed, saveSeed, seedKey } from './lib/seed-cache.mjs';
import { startServer } from './lib/server.mjs';
import { formatWal, walBetween, walSnapshot } from './lib/wal.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const GOAL = { minRatio: 1.0, maxP99Ms: 50 };
const DIAG_SECONDS = 10;
const FUND_CENTS = 1_000_000; // $10,000 each; transfers are $0.01–$10.00, so almost all succeed

const { values: opt } = parseArgs({
  options: {
    users: { type: 'string', default: '1000' },
    connections: { type: 'string', default: '32' },
    duration: { type: 'string', default: '20' },
    warmup: { type: 'string', default: '5' },
    scale: { type: 'string', default: '16' },
    concurrency: { type: 'string', default: '8' },
    'pgbench-clients': { type: 'string', default: '16,32' },
    'pgbench-threads': { type: 'string', default: '2' },
    'time-limit': { type: 'string', default: '1200' },
    profile: { type: 'boolean', default: false },
    diagnose: { type: 'boolean', default: false },
    'save-baseline': { type: 'boolean', default: false },
    fresh: { type: 'boolean', default: false },
    'batch-max': { type: 'string' },
    'in-flight': { type: 'string' },
  },
});
// Group commit's settings for the server (decision 014); unset, the server's defaults.
const serverEnv = {};
for (const [flag, name, max] of [
  ['batch-max', 'TRANSFER_BATCH_MAX', 64],
  ['in-flight', 'TRANSFER_BATCHES_IN_FLIGHT', 16],
]) {
  if (opt[flag] === undefined) continue;
  const v = Number(opt[flag]);
  if (!Number.isInteger(v) || v < 1 || v > max) {
    process.stderr.write(`bench: --${flag} must be an integer from 1 to ${max}\n`);
    process.exit(2);
  }
  serverEnv[name] = String(v);
}
const N = {
  users: Number(opt.users),
  connections: Number(opt.connections),
  duration: Number(opt.duration),
  warmup: Number(opt.warmup),
  scale: Number(opt.scale),
  concurrency: Number(opt.concurrency),
  pgThreads: Number(opt['pgbench-threads']),
  timeLimit: Number(opt['time-limit']),
};
for (const [k, v] of Object.entries(N)) {
  if (!Number.isInteger(v) || v < 0 || (k !== 'warmup' && v === 0)) {
    process.stderr.write(`bench: --${k} must be a ${k === 'warmup' ? 'non-negative' : 'positive'} integer\n`);
    process.exit(2);
  }
}
if (N.users < 2) {
  process.stderr.write('bench: --users must be at least 2\n');
  process.exit(2);
}
/** pgbench's client counts: each is run, and the best is the yardstick. */
const PG_CLIENTS = [...new Set(opt['pgbench-clients'].split(',').map((c) => Number(c.trim())))];
if (PG_CLIENTS.length === 0 || PG_CLIENTS.some((c) => !Number.isInteger(c) || c < 1)) {
  process.stderr.write('bench: --pgbench-clients takes positive integers, comma-separated\n');
  process.exit(2);
}

const say = (line = '') => process.stdout.write(`${line}\n`);
const note = (line) => process.stdout.write(`  ${line}\n`);
const t0 = Date.now();
const elapsed = () => `${((Date.now() - t0) / 1000).toFixed(1)} s`;

// ---- cleanup: always, once, in reverse order of start ------------------------------------------
const cleanups = [];
let cleaning = null;
function cleanup() {
  cleaning ??= (async () => {
    killPgbench();
    await runCleanups(cleanups);
  })();
  return cleaning;
}
/** Start-ups in progress: an interrupt waits for them (bounded) so that what they start is stopped too. */
const starting = new Set();
function track(promise) {
  starting.add(promise);
  promise.then(
    () => starting.delete(promise),
    () => starting.delete(promise),
  );
  return promise;
}
let aborted = false;
/** After an interrupt, the main flow stops where it is while the signal handler cleans up and exits. */
const halt = () => new Promise(() => {});
async function abort(reason, code) {
  if (aborted) return;
  aborted = true;
  process.stderr.write(`\nbench: ${reason}; stopping the server and PostgreSQL…\n`);
  if (starting.size) {
    await Promise.race([Promise.allSettled([...starting]), new Promise((r) => setTimeout(r, 120_000).unref())]);
  }
  await cleanup();
  process.exit(code);
}
process.on('SIGINT', () => void abort('interrupted', 130));
process.on('SIGTERM', () => void abort('terminated', 143));
process.on('SIGHUP', () => void abort('hang-up', 129));
const watchdog = setTimeout(() => void abort(`time limit of ${N.timeLimit} s reached`, 124), N.timeLimit * 1000);
watchdog.unref();

function fmt(n, digits = 1) {
  return n === null || n === undefined ? 'n/a' : Number(n).toFixed(digits);
}

function otherLoad() {
  const [one] = os.loadavg();
  return { loadavg1m: Math.round(one * 100) / 100, cores: os.cpus().length };
}

async function main() {
  const runId = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*/, '').replace('T', '-');
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'meridian-bench-'));
  cleanups.push(['work directory', () => rmSync(workDir, { recursive: true, force: true })]);
  const before = otherLoad();

  say(`Meridian transfer benchmark (${runId})`);
  note(
    `machine: ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown CPU'}), ${Math.round(os.totalmem() / 2 ** 30)} GiB RAM, Node ${process.version}`,
  );
  note(`the server, PostgreSQL and the load generator (autocannon, then pgbench) all share these cores`);
  if (before.loadavg1m > 1) {
    note(
      `WARNING: load average is already ${before.loadavg1m} before the run — other processes compete for the CPU; figures will be low and noisy`,
    );
  }

  // 1. PostgreSQL ----------------------------------------------------------------------------------
  const settings = benchSettings({ profile: opt.profile });
  const cluster = await track(
    startBenchCluster(settings, { onStarted: (stop) => cleanups.push(['PostgreSQL cluster', stop]) }),
  );
  if (aborted) return halt();
  say(`\n[1/6] PostgreSQL ${cluster.version} on 127.0.0.1:${cluster.port} (throwaway cluster, ${elapsed()})`);
  note(
    `settings: ${Object.entries(cluster.settings)
      .map(([k, v]) => `${k}=${v}`)
      .join(', ')}`,
  );
  note('durability is ON: every COMMIT waits for its WAL flush, for both the app and pgbench');

  // 2. the server (on a restored seed when one fits) -----------------------------------------------
  const key = seedKey({ root, users: N.users, fundCents: FUND_CENTS });
  const found = opt.fresh ? { seed: null, reason: '--fresh' } : findSeed({ root, key });
  const seed = found.seed;
  if (seed) await restoreSeed({ cluster, dumpFile: seed.dumpFile });
  const port = await freePort();
  const server = await startServer({
    root,
    port,
    databaseUrl: cluster.url,
    workDir,
    sessionSecret: seed?.sessionSecret ?? randomBytes(32).toString('hex'),
    inspect: opt.profile,
    env: serverEnv,
    onSpawn: (stop) => cleanups.push(['server', stop]),
  });
  say(`\n[2/6] server up at ${server.base} (pid ${server.pid}, ${elapsed()})`);

  // 3. users ---------------------------------------------------------------------------------------
  let users;
  let seedId;
  let registrationS = null;
  const fundedCents = N.users * FUND_CENTS;
  if (seed) {
    users = seed.users;
    seedId = seed.seedId;
    say(`\n[3/6] ${users.length} users restored from the seed saved ${Math.round(seed.ageMs / 60_000)} min ago`);
    note(
      'each was signed up through POST /api/auth/sign-up/email (session cookie from its set-cookie), activated and funded by an earlier run on this same code; restored with pg_restore and the same SESSION_SECRET (npm run bench -- --fresh signs them up again)',
    );
    const seedBooks = await booksCheck({ databaseUrl: cluster.url, runId: seedId, fundedCents });
    if (!seedBooks.ok || seedBooks.usersCents !== fundedCents) {
      throw new Error(`the restored seed does not hold what was saved: ${JSON.stringify(seedBooks)}`);
    }
    for (const u of [users[0], users[users.length - 1]]) {
      const res = await fetch(`${server.base}/api/wallet`, { headers: { cookie: u.cookie, origin: server.base } });
      if (res.status !== 200) {
        throw new Error(
          `a restored session is refused (${res.status} ${await res.text()}); run npm run bench -- --fresh to sign the users up again`,
        );
      }
    }
    note(
      `books checked: ${seedBooks.unbalancedJournals} unbalanced journals, all entries sum to ${seedBooks.sumOfAllEntries}; sessions accepted`,
    );
  } else {
    seedId = runId;
    say(
      `\n[3/6] signing up ${N.users} users through POST /api/auth/sign-up/email, ${N.concurrency} at a time (${found.reason})…`,
    );
    let tReg = Date.now();
    let lastPrint = 0;
    users = await registerUsers({
      base: server.base,
      runId: seedId,
      count: N.users,
      concurrency: N.concurrency,
      onProgress: (done) => {
        if (process.stdout.isTTY && Date.now() - lastPrint > 1000) {
          lastPrint = Date.now();
          process.stdout.write(`\r  ${done}/${N.users} signed up`);
        } else if (!process.stdout.isTTY && done % Math.max(1, Math.round(N.users / 4)) === 0 && done < N.users) {
          note(`${done}/${N.users} signed up (${elapsed()})`);
        }
      },
    });
    if (process.stdout.isTTY) process.stdout.write('\r');
    registrationS = (Date.now() - tReg) / 1000;
    note(
      `${users.length} signed up in ${fmt(registrationS)} s (${fmt(users.length / registrationS)}/s; each is a scrypt hash, N=16384 r=16)`,
    );
    tReg = Date.now();
    const funded = await activateAndFund({ databaseUrl: cluster.url, runId: seedId, cents: FUND_CENTS });
    if (funded !== users.length) throw new Error(`funded ${funded} users, expected ${users.length}`);
    const seedBooks = await booksCheck({ databaseUrl: cluster.url, runId: seedId, fundedCents });
    if (!seedBooks.ok) throw new Error(`the books do not balance after seeding: ${JSON.stringify(seedBooks)}`);
    note(
      `activated and funded by SQL in ${Date.now() - tReg} ms: one journal external → balance of $${FUND_CENTS / 100} per user; books checked: ${seedBooks.unbalancedJournals} unbalanced journals, all entries sum to ${seedBooks.sumOfAllEntries}`,
    );
    try {
      await saveSeed({ root, key, cluster, meta: { seedId, users, sessionSecret: server.sessionSecret } });
      note('seed saved in .tmp/bench-seed for the next runs on this code (valid 12 h)');
    } catch (err) {
      note(`the seed could not be saved (the next run signs up again): ${err instanceof Error ? err.message : err}`);
    }
  }

  // As pgbench -i vacuums the tables it has loaded, the seeded database is vacuumed and analysed
  // before the phases, restored or fresh alike. Otherwise autovacuum's first pass over the new rows
  // can land in the measured phase, counted as PostgreSQL's CPU, or analyse a table mid-phase (a fresh
  // seed once measured 1,762 transfers/s, the same code restored 2,812).
  const tVacuum = Date.now();
  await query(cluster.url, 'VACUUM ANALYZE');
  note(`VACUUM ANALYZE of the seeded database in ${Date.now() - tVacuum} ms (pgbench -i does the same for its tables)`);

  // 4. transfers -----------------------------------------------------------------------------------
  say(`\n[4/6] POST /api/transfers, random pairs, $0.01–$10.00, ${N.connections} connections`);
  if (N.warmup > 0) {
    const w = await runTransfers({
      base: server.base,
      users,
      connections: N.connections,
      duration: N.warmup,
      runId,
      phase: 'warmup',
      seed: 7,
    });
    note(`warm-up ${N.warmup} s (not counted): ${w.ok2xx} transfers, ${w.non2xx} non-2xx`);
    if (w.ok2xx === 0) throw new Error(`no transfer succeeded in the warm-up: ${JSON.stringify(w.non2xxBreakdown)}`);
  }
  await query(cluster.url, 'CHECKPOINT');
  let prof = null;
  let sampler = null;
  if (opt.profile) {
    const p = await import('./lib/profile.mjs');
    await p.enableStatements(cluster.url);
    sampler = await p.startWaitSampler(cluster.url);
    prof = await p.startCpuProfile(server.logFile);
    cleanups.push(['profiler', () => prof?.close()]);
  }
  let cpuA = cpuSnapshot({ serverPid: server.pid, dataDir: cluster.dataDir });
  let walA = await walSnapshot(cluster.url);
  const load = await runTransfers({
    base: server.base,
    users,
    connections: N.connections,
    duration: N.duration,
    runId,
    phase: 'run',
    seed: 42,
  });
  if (server.exited) throw new Error(`the server exited during the load:\n${server.logTail()}`);
  if (Object.keys(load.statusCodeStats).some((c) => c.startsWith('5'))) {
    note(`5xx responses — the server log ends with:\n${server.logTail()}`);
  }
  load.cpu = cpuBetween(cpuA, cpuSnapshot({ serverPid: server.pid, dataDir: cluster.dataDir }), load.requests);
  load.wal = walBetween(walA, await walSnapshot(cluster.url), load.ok2xx);
  let profile = null;
  if (opt.profile) {
    const p = await import('./lib/profile.mjs');
    const cpuProfile = await prof.stop();
    prof = null;
    const profDir = path.join(root, 'bench', 'results');
    mkdirSync(profDir, { recursive: true });
    const profFile = path.join(profDir, `${runId}-server.cpuprofile`);
    writeFileSync(profFile, JSON.stringify(cpuProfile));
    profile = {
      cpuProfileFile: path.relative(root, profFile),
      server: p.summarizeProfile(cpuProfile),
      waits: await sampler.stop(),
      statements: await p.topStatements(cluster.url),
    };
  }
  note(
    `${fmt(load.transfersPerSec)} transfers/s over ${load.durationS} s; latency p50 ${fmt(load.latencyMs.p50, 2)} ms, p99 ${fmt(load.latencyMs.p99, 2)} ms, max ${fmt(load.latencyMs.max, 1)} ms`,
  );
  note(
    `non-2xx: ${load.non2xx}${
      load.non2xx
        ? ` (${Object.entries(load.non2xxBreakdown)
            .map(([k, v]) => `${k}: ${v}`)
            .join(', ')})`
        : ''
    }; socket errors ${load.socketErrors}, timeouts ${load.timeouts}`,
  );
  note(`CPU: ${formatCpu(load.cpu)}`);
  note(`WAL: ${formatWal(load.wal)}`);

  // 5. pgbench at each client count; the best is the yardstick -------------------------------------
  // TPC-B's throughput depends on its clients as the transfers' does on their connections: on the
  // reference machine 16 clients made more transactions a second than 32 or 64 (1,429-1,491 against
  // 1,259-1,275 and 588-980 tps, each at a scale equal to its clients). So pgbench runs at each count
  // of --pgbench-clients, each at a scale of at least its clients (pgbench's own advice: fewer
  // branches than clients only measures their locks), and the ratio is taken against the best.
  say(
    `\n[5/6] pgbench TPC-B (built-in) on the same cluster, -c ${PG_CLIENTS.join(' and -c ')} -j ${N.pgThreads} -T ${N.duration}, each at a scale of at least its clients; the best is the yardstick`,
  );
  const tpcb = [];
  for (const clients of PG_CLIENTS) {
    const scale = Math.max(N.scale, clients);
    const tInit = Date.now();
    const pgb = await pgbenchInit({ cluster, scale, database: `bench_pgbench_${clients}` });
    const initSeconds = (Date.now() - tInit) / 1000;
    await query(cluster.url, 'CHECKPOINT');
    cpuA = cpuSnapshot({ serverPid: server.pid, dataDir: cluster.dataDir });
    walA = await walSnapshot(cluster.url);
    const run = await pgbenchRun({
      cluster,
      database: pgb.database,
      conn: pgb.conn,
      clients,
      threads: N.pgThreads,
      seconds: N.duration,
    });
    run.scale = scale;
    run.pgb = pgb;
    run.cpu = cpuBetween(cpuA, cpuSnapshot({ serverPid: server.pid, dataDir: cluster.dataDir }), run.transactions ?? 0);
    run.wal = walBetween(walA, await walSnapshot(cluster.url), run.transactions ?? 0);
    note(
      `-c ${clients} -s ${scale} (initialised in ${fmt(initSeconds)} s): ${fmt(run.tps)} tps, latency average ${fmt(run.latencyAvgMs, 3)} ms, ${run.failed} failed`,
    );
    note(`  CPU: ${formatCpu(run.cpu)}`);
    note(`  WAL: ${formatWal(run.wal)}`);
    tpcb.push(run);
  }
  const bench = tpcb.reduce((best, r) => (r.tps > best.tps ? r : best));
  const { pgb } = bench;

  // 6. books and verdict ---------------------------------------------------------------------------
  const books = await booksCheck({ databaseUrl: cluster.url, runId: seedId, fundedCents });
  const ratio = load.transfersPerSec / bench.tps;
  const pass = ratio >= GOAL.minRatio && load.latencyMs.p99 !== null && load.latencyMs.p99 < GOAL.maxP99Ms;
  const after = otherLoad();
  // What the CPU cost per operation allows if nothing else ran: the server is one Node thread (at most
  // one core), everything together at most all cores. A ceiling, not a measurement: waits (locks, WAL
  // flushes) are not in it.
  const ceiling = (c, singleThread) => {
    const total = c.msPerOp.server + c.msPerOp.postgres + c.msPerOp.loadGenerator;
    const all = total > 0 ? (c.cores * 1000) / total : null;
    const one = singleThread && c.msPerOp.server > 0 ? 1000 / c.msPerOp.server : null;
    return Math.round(Math.min(all ?? Infinity, one ?? Infinity));
  };
  const cpuBound = {
    transfersPerSec: ceiling(load.cpu, true),
    tps: ceiling(bench.cpu, false),
  };
  cpuBound.ratio = Math.round((1000 * cpuBound.transfersPerSec) / cpuBound.tps) / 1000;

  say('\n[6/6] results');
  say(
    `  transfers/s        ${fmt(load.transfersPerSec)}   (${load.ok2xx} × 2xx in ${load.durationS} s, ${N.connections} connections)`,
  );
  say(`  latency p50        ${fmt(load.latencyMs.p50, 2)} ms`);
  say(`  latency p99        ${fmt(load.latencyMs.p99, 2)} ms`);
  say(
    `  non-2xx            ${load.non2xx}${load.non2xx ? `  ${JSON.stringify(load.non2xxBreakdown)}` : ''}; socket errors ${load.socketErrors}, timeouts ${load.timeouts}`,
  );
  say(
    `  pgbench tps        ${fmt(bench.tps)}   (TPC-B, the best of ${tpcb.map((r) => `${fmt(r.tps)} at ${r.clients} clients, scale ${r.scale}`).join('; ')})`,
  );
  say(`  ratio              ${fmt(ratio, 3)}   (transfers/s ÷ tps)`);
  say(`  goal               ratio >= ${GOAL.minRatio} and p99 < ${GOAL.maxP99Ms} ms`);
  say(
    `  verdict            ${pass ? 'PASS' : 'FAIL'}${pass ? '' : ` (${[ratio < GOAL.minRatio ? `ratio ${fmt(ratio, 3)} < ${GOAL.minRatio}` : null, !(load.latencyMs.p99 < GOAL.maxP99Ms) ? `p99 ${fmt(load.latencyMs.p99, 1)} ms >= ${GOAL.maxP99Ms} ms` : null].filter(Boolean).join(', ')})`}`,
  );
  say(
    `  books              ${books.ok ? 'BALANCED' : 'NOT BALANCED'}: ${books.unbalancedJournals} journals with a non-zero sum, all entries sum to ${books.sumOfAllEntries}, ${books.negativeUserAccounts} negative accounts, ${books.balancesOffTheirEntries} balances off their entries`,
  );
  say(
    `                     money conserved: ${books.moneyConserved ? 'yes' : 'NO'} — users $${(books.usersCents / 100).toFixed(2)} + fee revenue $${(books.feeRevenueCents / 100).toFixed(2)} = $${((books.usersCents + books.feeRevenueCents) / 100).toFixed(2)} funded $${(fundedCents / 100).toFixed(2)}; ${books.transferJournals} transfer journals, ${books.transferRows} history rows`,
  );
  const serverSettings = Object.entries(serverEnv).map(([k, v]) => `${k}=${v}`);
  say(
    `  group commit       ${books.transferJournals} transfers in ${books.transferCommits} commits: ${fmt(books.transferJournals / Math.max(1, books.transferCommits), 2)} a commit on average, at most ${books.largestTransferCommit} (server: ${serverSettings.join(' ') || 'its defaults'})`,
  );
  say(
    `  note               ${os.cpus().length} cores shared by the server, PostgreSQL and the load generator; load average ${before.loadavg1m} before, ${after.loadavg1m} after; other processes used ${load.cpu.otherProcessesPct}% / ${bench.cpu.otherProcessesPct}% CPU during the two phases`,
  );
  say(
    `  CPU-bound ceiling  ${cpuBound.transfersPerSec} transfers/s, ${cpuBound.tps} tps, ratio ${cpuBound.ratio} (from the CPU each operation cost, were the cores free: an estimate for a busy machine, not a measurement)`,
  );
  if (opt.profile)
    say(
      '  note               --profile: the server ran under the CPU profiler; these figures are not comparable to a plain run',
    );

  const result = {
    runId,
    at: new Date().toISOString(),
    machine: {
      cores: os.cpus().length,
      cpu: os.cpus()[0]?.model,
      memGiB: Math.round(os.totalmem() / 2 ** 30),
      node: process.version,
      loadavg1mBefore: before.loadavg1m,
      loadavg1mAfter: after.loadavg1m,
      shared: 'server, PostgreSQL and load generator share all cores',
    },
    postgres: { version: cluster.version, settings: cluster.settings },
    serverEnv,
    options: N,
    profiled: opt.profile,
    seeding: {
      users: users.length,
      fromSavedSeed: Boolean(seed),
      seedAgeMinutes: seed ? Math.round(seed.ageMs / 60_000) : null,
      signUpSeconds: registrationS,
      signUpsPerSec: registrationS ? users.length / registrationS : null,
      fundedCents,
    },
    transfers: load,
    pgbench: (({ pgb: _, ...best }) => best)(bench),
    pgbenchRuns: tpcb.map(({ pgb: _, output: __, ...r }) => r),
    ratio,
    cpuBoundCeiling: cpuBound,
    goal: GOAL,
    pass,
    books,
    profile,
    totalSeconds: (Date.now() - t0) / 1000,
  };
  if (result.pgbench.output) result.pgbench.output = result.pgbench.output.split('\n');
  if (profile) printProfile(profile);

  if (opt.diagnose) {
    say(
      `\nDiagnostics (${N.connections} connections / ${bench.clients} clients, ${DIAG_SECONDS} s each; not part of the verdict)`,
    );
    const { diagnose } = await import('./lib/diagnose.mjs');
    result.diagnostics = await diagnose({
      cluster,
      server,
      users,
      runId: seedId,
      pgb,
      scale: bench.scale,
      connections: N.connections,
      clients: bench.clients,
      threads: N.pgThreads,
      seconds: DIAG_SECONDS,
      workDir,
      log: note,
      statements: opt.profile,
    });
    result.diagnostics.booksAfter = await booksCheck({
      databaseUrl: cluster.url,
      runId: seedId,
      fundedCents,
      historyRows: false,
    });
    note(
      `books after the replays: ${result.diagnostics.booksAfter.ok ? 'BALANCED' : 'NOT BALANCED'} (${result.diagnostics.booksAfter.unbalancedJournals} journals with a non-zero sum, money conserved: ${result.diagnostics.booksAfter.moneyConserved ? 'yes' : 'NO'})`,
    );
  }

  result.totalSeconds = (Date.now() - t0) / 1000;
  const resultsDir = path.join(root, 'bench', 'results');
  mkdirSync(resultsDir, { recursive: true });
  const file = path.join(resultsDir, `${runId}.json`);
  writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  say(`\n  results written to ${path.relative(root, file)}`);
  if (opt['save-baseline']) {
    writeFileSync(path.join(root, 'bench', 'baseline.json'), `${JSON.stringify(result, null, 2)}\n`);
    say('  and to bench/baseline.json');
  }
  if (!books.ok) throw new Error('the books do not balance after the run');
  if (result.diagnostics && !result.diagnostics.booksAfter.ok)
    throw new Error('the books do not balance after the replays');
  say(`  total ${elapsed()}`);
  return pass;
}

function printProfile(profile) {
  say('\nProfile of the measured phase');
  say(
    `  server CPU (inspector, ${profile.server.busyMs} ms busy, ${profile.server.idleMs} ms idle) — self time by package:`,
  );
  for (const r of profile.server.selfByPackage.slice(0, 12)) say(`    ${String(r.pct).padStart(5)}%  ${r.name}`);
  say('  self time by function:');
  for (const r of profile.server.selfByFunction.slice(0, 15)) say(`    ${String(r.pct).padStart(5)}%  ${r.name}`);
  say('  inclusive time of our code:');
  for (const r of profile.server.inclusiveOurCode.slice(0, 15)) say(`    ${String(r.pct).padStart(5)}%  ${r.name}`);
  say(`  PostgreSQL backends of the app (avg active, ${profile.waits.samples} samples):`);
  for (const [k, v] of Object.entries(profile.waits.avgActiveBackends).slice(0, 10))
    say(`    ${String(v).padStart(6)}  ${k}`);
  say(`  pg_stat_statements (${profile.statements.totals.calls} calls, ${profile.statements.totals.total_ms} ms):`);
  for (const r of profile.statements.top) {
    say(
      `    ${String(r.total_ms).padStart(9)} ms ${String(r.calls).padStart(7)} calls ${String(r.mean_ms).padStart(8)} ms/call  ${r.query}`,
    );
  }
  say(`  full CPU profile: ${profile.cpuProfileFile} (open in Chrome DevTools or speedscope)`);
}

main()
  .then(async (pass) => {
    await cleanup();
    process.exit(pass ? 0 : 1);
  })
  .catch(async (err) => {
    if (aborted) return; // the signal handler reports, cleans up and exits
    process.stderr.write(`\nbench: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    await cleanup();
    process.exit(2);
  });
