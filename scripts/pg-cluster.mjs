// A throwaway PostgreSQL cluster for tests: `node scripts/pg-cluster.mjs start|stop [dir]`.
//
// `start` runs initdb in a fresh directory (PG_CLUSTER_DIR, or a new temp dir), starts the server on
// 127.0.0.1 on a free port with durability switched off (a test database is thrown away anyway),
// creates a database and prints its DATABASE_URL. `stop` stops the cluster and deletes the directory.
// The functions are exported for scripts/test-all.mjs.
//
// initdb and pg_ctl refuse to run as root, so when uid is 0 they run as the `postgres` user
// (runuser -u postgres --) inside a directory that user owns.
import { execFileSync, spawnSync } from 'node:child_process';
import {
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Where `start` records the last cluster, so a bare `stop` finds it. */
export const STATE_FILE = path.join(root, '.tmp', 'pg-cluster.json');
const INSTALL_HINT = 'install postgresql: apt-get install -y postgresql';
const DB_NAME = 'meridian_test';
const DB_USER = 'postgres';

export class PgClusterError extends Error {}

/** The directory holding initdb, pg_ctl and createdb: PG_BIN, else the newest /usr/lib/postgresql/<ver>/bin, else PATH. */
export function findPgBin() {
  const has = (dir) => ['initdb', 'pg_ctl', 'createdb'].every((b) => existsSync(path.join(dir, b)));
  if (process.env.PG_BIN) {
    if (has(process.env.PG_BIN)) return process.env.PG_BIN;
    throw new PgClusterError(`PG_BIN=${process.env.PG_BIN} has no initdb/pg_ctl/createdb; ${INSTALL_HINT}`);
  }
  const debianRoot = '/usr/lib/postgresql';
  if (existsSync(debianRoot)) {
    const versions = readdirSync(debianRoot)
      .filter((v) => /^\d+(\.\d+)?$/.test(v))
      .sort((a, b) => Number(b) - Number(a));
    for (const v of versions) {
      const dir = path.join(debianRoot, v, 'bin');
      if (has(dir)) return dir;
    }
  }
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (dir && has(dir)) return dir;
  }
  throw new PgClusterError(`PostgreSQL binaries (initdb, pg_ctl) not found; ${INSTALL_HINT}`);
}

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/** The uid/gid of the `postgres` account, needed when running as root. */
function postgresAccount() {
  try {
    const uid = Number(execFileSync('id', ['-u', DB_USER], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', DB_USER], { encoding: 'utf8' }).trim());
    return { uid, gid };
  } catch {
    throw new PgClusterError(`running as root needs the 'postgres' system user, which is missing; ${INSTALL_HINT}`);
  }
}

/** Runs a PostgreSQL binary, as `postgres` when we are root; throws with its output on failure. */
function runPg(bin, tool, args, { timeoutMs = 120_000 } = {}) {
  const exe = path.join(bin, tool);
  const [cmd, argv] = isRoot() ? ['runuser', ['-u', DB_USER, '--', exe, ...args]] : [exe, args];
  const res = spawnSync(cmd, argv, { encoding: 'utf8', timeout: timeoutMs, cwd: os.tmpdir() });
  if (res.error) throw new PgClusterError(`${tool} could not run: ${res.error.message}`);
  if (res.status !== 0) {
    throw new PgClusterError(`${tool} ${args.join(' ')} failed (exit ${res.status}):\n${res.stdout}${res.stderr}`);
  }
  return res.stdout;
}

/** A port that was free a moment ago on 127.0.0.1 (start retries if someone takes it meanwhile). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Creates and starts a cluster. Returns { dir, dataDir, port, url, bin }.
 * @param {{ dir?: string }} [opts] directory to use (must not exist or be empty); default PG_CLUSTER_DIR or a temp dir
 */
export async function startCluster(opts = {}) {
  const bin = findPgBin();
  const account = isRoot() ? postgresAccount() : null;
  const wanted = opts.dir ?? process.env.PG_CLUSTER_DIR;
  let dir;
  if (wanted) {
    dir = path.resolve(wanted);
    if (existsSync(dir) && readdirSync(dir).length > 0) {
      throw new PgClusterError(`${dir} is not empty; give an empty or new directory`);
    }
    mkdirSync(dir, { recursive: true });
  } else {
    dir = mkdtempSync(path.join(os.tmpdir(), 'meridian-pg-'));
  }
  const dataDir = path.join(dir, 'data');
  const logFile = path.join(dir, 'postgres.log');
  if (account) chownSync(dir, account.uid, account.gid);

  let started = false;
  try {
    runPg(bin, 'initdb', ['-D', dataDir, '-U', DB_USER, '--auth=trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
    let port = 0;
    for (let attempt = 1; attempt <= 3 && !started; attempt++) {
      port = await freePort();
      // Test-only settings: loopback only, socket in our own dir, no durability (the data is thrown away).
      writeFileSync(
        path.join(dataDir, 'postgresql.auto.conf'),
        [
          `listen_addresses = '127.0.0.1'`,
          `port = ${port}`,
          `unix_socket_directories = '${dir}'`,
          'fsync = off',
          'synchronous_commit = off',
          'full_page_writes = off',
          'max_connections = 200',
          'shared_buffers = 64MB',
          `log_min_messages = warning`,
          '',
        ].join('\n'),
      );
      if (account) chownSync(path.join(dataDir, 'postgresql.auto.conf'), account.uid, account.gid);
      try {
        runPg(bin, 'pg_ctl', ['-D', dataDir, '-l', logFile, '-w', '-t', '60', 'start'], { timeoutMs: 90_000 });
        started = true;
      } catch (err) {
        if (attempt === 3) throw err;
      }
    }
    runPg(bin, 'createdb', ['-h', '127.0.0.1', '-p', String(port), '-U', DB_USER, DB_NAME]);
    const url = `postgres://${DB_USER}@127.0.0.1:${port}/${DB_NAME}`;
    const cluster = { dir, dataDir, port, url, bin };
    writeFileSync(path.join(dir, 'cluster.json'), JSON.stringify(cluster, null, 2));
    mkdirSync(path.dirname(STATE_FILE), { recursive: true });
    writeFileSync(STATE_FILE, JSON.stringify(cluster, null, 2));
    return cluster;
  } catch (err) {
    if (existsSync(logFile)) {
      const tail = readFileSync(logFile, 'utf8').split('\n').slice(-20).join('\n');
      if (err instanceof Error) err.message += `\n--- ${logFile} (tail) ---\n${tail}`;
    }
    if (started) tryStop(bin, dataDir);
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
}

function tryStop(bin, dataDir) {
  try {
    runPg(bin, 'pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', '-t', '30', 'stop'], { timeoutMs: 45_000 });
    return null;
  } catch (err) {
    return err;
  }
}

/**
 * Stops the cluster (if running) and deletes its directory. Accepts the object startCluster returned,
 * a directory, or nothing (PG_CLUSTER_DIR, then the last cluster recorded by `start`).
 */
export function stopCluster(target) {
  let dir = typeof target === 'string' ? target : target?.dir;
  let fromState = false;
  if (!dir && process.env.PG_CLUSTER_DIR) dir = process.env.PG_CLUSTER_DIR;
  if (!dir && existsSync(STATE_FILE)) {
    dir = JSON.parse(readFileSync(STATE_FILE, 'utf8')).dir;
    fromState = true;
  }
  if (!dir) throw new PgClusterError('no cluster to stop: give its directory or set PG_CLUSTER_DIR');
  dir = path.resolve(dir);
  const dataDir = path.join(dir, 'data');
  let error = null;
  if (existsSync(path.join(dataDir, 'postmaster.pid'))) {
    error = tryStop(typeof target === 'object' && target?.bin ? target.bin : findPgBin(), dataDir);
  }
  rmSync(dir, { recursive: true, force: true });
  if (fromState || (existsSync(STATE_FILE) && JSON.parse(readFileSync(STATE_FILE, 'utf8')).dir === dir)) {
    rmSync(STATE_FILE, { force: true });
  }
  if (error) throw error;
}

async function cli() {
  const [command, arg] = process.argv.slice(2);
  if (command === 'start') {
    const cluster = await startCluster(arg ? { dir: arg } : {});
    process.stderr.write(`PostgreSQL running in ${cluster.dir} on 127.0.0.1:${cluster.port}\n`);
    process.stdout.write(`${cluster.url}\n`);
  } else if (command === 'stop') {
    stopCluster(arg);
    process.stderr.write('PostgreSQL cluster stopped and removed\n');
  } else {
    process.stderr.write('usage: node scripts/pg-cluster.mjs start [dir] | stop [dir]\n');
    process.exit(2);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  cli().catch((err) => {
    process.stderr.write(`pg-cluster: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  });
}
