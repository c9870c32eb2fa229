// `npm run bench -- nodes`: Meridian on several app nodes sharing one PostgreSQL (issue 12).
//
// 1. a throwaway PostgreSQL cluster re-configured like a small real server, durability ON
//    (lib/cluster.mjs), and a real SMTP server on 127.0.0.1 (lib/smtp-sink.mjs);
// 2. app node 1 (lib/server.mjs); every node gets the same DATABASE_URL, SESSION_SECRET and PUBLIC_URL
//    (node 1's address, standing in for a load balancer's), its own port, SMTP_URL to the sink and its
//    jobs' timers on (ACCRUAL_INTERVAL_MS, EMAIL_DISPATCH_INTERVAL_MS = --job-interval-ms);
// 3. the users of `npm run bench` (signed up once, funded; the same saved seed, lib/seed-cache.mjs);
// 4. with 1, then 2, then 3 nodes running: the transfer load of bench/transfers.mjs on every node at once
//    (one autocannon per node, --connections split between them), transfers/s in total and per node,
//    p50/p99, non-2xx by code, CPU per party and per node; meanwhile WebSockets on node 1 for both
//    parties of transfers posted through the other nodes (lib/realtime-probe.mjs): every event counted,
//    its latency from the POST's answer;
// 5. with every node running: investments made through the nodes and moved a day back, so one day of
//    each is due on every node's accrual timer at once — each investment-day must get exactly one
//    profit journal; then --emails messages queued in the outbox with every node's dispatcher running —
//    each must reach the SMTP server exactly once (lib/jobs-once.mjs);
// 6. the books checked, the goals with PASS/FAIL, the load average; JSON in bench/results/.
// Options: --users N (1000)  --nodes N (3)  --connections N (16, in all)  --duration S (20)  --warmup S (5)
//          --pairs N (4, realtime pairs)  --invest-per-user N (2)  --emails N (500)  --job-interval-ms N (250)
//          --concurrency N (8)  --time-limit S (1500)  --fresh
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { freePort } from '../scripts/pg-cluster.mjs';
import { booksCheck } from './lib/books.mjs';
import { benchSettings, query, startBenchCluster } from './lib/cluster.mjs';
import { cpuBetween, cpuSnapshot, formatCpu } from './lib/cpu.mjs';
import { accrualOnce, emailsOnce, queueEmails, seedDueInvestments } from './lib/jobs-once.mjs';
import { lifecycle } from './lib/lifecycle.mjs';
import { poolRuns, runTransfers } from './lib/load.mjs';
import { printStep, printSummary, verdict } from './lib/nodes-report.mjs';
import { runRealtimeProbe } from './lib/realtime-probe.mjs';
import { activateAndFund, registerUsers } from './lib/seed.mjs';
import { findSeed, restoreSeed, saveSeed, seedKey } from './lib/seed-cache.mjs';
import { startServer } from './lib/server.mjs';
import { startSmtpSink } from './lib/smtp-sink.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const FUND_CENTS = 1_000_000; // as bench/transfers.mjs, so both share a saved seed
const JOB_TIMEOUT_MS = 300_000;

const { values: opt } = parseArgs({
  options: {
    users: { type: 'string', default: '1000' },
    nodes: { type: 'string', default: '3' },
    connections: { type: 'string', default: '16' },
    duration: { type: 'string', default: '20' },
    warmup: { type: 'string', default: '5' },
    pairs: { type: 'string', default: '4' },
    'invest-per-user': { type: 'string', default: '2' },
    emails: { type: 'string', default: '500' },
    'job-interval-ms': { type: 'string', default: '250' },
    concurrency: { type: 'string', default: '8' },
    'time-limit': { type: 'string', default: '1500' },
    fresh: { type: 'boolean', default: false },
  },
});
const N = Object.fromEntries(
  Object.entries(opt)
    .filter(([k]) => k !== 'fresh')
    .map(([k, v]) => [k, Number(v)]),
);
const bad = Object.entries(N).find(([k, v]) => !Number.isInteger(v) || v < (k === 'warmup' ? 0 : 1));
const problem = bad
  ? `--${bad[0]} must be a ${bad[0] === 'warmup' ? 'non-negative' : 'positive'} integer`
  : N.users < 2 * N.pairs + 2
    ? `--users must be at least ${2 * N.pairs + 2} (the realtime pairs plus two for the load)`
    : N['invest-per-user'] > 3
      ? '--invest-per-user is at most 3 (the plans a funded user can afford)'
      : N.connections < N.nodes
        ? '--connections must be at least --nodes'
        : null;
