// Seeds a large history by SQL (generate_series), books included, for bench/history.mjs.
//
// Every history row is what the app would have written for a real operation, with the journal and the
// entries that operation books (ledger/book.sql's shapes): deposits (external -> balance), investments
// (balance -> invested), their profit (profit_expense -> profit, one journal per investment rather than
// one per day), capital returned (invested -> balance), profit claims (profit -> balance), transfers
// (sender -(amount + 2%), recipient +amount, fee_revenue +2%; a row for each party), withdrawals (a hold
// journal balance -> withdrawal_hold, then the payout withdrawal_hold -> external), referral bonuses
// (bonus_expense -> referral_bonus, one per referee, with its referral_bonuses row) moved to the balance,
// operator adjustments, and rejected deposits (a failed row, no journal). The amounts are chosen so that
// no account can end below zero, and each account's cached balance is then set to the sum of its
// entries. Not seeded: the request tables behind deposits and withdrawals (the operator's queues), the
// accrual job's per-day records and the audit log — neither list reads them.
//
// The rows are written the way ledger_book writes them, by setting the transaction-local flag its guard
// triggers look for (nothing else could write 10,000,000 rows in minutes); the entries trigger still
// checks every journal of the statement, and the books are checked again afterwards.
//
// Population: one heavy member (already signed up) with `heavyInvestments` investments — each writes its
// own row and its capital's, so the heavy member holds about 2.3 history rows per investment — and enough
// ordinary members (1 to 19 "months" of activity each, about 107 rows on average) to bring the table to
// about `rows` history rows, spread over two years and written in time order, as they would arrive.

const ROWS_PER_MEMBER = 106.7; // measured average of an ordinary member's rows (own and received)
const HEAVY_ROWS_PER_INVESTMENT = 2.33;

/** The seed's parameters for a table of about `rows` history rows and a heavy member with `heavyInvestments`. */
export function seedPlan({ rows, heavyInvestments }) {
  const investments = Math.ceil(heavyInvestments / 10) * 10;
  const heavyRows = Math.round(investments * HEAVY_ROWS_PER_INVESTMENT);
  const members = Math.max(50, Math.round((rows - heavyRows) / ROWS_PER_MEMBER));
  return { rows, investments, heavyRows, members };
}

