// `npm run bench -- accrual`: the daily profit accrual at scale (issue 12).
//
// 1. PostgreSQL: a throwaway cluster (scripts/pg-cluster.mjs) re-configured like a small real server,
//    durability ON (bench/lib/cluster.mjs), migrated by the app's own migrations. --pglite: PGlite in a
//    temporary data folder, as `npm start` runs it.
// 2. N active investments seeded by SQL: N/4 members (each one investment in each of the four default
//    plans, amounts spread over the plan's range), every member's six accounts opened as registration
//    does, funded (external -> balance) and invested (balance -> invested) through the ledger's booking
//    rule (ledger_book, a batch a call) with their history rows; investments started at times spread
//    over the day before the run.
// 3. The clock advanced --days D (1): the app's own job, runAccrual(db, now), times D days ahead.
// 4. investments/s, total seconds, who used the CPU (this process runs the job), the goal and PASS/FAIL
//    (1,000,000 investments in <= 60 s on PostgreSQL; 100,000 in <= 60 s on PGlite); then the books:
//    every journal sums to zero, no negative user account, every balance equal to its entries, every
//    investment-day paid exactly once, each investment's profit equal to the exact integer split
//    (profitForDay), matured capital back in balance.
// Options: --count N  --pglite  --days D  --batch N (investments per transaction) --workers N (runners side
//          by side; both default to the server's own for the database, config.ts ACCRUAL_DEFAULTS)
//          --profile (PostgreSQL: pg_stat_statements over the job, statements inside functions included)
//          --shared-buffers SIZE (1GB; the rest of the server's settings are bench/lib/cluster.mjs's)
//          --time-limit S (3600)
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { benchSettings, startBenchCluster } from './lib/cluster.mjs';
import { cpuBetween, cpuSnapshot } from './lib/cpu.mjs';
import { enableStatements, topStatements } from './lib/profile.mjs';

const { values: opt } = parseArgs({
  options: {
    count: { type: 'string' },
    pglite: { type: 'boolean', default: false },
    days: { type: 'string', default: '1' },
    batch: { type: 'string' },
    workers: { type: 'string' },
    profile: { type: 'boolean', default: false },
    'shared-buffers': { type: 'string', default: '1GB' },
    'time-limit': { type: 'string', default: '3600' },
  },
});
const PGLITE = opt.pglite;
const COUNT = Number(opt.count ?? (PGLITE ? 100_000 : 1_000_000));
const DAYS = Number(opt.days);
const BATCH = opt.batch === undefined ? undefined : Number(opt.batch);
const GOAL = { count: PGLITE ? 100_000 : 1_000_000, seconds: 60 };
if (!Number.isInteger(COUNT) || COUNT < 4 || !Number.isInteger(DAYS) || DAYS < 1 || DAYS > 60) {
  process.stderr.write('bench accrual: --count N (>= 4) and --days D (1..60)\n');
  process.exit(2);
}
if (BATCH !== undefined && (!Number.isInteger(BATCH) || BATCH < 1)) {
  process.stderr.write('bench accrual: --batch N (>= 1)\n');
  process.exit(2);
}

const say = (line = '') => process.stdout.write(`${line}\n`);
const fmt = (n) => n.toLocaleString('en-US');
const DAY_MS = 86_400_000;
const USER_KINDS = ['balance', 'profit', 'bonus', 'referral_bonus', 'invested', 'withdrawal_hold'];

let cleanups = [];
async function cleanup() {
  const todo = cleanups.reverse();
  cleanups = [];
  for (const fn of todo) {
    try {
      await fn();
    } catch (err) {
      process.stderr.write(`bench: cleanup: ${err instanceof Error ? err.message.split('\n')[0] : err}\n`);
    }
  }
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => void cleanup().then(() => process.exit(130)));
}
const limit = setTimeout(() => {
  process.stderr.write(`bench accrual: time limit of ${opt['time-limit']} s reached\n`);
  void cleanup().then(() => process.exit(124));
}, Number(opt['time-limit']) * 1000);
limit.unref();

/**
 * Investment k (0-based) of N: plan k / M (M = N/4 members, rounded up), its member a scramble of k % M
 * (members' profit accounts are met in no particular order, as in life), an amount in the plan's range.
 * Investments are written in k order with start times rising with k, as the app writes them (each
 * when it is made), so the table's order is the order the job walks it in.
 */
