// 1,000 funded, active users: registered through the real sign-up endpoint (a real scrypt hash and
// session each), then activated and funded by SQL exactly as `npm run admin -- activate/adjust` would
// book it — one balanced journal external → balance per user, the matching balance, a history row and
// an audit row — in one transaction, so the deferred zero-sum trigger checks every journal at commit.
import pg from 'pg';

export const BENCH_EMAIL_DOMAIN = 'bench.invalid';

/** Runs `count` tasks with at most `limit` in flight; resolves to their results in order. */
export async function pool(count, limit, task) {
  const results = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, count) }, async () => {
      while (next < count) {
        const i = next++;
        results[i] = await task(i);
      }
    }),
  );
  return results;
}

/** The password of every user a run signs up. */
export const benchPassword = (runId) => `bench password ${runId}`;

/** The session cookie a sign-up or sign-in answered with (from its set-cookie headers). */
function sessionCookie(res, email) {
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .filter((c) => c && !c.endsWith('='))
    .join('; ');
  if (!cookie.includes('session_token')) throw new Error(`${email} was given no session cookie: ${cookie}`);
  return cookie;
}

/** Signs an existing user in through POST /api/auth/sign-in/email; returns the session cookie. */
export async function signIn(base, email, password) {
  const res = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email, password }),
    signal: AbortSignal.timeout(30_000),
  });
  if (res.status !== 200)
    throw new Error(`sign-in of ${email} failed: ${res.status} ${(await res.text()).slice(0, 300)}`);
  return sessionCookie(res, email);
}

/** Registers one user; returns { email, cookie } with the session cookie from set-cookie. */
async function register(base, runId, i) {
  const email = `bench-${runId}-${i}@${BENCH_EMAIL_DOMAIN}`;
  const body = {
    name: `Bench User ${i}`,
    email,
    phone: '+15550100200',
    country: 'United States',
    password: benchPassword(runId),
  };
  for (let attempt = 1; ; attempt++) {
    const res = await fetch(`${base}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    const text = await res.text();
    if (res.status === 200) return { email, cookie: sessionCookie(res, email) };
    if (attempt >= 3) throw new Error(`sign-up of ${email} failed: ${res.status} ${text.slice(0, 300)}`);
  }
}

export async function registerUsers({ base, runId, count, concurrency, onProgress }) {
  let done = 0;
  return pool(count, concurrency, async (i) => {
    const user = await register(base, runId, i);
    done++;
    onProgress?.(done);
    return user;
  });
}

/** Activates and funds every user of this run, in one transaction. Returns the number funded. */
export async function activateAndFund({ databaseUrl, runId, cents }) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('BEGIN');
    await client.query(
      `CREATE TEMP TABLE bench_seed ON COMMIT DROP AS
         SELECT u.id AS user_id FROM users u WHERE u.email LIKE $1`,
      [`bench-${runId}-%@${BENCH_EMAIL_DOMAIN}`],
    );
    const { rows } = await client.query('SELECT count(*)::int AS n FROM bench_seed');
    const n = rows[0].n;
    const reason = 'Benchmark opening balance';
    await client.query(
      `UPDATE users SET is_active = true, updated_at = now() WHERE id IN (SELECT user_id FROM bench_seed)`,
    );
    await client.query(
      `INSERT INTO audit_log (actor, action, target_user_id) SELECT 'bench:seed', 'user.activate', user_id FROM bench_seed`,
    );
    // The opening balances are booked by the ledger's own function (apps/server/src/ledger/book.sql),
    // as an operator's adjustment would be: the money tables accept no other writer. A database of a
    // version from before decision 021 (`bench ab --base` an older commit) has its JSON door instead.
    const { rows: door } = await client.query(`SELECT to_regprocedure('ledger_book(jsonb)') IS NOT NULL AS json`);
    await client.query(door[0].json ? FUND_BY_JSON_DOOR : FUND_BY_BOOKING_RULE, [cents, reason]);
    await client.query(
      `INSERT INTO audit_log (actor, action, target_user_id, details)
         SELECT 'bench:seed', 'balance.adjust', user_id,
                jsonb_build_object('amountCents', $1::bigint, 'reason', $2::text, 'journalId', journal_id)
         FROM bench_booked`,
      [cents, reason],
    );
    await client.query('COMMIT');
    await client.query('ANALYZE');
    return n;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * bench_booked (user_id, journal_id): each bench_seed user's opening balance, one journal external ->
 * balance of $1 cents with a history row reading $2, booked in one call of ledger_book, the booking rule.
 */
const FUND_BY_BOOKING_RULE = `
  CREATE TEMP TABLE bench_booked ON COMMIT DROP AS
    WITH s AS (SELECT user_id, row_number() OVER (ORDER BY user_id)::int AS n FROM bench_seed),
    b AS (
      SELECT * FROM ledger_book(
        (SELECT array_agg('adjustment'::text ORDER BY n) FROM s), (SELECT array_agg(user_id ORDER BY n) FROM s),
        (SELECT array_agg(NULL::text) FROM s), (SELECT array_agg(NULL::text) FROM s), (SELECT array_agg(NULL::text) FROM s),
        (SELECT array_agg(n ORDER BY n) || array_agg(n ORDER BY n) FROM s),
        (SELECT array_agg(user_id ORDER BY n) || array_agg(NULL::text) FROM s),
        (SELECT array_agg('balance'::text) || array_agg(NULL::text) FROM s),
        (SELECT array_agg(NULL::text) || array_agg('external'::text) FROM s),
        (SELECT array_agg($1::numeric) || array_agg(-$1::numeric) FROM s),
        (SELECT array_agg(n ORDER BY n) FROM s), (SELECT array_agg(gen_random_uuid()::text) FROM s),
        (SELECT array_agg(user_id ORDER BY n) FROM s), (SELECT array_agg('credit'::text) FROM s),
        (SELECT array_agg('adjustment'::text) FROM s), (SELECT array_agg('adjustment'::text) FROM s),
        (SELECT array_agg($2::text) FROM s), (SELECT array_agg($1::numeric) FROM s), (SELECT array_agg(0::numeric) FROM s),
        (SELECT array_agg('success'::text) FROM s), (SELECT array_agg('balance'::text) FROM s),
        '{}'::int[], '{}'::text[], '{}'::text[], NULL, NULL))
    SELECT s.user_id, b.journal_ids[s.n] AS journal_id FROM s, b`;

/** The same through ledger_book(jsonb), a journal a call, for a database from before decision 021. */
const FUND_BY_JSON_DOOR = `
  CREATE TEMP TABLE bench_booked ON COMMIT DROP AS
    SELECT user_id, (ledger_book(jsonb_build_object(
      'kind', 'adjustment', 'userId', user_id,
      'postings', jsonb_build_array(
        jsonb_build_object('user', user_id, 'kind', 'balance', 'amountCents', $1::bigint),
        jsonb_build_object('system', 'external', 'amountCents', -$1::bigint)),
      'history', jsonb_build_array(jsonb_build_object(
        'userId', user_id, 'type', 'credit', 'mode', 'adjustment', 'method', 'adjustment',
        'description', $2::text, 'amountCents', $1::bigint, 'status', 'success', 'wallet', 'balance')),
      'transactionIds', jsonb_build_array(gen_random_uuid())
    )) ->> 'journalId')::bigint AS journal_id
    FROM bench_seed`;
