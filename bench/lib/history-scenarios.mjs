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

/** Times `requests` calls of `get(scenario)` after `warmup`, each read to its last byte. */
export async function measure({ scenario, get, warmup, requests }) {
  const once = async () => {
    const res = await get(scenario);
    const body = await res.text();
    if (res.status !== 200) throw new Error(`${scenario.path} answered ${res.status}: ${body.slice(0, 300)}`);
    return body;
  };
  const answer = JSON.parse(await once());
  const items = Array.isArray(answer) ? answer : answer.items;
  if (scenario.expectFirstId !== undefined && items[0]?.id !== scenario.expectFirstId) {
    throw new Error(`${scenario.name}: the page starts at ${items[0]?.id}, expected ${scenario.expectFirstId}`);
  }
  for (let i = 1; i < warmup; i++) await once();
  const times = [];
  for (let i = 0; i < requests; i++) {
    const t = performance.now();
    await once();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return { items: items.length, p50: percentile(times, 50), p95: percentile(times, 95), p99: percentile(times, 99) };
}