function layout(plans) {
  const members = Math.ceil(COUNT / plans.length);
  let step = 7919;
  const gcd = (a, b) => (b === 0 ? a : gcd(b, a % b));
  while (gcd(step, members) !== 1) step += 2;
  const memberOf = (k) => ((k % members) * step) % members;
  const investmentOf = (k) => {
    const plan = plans[Math.floor(k / members)];
    const steps = Math.floor((plan.maxCents - plan.minCents) / 100);
    return { plan, member: memberOf(k), amountCents: plan.minCents + ((k * 7919) % (steps + 1)) * 100 };
  };
  return { members, investmentOf };
}

const memberId = (m) => `acc${String(m).padStart(8, '0')}`;

/** Members [lo, hi): the user rows, their six accounts as registration opens them, their funding. */
async function seedMembers(q, lo, hi, stakes) {
  const ids = [];
  for (let m = lo; m < hi; m++) ids.push(memberId(m));
  await q(
    `INSERT INTO users (id, name, email, referral_id, is_active, created_at, updated_at)
     SELECT id, 'Accrual Member ' || id, id || '@accrual.bench.invalid', 'ref-' || id, true, now(), now()
       FROM unnest($1::text[]) AS id`,
    [ids],
  );
  await q(`SELECT count(ledger_open_accounts(id, $2::text[])) FROM unnest($1::text[]) AS id`, [ids, USER_KINDS]);
  const bookings = [];
  for (let m = lo; m < hi; m++) {
    const userId = memberId(m);
    bookings.push({
      kind: 'adjustment',
      userId,
      postings: [
        { account: { system: 'external' }, amountCents: -stakes[m] },
        { account: { userId, kind: 'balance' }, amountCents: stakes[m] },
      ],
      history: [line(userId, 'credit', 'adjustment', 'adjustment', 'Opening balance', stakes[m])],
    });
  }
  await bookAll(q, bookings);
}

/** Investments [lo, hi): balance -> invested with its history row, and the investment row. */
async function seedInvestments(q, lo, hi, investmentOf, t0) {
  const inv = { id: [], user: [], plan: [], name: [], amount: [], bps: [], days: [], started: [] };
  const bookings = [];
  for (let k = lo; k < hi; k++) {
    const { plan, member, amountCents } = investmentOf(k);
    const userId = memberId(member);
    bookings.push({
      kind: 'invest',
      userId,
      postings: [
        { account: { userId, kind: 'balance' }, amountCents: -amountCents },
        { account: { userId, kind: 'invested' }, amountCents },
      ],
      history: [line(userId, 'debit', 'investment', plan.name, `Investment in the ${plan.name} plan`, amountCents)],
    });
    inv.id.push(crypto.randomUUID());
    inv.user.push(userId);
    inv.plan.push(plan.id);
    inv.name.push(plan.name);
    inv.amount.push(amountCents);
    inv.bps.push(plan.profitBps);
    inv.days.push(plan.durationDays);
    // Over the day before the run, rising with k: each is D whole days old at the run's `now`.
    inv.started.push(new Date(t0 - DAY_MS + 1000 + Math.floor((k * 86_000_000) / COUNT)).toISOString());
  }
  await bookAll(q, bookings);
  await q(
    `INSERT INTO investments (id, user_id, plan_id, plan_name, amount_cents, profit_bps, duration_days, started_at)
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::bigint[], $6::int[], $7::int[],
       $8::timestamptz[])`,
    [inv.id, inv.user, inv.plan, inv.name, inv.amount, inv.bps, inv.days, inv.started],
  );
}

function line(userId, type, mode, method, description, amountCents) {
  return { userId, type, mode, method, description, amountCents, status: 'success', wallet: 'balance' };
}

/**
 * Books these bookings in one call of the ledger's booking rule, ledger_book (the books' only writer),
 * with the arguments the app's own bookBatch sends (bookingColumns); every one must be booked.
 */
async function bookAll(q, bookings) {
  const { bookingColumns } = await import('../apps/server/src/ledger/book.ts');
  const columns = bookingColumns(bookings);
  const params = columns.map((_, i) => `$${i + 1}`).join(', ');
  const { rows } = await q(`SELECT outcomes FROM ledger_book(${params}, NULL, NULL)`, columns);
  const unbooked = rows[0].outcomes.filter((o) => o !== 'booked');
  if (unbooked.length > 0) throw new Error(`seeding: ${unbooked.length} bookings not booked (${unbooked[0]})`);
}

