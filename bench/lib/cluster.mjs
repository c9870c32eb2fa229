// The benchmark's PostgreSQL: a throwaway cluster from scripts/pg-cluster.mjs, re-configured like a
// small real server (durability ON) and restarted, so the numbers mean what production would see.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { findPgBin, STATE_FILE, startCluster, stopCluster } from '../../scripts/pg-cluster.mjs';

export { findPgBin };

/** Server settings for the run. pg-cluster.mjs starts with test settings (fsync off); these replace them. */
export function benchSettings({ profile }) {
  const s = {
    // Durability as in production: every COMMIT waits for its WAL flush.
    fsync: 'on',
    synchronous_commit: 'on',
    full_page_writes: 'on',
    // Memory sized for a small dedicated server (this machine has far more RAM than it needs).
    shared_buffers: '256MB',
    effective_cache_size: '1GB',
    work_mem: '8MB',
    maintenance_work_mem: '128MB',
    wal_buffers: '16MB',
    // Room for the whole run's WAL, so no forced checkpoint lands in the middle of a 20 s phase
    // (each phase starts right after an explicit CHECKPOINT).
    max_wal_size: '4GB',
    min_wal_size: '1GB',
    checkpoint_timeout: '15min',
    checkpoint_completion_target: '0.9',
    random_page_cost: '1.1',
    max_connections: '200',
  };
  if (profile) {
    s.shared_preload_libraries = 'pg_stat_statements';
    s.track_io_timing = 'on';
    s['pg_stat_statements.track_planning'] = 'on';
  }
  return s;
}

const alterSystem = (name, value) => `ALTER SYSTEM SET ${name} = '${String(value).replaceAll("'", "''")}'`;

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

export function runPgTool(bin, tool, args, timeoutMs = 120_000) {
  const exe = path.join(bin, tool);
  const [cmd, argv] = isRoot() ? ['runuser', ['-u', 'postgres', '--', exe, ...args]] : [exe, args];
  const res = spawnSync(cmd, argv, { encoding: 'utf8', timeout: timeoutMs, cwd: os.tmpdir() });
  if (res.error) throw new Error(`${tool} could not run: ${res.error.message}`);
  if (res.status !== 0)
    throw new Error(`${tool} ${args.join(' ')} failed (exit ${res.status}):\n${res.stdout}${res.stderr}`);
  return res.stdout;
}

/** `pg_ctl` on a bench cluster (its data directory and log), waiting for the action to finish. */
export const pgCtl = (cluster, ...args) =>
  runPgTool(cluster.bin, 'pg_ctl', [
    '-D',
    cluster.dataDir,
    '-l',
    path.join(cluster.dir, 'postgres.log'),
    '-w',
    ...args,
  ]);

export async function query(url, text, params = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(text, params);
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Starts the cluster, applies `settings` with ALTER SYSTEM and restarts it. Returns the cluster with
 * `stop()`; `onStarted(stop)` is called as soon as there is something to stop, and `prepare(cluster)`
 * runs on the fresh cluster before the settings (a seed written with the test settings, durability off).
 */
export async function startBenchCluster(settings, { onStarted, prepare } = {}) {
  // startCluster records "the last cluster" for a bare `pg-cluster.mjs stop`; a colleague's cluster
  // recorded there must stay the one that command stops, so the record is put back.
  const previousState = existsSync(STATE_FILE) ? readFileSync(STATE_FILE, 'utf8') : null;
  const cluster = await startCluster();
  if (previousState !== null) writeFileSync(STATE_FILE, previousState);
  else rmSync(STATE_FILE, { force: true });
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    try {
      stopCluster(cluster);
    } catch (err) {
      // Already gone (e.g. Ctrl-C reached the postmaster first); the directory is removed regardless.
      process.stderr.write(`bench: stopping PostgreSQL: ${err instanceof Error ? err.message.split('\n')[0] : err}\n`);
    }
  };
  onStarted?.(stop);
  try {
    await prepare?.(cluster);
    return { ...cluster, stop, ...(await applySettings(cluster, settings)) };
  } catch (err) {
    stop();
    throw err;
  }
}

/**
 * Applies `settings` to a running cluster with ALTER SYSTEM and restarts it (settings of a preloaded
 * library, `a.b`, after the restart). Returns the effective settings and the server's version.
 */
export async function applySettings(cluster, settings) {
  const client = new pg.Client({ connectionString: cluster.url });
  await client.connect();
  try {
    for (const [name, value] of Object.entries(settings)) {
      // A preloaded library's own settings (a.b) exist only after the restart; set below.
      if (!name.includes('.')) await client.query(alterSystem(name, value));
    }
  } finally {
    await client.end();
  }
  pgCtl(cluster, '-t', '60', '-m', 'fast', 'restart');
  const effective = {};
  const c2 = new pg.Client({ connectionString: cluster.url });
  await c2.connect();
  try {
    const later = Object.entries(settings).filter(([name]) => name.includes('.'));
    for (const [name, value] of later) await c2.query(alterSystem(name, value));
    if (later.length) await c2.query('SELECT pg_reload_conf()');
    for (const name of Object.keys(settings)) {
      const { rows } = await c2.query(`SHOW ${name}`);
      effective[name] = Object.values(rows[0])[0];
    }
  } finally {
    await c2.end();
  }
  const { rows: v } = await query(cluster.url, 'SHOW server_version');
  return { settings: effective, version: v[0].server_version };
}
