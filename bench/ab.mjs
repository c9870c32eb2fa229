// `npm run bench -- ab`: two versions of the server under the transfer load, in turns, on one machine
// in one sitting, so that a change can be told from the weather.
//
// On the reference machine (2 shared cores) the same code measured 1,100 to 1,700 transfers/s in runs
// minutes apart, and even its CPU per transfer moved by a third: a before/after pair of `npm run bench`
// runs cannot show a 10% change. Here both versions run at once, each on its own database of one
// cluster, and the load goes to one and then the other in short slices (A B B A A B …), so a slow
// minute of the host falls on both.
//
// 1. A is a git ref (--base, HEAD by default), checked out as a worktree under .tmp/ab/; B is the
//    working tree as it is (uncommitted changes included). --env-a / --env-b give either side its own
//    server settings (the same code twice, then, compares two settings).
// 2. One throwaway cluster with the transfer benchmark's settings (durability on) and two databases;
//    each server migrates its own, so a change to the SQL is compared too.
// 3. In each database the same number of users, sessions and signed cookies written by SQL
//    (lib/seed-sql.mjs: no scrypt sign-ups), activated and funded through ledger_book.
// 4. A warm-up of each, VACUUM ANALYZE, CHECKPOINT; then --pairs pairs of --slice seconds of the
//    transfer load (lib/load.mjs: random pairs, each request with its own Idempotency-Key) on one
//    server at a time, the order of each pair alternating.
// 5. Per slice: transfers/s, p99, CPU per transfer of the server and PostgreSQL; then B against A pair
//    by pair (median, min, max), and the books of both databases checked.
// Exit code 0, or 2 on an error (there is no goal: it measures a difference).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { freePort } from '../scripts/pg-cluster.mjs';
import { booksCheck } from './lib/books.mjs';
import { benchSettings, query, startBenchCluster } from './lib/cluster.mjs';
import { cpuBetween, cpuSnapshot } from './lib/cpu.mjs';
import { lifecycle } from './lib/lifecycle.mjs';
import { runTransfers } from './lib/load.mjs';
import { activateAndFund } from './lib/seed.mjs';
import { seedSignedInUsers } from './lib/seed-sql.mjs';
import { startServer } from './lib/server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const FUND_CENTS = 1_000_000;

const { values: opt } = parseArgs({
  options: {
    base: { type: 'string', default: 'HEAD' },
    pairs: { type: 'string', default: '6' },
    slice: { type: 'string', default: '5' },
    warmup: { type: 'string', default: '3' },
    connections: { type: 'string', default: '16' },
    users: { type: 'string', default: '1000' },
    'env-a': { type: 'string', default: '' },
    'env-b': { type: 'string', default: '' },
    'time-limit': { type: 'string', default: '1200' },
  },
});
const N = Object.fromEntries(
  ['pairs', 'slice', 'warmup', 'connections', 'users', 'time-limit'].map((k) => [k, Number(opt[k])]),
);
for (const [k, v] of Object.entries(N)) {
  if (!Number.isInteger(v) || v < (k === 'warmup' ? 0 : 1)) {
    process.stderr.write(`bench ab: --${k} must be a ${k === 'warmup' ? 'non-negative' : 'positive'} integer\n`);
    process.exit(2);
  }
}
/** `'K=V K2=V2'` as an environment. */
function envOf(flag) {
  const env = {};
  for (const pair of opt[flag].split(/\s+/).filter(Boolean)) {
    const eq = pair.indexOf('=');
    if (eq < 1) {
      process.stderr.write(`bench ab: --${flag} takes NAME=value pairs\n`);
      process.exit(2);
    }
    env[pair.slice(0, eq)] = pair.slice(eq + 1);
  }
  return env;
}
const env = { a: envOf('env-a'), b: envOf('env-b') };

const say = (line = '') => process.stdout.write(`${line}\n`);
const note = (line) => say(`  ${line}`);
const fmt = (n, digits = 1) => (n === null || n === undefined ? 'n/a' : Number(n).toFixed(digits));
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? null : s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

const life = lifecycle({ name: 'bench ab', timeLimitS: N['time-limit'] });

/** REF checked out beside the project, with its own workspace package; removed on exit. */
function worktreeOf(ref) {
  const sha = execFileSync('git', ['rev-parse', '--verify', `${ref}^{commit}`], { cwd: root, encoding: 'utf8' }).trim();
  const dir = path.join(root, '.tmp', 'ab', sha.slice(0, 12));
  if (existsSync(dir)) execFileSync('git', ['worktree', 'remove', '--force', dir], { cwd: root });
  mkdirSync(path.dirname(dir), { recursive: true });
  execFileSync('git', ['worktree', 'add', '--detach', dir, sha], { cwd: root, stdio: 'ignore' });
  life.onStop('worktree', () => execFileSync('git', ['worktree', 'remove', '--force', dir], { cwd: root }));
  // Everything else resolves from the project's node_modules (a parent folder); @meridian/shared
  // must be the ref's own.
  mkdirSync(path.join(dir, 'node_modules', '@meridian'), { recursive: true });
  symlinkSync(path.join(dir, 'packages', 'shared'), path.join(dir, 'node_modules', '@meridian', 'shared'));
  return { dir, sha };
}

