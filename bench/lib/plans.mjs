// The plans of the statements the server itself runs, captured with PostgreSQL's auto_explain from the
// server log: the exact SQL the app sent with its own parameters, run as it ran (EXPLAIN ANALYZE, BUFFERS),
// rather than a copy of the query rebuilt beside it.
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';

/** Loaded at start, silent until `capturePlans` turns it on for its requests. */
export const AUTO_EXPLAIN_SETTINGS = {
  shared_preload_libraries: 'auto_explain',
  'auto_explain.log_min_duration': '-1',
  'auto_explain.log_analyze': 'on',
  'auto_explain.log_buffers': 'on',
  'auto_explain.log_timing': 'on',
  'auto_explain.log_format': 'text',
};

async function setMinDuration(url, value) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`ALTER SYSTEM SET auto_explain.log_min_duration = '${value}'`);
    await client.query('SELECT pg_reload_conf()');
  } finally {
    await client.end();
  }
}

/** The auto_explain entries of a piece of the log: [{ ms, sql, plan }] (plan without the Query Text line). */
export function parsePlans(logText) {
  const entries = [];
  let current = null;
  for (const line of logText.split('\n')) {
    if (line.startsWith('\t')) {
      current?.lines.push(line.slice(1));
      continue;
    }
    const m = /LOG:\s+duration: ([\d.]+) ms\s+plan:/.exec(line);
    current = m ? { ms: Number(m[1]), lines: [] } : null;
    if (current) entries.push(current);
  }
  return entries.map(({ ms, lines }) => {
    const sqlLine = lines.findIndex((l) => l.startsWith('Query Text: '));
    return {
      ms,
      sql: sqlLine >= 0 ? lines[sqlLine].slice('Query Text: '.length) : '',
      plan: lines.filter((_, i) => i !== sqlLine).join('\n'),
    };
  });
}

/**
 * For each of `requests` ({ name, run }), the plans auto_explain logged for the statements `run()` caused
 * that `match` (a statement's SQL). A request is repeated (at most 5 times) until its plan is seen: the
 * server's connections pick the new setting up on their next statement after the reload.
 */
export async function capturePlans({ cluster, requests, match }) {
  const logFile = path.join(cluster.dir, 'postgres.log');
  const out = [];
  await setMinDuration(cluster.url, 0);
  try {
    for (const { name, run } of requests) {
      let found = [];
      for (let attempt = 1; attempt <= 5 && found.length === 0; attempt++) {
        const from = statSync(logFile).size;
        await run();
        const text = readFileSync(logFile).subarray(from).toString('utf8');
        found = parsePlans(text).filter((p) => match(p.sql));
      }
      out.push({ name, plans: found });
    }
  } finally {
    await setMinDuration(cluster.url, -1);
  }
  return out;
}

const BIG_TABLES = ['transactions', 'investments', 'journals', 'entries'];

/**
 * What a list's plan must not do: a sequential scan of a big table, a sort of more rows than it returns
 * (a keyset page comes in index order), or reading many more rows than it returns (over 1,000 and over ten times as
 * many: rows between the ones shown, read and thrown away). Returns { rowsRead, returned, problems }.
 */
export function judgePlan(plan) {
  const problems = [];
  const seq = new RegExp(`Seq Scan on (${BIG_TABLES.join('|')})\\b`).exec(plan);
  if (seq) problems.push(`sequential scan of ${seq[1]}`);
  const sorts = /(^|->\s+)Sort\s+\(/m.test(plan);
  // Rows the scans of the big tables produced or threw away (filter, recheck), times their loops.
  let rowsRead = 0;
  const lines = plan.split('\n');
  lines.forEach((line, i) => {
    const scan = new RegExp(
      `(Index Scan|Index Only Scan|Bitmap Heap Scan|Seq Scan)[^\\n]* on (${BIG_TABLES.join('|')})\\b`,
    );
    if (!scan.test(line)) return;
    const actual = /actual time=[\d.]+\.\.[\d.]+ rows=(\d+) loops=(\d+)/.exec(line);
    const loops = actual ? Number(actual[2]) : 1;
    let read = actual ? Number(actual[1]) * loops : 0;
    const indent = line.search(/\S/);
    for (let j = i + 1; j < lines.length; j++) {
      const next = lines[j];
      if (next.search(/\S/) <= indent || next.trimStart().startsWith('->')) break;
      const removed = /Rows Removed by (?:Filter|Index Recheck): (\d+)/.exec(next);
      if (removed) read += Number(removed[1]) * loops;
    }
    rowsRead += read;
  });
  const returned = Number(/actual time=[\d.]+\.\.[\d.]+ rows=(\d+)/.exec(plan)?.[1] ?? 0);
  // Sorting exactly the rows it shows costs nothing (a small list the planner fetches by bitmap); a sort
  // of more than that is the member's set sorted to cut a page from it.
  if (sorts && rowsRead > returned) problems.push('sorts the rows it read');
  if (rowsRead > 1000 && rowsRead > 10 * returned) {
    problems.push(`reads ${rowsRead.toLocaleString('en-US')} rows to return ${returned.toLocaleString('en-US')}`);
  }
  return { rowsRead, returned, problems };
}
