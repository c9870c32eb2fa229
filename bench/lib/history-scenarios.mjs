// The requests bench/history.mjs times: the member's lists as the web app asks for them (25 rows a page,
// lib/get-transactions.ts), first pages and pages deep in the cursor, and how they are timed.
import { performance } from 'node:perf_hooks';
import pg from 'pg';

const PAGE = 25;
const DEEP_ROWS = 90_000;

/** The screen's categories and their modes (packages/shared TRANSACTION_CATEGORY_MODES). */
const CATEGORIES = {
  deposit: ['deposit'],
  withdrawal: ['withdrawal'],
  transfer: ['transfer'],
  investment: ['investment', 'capital'],
  earnings: ['profit', 'referral', 'bonus'],
};

// The list's order and the cursor's text, as core/history/history-page.ts and lib/keyset-cursor.ts make
// them: the cursor names the last row of the previous page.
const ORDER = 'created_at DESC NULLS LAST, id DESC NULLS LAST';
const AT = `to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
const cursorOf = (row) => Buffer.from(`${row.at}|${row.id}`).toString('base64url');

/** The scenarios for member `userId`: { name, path, expectFirstId (the first row the page shows, checked once) }. */
export async function listScenarios({ url, userId }) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const filters = [
      { label: 'all', query: '', where: 'true', params: [] },
      ...Object.entries(CATEGORIES).map(([category, modes]) => ({
        label: `category=${category}`,
        query: `&category=${category}`,
        where: 'mode = ANY($2)',
        params: [modes],
      })),
      { label: 'type=debit', query: '&type=debit', where: 'type = $2', params: ['debit'] },
    ];
    const scenarios = [];
    for (const f of filters) {
      const base = `/api/transactions?limit=${PAGE}${f.query}`;
      const count = Number(
        (
          await client.query(`SELECT count(*) FROM transactions WHERE user_id = $1 AND ${f.where}`, [
            userId,
            ...f.params,
          ])
        ).rows[0].count,
      );
      const first = await client.query(
        `SELECT id FROM transactions WHERE user_id = $1 AND ${f.where} ORDER BY ${ORDER} LIMIT 1`,
        [userId, ...f.params],
      );
      scenarios.push({
        name: `transactions ${f.label}, first page`,
        path: base,
        expectFirstId: first.rows[0]?.id,
      });
      const depths = f.label === 'all' && count > DEEP_ROWS + PAGE ? [DEEP_ROWS] : [];
      depths.push(Math.floor(count * 0.9));
      for (const depth of depths) {
        if (depth < PAGE) continue;
        // The row before the page (its cursor) and the page's first row.
        const { rows } = await client.query(
          `SELECT id, ${AT} AS at FROM transactions WHERE user_id = $1 AND ${f.where}
            ORDER BY ${ORDER} OFFSET $${f.params.length + 2} LIMIT 2`,
          [userId, ...f.params, depth - 1],
        );
        scenarios.push({
          name: `transactions ${f.label}, ${depth.toLocaleString('en-US')} deep (of ${count.toLocaleString('en-US')})`,
          path: `${base}&cursor=${cursorOf(rows[0])}`,
          expectFirstId: rows[1]?.id,
        });
      }
    }
    scenarios.push({ name: 'investments (the whole list: no cursor)', path: '/api/investments' });
    return scenarios;
  } finally {
    await client.end();
  }
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/**
 * Times `requests` calls of `get(scenario)` for each scenario after `warmup` each, every call read to its
 * last byte. The calls go in rounds, one of each scenario per round in a shuffled order, so that a burst
 * of other work on the machine falls on all the scenarios alike rather than on whichever ran then.
 */
export async function measure({ scenarios, get, warmup, requests }) {
  // Which scenario each request was, in the order they were sent (the server's access log is read in
  // the same order: serverTimes).
  const sequence = [];
  const once = async (scenario) => {
    sequence.push(scenarios.indexOf(scenario));
    const res = await get(scenario);
    const body = await res.text();
    if (res.status !== 200) throw new Error(`${scenario.path} answered ${res.status}: ${body.slice(0, 300)}`);
    return body;
  };
  const items = [];
  for (const scenario of scenarios) {
    const answer = JSON.parse(await once(scenario));
    const page = Array.isArray(answer) ? answer : answer.items;
    if (scenario.expectFirstId !== undefined && page[0]?.id !== scenario.expectFirstId) {
      throw new Error(`${scenario.name}: the page starts at ${page[0]?.id}, expected ${scenario.expectFirstId}`);
    }
    items.push(page.length);
    for (let i = 1; i < warmup; i++) await once(scenario);
  }
  const times = scenarios.map(() => []);
  const order = scenarios.map((_, i) => i);
  for (let round = 0; round < requests; round++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(Math.random() * (i + 1));
      [order[i], order[j]] = [order[j], order[i]];
    }
    for (const i of order) {
      const t = performance.now();
      await once(scenarios[i]);
      times[i].push(performance.now() - t);
    }
  }
  return {
    sequence,
    results: times.map((t, i) => ({ items: items[i], client: percentiles(t) })),
  };
}

function percentiles(times) {
  const t = [...times].sort((a, b) => a - b);
  return { p50: percentile(t, 50), p95: percentile(t, 95), p99: percentile(t, 99) };
}

/**
 * The server's own time of each timed request: Fastify's access log (LOG_LEVEL=info) gives each request's
 * responseTime, from its arrival to its last byte written. `logText` is the log from the first request
 * `measure` sent; its requests came one at a time, so they are logged in `sequence`'s order. Returns
 * p50/p95/p99 per scenario of the last `requests` of each (the timed ones).
 */
export function serverTimes({ logText, sequence, scenarios, requests }) {
  const incoming = [];
  const done = new Map();
  for (const line of logText.split('\n')) {
    if (!line.startsWith('{')) continue;
    const entry = JSON.parse(line);
    if (entry.msg === 'incoming request') incoming.push(entry);
    else if (entry.msg === 'request completed') done.set(entry.reqId, entry.responseTime);
  }
  if (incoming.length !== sequence.length) {
    throw new Error(`the server logged ${incoming.length} requests, ${sequence.length} were sent`);
  }
  const times = scenarios.map(() => []);
  incoming.forEach((entry, k) => {
    const scenario = scenarios[sequence[k]];
    if (!scenario.path.startsWith(entry.req.url.split('?')[0])) {
      throw new Error(`request ${k} was ${entry.req.url}, expected ${scenario.path}`);
    }
    times[sequence[k]].push(done.get(entry.reqId));
  });
  return times.map((t) => percentiles(t.slice(-requests)));
}
