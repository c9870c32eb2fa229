// The background jobs run once across app nodes: every node's accrual timer races for the same due
// investment-days, every node's e-mail dispatcher for the same outbox rows. Checked by what they
// leave behind, not by how the jobs are built: the profit journals credited per investment-day, and
// the messages the SMTP server received per recipient.
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { query } from './cluster.mjs';
import { pool } from './seed.mjs';

const POLL_MS = 100;

/**
 * Each user invests in the first `perUser` plans (amounts spread over each plan's range) through the
 * app nodes in turn; then all these investments are moved a day back in one statement, so one day of
 * each falls due on every node at once. Returns their ids.
 */
export async function seedDueInvestments({ databaseUrl, bases, origin, users, perUser, runId, concurrency }) {
  const plans = await (await fetch(`${bases[0]}/api/plans`, { headers: { cookie: users[0].cookie, origin } })).json();
  if (!Array.isArray(plans) || plans.length < perUser) throw new Error(`GET /api/plans: ${JSON.stringify(plans)}`);
  const orders = users.flatMap((user, u) =>
    plans.slice(0, perUser).map((plan, p) => ({
      user,
      planId: plan.id,
      amountCents: plan.minCents + ((u * 7_919 + p * 104_729) % Math.min(10_000, plan.maxCents - plan.minCents + 1)),
    })),
  );
  const ids = await pool(orders.length, concurrency, async (i) => {
    const o = orders[i];
    const res = await fetch(`${bases[i % bases.length]}/api/investments`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin,
        cookie: o.user.cookie,
        'idempotency-key': `bench-${runId}-invest-${i}`,
      },
      body: JSON.stringify({ planId: o.planId, amountCents: o.amountCents }),
    });
    const body = await res.json();
    if (res.status !== 201)
      throw new Error(`POST /api/investments (${o.user.email}): ${res.status} ${JSON.stringify(body)}`);
    return body.id;
  });
  // As if each had started a day earlier: day 1 is due now, for every node's timer alike.
  await query(databaseUrl, `UPDATE investments SET started_at = started_at - interval '1 day' WHERE id = ANY($1)`, [
    ids,
  ]);
  return ids;
}

/** Waits until `done()` holds or `timeoutMs` passes; returns the seconds it took, or null. */
async function until(done, timeoutMs) {
  const t0 = Date.now();
  while (Date.now() - t0 < timeoutMs) {
    if (await done()) return (Date.now() - t0) / 1000;
    await sleep(POLL_MS);
  }
  return null;
}

/**
 * Waits for every investment to have its day booked (then calls `onBooked`), lets the timers run a
 * few more times (a late second booking would show), then counts the profit journals of each investment-day. A day whose
 * profit rounds to zero books no journal, so it is expected only when its profit is positive.
 */
export async function accrualOnce({ databaseUrl, ids, timeoutMs, settleMs, onBooked }) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const accrued = async () =>
      (await client.query('SELECT count(*)::int AS n FROM investments WHERE id = ANY($1) AND days_accrued >= 1', [ids]))
        .rows[0].n;
    const seconds = await until(async () => (await accrued()) === ids.length, timeoutMs);
    onBooked?.();
    await sleep(settleMs);
    // Day 1's profit: the whole-term profit's running total after one day, rounded down (profit.ts).
    const { rows: invs } = await client.query(
      `SELECT id, user_id, days_accrued, profit_cents::bigint AS profit_cents,
              (amount_cents * profit_bps / (10000 * duration_days))::bigint AS day1
         FROM investments WHERE id = ANY($1)`,
      [ids],
    );
    const { rows: credits } = await client.query(
      `SELECT a.user_id, e.journal_id, e.amount_cents::bigint AS amount
         FROM entries e JOIN accounts a ON a.id = e.account_id
        WHERE a.kind = 'profit' AND a.user_id = ANY($1) AND e.amount_cents > 0`,
      [[...new Set(invs.map((r) => r.user_id))]],
    );
    const paid = await client.query(
      `SELECT COALESCE(-SUM(e.amount_cents), 0)::bigint AS cents FROM entries e JOIN accounts a ON a.id = e.account_id
        WHERE a.user_id IS NULL AND a.kind = 'profit_expense'`,
    );
    return { seconds, ...matchCredits(invs, credits), profitPaidCents: Number(paid.rows[0].cents) };
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Pairs each investment-day owed a journal with one profit credit of its user for that amount: the
 * credits left over are days paid twice (or money from nowhere), the days left unpaired were missed.
 */
function matchCredits(invs, credits) {
  const open = new Map(); // user -> amounts credited, not yet paired
  for (const c of credits) {
    const list = open.get(c.user_id) ?? [];
    list.push(String(c.amount));
    open.set(c.user_id, list);
  }
  let once = 0;
  let missing = 0;
  let zeroDays = 0;
  for (const inv of invs) {
    if (BigInt(inv.day1) === 0n) {
      zeroDays++;
      continue;
    }
    const list = open.get(inv.user_id) ?? [];
    const i = list.indexOf(String(inv.day1));
    if (i < 0) missing++;
    else {
      list.splice(i, 1);
      once++;
    }
  }
  const doubled = [...open.values()].reduce((n, list) => n + list.length, 0);
  return {
    investments: invs.length,
    daysOwed: invs.length - zeroDays,
    bookedOnce: once,
    missing,
    doubled,
    journals: new Set(credits.map((c) => String(c.journal_id))).size,
    notAdvanced: invs.filter((r) => r.days_accrued !== 1).length,
    profitOff: invs.filter((r) => String(r.profit_cents) !== String(r.day1)).length,
  };
}

/** Queues `count` messages in the outbox, due at once, each to its own recipient; returns the addresses. */
export async function queueEmails({ databaseUrl, count, runId }) {
  const { rows } = await query(
    databaseUrl,
    `INSERT INTO email_outbox (to_address, template, subject, html, text, next_attempt_at)
       SELECT 'nodes-' || $1 || '-' || g || '@bench.invalid', 'welcome', 'Benchmark message ' || g,
              '<p>Benchmark message ' || g || '</p>', 'Benchmark message ' || g, now() - interval '1 second'
         FROM generate_series(1, $2::int) AS g
       RETURNING to_address`,
    [runId.replace(/[^0-9a-z-]/gi, ''), count],
  );
  return rows.map((r) => r.to_address);
}

/** Waits for every message to reach the SMTP sink, lets the dispatchers run a few more times, then counts. */
export async function emailsOnce({ databaseUrl, sink, addresses, timeoutMs, settleMs }) {
  const seconds = await until(() => addresses.every((a) => sink.deliveries(a) > 0), timeoutMs);
  await sleep(settleMs);
  const counts = addresses.map((a) => sink.deliveries(a));
  const { rows } = await query(
    databaseUrl,
    `SELECT status, count(*)::int AS n FROM email_outbox WHERE to_address = ANY($1) GROUP BY status ORDER BY status`,
    [addresses],
  );
  return {
    seconds,
    queued: addresses.length,
    deliveredOnce: counts.filter((n) => n === 1).length,
    missing: counts.filter((n) => n === 0).length,
    duplicated: counts.filter((n) => n > 1).length,
    extraCopies: counts.reduce((s, n) => s + Math.max(0, n - 1), 0),
    outboxStatus: Object.fromEntries(rows.map((r) => [r.status, r.n])),
  };
}