if (problem) {
  process.stderr.write(`bench nodes: ${problem}\n`);
  process.exit(2);
}

const say = (line = '') => process.stdout.write(`${line}\n`);
const note = (line) => say(`  ${line}`);
const fmt = (n, digits = 1) => (n === null || n === undefined ? 'n/a' : Number(n).toFixed(digits));
const loadavg = () => os.loadavg().map((v) => Math.round(v * 100) / 100);
const t0 = Date.now();
const elapsed = () => `${((Date.now() - t0) / 1000).toFixed(1)} s`;
const life = lifecycle({ name: 'bench nodes', timeLimitS: N['time-limit'] });

async function main() {
  const runId = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*/, '').replace('T', '-');
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'meridian-bench-nodes-'));
  life.onStop('work directory', () => rmSync(workDir, { recursive: true, force: true }));
  const loadBefore = loadavg();
  const cores = os.cpus().length;
  say(`Meridian on ${N.nodes} app nodes sharing one PostgreSQL (${runId})`);
  note(`machine: ${cores} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB RAM, Node ${process.version}`);
  note(`load average before: ${loadBefore.join(', ')} (1, 5, 15 min)`);
  note(
    `the nodes, PostgreSQL and the load generator all share these ${cores} cores: more nodes cannot add throughput here; the point is that the work spreads over them and stays correct`,
  );

  // 1. PostgreSQL and the SMTP server ---------------------------------------------------------------
  const sink = await startSmtpSink();
  life.onStop('SMTP server', () => sink.close());
  const cluster = await life.track(
    startBenchCluster(benchSettings({ profile: false }), { onStarted: (stop) => life.onStop('PostgreSQL', stop) }),
  );
  say(`\n[1/6] PostgreSQL ${cluster.version} on 127.0.0.1:${cluster.port}, durability on; SMTP server at ${sink.url}`);

  // 2. node 1 (on a restored seed when one fits) ------------------------------------------------------
  const key = seedKey({ root, users: N.users, fundCents: FUND_CENTS });
  const found = opt.fresh ? { seed: null, reason: '--fresh' } : findSeed({ root, key });
  if (found.seed) await restoreSeed({ cluster, dumpFile: found.seed.dumpFile });
  const ports = [];
  for (let i = 0; i < N.nodes; i++) ports.push(await freePort());
  const publicUrl = `http://127.0.0.1:${ports[0]}`;
  const sessionSecret = found.seed?.sessionSecret ?? randomBytes(32).toString('hex');
  const interval = String(N['job-interval-ms']);
  const nodeEnv = {
    PUBLIC_URL: publicUrl,
    SMTP_URL: sink.url,
    ACCRUAL_INTERVAL_MS: interval,
    EMAIL_DISPATCH_INTERVAL_MS: interval,
  };
  const nodes = [];
  const startNode = async (i) => {
    const server = await life.track(
      startServer({
        root,
        port: ports[i],
        databaseUrl: cluster.url,
        workDir: path.join(workDir, `node-${i + 1}`),
        sessionSecret,
        env: nodeEnv,
        onSpawn: (stop) => life.onStop(`node ${i + 1}`, stop),
      }),
    );
    nodes.push(server);
    return server;
  };
  const first = await startNode(0);
  say(`\n[2/6] node 1 up at ${first.base} (pid ${first.pid}, ${elapsed()})`);
  note(
    `every node: the same DATABASE_URL, SESSION_SECRET and PUBLIC_URL=${publicUrl}; timers ACCRUAL_INTERVAL_MS=${interval}, EMAIL_DISPATCH_INTERVAL_MS=${interval}; SMTP_URL=${sink.url}`,
  );

  // 3. users -----------------------------------------------------------------------------------------
  const { users, seedId } = await seedUsers({ found, cluster, first, runId, key });
  const fundedCents = users.length * FUND_CENTS;
  const probeUsers = users.slice(users.length - 2 * N.pairs);
  const loadUsers = users.slice(0, users.length - 2 * N.pairs);
  const pairs = Array.from({ length: N.pairs }, (_, p) => [2 * p, 2 * p + 1]);

  // 4. load and realtime per node count --------------------------------------------------------------
  const steps = [];
  for (let k = 1; k <= N.nodes; k++) {
    if (k > 1) {
      const s = await startNode(k - 1);
      say(`\n  node ${k} up at ${s.base} (pid ${s.pid}, ${elapsed()})`);
    }
    const running = nodes.slice(0, k);
    const split = running.map((_, i) => Math.floor(N.connections / k) + (i < N.connections % k ? 1 : 0));
    say(
      `\n[4/6] ${k} node${k > 1 ? 's' : ''}: POST /api/transfers on every node at once (${split.join(' + ')} connections), ${N.duration} s after a ${N.warmup} s warm-up`,
    );
    const drive = (duration, phase, keepLatencies) =>
      Promise.all(
        running.map((s, i) =>
          runTransfers({
            base: s.base,
            origin: publicUrl,
            users: loadUsers,
            connections: split[i],
            duration,
            runId,
            phase: `n${k}-node${i + 1}-${phase}`,
            seed: 1000 * k + i + (keepLatencies ? 0 : 500),
            keepLatencies,
          }),
        ),
      );
    if (N.warmup > 0) await drive(N.warmup, 'warmup', false);
    await query(cluster.url, 'CHECKPOINT');
    const pids = running.map((s) => s.pid);
    const cpuA = cpuSnapshot({ serverPids: pids, dataDir: cluster.dataDir });
    const postBases = k === 1 ? [first.base] : running.slice(1).map((s) => s.base);
    const [loads, realtime] = await Promise.all([
      drive(N.duration, 'run', true),
      runRealtimeProbe({
        socketBase: first.base,
        origin: publicUrl,
        users: probeUsers,
        pairs,
        postBases,
        durationMs: N.duration * 1000,
        runId,
        phase: `n${k}`,
      }),
    ]);
    const step = { nodes: k, ...poolRuns(loads) };
    step.cpu = cpuBetween(cpuA, cpuSnapshot({ serverPids: pids, dataDir: cluster.dataDir }), step.requests);
    step.realtime = { socketsOn: 1, postedThrough: k === 1 ? [1] : running.slice(1).map((_, i) => i + 2), ...realtime };
    steps.push(step);
    printStep(step);
    const dead = running.findIndex((s) => s.exited);
    if (dead >= 0) throw new Error(`node ${dead + 1} exited during the load:\n${running[dead].logTail()}`);
  }

  // 5. jobs once across every node ---------------------------------------------------------------------
  const settleMs = 4 * N['job-interval-ms'] + 1_000;
  const bases = nodes.map((s) => s.base);
  say(`\n[5/6] jobs with all ${nodes.length} nodes' timers running (every ${interval} ms)`);
  const ids = await seedDueInvestments({
    databaseUrl: cluster.url,
    bases,
    origin: publicUrl,
    users: loadUsers,
    perUser: N['invest-per-user'],
    runId,
    concurrency: N.concurrency,
  });
  const allPids = { serverPids: nodes.map((s) => s.pid), dataDir: cluster.dataDir };
  const cpuJobs = cpuSnapshot(allPids);
  let cpuBooked = null;
  const accrual = await accrualOnce({
    databaseUrl: cluster.url,
    ids,
    timeoutMs: JOB_TIMEOUT_MS,
    settleMs,
    onBooked: () => {
      cpuBooked = cpuSnapshot(allPids);
    },
  });
  accrual.cpu = cpuBetween(cpuJobs, cpuBooked ?? cpuSnapshot(allPids));
  accrual.ok = accrual.seconds !== null && accrual.missing === 0 && accrual.doubled === 0 && accrual.notAdvanced === 0;
  note(
    `accrual: ${ids.length} investments made through the nodes in turn and moved a day back in one statement; all booked in ${fmt(accrual.seconds, 2)} s`,
  );
  note(
    `  ${accrual.daysOwed} investment-days owed a journal: ${accrual.bookedOnce} booked once, ${accrual.missing} missing, ${accrual.doubled} extra profit credits (a day paid twice); ${accrual.journals} journals; ${accrual.notAdvanced} investments not at day 1, ${accrual.profitOff} with another profit`,
  );
  const perNode = accrual.cpu.perServerPct ? `; per node ${accrual.cpu.perServerPct.join('%, ')}%` : '';
  note(`  CPU until all were booked: ${formatCpu(accrual.cpu)}${perNode}`);
  const addresses = await queueEmails({ databaseUrl: cluster.url, count: N.emails, runId });
  const email = await emailsOnce({ databaseUrl: cluster.url, sink, addresses, timeoutMs: JOB_TIMEOUT_MS, settleMs });
  email.ok = email.seconds !== null && email.missing === 0 && email.duplicated === 0;
  note(
    `e-mail: ${email.queued} messages queued at once; all at the SMTP server in ${fmt(email.seconds, 2)} s: ${email.deliveredOnce} once, ${email.missing} missing, ${email.duplicated} more than once (${email.extraCopies} extra copies); outbox ${JSON.stringify(email.outboxStatus)}`,
  );

  // 6. books and verdict -------------------------------------------------------------------------------
  const books = await booksCheck({
    databaseUrl: cluster.url,
    runId: seedId,
    fundedCents: fundedCents + accrual.profitPaidCents,
  });
  const loadAfter = loadavg();
  const goals = {
    loadCorrect: steps.every((s) => s.errors5xx === 0 && s.socketErrors === 0 && s.timeouts === 0),
    eventsDelivered: steps.every((s) => s.realtime.transfers > 0 && s.realtime.missing === 0),
    accrualOnce: accrual.ok,
    emailOnce: email.ok,
    books: books.ok,
  };
  const pass = Object.values(goals).every(Boolean);
  printSummary({ steps, goals, books, accrual, loadBefore, loadAfter, fundedCents });
  say(`  verdict            ${verdict(pass)}`);

  const result = {
    runId,
    at: new Date().toISOString(),
    machine: { cores, node: process.version, loadavgBefore: loadBefore, loadavgAfter: loadAfter },
    postgres: { version: cluster.version, settings: cluster.settings },
    options: N,
    nodeEnv: { ...nodeEnv, SMTP_URL: 'smtp://127.0.0.1 (the sink)' },
    seeding: { users: users.length, fromSavedSeed: Boolean(found.seed), realtimeUsers: probeUsers.length },
    steps,
    accrual,
    email,
    books,
    goals,
    pass,
    totalSeconds: (Date.now() - t0) / 1000,
  };
  const dir = path.join(root, 'bench', 'results');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `nodes-${runId}.json`);
  writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  say(`\n  results written to ${path.relative(root, file)}; total ${elapsed()}`);
  return pass;
}

