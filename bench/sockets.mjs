// `npm run bench -- sockets`: realtime at size (issue 12).
//
// 1. a throwaway PostgreSQL cluster (bench/lib/cluster.mjs), durability on;
// 2. the real server (bench/lib/server.mjs) with an inspector on loopback, through which the bench
//    forces a garbage collection before reading the heap, and watches the server's event-loop delay;
// 3. N users (10,000) written by SQL with one session each, their cookies signed with the server's
//    secret as Better Auth signs them (bench/lib/seed-sql.mjs; signing up would cost a scrypt hash
//    each), activated and funded through ledger_book; a few cookies checked with GET /api/me;
// 4. one WebSocket per user on GET /api/realtime, opened from separate client processes
//    (bench/lib/socket-clients.mjs, 5,000 sockets each): the time to open them all, and the server's
//    memory (VmRSS, and V8's heap after a forced collection) before and after, per socket;
// 5. POST /api/transfers between random pairs at a steady rate (open loop: each sent at its time,
//    whatever the answers do), each with the sender's cookie, Origin and its own Idempotency-Key;
//    for every transfer, from its send and from its answer to the event reaching the sender's and
//    the recipient's socket: every event must arrive; p50/p95/p99. Goal: p99 < 100 ms from the
//    answer until both parties have it;
// 6. the server's heartbeats as the clients saw them, the books checked, JSON to bench/results/.
// Options: --sockets N (10000) --rate R (100 transfers/s) --duration S (20) --open-concurrency N (100
//          handshakes in flight per client process) --per-process N (5000) --idle S (22: a heartbeat
//          falls in it) --time-limit S (900) --profile (the server's CPU profile while idle and under load)
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { freePort } from '../scripts/pg-cluster.mjs';
import { booksCheck } from './lib/books.mjs';
import { runCleanups } from './lib/cleanups.mjs';
import { benchSettings, startBenchCluster } from './lib/cluster.mjs';
import { cpuBetween, cpuSnapshot, formatCpu } from './lib/cpu.mjs';
import { now, pacedTransfers } from './lib/paced-transfers.mjs';
import { activateAndFund } from './lib/seed.mjs';
import { seedSignedInUsers } from './lib/seed-sql.mjs';
import { startServer } from './lib/server.mjs';
import { serverProbe } from './lib/server-probe.mjs';
import { heartbeats, latencies, matchEvents, startFleet, summary } from './lib/socket-fleet.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const GOAL_P99_MS = 100;
const FUND_CENTS = 1_000_000;
const DRAIN_MS = 10_000;

const { values: opt } = parseArgs({
  options: {
    sockets: { type: 'string', default: '10000' },
    rate: { type: 'string', default: '100' },
    duration: { type: 'string', default: '20' },
    'open-concurrency': { type: 'string', default: '100' },
    'per-process': { type: 'string', default: '5000' },
    idle: { type: 'string', default: '22' },
    'time-limit': { type: 'string', default: '900' },
    profile: { type: 'boolean', default: false },
  },
});
const N = Object.fromEntries(
  Object.entries(opt)
    .filter(([k]) => k !== 'profile')
    .map(([k, v]) => [k, Number(v)]),
);
for (const [k, v] of Object.entries(N)) {
  if (!Number.isInteger(v) || v < 1) {
    process.stderr.write(`bench:sockets: --${k} must be a positive integer\n`);
    process.exit(2);
  }
}
if (N.sockets < 2) {
  process.stderr.write('bench:sockets: --sockets must be at least 2 (a transfer needs two users)\n');
  process.exit(2);
}

const say = (line = '') => process.stdout.write(`${line}\n`);
const note = (line) => say(`  ${line}`);
const mb = (bytes) => `${(bytes / 2 ** 20).toFixed(1)} MB`;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const loadavg = () => os.loadavg().map((v) => Math.round(v * 100) / 100);
const fmtBeats = (h) =>
  `${h.pings} pings in ${h.bursts} bursts, the largest ${h.largestBurst} pings, the longest ${h.longestBurstMs} ms from first to last`;
const fmtLat = (s) => `p50 ${s.p50} ms, p95 ${s.p95} ms, p99 ${s.p99} ms, max ${s.max} ms (${s.count})`;

const cleanups = [];
let cleaning = null;
function cleanup() {
  cleaning ??= runCleanups(cleanups);
  return cleaning;
}
const bail = (reason, code) => {
  process.stderr.write(`\nbench:sockets: ${reason}; stopping everything…\n`);
  void cleanup().then(() => process.exit(code));
};
for (const [signal, code] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
  ['SIGHUP', 129],
])
  process.on(signal, () => bail(signal, code));
