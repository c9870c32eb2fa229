// --profile: a CPU profile of the server taken over the inspector during the measured load phase
// only (not during start or sign-ups), and PostgreSQL's own view from pg_stat_statements.
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { query } from './cluster.mjs';

/** The inspector URL the server printed to its log (it was started with --inspect=127.0.0.1:0). */
async function inspectorUrl(logFile) {
  for (let i = 0; i < 50; i++) {
    const m = readFileSync(logFile, 'utf8').match(/Debugger listening on (ws:\/\/127\.0\.0\.1:\d+\/[\w-]+)/);
    if (m) return m[1];
    await sleep(100);
  }
  throw new Error('the server did not print its inspector URL');
}

/**
 * A DevTools protocol session with the server (started with `inspect: true`): `send(method, params)`
 * resolves with the result; `evaluate(expression)` runs an expression in the server and resolves
 * with its value (awaited, returned by value).
 */
export async function inspectorSession(logFile) {
  const { default: WebSocket } = await import('ws');
  const ws = new WebSocket(await inspectorUrl(logFile));
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  let id = 0;
  const pending = new Map();
  ws.on('message', (data) => {
    const msg = JSON.parse(String(data));
    if (msg.id && pending.has(msg.id)) {
      const { resolve, reject } = pending.get(msg.id);
      pending.delete(msg.id);
      if (msg.error) reject(new Error(msg.error.message));
      else resolve(msg.result);
    }
  });
  const send = (method, params = {}) =>
    new Promise((resolve, reject) => {
      id++;
      pending.set(id, { resolve, reject });
      ws.send(JSON.stringify({ id, method, params }));
    });
  const evaluate = async (expression) => {
    const r = await send('Runtime.evaluate', { expression, awaitPromise: true, returnByValue: true });
    if (r.exceptionDetails)
      throw new Error(`in the server: ${r.exceptionDetails.exception?.description ?? r.exceptionDetails.text}`);
    return r.result.value;
  };
  return {
    send,
    evaluate,
    close() {
      try {
        ws.close();
      } catch {}
    },
  };
}

export async function startCpuProfile(logFile) {
  const session = await inspectorSession(logFile);
  const { send } = session;
  await send('Profiler.enable');
  await send('Profiler.setSamplingInterval', { interval: 500 });
  await send('Profiler.start');
  return {
    async stop() {
      const { profile } = await send('Profiler.stop');
      session.close();
      return profile;
    },
    close: session.close,
  };
}