/** The statements, in order, each named for the progress lines; `heavy` is the heavy member's id as an SQL literal. */
function statements({ investments, members }, heavy) {
  const M = investments;
  const U = members;
  return [
    [
      'members',
      `CREATE TEMP TABLE seed_users ON COMMIT DROP AS
       SELECT 0 AS user_no, u.id, u.name, 0 AS cycles,
              now() - interval '730 days' AS first_at, NULL::int AS referrer_no
         FROM users u WHERE u.id = ${heavy}
       UNION ALL
       SELECT g, md5('meridian-history-' || g), f || ' ' || l || ' ' || g, 1 + (g * 7919) % 19,
              now() - interval '730 days' + ((g::bigint * 104729) % 300) * interval '1 day' + random() * interval '1 day',
              CASE WHEN g % 3 = 0 THEN 1 + (g - 1 + 1 + (g * 37) % ${U - 1}) % ${U} END
         FROM generate_series(1, ${U}) AS g,
              LATERAL (SELECT (ARRAY['Ada','Ben','Chen','Dara','Emma','Farah','Hugo','Ines','Jon','Kai','Lara','Milan',
                                     'Nina','Omar','Priya','Rosa','Sam','Tariq','Uma','Yusuf'])[1 + g % 20] AS f,
                              (ARRAY['Okafor','Silva','Novak','Haddad','Kim','Larsen','Moreau','Rossi','Tanaka',
                                     'Weber'])[1 + (g / 20) % 10] AS l) AS n;
       CREATE UNIQUE INDEX ON seed_users (user_no);
       INSERT INTO users (id, name, email, referral_id, referrer_id, is_active, created_at, updated_at)
       SELECT s.id, s.name, 'history-' || s.user_no || '@bench.invalid', 'history-' || s.user_no, r.id, true,
              s.first_at - interval '1 day', now()
         FROM seed_users s LEFT JOIN seed_users r ON r.user_no = s.referrer_no WHERE s.user_no > 0;
       INSERT INTO accounts (user_id, kind)
       SELECT s.id, k FROM seed_users s,
              unnest(ARRAY['balance','profit','bonus','referral_bonus','invested','withdrawal_hold']) AS k
       ON CONFLICT DO NOTHING;
       CREATE TEMP TABLE seed_acct ON COMMIT DROP AS
       SELECT s.user_no, a.kind, a.id FROM seed_users s JOIN accounts a ON a.user_id = s.id;
       CREATE TEMP TABLE seed_sys ON COMMIT DROP AS SELECT kind, id FROM accounts WHERE user_id IS NULL;
       ANALYZE seed_users; ANALYZE seed_acct`,
    ],
    [
      'investments',
      // An ordinary member invests once a "month" (mostly Starter); the last one is still running for one
      // member in four and finished with its profit unclaimed for another. The heavy member invests in the
      // four plans in turn, ten at a time; the last 4 run, the 12 before them wait to be claimed.
      `CREATE TEMP TABLE seed_cycles ON COMMIT DROP AS
       SELECT s.user_no AS u, c.i, c.i = s.cycles - 1 AS last,
              s.first_at + ((now() - interval '40 days' - s.first_at) * c.i / s.cycles) + random() * interval '6 hours' AS t,
              CASE WHEN (s.user_no + c.i) % 10 < 7 THEN 'starter' WHEN (s.user_no + c.i) % 10 < 9 THEN 'silver' ELSE 'gold' END AS plan_id
         FROM seed_users s CROSS JOIN LATERAL generate_series(0, s.cycles - 1) AS c(i) WHERE s.user_no > 0;
       CREATE TEMP TABLE seed_investments ON COMMIT DROP AS
       SELECT gen_random_uuid()::text AS id, x.u, x.plan_id, x.amount, p.profit_bps, p.duration_days, x.started_at,
              x.state, x.claim_group, x.amount * p.profit_bps / 10000 AS profit
         FROM (SELECT c.u, c.plan_id, c.t + interval '1 hour' AS started_at, 'c' || c.u || '-' || c.i AS claim_group,
                      CASE WHEN c.last AND c.u % 4 = 0 THEN 'active' WHEN c.last AND c.u % 4 = 1 THEN 'unclaimed'
                           ELSE 'archived' END AS state,
                      pl.min_cents + floor(random() * least(pl.max_cents - pl.min_cents + 1, 400000))::bigint AS amount
                 FROM seed_cycles c JOIN plans pl ON pl.id = c.plan_id
               UNION ALL
               SELECT 0, pl.id, now() - interval '730 days' + k * (interval '690 days' / ${M}) + random() * interval '1 hour',
                      'h' || k / 10,
                      CASE WHEN k >= ${M - 4} THEN 'active' WHEN k >= ${M - 16} THEN 'unclaimed' ELSE 'archived' END,
                      pl.min_cents + floor(random() * (pl.max_cents - pl.min_cents + 1))::bigint
                 FROM generate_series(0, ${M - 1}) AS k
                 JOIN plans pl ON pl.id = (ARRAY['starter','silver','gold','platinum'])[1 + k % 4]) AS x
         JOIN plans p ON p.id = x.plan_id;
       -- A running investment started within the last day, so no accrual is due yet.
       UPDATE seed_investments SET started_at = now() - random() * interval '20 hours' WHERE state = 'active';
       INSERT INTO investments (id, user_id, plan_id, plan_name, amount_cents, profit_bps, duration_days, status,
                                days_accrued, profit_cents, archived, started_at, ended_at)
       SELECT i.id, s.id, i.plan_id, p.name, i.amount, i.profit_bps, i.duration_days,
              CASE WHEN i.state = 'active' THEN 'active' ELSE 'completed' END,
              CASE WHEN i.state = 'active' THEN 0 ELSE i.duration_days END,
              CASE WHEN i.state = 'active' THEN 0 ELSE i.profit END,
              i.state = 'archived', i.started_at,
              CASE WHEN i.state <> 'active' THEN i.started_at + i.duration_days * interval '1 day' END
         FROM seed_investments i JOIN seed_users s ON s.user_no = i.u JOIN plans p ON p.id = i.plan_id
        ORDER BY i.started_at`,
    ],
    [
      'operations',
      // One row per booking. amount/fee in cents; peer = the other member (transfer recipient, referee).
      `CREATE TEMP TABLE seed_ops (op bigint GENERATED ALWAYS AS IDENTITY, u int NOT NULL, peer int, kind text NOT NULL,
                                   amount bigint NOT NULL, fee bigint NOT NULL DEFAULT 0, at timestamptz NOT NULL,
                                   plan_id text) ON COMMIT DROP;
       INSERT INTO seed_ops (u, kind, amount, at, plan_id)
       SELECT u, 'invest', amount, started_at, plan_id FROM seed_investments
       UNION ALL
       SELECT u, 'accrue', profit, started_at + duration_days * interval '1 day' - interval '1 minute', NULL
         FROM seed_investments WHERE state <> 'active' AND profit > 0
       UNION ALL
       SELECT u, 'capital', amount, started_at + duration_days * interval '1 day', plan_id
         FROM seed_investments WHERE state <> 'active'
       UNION ALL
       SELECT u, 'claim', sum(profit), max(started_at + duration_days * interval '1 day') + interval '1 hour', NULL
         FROM seed_investments WHERE state = 'archived' GROUP BY u, claim_group HAVING sum(profit) > 0;
       -- Ordinary members: transfers (three a month, one in 97 of the first to the heavy member), a
       -- withdrawal every third month, a rejected deposit every fourth, an adjustment every tenth, and
       -- the month's deposit, which covers the month's outgoings whatever comes in.
       CREATE TEMP TABLE seed_month ON COMMIT DROP AS
       SELECT c.u, c.i, c.t, i.amount AS invested, j.n,
              CASE WHEN j.n = 0 AND (c.u + c.i) % 97 = 0 THEN 0
                   ELSE 1 + (c.u - 1 + 1 + ((c.i * 3 + j.n) * 7919) % ${Math.max(1, U - 1)}) % ${U} END AS peer,
              (100 + floor(random() * 20000))::bigint AS sent
         FROM seed_cycles c JOIN seed_investments i ON i.claim_group = 'c' || c.u || '-' || c.i
         CROSS JOIN generate_series(0, 2) AS j(n);
       INSERT INTO seed_ops (u, peer, kind, amount, fee, at)
       SELECT u, peer, 'transfer', sent, greatest(1, (sent * 200 + 5000) / 10000), t + (2 + n) * interval '1 hour'
         FROM seed_month;
       INSERT INTO seed_ops (u, kind, amount, at)
       SELECT u, kind, amount, at FROM (
         SELECT m.u, m.i, m.t, (1000 + floor(random() * 10000))::bigint AS withdrawn,
                sum(m.sent + greatest(1, (m.sent * 200 + 5000) / 10000)) AS outgoing, min(m.invested) AS invested
           FROM seed_month m GROUP BY m.u, m.i, m.t) AS x
       CROSS JOIN LATERAL (VALUES
         ('deposit', x.invested + x.outgoing + CASE WHEN (x.u + x.i) % 3 = 0 THEN x.withdrawn ELSE 0 END + 1000, x.t),
         ('withdrawal', CASE WHEN (x.u + x.i) % 3 = 0 THEN x.withdrawn END, x.t + interval '5 hours'),
         ('deposit_failed', CASE WHEN (x.u + x.i) % 4 = 0 THEN 2500 + x.withdrawn END, x.t + interval '6 hours'),
         ('adjustment', CASE WHEN (x.u + x.i) % 10 = 0 THEN 1000 + x.withdrawn % 4000 END, x.t + interval '7 hours')
       ) AS o(kind, amount, at)
       WHERE o.amount IS NOT NULL;
       -- Referral bonuses: one per referee, to the referrer when the referee joins, moved to the balance a day later.
       INSERT INTO seed_ops (u, peer, kind, amount, at)
       SELECT s.referrer_no, s.user_no, o.kind, 5000, s.first_at + o.after
         FROM seed_users s CROSS JOIN (VALUES ('referral', interval '1 hour'), ('bonus', interval '1 day')) AS o(kind, after)
        WHERE s.referrer_no IS NOT NULL;
       -- The heavy member: an opening deposit that covers its running investments, two transfers out per ten
       -- investments, a deposit every fifty investments that covers them, a withdrawal every two hundred.
       INSERT INTO seed_ops (u, peer, kind, amount, fee, at)
       SELECT 0, NULL, 'deposit', 5000000, 0, now() - interval '731 days'
       UNION ALL
       SELECT 0, 1 + ((h * 2 + n) * 7919) % ${U}, 'transfer', x.sent, greatest(1, (x.sent * 200 + 5000) / 10000),
              now() - interval '730 days' + h * 10 * (interval '690 days' / ${M}) + (2 + n) * interval '1 hour'
         FROM generate_series(0, ${M / 10 - 1}) AS h CROSS JOIN generate_series(0, 1) AS n,
              LATERAL (SELECT (100 + floor(random() * 4900))::bigint AS sent) AS x
       UNION ALL
       SELECT 0, NULL, CASE WHEN h % 5 = 0 THEN 'deposit' ELSE 'withdrawal' END, CASE WHEN h % 5 = 0 THEN 60000 ELSE 5000 END,
              0, now() - interval '730 days' + h * 10 * (interval '690 days' / ${M}) - interval '1 hour'
         FROM generate_series(0, ${M / 10 - 1}) AS h WHERE h % 5 = 0 OR h % 20 = 12;
       CREATE TEMP TABLE seed_base ON COMMIT DROP AS SELECT COALESCE(max(id), 0) + 1 AS journal FROM journals;
       ANALYZE seed_ops`,
    ],
    [
      'journals',
      // Journal ids follow the operations' ids (a withdrawal's payout takes the odd one after its hold).
      `INSERT INTO journals (id, kind, user_id, created_at)
       SELECT b.journal + o.op * 2 + j.n, j.kind, s.id, o.at + j.n * interval '1 day'
         FROM seed_ops o CROSS JOIN seed_base b JOIN seed_users s ON s.user_no = o.u
         JOIN (VALUES ('deposit', 0, 'deposit'), ('invest', 0, 'invest'), ('accrue', 0, 'profit_accrual'),
                      ('capital', 0, 'capital_return'), ('claim', 0, 'profit_claim'), ('transfer', 0, 'transfer'),
                      ('withdrawal', 0, 'withdrawal_hold'), ('withdrawal', 1, 'withdrawal_payout'),
                      ('referral', 0, 'referral_bonus'), ('bonus', 0, 'bonus_move'), ('adjustment', 0, 'adjustment'))
           AS j(op_kind, n, kind) ON j.op_kind = o.kind;
       SELECT setval('journals_id_seq', (SELECT max(id) FROM journals))`,
    ],
    [
      'entries',
      // Each operation's postings: owner u (the member), p (the peer) or a system account; signed
      // multiples of the amount and the fee.
      `INSERT INTO entries (journal_id, account_id, amount_cents)
       SELECT b.journal + o.op * 2 + p.n, COALESCE(ua.id, sa.id), p.a * o.amount + p.f * o.fee
         FROM seed_ops o CROSS JOIN seed_base b
         JOIN (VALUES ('deposit', 0, 'u', 'balance', 1, 0), ('deposit', 0, NULL, 'external', -1, 0),
                      ('invest', 0, 'u', 'balance', -1, 0), ('invest', 0, 'u', 'invested', 1, 0),
                      ('accrue', 0, NULL, 'profit_expense', -1, 0), ('accrue', 0, 'u', 'profit', 1, 0),
                      ('capital', 0, 'u', 'invested', -1, 0), ('capital', 0, 'u', 'balance', 1, 0),
                      ('claim', 0, 'u', 'profit', -1, 0), ('claim', 0, 'u', 'balance', 1, 0),
                      ('transfer', 0, 'u', 'balance', -1, -1), ('transfer', 0, 'p', 'balance', 1, 0),
                      ('transfer', 0, NULL, 'fee_revenue', 0, 1),
                      ('withdrawal', 0, 'u', 'balance', -1, 0), ('withdrawal', 0, 'u', 'withdrawal_hold', 1, 0),
                      ('withdrawal', 1, 'u', 'withdrawal_hold', -1, 0), ('withdrawal', 1, NULL, 'external', 1, 0),
                      ('referral', 0, NULL, 'bonus_expense', -1, 0), ('referral', 0, 'u', 'referral_bonus', 1, 0),
                      ('bonus', 0, 'u', 'referral_bonus', -1, 0), ('bonus', 0, 'u', 'balance', 1, 0),
                      ('adjustment', 0, NULL, 'external', -1, 0), ('adjustment', 0, 'u', 'balance', 1, 0))
           AS p(kind, n, owner, account, a, f) ON p.kind = o.kind
         LEFT JOIN seed_acct ua ON p.owner IS NOT NULL AND ua.kind = p.account
              AND ua.user_no = CASE p.owner WHEN 'u' THEN o.u ELSE o.peer END
         LEFT JOIN seed_sys sa ON p.owner IS NULL AND sa.kind = p.account
        WHERE p.a * o.amount + p.f * o.fee <> 0`,
    ],
    [
      'history rows',
      // As the app words them (packages/shared history-wording.ts), in time order as they would arrive; an
      // investment's rows name its plan in \`method\`, as invest() and returnCapital() write it.
      `INSERT INTO transactions (id, user_id, type, mode, method, description, amount_cents, fee_cents, status, wallet,
                                 journal_id, created_at)
       SELECT gen_random_uuid()::text, CASE WHEN l.owner = 'p' THEN ps.id ELSE s.id END, l.type, l.mode,
              COALESCE(l.method, pl.name),
              CASE o.kind
                WHEN 'invest' THEN 'Investment in the ' || pl.name || ' plan'
                WHEN 'capital' THEN 'Capital returned: ' || pl.name || ' plan matured'
                WHEN 'transfer' THEN CASE l.owner WHEN 'u' THEN 'Transfer to ' || ps.name ELSE 'Transfer from ' || s.name END
                WHEN 'referral' THEN 'Referral bonus: ' || ps.name || ' joined'
                ELSE l.description END,
              o.amount, CASE WHEN l.owner = 'u' THEN o.fee ELSE 0 END, l.status, l.wallet,
              CASE WHEN l.status <> 'failed' THEN b.journal + o.op * 2 END, o.at
         FROM seed_ops o CROSS JOIN seed_base b
         JOIN (VALUES ('deposit', 'u', 'credit', 'deposit', 'Bank Transfer', 'Deposit via Bank Transfer', 'success', 'balance'),
                      ('deposit_failed', 'u', 'credit', 'deposit', 'Bank Transfer', 'Deposit via Bank Transfer', 'failed', 'balance'),
                      ('invest', 'u', 'debit', 'investment', NULL, NULL, 'success', 'balance'),
                      ('capital', 'u', 'credit', 'capital', NULL, NULL, 'success', 'balance'),
                      ('claim', 'u', 'credit', 'profit', 'profit', 'Profits claimed', 'success', 'balance'),
                      ('transfer', 'u', 'debit', 'transfer', 'transfer', NULL, 'success', 'balance'),
                      ('transfer', 'p', 'credit', 'transfer', 'transfer', NULL, 'success', 'balance'),
                      ('withdrawal', 'u', 'debit', 'withdrawal', 'Bank Transfer', 'Withdrawal via Bank Transfer', 'success', 'balance'),
                      ('referral', 'u', 'credit', 'referral', 'referral', NULL, 'success', 'referral_bonus'),
                      ('bonus', 'u', 'credit', 'bonus', 'bonus', 'Bonus moved to balance', 'success', 'balance'),
                      ('adjustment', 'u', 'credit', 'adjustment', 'adjustment', 'Goodwill credit', 'success', 'balance'))
           AS l(kind, owner, type, mode, method, description, status, wallet) ON l.kind = o.kind
         JOIN seed_users s ON s.user_no = o.u
         LEFT JOIN seed_users ps ON ps.user_no = o.peer
         LEFT JOIN plans pl ON pl.id = o.plan_id
        ORDER BY o.at`,
    ],
    [
      'referral records and balances',
      `INSERT INTO referral_bonuses (referee_id, referrer_id, journal_id)
       SELECT ps.id, s.id, b.journal + o.op * 2
         FROM seed_ops o CROSS JOIN seed_base b JOIN seed_users s ON s.user_no = o.u JOIN seed_users ps ON ps.user_no = o.peer
        WHERE o.kind = 'referral';
       -- Each member account's cached balance is the sum of its entries (its CHECK refuses a negative one).
       UPDATE accounts a SET balance_cents = e.total
         FROM (SELECT account_id, sum(amount_cents) AS total FROM entries GROUP BY account_id) e
        WHERE a.id = e.account_id AND a.user_id IS NOT NULL AND a.balance_cents <> e.total`,
    ],
  ];
}