async function main() {
  const runId = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*/, '').replace('T', '-');
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'meridian-ab-'));
  life.onStop('work directory', () => rmSync(workDir, { recursive: true, force: true }));
  const [load1] = os.loadavg();
  say(`Meridian A/B: transfers on two versions of the server, in turns (${runId})`);
  note(`machine: ${os.cpus().length} cores, load average ${fmt(load1, 2)} before`);

  const base = worktreeOf(opt.base);
  const sides = {
    a: { name: 'A', root: base.dir, label: `${opt.base} (${base.sha.slice(0, 9)})`, env: env.a },
    b: { name: 'B', root, label: 'the working tree', env: env.b },
  };
  for (const s of Object.values(sides)) {
    note(`${s.name}: ${s.label}${Object.keys(s.env).length ? `, ${opt[`env-${s.name.toLowerCase()}`]}` : ''}`);
  }

  const cluster = await life.track(
    startBenchCluster(benchSettings({ profile: false }), { onStarted: (stop) => life.onStop('PostgreSQL', stop) }),
  );
  say(`\n[1/4] PostgreSQL ${cluster.version} on 127.0.0.1:${cluster.port}, durability on`);
  for (const [key, s] of Object.entries(sides)) {
    const db = `bench_ab_${key}`;
    await query(cluster.url, `CREATE DATABASE ${db}`);
    s.databaseUrl = cluster.url.replace(/\/[^/]+$/, `/${db}`);
    const dir = path.join(workDir, key);
    mkdirSync(dir);
    s.server = await life.track(
      startServer({
        root: s.root,
        port: await freePort(),
        databaseUrl: s.databaseUrl,
        workDir: dir,
        env: s.env,
        onSpawn: (stop) => life.onStop(`server ${s.name}`, stop),
      }),
    );
    s.users = await seedSignedInUsers({
      databaseUrl: s.databaseUrl,
      runId,
      count: N.users,
      secret: s.server.sessionSecret,
    });
    const funded = await activateAndFund({ databaseUrl: s.databaseUrl, runId, cents: FUND_CENTS });
    if (funded !== N.users) throw new Error(`${s.name}: funded ${funded} users, expected ${N.users}`);
    if (N.warmup > 0) {
      const w = await runTransfers({
        base: s.server.base,
        users: s.users,
        connections: N.connections,
        duration: N.warmup,
        runId,
        phase: 'warmup',
        seed: 7,
      });
      if (w.ok2xx === 0) throw new Error(`${s.name}: no transfer succeeded in the warm-up: ${JSON.stringify(w)}`);
    }
    await query(s.databaseUrl, 'VACUUM ANALYZE');
  }
  say(`\n[2/4] two servers up, ${N.users} funded users each, warmed up (${N.warmup} s each) and analysed`);
  await query(cluster.url, 'CHECKPOINT');

  say(`\n[3/4] ${N.pairs} pairs of ${N.slice} s slices, ${N.connections} connections, A and B in turns`);
  const slices = { a: [], b: [] };
  for (let pair = 0; pair < N.pairs; pair++) {
    const order = pair % 2 === 0 ? ['a', 'b'] : ['b', 'a'];
    for (const key of order) {
      const s = sides[key];
      const pids = { serverPid: s.server.pid, dataDir: cluster.dataDir };
      const before = cpuSnapshot(pids);
      const r = await runTransfers({
        base: s.server.base,
        users: s.users,
        connections: N.connections,
        duration: N.slice,
        runId,
        phase: `p${pair}`,
        seed: 100 + pair,
      });
      const cpu = cpuBetween(before, cpuSnapshot(pids), r.ok2xx);
      if (s.server.exited) throw new Error(`server ${s.name} exited:\n${s.server.logTail()}`);
      slices[key][pair] = { ...r, cpu };
      note(
        `${s.name}: ${fmt(r.transfersPerSec).padStart(7)} transfers/s, p99 ${fmt(r.latencyMs.p99, 1).padStart(5)} ms, non-2xx ${r.non2xx}; CPU per transfer: server ${fmt(cpu.msPerOp.server, 3)}, PostgreSQL ${fmt(cpu.msPerOp.postgres, 3)} ms; machine ${cpu.machineBusyPct}%`,
      );
    }
  }

  say('\n[4/4] B against A');
  const row = (label, f, digits) => {
    const a = slices.a.map(f);
    const b = slices.b.map(f);
    const ratios = b.map((x, i) => x / a[i]);
    say(
      `  ${label.padEnd(34)} A ${fmt(median(a), digits).padStart(8)}   B ${fmt(median(b), digits).padStart(8)}   B/A pair by pair: median ${fmt(median(ratios), 3)} (${fmt(Math.min(...ratios), 3)}–${fmt(Math.max(...ratios), 3)})`,
    );
    return { a: median(a), b: median(b), ratio: median(ratios) };
  };
  const summary = {
    transfersPerSec: row('transfers/s', (r) => r.transfersPerSec, 0),
    p99Ms: row('p99 (ms)', (r) => r.latencyMs.p99, 1),
    serverMs: row('server CPU per transfer (ms)', (r) => r.cpu.msPerOp.server, 3),
    postgresMs: row('PostgreSQL CPU per transfer (ms)', (r) => r.cpu.msPerOp.postgres, 3),
    bothMs: row('both, per transfer (ms)', (r) => r.cpu.msPerOp.server + r.cpu.msPerOp.postgres, 3),
  };
  let balanced = true;
  for (const s of Object.values(sides)) {
    const books = await booksCheck({ databaseUrl: s.databaseUrl, runId, fundedCents: N.users * FUND_CENTS });
    balanced &&= books.ok;
    note(
      `${s.name} books: ${books.ok ? 'BALANCED' : 'NOT BALANCED'}, ${books.transferJournals} transfers, money conserved: ${books.moneyConserved ? 'yes' : 'NO'}`,
    );
  }
  note(`load average ${fmt(os.loadavg()[0], 2)} after; figures per slice above, medians here`);
  if (!balanced) throw new Error('the books do not balance');
  return summary && true;
}

life.run(main);
