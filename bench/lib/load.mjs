// The load phase: autocannon drives POST /api/transfers between random pairs of the seeded users,
// each request with its own session cookie, body and Idempotency-Key (setupRequest).
import autocannon from 'autocannon';

/** Small deterministic PRNG so runs are repeatable (mulberry32). */
export function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function percentile(sorted, p) {
  if (sorted.length === 0) return null;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i];
}

/**
 * Runs autocannon for `duration` seconds with `connections` connections. Returns the figures:
 * successful transfers per second, latency percentiles of the 2xx responses (ms), the non-2xx count
 * with a breakdown by status and error code, socket errors and timeouts. `origin` is the site the
 * requests come from (the server's PUBLIC_URL; several nodes behind one address share it);
 * `keepLatencies` adds every 2xx latency, sorted, so runs against several nodes can be pooled.
 */
export function runTransfers({
  base,
  origin = base,
  users,
  connections,
  duration,
  runId,
  phase,
  seed = 1,
  maxAmountCents = 1_000,
  keepLatencies = false,
}) {
  const random = prng(seed);
  let seq = 0;
  const codes = new Map(); // "409 IDEMPOTENCY_KEY_REUSED" -> count
  const latencies2xx = [];
  let completed = 0;

  const setupRequest = (req) => {
    const from = Math.floor(random() * users.length);
    const to = (from + 1 + Math.floor(random() * (users.length - 1))) % users.length;
    const amountCents = 1 + Math.floor(random() * maxAmountCents);
    seq++;
    return {
      ...req,
      method: 'POST',
      path: '/api/transfers',
      headers: {
        'content-type': 'application/json',
        origin,
        cookie: users[from].cookie,
        'idempotency-key': `bench-${runId}-${phase}-${seq}`,
      },
      body: JSON.stringify({ recipientEmail: users[to].email, amountCents }),
    };
  };
  const onResponse = (status, body) => {
    if (status >= 200 && status < 300) return;
    let code = '';
    try {
      code = JSON.parse(body)?.error?.code ?? '';
    } catch {
      code = String(body).slice(0, 60);
    }
    const k = `${status}${code ? ` ${code}` : ''}`;
    codes.set(k, (codes.get(k) ?? 0) + 1);
  };

  return new Promise((resolve, reject) => {
    const started = Date.now();
    const instance = autocannon(
      {
        url: base,
        connections,
        duration,
        timeout: 10,
        requests: [{ setupRequest, onResponse }],
      },
      (err, result) => {
        if (err) return reject(err);
        latencies2xx.sort((a, b) => a - b);
        const ok = result['2xx'];
        const seconds = result.duration;
        const breakdown = Object.fromEntries([...codes].sort((a, b) => b[1] - a[1]));
        resolve({
          connections,
          durationS: seconds,
          requests: completed,
          ok2xx: ok,
          transfersPerSec: ok / seconds,
          requestsPerSec: completed / seconds,
          latencyMs: {
            p50: percentile(latencies2xx, 50),
            p90: percentile(latencies2xx, 90),
            p99: percentile(latencies2xx, 99),
            max: latencies2xx.at(-1) ?? null,
            mean: latencies2xx.length ? latencies2xx.reduce((s, v) => s + v, 0) / latencies2xx.length : null,
          },
          autocannonLatencyMs: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
          non2xx: result.non2xx,
          non2xxBreakdown: breakdown,
          socketErrors: result.errors,
          timeouts: result.timeouts,
          resets: result.resets,
          statusCodeStats: result.statusCodeStats,
          requestsPerSecondSamples: {
            min: result.requests.min,
            mean: result.requests.mean,
            max: result.requests.max,
            stddev: result.requests.stddev,
          },
          wallMs: Date.now() - started,
          ...(keepLatencies ? { latencies2xx } : {}),
        });
      },
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      completed++;
      if (statusCode >= 200 && statusCode < 300) latencies2xx.push(responseTime);
    });
  });
}

/**
 * The runs of one load against several app nodes at once, as one: transfers/s summed, latency
 * percentiles over every 2xx of every run (each run made with `keepLatencies`), non-2xx merged by
 * status and code, 5xx counted; `perNode` keeps each run's own figures.
 */
export function poolRuns(runs) {
  const latencies = runs.flatMap((r) => r.latencies2xx).sort((a, b) => a - b);
  const sum = (f) => runs.reduce((s, r) => s + f(r), 0);
  const breakdown = {};
  for (const r of runs) {
    for (const [k, v] of Object.entries(r.non2xxBreakdown)) breakdown[k] = (breakdown[k] ?? 0) + v;
  }
  const count5xx = (r) =>
    Object.entries(r.statusCodeStats)
      .filter(([code]) => code.startsWith('5'))
      .reduce((s, [, v]) => s + v.count, 0);
  return {
    ok2xx: sum((r) => r.ok2xx),
    requests: sum((r) => r.requests),
    transfersPerSec: sum((r) => r.transfersPerSec),
    latencyMs: {
      p50: percentile(latencies, 50),
      p90: percentile(latencies, 90),
      p99: percentile(latencies, 99),
      max: latencies.at(-1) ?? null,
    },
    non2xx: sum((r) => r.non2xx),
    non2xxBreakdown: breakdown,
    errors5xx: sum(count5xx),
    socketErrors: sum((r) => r.socketErrors),
    timeouts: sum((r) => r.timeouts),
    perNode: runs.map(({ latencies2xx: _, ...r }) => r),
  };
}