/**
 * Runs the seed in one transaction on `client` (node-postgres), printing each step's time with `say`.
 * Returns the figures of what was written.
 */
export async function seedHistory(client, { plan, heavyId, say }) {
  const started = performance.now();
  await client.query('BEGIN');
  try {
    // The guard triggers of the money tables let through the writes of a transaction that set this flag
    // (ledger_book sets it for its own statements). Memory for the sorts and hashes of 10M-row statements.
    await client.query(`SELECT set_config('meridian.booking', 'on', true)`);
    await client.query(`SET LOCAL work_mem = '256MB'`);
    await client.query(`SET LOCAL maintenance_work_mem = '512MB'`);
    for (const [name, text] of statements(plan, client.escapeLiteral(heavyId))) {
      const t = performance.now();
      for (const statement of text.split(/;\s*\n/)) await client.query(statement);
      say(`${name}: ${((performance.now() - t) / 1000).toFixed(1)} s`);
    }
    await client.query(`SELECT set_config('meridian.booking', 'off', true)`);
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  }
  const t = performance.now();
  await client.query('VACUUM ANALYZE');
  say(`VACUUM ANALYZE: ${((performance.now() - t) / 1000).toFixed(1)} s`);
  const { rows } = await client.query(
    `SELECT (SELECT count(*) FROM transactions)::bigint AS rows,
            (SELECT count(*) FROM transactions WHERE user_id = $1)::int AS heavy_rows,
            (SELECT count(*) FROM investments)::bigint AS investments,
            (SELECT count(*) FROM investments WHERE user_id = $1)::int AS heavy_investments,
            (SELECT count(*) FROM investments WHERE user_id = $1 AND NOT archived)::int AS heavy_visible,
            (SELECT count(*) FROM users)::int AS users,
            (SELECT count(*) FROM journals)::bigint AS journals,
            (SELECT count(*) FROM entries)::bigint AS entries`,
    [heavyId],
  );
  const r = rows[0];
  return {
    seconds: (performance.now() - started) / 1000,
    rows: Number(r.rows),
    heavyRows: r.heavy_rows,
    investments: Number(r.investments),
    heavyInvestments: r.heavy_investments,
    heavyVisibleInvestments: r.heavy_visible,
    users: r.users,
    journals: Number(r.journals),
    entries: Number(r.entries),
  };
}