/** The users of `npm run bench`: restored from its saved seed, or signed up through node 1 and saved. */
async function seedUsers({ found, cluster, first, runId, key }) {
  const fundedCents = N.users * FUND_CENTS;
  if (found.seed) {
    const books = await booksCheck({ databaseUrl: cluster.url, runId: found.seed.seedId, fundedCents });
    if (!books.ok) throw new Error(`the restored seed does not balance: ${JSON.stringify(books)}`);
    const res = await fetch(`${first.base}/api/wallet`, { headers: { cookie: found.seed.users[0].cookie } });
    if (res.status !== 200) throw new Error(`a restored session is refused (${res.status}); run with --fresh`);
    say(
      `\n[3/6] ${found.seed.users.length} users restored from the seed saved ${Math.round(found.seed.ageMs / 60_000)} min ago`,
    );
    return { users: found.seed.users, seedId: found.seed.seedId };
  }
  say(`\n[3/6] signing up ${N.users} users through node 1, ${N.concurrency} at a time (${found.reason})…`);
  const users = await registerUsers({ base: first.base, runId, count: N.users, concurrency: N.concurrency });
  const funded = await activateAndFund({ databaseUrl: cluster.url, runId, cents: FUND_CENTS });
  if (funded !== users.length) throw new Error(`funded ${funded} users, expected ${users.length}`);
  const books = await booksCheck({ databaseUrl: cluster.url, runId, fundedCents });
  if (!books.ok) throw new Error(`the books do not balance after seeding: ${JSON.stringify(books)}`);
  note(`${users.length} signed up, activated and funded ($${FUND_CENTS / 100} each) by ${elapsed()}`);
  try {
    await saveSeed({ root, key, cluster, meta: { seedId: runId, users, sessionSecret: first.sessionSecret } });
    note('seed saved in .tmp/bench-seed (shared with npm run bench; valid 12 h)');
  } catch (err) {
    note(`the seed could not be saved: ${err instanceof Error ? err.message : err}`);
  }
  return { users, seedId: runId };
}

life.run(main);
