// pgbench's built-in TPC-B-like script on the same cluster, in its own database.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { query } from './cluster.mjs';

const running = new Set();

/** Kills any pgbench still running (cleanup on Ctrl-C). */
export function killPgbench() {
  for (const child of running) {
    try {
      child.kill('SIGKILL');
    } catch {}
  }
}

function run(bin, args, timeoutMs) {
  return new Promise((resolve, reject) => {
    const child = spawn(path.join(bin, 'pgbench'), args, { stdio: ['ignore', 'pipe', 'pipe'] });
    running.add(child);
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.stderr.on('data', (d) => {
      out += d;
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', (err) => {
      clearTimeout(timer);
      running.delete(child);
      reject(err);
    });
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      running.delete(child);
      if (code === 0) resolve(out);
      else reject(new Error(`pgbench ${args.join(' ')} failed (${code ?? signal}):\n${out.slice(-2000)}`));
    });
  });
}

export async function pgbenchInit({ cluster, scale, database = 'bench_pgbench' }) {
  await query(cluster.url, `CREATE DATABASE ${database}`);
  const conn = ['-h', '127.0.0.1', '-p', String(cluster.port), '-U', 'postgres'];
  await run(cluster.bin, ['-i', '-s', String(scale), '-q', ...conn, database], 300_000);
  return { database, conn };
}

/**
 * Runs the built-in TPC-B script (or `script`, a file, with `defines` as -D name=value); returns tps
 * (without initial connection time), latency and failures.
 */
export async function pgbenchRun({
  cluster,
  database,
  conn,
  clients,
  threads,
  seconds,
  script,
  defines = {},
  extra = [],
}) {
  const args = ['-c', String(clients), '-j', String(threads), '-T', String(seconds)];
  if (script) args.push('-n', '-f', script);
  for (const [k, v] of Object.entries(defines)) args.push('-D', `${k}=${v}`);
  const out = await run(cluster.bin, [...args, ...extra, ...conn, database], (seconds + 120) * 1000);
  const num = (re) => {
    const m = out.match(re);
    return m ? Number(m[1]) : null;
  };
  const tps = num(/tps = ([\d.]+) \(without initial connection time\)/);
  if (tps === null) throw new Error(`could not read tps from pgbench output:\n${out}`);
  return {
    script: script ? path.basename(script) : 'tpcb-like (built-in)',
    clients,
    threads,
    durationS: seconds,
    tps,
    latencyAvgMs: num(/latency average = ([\d.]+) ms/),
    transactions: num(/number of transactions actually processed: (\d+)/),
    failed: num(/number of failed transactions: (\d+)/) ?? 0,
    output: out.trim(),
  };
}