setTimeout(() => bail(`time limit of ${N['time-limit']} s reached`, 124), N['time-limit'] * 1000).unref();

async function main() {
  const runId = `s${new Date().toISOString().replace(/[-:]/g, '').replace(/\..*/, '').replace('T', '')}`;
  const loadBefore = loadavg();
  say(`Meridian realtime at size: ${N.sockets} sockets, ${N.rate} transfers/s for ${N.duration} s (${runId})`);
  note(`machine: ${os.cpus().length} cores, Node ${process.version}; load average ${loadBefore.join(' ')}`);
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'meridian-sockets-'));
  cleanups.push(['work directory', () => rmSync(workDir, { recursive: true, force: true })]);

  const cluster = await startBenchCluster(benchSettings({ profile: false }), {
    onStarted: (stop) => cleanups.push(['PostgreSQL cluster', stop]),
  });
  say(`\n[1/7] PostgreSQL ${cluster.version} on 127.0.0.1:${cluster.port} (throwaway cluster, durability on)`);

  const server = await startServer({
    root,
    port: await freePort(),
    databaseUrl: cluster.url,
    workDir,
    sessionSecret: randomBytes(32).toString('hex'),
    inspect: true,
    onSpawn: (stop) => cleanups.push(['server', stop]),
  });
  const probe = await serverProbe(server);
  cleanups.push(['inspector', () => probe.close()]);
  say(`\n[2/7] server up at ${server.base} (pid ${server.pid}, inspector on loopback)`);

  let t = now();
  const users = await seedSignedInUsers({
    databaseUrl: cluster.url,
    runId,
    count: N.sockets,
    secret: server.sessionSecret,
  });
  const funded = await activateAndFund({ databaseUrl: cluster.url, runId, cents: FUND_CENTS });
  if (funded !== N.sockets) throw new Error(`funded ${funded} users, expected ${N.sockets}`);
  const fundedCents = N.sockets * FUND_CENTS;
  const seedBooks = await booksCheck({ databaseUrl: cluster.url, runId, fundedCents });
  if (!seedBooks.ok) throw new Error(`the books do not balance after seeding: ${JSON.stringify(seedBooks)}`);
  for (const i of [0, Math.floor(N.sockets / 2), N.sockets - 1]) {
    const res = await fetch(`${server.base}/api/me`, { headers: { cookie: users[i].cookie, origin: server.base } });
    const body = await res.text();
    if (res.status !== 200 || JSON.parse(body).id !== users[i].id)
      throw new Error(`a seeded cookie is refused by GET /api/me: ${res.status} ${body.slice(0, 200)}`);
  }
  say(`\n[3/7] ${N.sockets} users, sessions and signed cookies written by SQL in ${((now() - t) / 1000).toFixed(1)} s`);
  note(
    `activated and funded ($${FUND_CENTS / 100} each) through ledger_book; books balanced; GET /api/me accepts the cookies`,
  );

  const fleet = await startFleet(Math.ceil(N.sockets / N['per-process']));
  cleanups.push(['client processes', () => fleet.stop()]);
  const clockNote = fleet.clocks.map((c) => `${c.offsetMs.toFixed(2)} ms ±${(c.rttMs / 2).toFixed(2)}`).join(', ');
  const memBefore = await probe.memory();
  const pids = { serverPid: server.pid, dataDir: cluster.dataDir, loadPids: fleet.pids };
  let cpuA = cpuSnapshot(pids);
  const opening = await fleet.open({
    url: `${server.base.replace(/^http/, 'ws')}/api/realtime`,
    origin: server.base,
    users,
    concurrency: N['open-concurrency'],
  });
  const openCpu = cpuBetween(cpuA, cpuSnapshot(pids), opening.opened);
  const openLoop = await probe.loopDelay();
  if (opening.failed > 0)
    throw new Error(`${opening.failed} sockets did not open: ${JSON.stringify(opening.failures)}`);
  await sleep(2_000); // the handshakes' garbage and buffers, before the heap is read after a collection
  const memAfter = await probe.memory();
  const perSocket = {
    vmRss: (memAfter.vmRss - memBefore.vmRss) / opening.opened,
    heapUsed: (memAfter.heapUsed - memBefore.heapUsed) / opening.opened,
    external: (memAfter.external - memBefore.external) / opening.opened,
  };
  say(
    `\n[4/7] ${opening.opened} sockets open in ${(opening.wallMs / 1000).toFixed(2)} s (${Math.round((1000 * opening.opened) / opening.wallMs)}/s) from ${fleet.pids.length} client processes, ${N['open-concurrency']} handshakes in flight each`,
  );
  note(`handshake: ${fmtLat(opening.handshakeMs)}; clock offsets of the client processes ${clockNote}`);
  note(`server event-loop delay while opening: p99 ${openLoop.p99} ms, max ${openLoop.max} ms`);
  note(`CPU while opening: ${formatCpu(openCpu)}`);
  note(
    `server memory: VmRSS ${mb(memBefore.vmRss)} → ${mb(memAfter.vmRss)}, heapUsed ${mb(memBefore.heapUsed)} → ${mb(memAfter.heapUsed)} (after a forced GC), external ${mb(memBefore.external)} → ${mb(memAfter.external)}`,
  );
  note(
    `per socket: VmRSS ${kb(perSocket.vmRss)}, heapUsed ${kb(perSocket.heapUsed)}, external ${kb(perSocket.external)}`,
  );

  // Idle with every socket open for longer than a heartbeat (REALTIME.heartbeatMs, 20 s): what holding
  // them costs the server when nothing happens.
  await probe.loopDelay();
  if (opt.profile) await probe.startProfile();
  cpuA = cpuSnapshot(pids);
  const idleFrom = now();
  await sleep(N.idle * 1000);
  const idleCpu = cpuBetween(cpuA, cpuSnapshot(pids));
  const idleLoop = await probe.loopDelay();
  const idleProfile = opt.profile ? await probe.stopProfile() : null;
  const idleBeats = heartbeats((await fleet.report()).pings.filter((at) => at >= idleFrom));
  const serverCpuMs = (c) => Math.round((c.serverPct * (N.idle * 1000)) / 100);
  say(`\n[5/7] idle for ${N.idle} s with ${opening.opened} sockets open`);
  note(
    `server CPU ${idleCpu.serverPct}% (${serverCpuMs(idleCpu)} ms), PostgreSQL ${idleCpu.postgresPct}%; event-loop delay p99 ${idleLoop.p99} ms, max ${idleLoop.max} ms`,
  );
  note(`heartbeat: ${fmtBeats(idleBeats)}`);
  if (idleProfile) printProfile(idleProfile);

  const heardBefore = await fleet.heardCount();
  if (opt.profile) await probe.startProfile();
  await probe.loopDelay();
  cpuA = cpuSnapshot(pids);
  t = now();
  const transfers = await pacedTransfers({
    base: server.base,
    users,
    rate: N.rate,
    seconds: N.duration,
    keyPrefix: `sockets-${runId}`,
  });
  const postSeconds = (now() - t) / 1000;
  const ok = transfers.filter((x) => x.ok).length;
  const deadline = now() + DRAIN_MS;
  while ((await fleet.heardCount()) - heardBefore < 2 * ok && now() < deadline) await sleep(50);
  const loadCpu = cpuBetween(cpuA, cpuSnapshot(pids), transfers.length);
  const loadLoop = await probe.loopDelay();
  const loadProfile = opt.profile ? await probe.stopProfile() : null;
  const report = await fleet.report();
  const isTransferEvent = (text) => text === JSON.stringify({ type: 'changed', topics: ['wallet', 'transactions'] });
  const matched = matchEvents(transfers, report.heard, isTransferEvent);
  const lat = latencies(transfers);
  const failedPosts = transfers.filter((x) => !x.ok);
  const beats = heartbeats(report.pings.filter((at) => at >= t));
  const loadDuring = loadavg();
  say(
    `\n[6/7] ${transfers.length} transfers posted in ${postSeconds.toFixed(1)} s (${(transfers.length / postSeconds).toFixed(1)}/s), ${ok} answered 201`,
  );
  if (failedPosts.length) note(`not 201: ${failedPosts.length}, e.g. ${failedPosts[0].status} ${failedPosts[0].body}`);
  note(
    `answer: ${fmtLat(
      summary(
        transfers
          .filter((x) => x.ok)
          .map((x) => x.answerAt - x.sendAt)
          .sort((a, b) => a - b),
      ),
    )}`,
  );
  note(
    `events: ${2 * ok - matched.missing}/${2 * ok} arrived, ${matched.missing} missing, ${matched.unexpected} unexpected, ${matched.otherEvents} other messages; ${matched.overlapping} arrivals paired among a user's overlapping transfers; ${report.closedLater.length} sockets closed meanwhile`,
  );
  note(`from the answer to the sender:     ${fmtLat(lat.fromAnswer.sender)}`);
  note(`from the answer to the recipient:  ${fmtLat(lat.fromAnswer.recipient)}`);
  note(`from the answer to both:           ${fmtLat(lat.fromAnswer.both)}`);
  note(`from the send to both:             ${fmtLat(lat.fromSend.both)}`);
  note(`(${lat.beforeAnswer} of ${2 * lat.transfers} events arrived before the POST's answer: negative figures)`);
  note(`server event-loop delay meanwhile: p99 ${loadLoop.p99} ms, max ${loadLoop.max} ms`);
  note(`CPU: ${formatCpu(loadCpu)}`);
  note(`heartbeat meanwhile: ${fmtBeats(beats)}`);
  if (loadProfile) printProfile(loadProfile);

  const books = await booksCheck({ databaseUrl: cluster.url, runId, fundedCents });
  const allArrived = matched.missing === 0 && failedPosts.length === 0 && report.closedLater.length === 0;
  const p99 = lat.fromAnswer.both.p99;
  const pass = allArrived && p99 !== null && p99 < GOAL_P99_MS && books.ok;
  say('\n[7/7] results');
  say(
    `  sockets            ${opening.opened} open in ${(opening.wallMs / 1000).toFixed(2)} s; server memory per socket VmRSS ${kb(perSocket.vmRss)}, heapUsed ${kb(perSocket.heapUsed)}`,
  );
  say(
    `  transfer → both    p50 ${lat.fromAnswer.both.p50} ms, p95 ${lat.fromAnswer.both.p95} ms, p99 ${p99} ms after the answer (p99 ${lat.fromSend.both.p99} ms after the send)`,
  );
  say(`  events             ${2 * ok - matched.missing}/${2 * transfers.length} arrived`);
  say(
    `  goal               every event arrives, p99 < ${GOAL_P99_MS} ms from the POST's answer to both parties' sockets`,
  );
  say(`  verdict            ${pass ? 'PASS' : 'FAIL'}`);
  say(
    `  books              ${books.ok ? 'BALANCED' : 'NOT BALANCED'}: ${books.unbalancedJournals} journals with a non-zero sum, all entries sum to ${books.sumOfAllEntries}, ${books.negativeUserAccounts} negative accounts, ${books.balancesOffTheirEntries} balances off their entries, money conserved: ${books.moneyConserved ? 'yes' : 'NO'}; ${books.transferJournals} transfer journals`,
  );
  say(
    `  load average       ${loadBefore.join(' ')} before, ${loadDuring.join(' ')} after the transfers (${os.cpus().length} cores shared with the server, PostgreSQL and the clients)`,
  );

  const resultsDir = path.join(root, 'bench', 'results');
  mkdirSync(resultsDir, { recursive: true });
  const file = path.join(resultsDir, `sockets-${runId}.json`);
  const result = {
    bench: 'sockets',
    runId,
    at: new Date().toISOString(),
    options: N,
    machine: { cores: os.cpus().length, node: process.version, loadavgBefore: loadBefore, loadavgAfter: loadDuring },
    postgres: { version: cluster.version, settings: cluster.settings },
    clocks: fleet.clocks,
    opening: { ...opening, cpu: openCpu, serverLoopDelayMs: openLoop },
    idle: { seconds: N.idle, cpu: idleCpu, serverLoopDelayMs: idleLoop, heartbeats: idleBeats, profile: idleProfile },
    memory: { before: memBefore, after: memAfter, perSocket },
    transfers: {
      posted: transfers.length,
      ok,
      postSeconds,
      failed: failedPosts.slice(0, 20),
      matched,
      latencyMs: lat,
      cpu: loadCpu,
      serverLoopDelayMs: loadLoop,
      heartbeats: beats,
      profile: loadProfile,
      closedLater: report.closedLater.slice(0, 20),
    },
    goal: { p99Ms: GOAL_P99_MS, measure: 'POST answer to both parties, every event arriving' },
    pass,
    books,
  };
  writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  say(`\n  results written to ${path.relative(root, file)}`);
  return pass;
}

function printProfile(p) {
  note(`server CPU profile: ${p.busyMs} ms busy, ${p.idleMs} ms idle; self time by function:`);
  for (const r of p.selfByFunction) note(`  ${String(r.ms).padStart(6)} ms  ${r.name}`);
  note('inclusive time of our code:');
  for (const r of p.inclusiveOurCode) note(`  ${String(r.ms).padStart(6)} ms  ${r.name}`);
}

main()
  .then(async (pass) => {
    await cleanup();
    process.exit(pass ? 0 : 1);
  })
  .catch(async (err) => {
    process.stderr.write(`\nbench:sockets: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    await cleanup();
    process.exit(2);
  });