async function openDatabase() {
  const { openPglite, openPostgres } = await import('../apps/server/src/db/client.ts');
  if (PGLITE) {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'meridian-bench-accrual-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const database = await openPglite(dir);
    cleanups.push(() => database.close());
    say(`PGlite in ${dir} (the server's embedded database, on disk)`);
    return { database, dataDir: null };
  }
  const settings = benchSettings({ profile: opt.profile });
  // Sized for this data, as for the transfers bench's: a million investments with their members'
  // accounts and books are about 2 GB, of which the day's work reads and writes a good part (the
  // active investments, the profit accounts, the indexes the new rows go into).
  settings.shared_buffers = opt['shared-buffers'];
  // A day of a million investments writes about 3 GB of WAL: room for it all, so no checkpoint is
  // forced in the middle of the job (one runs right before it), as the transfers bench does per phase.
  settings.max_wal_size = '12GB';
  // Statements inside the ledger's functions too.
  if (opt.profile) settings['pg_stat_statements.track'] = 'all';
  const cluster = await startBenchCluster(settings, { onStarted: (stop) => cleanups.push(stop) });
  say(`PostgreSQL ${cluster.version} on 127.0.0.1:${cluster.port} (throwaway cluster, durability on)`);
  const database = openPostgres(cluster.url, 4);
  cleanups.push(() => database.close());
  return { database, dataDir: cluster.dataDir, url: cluster.url };
}