function category(url) {
  if (!url) return '(native / V8 / GC)';
  if (url.startsWith('node:')) return 'node internals';
  const m = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (m) return m[1];
  const app = url.match(/\/(apps\/[^/]+\/src|packages\/[^/]+\/src)\//);
  if (app) return `${app[1]} (our code)`;
  return url;
}

function short(url) {
  return url
    .replace(/^file:\/\//, '')
    .replace(/^.*node_modules\//, '')
    .replace(/^.*\/(apps|packages)\//, '$1/');
}

/** Self time by package and by function, inclusive time of our own functions, all in % of samples. */
export function summarizeProfile(profile, top = 20) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  const deltas = profile.timeDeltas;
  let total = 0;
  profile.samples.forEach((id, i) => {
    const dt = deltas[i + 1] ?? deltas[i] ?? 0;
    self.set(id, (self.get(id) ?? 0) + dt);
    total += dt;
  });
  const idle = [...byId.values()]
    .filter((n) => n.callFrame.functionName === '(idle)')
    .reduce((s, n) => s + (self.get(n.id) ?? 0), 0);
  const busy = total - idle;
  const pct = (t) => Math.round((1000 * t) / busy) / 10;
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

  const byCat = new Map();
  const byFn = new Map();
  const inclusive = new Map();
  for (const [id, t] of self) {
    const n = byId.get(id);
    if (!n || n.callFrame.functionName === '(idle)') continue;
    const cf = n.callFrame;
    const cat = category(cf.url);
    byCat.set(cat, (byCat.get(cat) ?? 0) + t);
    const key = `${cf.functionName || '(anonymous)'} ${cf.url ? `${short(cf.url)}:${cf.lineNumber + 1}` : ''}`.trim();
    byFn.set(key, (byFn.get(key) ?? 0) + t);
    // inclusive time of every distinct app-code function on this sample's stack
    const seen = new Set();
    for (let cur = id; cur !== undefined; cur = parent.get(cur)) {
      const f = byId.get(cur).callFrame;
      if (!/\/(apps|packages)\/[^/]+\/src\//.test(f.url)) continue;
      const k = `${f.functionName || '(anonymous)'} ${short(f.url)}:${f.lineNumber + 1}`;
      if (seen.has(k)) continue;
      seen.add(k);
      inclusive.set(k, (inclusive.get(k) ?? 0) + t);
    }
  }
  const sorted = (m) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, t]) => ({ name, pct: pct(t), ms: Math.round(t / 1000) }));
  return {
    busyMs: Math.round(busy / 1000),
    idleMs: Math.round(idle / 1000),
    selfByPackage: sorted(byCat),
    selfByFunction: sorted(byFn),
    inclusiveOurCode: sorted(inclusive),
  };
}

export async function enableStatements(url) {
  await query(url, 'CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
  await query(url, 'SELECT pg_stat_statements_reset()');
}

export async function topStatements(url, limit = 15) {
  const { rows } = await query(
    url,
    `SELECT calls, round((total_exec_time + total_plan_time)::numeric, 1) AS total_ms,
            round(((total_exec_time + total_plan_time) / NULLIF(calls, 0))::numeric, 3) AS mean_ms,
            round(total_plan_time::numeric, 1) AS plan_ms, rows, shared_blks_hit, shared_blks_read,
            wal_records, wal_fpi, wal_bytes::bigint AS wal_bytes,
            left(regexp_replace(query, '\\s+', ' ', 'g'), 160) AS query
       FROM pg_stat_statements
       WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
       ORDER BY total_exec_time + total_plan_time DESC LIMIT $1`,
    [limit],
  );
  const { rows: all } = await query(
    url,
    `SELECT sum(calls)::bigint AS calls, round(sum(total_exec_time + total_plan_time)::numeric, 1) AS total_ms,
            round(sum(total_plan_time)::numeric, 1) AS plan_ms, sum(wal_fpi)::bigint AS wal_fpi,
            sum(wal_bytes)::bigint AS wal_bytes FROM pg_stat_statements
      WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())`,
  );
  return { totals: all[0], top: rows };
}

/**
 * Samples what the app's backends are doing every `everyMs` (pg_stat_activity): running, waiting on a
 * lock, on the WAL flush, or idle in a transaction waiting for the app (Client/ClientRead).
 */
export async function startWaitSampler(url, everyMs = 50) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const counts = new Map();
  let samples = 0;
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const { rows } = await client.query(
        `SELECT state, coalesce(wait_event_type, 'CPU') AS type, coalesce(wait_event, 'running') AS event
           FROM pg_stat_activity
          WHERE datname = current_database() AND backend_type = 'client backend'
            AND pid <> pg_backend_pid() AND state <> 'idle'`,
      );
      samples++;
      for (const r of rows) {
        const k = `${r.state} | ${r.type}:${r.event}`;
        counts.set(k, (counts.get(k) ?? 0) + 1);
      }
      await sleep(everyMs);
    }
  })();
  return {
    async stop() {
      stopped = true;
      await loop.catch(() => {});
      await client.end().catch(() => {});
      return {
        samples,
        avgActiveBackends: Object.fromEntries(
          [...counts].sort((a, b) => b[1] - a[1]).map(([k, n]) => [k, Math.round((100 * n) / samples) / 100]),
        ),
      };
    },
  };
}
