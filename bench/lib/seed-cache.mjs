// A dump of the seeded database, so a second run on the same code needs no 1,000 sign-ups again.
//
// Every user in it was signed up through POST /api/auth/sign-up/email and its session cookie taken
// from that response; the dump (pg_dump, taken right after seeding, before any load) is restored into
// the new throwaway cluster and the server is started with the same SESSION_SECRET, so the cookies
// stay valid. The dump is used only while it is younger than MAX_AGE_MS (Better Auth refreshes a
// session older than a day on its next use, which would add writes to the measured requests) and
// while the code that shapes the seeded rows is unchanged (the key hashes it).
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pgCtl } from './cluster.mjs';

export const MAX_AGE_MS = 12 * 3600 * 1000;

/** What the seeded rows depend on: schema and migrations, sign-up, users, referrals, ledger, seeding. */
const INPUTS = [
  'apps/server/src/db',
  'apps/server/src/modules/auth',
  'apps/server/src/modules/users',
  'apps/server/src/modules/referrals',
  'apps/server/src/ledger',
  'apps/server/src/seed.ts',
  'package-lock.json',
  'bench/lib/seed.mjs',
  'bench/lib/seed-cache.mjs',
];

function files(abs) {
  if (!existsSync(abs)) return [];
  if (statSync(abs).isFile()) return [abs];
  return readdirSync(abs)
    .sort()
    .flatMap((name) => files(path.join(abs, name)))
    .filter((f) => !f.endsWith('.test.ts'));
}

export function seedKey({ root, users, fundCents }) {
  return inputsKey({ root, params: `users=${users} fund=${fundCents}`, inputs: INPUTS });
}

/** A hash of `params` and of every file under `inputs` (paths relative to `root`, tests left out). */
export function inputsKey({ root, params, inputs }) {
  const h = createHash('sha256');
  h.update(`${params}\n`);
  for (const input of inputs) {
    for (const f of files(path.join(root, input))) {
      h.update(`${path.relative(root, f)}\n`);
      h.update(readFileSync(f));
    }
  }
  return h.digest('hex').slice(0, 16);
}

function cacheDir(root) {
  return path.join(root, '.tmp', 'bench-seed');
}

/** The cached seed for `key`, or null (with the reason) when there is none usable. */
export function findSeed({ root, key }) {
  const meta = path.join(cacheDir(root), `${key}.json`);
  const dump = path.join(cacheDir(root), `${key}.dump`);
  if (!existsSync(meta) || !existsSync(dump)) return { seed: null, reason: 'no saved seed for this code' };
  const m = JSON.parse(readFileSync(meta, 'utf8'));
  const age = Date.now() - Date.parse(m.createdAt);
  if (!(age >= 0 && age < MAX_AGE_MS)) return { seed: null, reason: 'the saved seed is older than 12 h' };
  return { seed: { ...m, dumpFile: dump, ageMs: age }, reason: null };
}

function run(exe, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(exe, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.stderr.on('data', (d) => {
      out += d;
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), 300_000);
    child.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve(out);
      else reject(new Error(`${path.basename(exe)} failed (${code ?? signal}):\n${out.slice(-2000)}`));
    });
  });
}

const connArgs = (cluster) => ['-h', '127.0.0.1', '-p', String(cluster.port), '-U', 'postgres'];
const dbName = (cluster) => new URL(cluster.url).pathname.slice(1);

/** Saves the seeded database and what the load phase needs (cookies, e-mails, the session secret). */
export async function saveSeed({ root, key, cluster, meta }) {
  const dir = cacheDir(root);
  mkdirSync(dir, { recursive: true });
  for (const f of readdirSync(dir)) {
    // drop seeds too old to be used again
    if (Date.now() - statSync(path.join(dir, f)).mtimeMs > MAX_AGE_MS) rmSync(path.join(dir, f), { force: true });
  }
  const dump = path.join(dir, `${key}.dump`);
  await run(path.join(cluster.bin, 'pg_dump'), [...connArgs(cluster), '-Fc', '-f', dump, dbName(cluster)]);
  writeFileSync(path.join(dir, `${key}.json`), JSON.stringify({ ...meta, createdAt: new Date().toISOString() }), {
    mode: 0o600,
  });
}

/** Restores the dump into the fresh cluster's (empty) database, before the server starts. */
export async function restoreSeed({ cluster, dumpFile }) {
  await run(path.join(cluster.bin, 'pg_restore'), [
    ...connArgs(cluster),
    '-d',
    dbName(cluster),
    '--no-owner',
    '--exit-on-error',
    dumpFile,
  ]);
}

// A seed of many millions of rows is kept as a copy of the stopped cluster's data directory rather than
// a dump: restoring a dump rebuilds every index (minutes at 10,000,000 rows), a copy takes seconds.

const snapshotDir = (root, name, key) => path.join(cacheDir(root), `${name}-${key}`);

/** The saved data directory of seed `name` for `key`, with its metadata, or null. */
export function findSnapshot({ root, name, key }) {
  const dir = snapshotDir(root, name, key);
  const meta = path.join(dir, 'meta.json');
  if (!existsSync(meta) || !existsSync(path.join(dir, 'data'))) return null;
  return { ...JSON.parse(readFileSync(meta, 'utf8')), dataDir: path.join(dir, 'data') };
}

function copyTree(from, to) {
  // -a keeps the owner (the postgres account) and the modes PostgreSQL insists on.
  const res = spawnSync('cp', ['-a', '--reflink=auto', from, to], { encoding: 'utf8' });
  if (res.status !== 0) throw new Error(`cp -a ${from} ${to} failed: ${res.stderr}`);
}

/**
 * Saves the running `cluster`'s data directory as seed `name` (stopped cleanly for the copy, then started
 * again); other saved copies of the same seed are removed (they are large).
 */
export function saveSnapshot({ root, name, key, cluster, meta }) {
  mkdirSync(cacheDir(root), { recursive: true });
  for (const f of readdirSync(cacheDir(root))) {
    if (f.startsWith(`${name}-`)) rmSync(path.join(cacheDir(root), f), { recursive: true, force: true });
  }
  const dir = snapshotDir(root, name, key);
  mkdirSync(dir);
  pgCtl(cluster, '-m', 'fast', 'stop');
  try {
    copyTree(cluster.dataDir, path.join(dir, 'data'));
  } finally {
    pgCtl(cluster, '-t', '120', 'start');
  }
  writeFileSync(path.join(dir, 'meta.json'), JSON.stringify({ ...meta, createdAt: new Date().toISOString() }), {
    mode: 0o600,
  });
}

/** Replaces the fresh `cluster`'s data directory with a copy of `snapshot` and starts it on its own port. */
export function restoreSnapshot({ cluster, snapshot }) {
  pgCtl(cluster, '-m', 'fast', 'stop');
  rmSync(cluster.dataDir, { recursive: true, force: true });
  copyTree(snapshot.dataDir, cluster.dataDir);
  const conf = path.join(cluster.dataDir, 'postgresql.auto.conf');
  const lines = readFileSync(conf, 'utf8')
    .split('\n')
    .filter((l) => !/^\s*(port|unix_socket_directories)\s*=/.test(l));
  lines.push(`port = ${cluster.port}`, `unix_socket_directories = '${cluster.dir}'`, '');
  writeFileSync(conf, lines.join('\n'));
  rmSync(path.join(cluster.dataDir, 'postmaster.pid'), { force: true });
  pgCtl(cluster, '-t', '300', 'start');
}