async function main() {
  const [load1] = os.loadavg();
  say(`Meridian accrual: ${fmt(COUNT)} active investments, ${DAYS} day(s) due`);
  say(
    `load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} on ${os.cpus().length} cores before the run`,
  );
  const { database, dataDir, url } = await openDatabase();
  const client = database.db.$client;
  const q = (text, params = []) => client.query(text, params);
  await database.migrate();
  const { DEFAULT_PLANS } = await import('../apps/server/src/modules/catalogue/catalogue.seed.ts');
  const { runAccrual } = await import('../apps/server/src/modules/investments/accrual.service.ts');
  const { profitForDay } = await import('../apps/server/src/modules/investments/profit.ts');
  const plans = [...DEFAULT_PLANS];
  await q(
    `INSERT INTO plans (id, name, min_cents, max_cents, duration_days, profit_bps, min_roi_bps, max_roi_bps)
     SELECT * FROM unnest($1::text[], $2::text[], $3::bigint[], $4::bigint[], $5::int[], $6::int[], $7::int[], $8::int[])
     ON CONFLICT (id) DO NOTHING`,
    [
      plans.map((p) => p.id),
      plans.map((p) => p.name),
      plans.map((p) => p.minCents),
      plans.map((p) => p.maxCents),
      plans.map((p) => p.durationDays),
      plans.map((p) => p.profitBps),
      plans.map((p) => p.minRoiBps),
      plans.map((p) => p.maxRoiBps),
    ],
  );

  const { members, investmentOf } = layout(plans);
  const stakes = new Array(members).fill(0);
  for (let k = 0; k < COUNT; k++) {
    const { member, amountCents } = investmentOf(k);
    stakes[member] += amountCents;
  }
  const t0 = Date.now();
  const seedStart = performance.now();
  const CHUNK = PGLITE ? 5_000 : 20_000;
  for (let lo = 0; lo < members; lo += CHUNK) await seedMembers(q, lo, Math.min(members, lo + CHUNK), stakes);
  say(`  seeded ${fmt(members)} members, funded (${((performance.now() - seedStart) / 1000).toFixed(0)} s)`);
  for (let lo = 0; lo < COUNT; lo += CHUNK) {
    await seedInvestments(q, lo, Math.min(COUNT, lo + CHUNK), investmentOf, t0);
    if ((lo / CHUNK) % 10 === 9)
      say(`  seeded ${fmt(lo + CHUNK)} investments (${((performance.now() - seedStart) / 1000).toFixed(0)} s)`);
  }
  say(
    `seeded ${fmt(members)} members and ${fmt(COUNT)} investments through the ledger in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
  );
  await q('VACUUM ANALYZE');
  await q('CHECKPOINT');
  if (opt.profile && url) await enableStatements(url);

  const now = new Date(t0 + DAYS * DAY_MS);
  const [loadBefore] = os.loadavg();
  const cpu0 = cpuSnapshot({ serverPid: null, dataDir });
  const start = performance.now();
  // The server's own defaults for this database (config.ts), unless the command line names others.
  const { ACCRUAL_DEFAULTS } = await import('../apps/server/src/config.ts');
  const defaults = ACCRUAL_DEFAULTS[PGLITE ? 'pglite' : 'postgres'];
  const options = {
    batchSize: BATCH ?? defaults.batchSize,
    workers: opt.workers === undefined ? defaults.workers : Number(opt.workers),
  };
  say(`the job: batches of ${fmt(options.batchSize)} investments, ${options.workers} runner(s) side by side`);
  const advanced = await runAccrual(database.db, now, options);
  const seconds = (performance.now() - start) / 1000;
  const cpu = cpuBetween(cpu0, cpuSnapshot({ serverPid: null, dataDir }), advanced);
  const [loadAfter] = os.loadavg();
  const perSecond = advanced / seconds;

  if (opt.profile && url) {
    const { totals, top } = await topStatements(url, 20);
    say(`pg_stat_statements (nested statements included): ${JSON.stringify(totals)}`);
    for (const r of top) say(`  ${r.total_ms} ms  ${r.calls} calls  wal ${r.wal_bytes}  fpi ${r.wal_fpi}  ${r.query}`);
  }
  if (!PGLITE) {
    const { rows: size } = await q(
      `SELECT pg_size_pretty(pg_database_size(current_database())) AS db,
              pg_size_pretty(pg_total_relation_size('investments')) AS investments,
              pg_size_pretty(pg_total_relation_size('accounts')) AS accounts,
              pg_size_pretty(pg_total_relation_size('entries')) AS entries`,
    );
    say(
      `database ${size[0].db} (investments ${size[0].investments}, accounts ${size[0].accounts}, entries ${size[0].entries}); shared_buffers ${opt['shared-buffers']}`,
    );
  }
  const books = await checkBooks(q, plans, profitForDay);
  const projected = GOAL.count / perSecond;
  // The goal is one day due for every investment; with more days the figures are for reading only.
  const pass = books.ok && advanced === COUNT && projected <= GOAL.seconds && DAYS === 1;
  say();
  say(`  investments advanced  ${fmt(advanced)} of ${fmt(COUNT)} (${DAYS} day(s) each)`);
  say(`  total                 ${seconds.toFixed(2)} s`);
  say(
    `  rate                  ${fmt(Math.round(perSecond))} investments/s${DAYS > 1 ? ` (${fmt(Math.round(perSecond * DAYS))} investment-days/s)` : ''}`,
  );
  say(
    `  goal                  ${fmt(GOAL.count)} in <= ${GOAL.seconds} s on ${PGLITE ? 'PGlite' : 'PostgreSQL'}: ${
      COUNT === GOAL.count ? 'measured' : 'projected from this rate'
    } ${projected.toFixed(1)} s${DAYS > 1 ? ' (the goal is for one day due: not judged)' : ''}`,
  );
  say(
    `  CPU                   the job (Node) ${cpu.loadGeneratorPct}%, ${PGLITE ? 'PGlite inside it' : `PostgreSQL ${cpu.postgresPct}%`}, other processes ${cpu.otherProcessesPct}% (machine busy ${cpu.machineBusyPct}% of ${cpu.capacityPct}%)`,
  );
  say(
    `  CPU per investment    the job ${cpu.msPerOp.loadGenerator} ms${PGLITE ? '' : `, PostgreSQL ${cpu.msPerOp.postgres} ms`}`,
  );
  say(
    `  load average          ${load1.toFixed(2)} at start, ${loadBefore.toFixed(2)} before the job, ${loadAfter.toFixed(2)} after`,
  );
  say(`  books                 ${books.ok ? 'OK' : 'BROKEN'} ${JSON.stringify(books)}`);
  say(`  verdict               ${pass ? 'PASS' : 'FAIL'}`);
  return pass ? 0 : 1;
}

/** The books after the run, and every investment's profit against the exact integer split. */
async function checkBooks(q, plans, profitForDay) {
  const one = async (text, params = []) => Number(Object.values((await q(text, params)).rows[0])[0]);
  const unbalancedJournals = await one(
    `SELECT count(*) FROM (SELECT journal_id FROM entries GROUP BY journal_id HAVING SUM(amount_cents) <> 0) x`,
  );
  const journalsWithoutEntries = await one(
    `SELECT count(*) FROM journals j WHERE NOT EXISTS (SELECT 1 FROM entries e WHERE e.journal_id = j.id)`,
  );
  const sumOfAllEntries = await one(`SELECT COALESCE(SUM(amount_cents), 0) FROM entries`);
  const negativeUserAccounts = await one(
    `SELECT count(*) FROM accounts WHERE user_id IS NOT NULL AND balance_cents < 0`,
  );
  const balancesOffTheirEntries = await one(
    `SELECT count(*) FROM accounts a
       LEFT JOIN (SELECT account_id, SUM(amount_cents) AS s FROM entries GROUP BY account_id) e ON e.account_id = a.id
       WHERE a.user_id IS NOT NULL AND a.balance_cents <> COALESCE(e.s, 0)`,
  );
  // Exactly once: one accrual row per day 1..days_accrued of each investment, none beyond.
  const accrualRowsOff = await one(
    `SELECT count(*) FROM investments i
       LEFT JOIN (SELECT investment_id, count(*) AS n, max(day) AS last FROM accruals GROUP BY investment_id) a
         ON a.investment_id = i.id
       WHERE COALESCE(a.n, 0) <> i.days_accrued OR COALESCE(a.last, 0) <> i.days_accrued`,
  );
  const profitJournalsOff = await one(
    `SELECT count(*) FROM accruals a LEFT JOIN journals j ON j.id = a.journal_id
       WHERE (a.journal_id IS NOT NULL) <> (j.kind = 'profit_accrual')`,
  );
  // Each investment's profit is the exact integer split of its days (grouped: the seed repeats amounts).
  const groups = (
    await q(
      `SELECT plan_id, amount_cents, count(*)::int AS n, min(profit_cents) AS lo, max(profit_cents) AS hi,
              sum(profit_cents) AS total, min(days_accrued) AS dmin, max(days_accrued) AS dmax,
              bool_and(status = CASE WHEN days_accrued = duration_days THEN 'completed' ELSE 'active' END) AS status_ok
         FROM investments GROUP BY plan_id, amount_cents`,
    )
  ).rows;
  let expectedProfit = 0;
  let maturedCents = 0;
  let activeCents = 0;
  let profitOff = 0;
  for (const g of groups) {
    const plan = plans.find((p) => p.id === g.plan_id);
    const due = Math.min(DAYS, plan.durationDays);
    let expected = 0;
    for (let d = 1; d <= due; d++)
      expected += profitForDay(Number(g.amount_cents), plan.profitBps, plan.durationDays, d);
    if (Number(g.lo) !== expected || Number(g.hi) !== expected || g.dmin !== due || g.dmax !== due || !g.status_ok)
      profitOff += g.n;
    expectedProfit += expected * g.n;
    if (due === plan.durationDays) maturedCents += Number(g.amount_cents) * g.n;
    else activeCents += Number(g.amount_cents) * g.n;
  }
  const profitAccounts = await one(`SELECT COALESCE(SUM(balance_cents), 0) FROM accounts WHERE kind = 'profit'`);
  const profitExpense = await one(
    `SELECT COALESCE(SUM(e.amount_cents), 0) FROM entries e JOIN accounts a ON a.id = e.account_id
       WHERE a.user_id IS NULL AND a.kind = 'profit_expense'`,
  );
  const investedAccounts = await one(`SELECT COALESCE(SUM(balance_cents), 0) FROM accounts WHERE kind = 'invested'`);
  const balanceAccounts = await one(`SELECT COALESCE(SUM(balance_cents), 0) FROM accounts WHERE kind = 'balance'`);
  const usersProfitOff = await one(
    `SELECT count(*) FROM accounts a
       LEFT JOIN (SELECT user_id, SUM(profit_cents) AS s FROM investments GROUP BY user_id) i ON i.user_id = a.user_id
       WHERE a.kind = 'profit' AND a.balance_cents <> COALESCE(i.s, 0)`,
  );
  const result = {
    unbalancedJournals,
    journalsWithoutEntries,
    sumOfAllEntries,
    negativeUserAccounts,
    balancesOffTheirEntries,
    accrualRowsOff,
    profitJournalsOff,
    investmentsOffTheExactSplit: profitOff,
    expectedProfitCents: expectedProfit,
    profitAccountsCents: profitAccounts,
    profitExpenseCents: profitExpense,
    usersProfitOffTheirInvestments: usersProfitOff,
    capitalBackCents: balanceAccounts,
    capitalStillInvestedCents: investedAccounts,
  };
  const ok =
    unbalancedJournals === 0 &&
    journalsWithoutEntries === 0 &&
    sumOfAllEntries === 0 &&
    negativeUserAccounts === 0 &&
    balancesOffTheirEntries === 0 &&
    accrualRowsOff === 0 &&
    profitJournalsOff === 0 &&
    profitOff === 0 &&
    profitAccounts === expectedProfit &&
    profitExpense === -expectedProfit &&
    usersProfitOff === 0 &&
    balanceAccounts === maturedCents &&
    investedAccounts === activeCents;
  return { ok, ...result };
}

main()
  .then(async (code) => {
    await cleanup();
    process.exit(code);
  })
  .catch(async (err) => {
    process.stderr.write(`bench accrual: ${err instanceof Error ? (err.stack ?? err.message) : err}\n`);
    await cleanup();
    process.exit(2);
  });
