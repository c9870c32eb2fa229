// The database's cost of one transfer, counted in CPU instructions: a figure that does not drift
// with the machine (transfers per second on a shared 2-core box move by ±15% between identical
// runs), for comparing two versions of the booking rule. Run it in each version's checkout:
//
//   npm run bench:instructions            (node --import tsx bench/instructions.mjs)
//
// 1. A throwaway cluster (scripts/pg-cluster.mjs), migrated by the server's own migrations, with
//    1,000 active users, each funded by 10 bookings of ledger_book, each with a key (tables of a
//    realistic size, so the statements get the plans they get under the benchmark).
// 2. The cluster is stopped and PostgreSQL runs in single-user mode under valgrind's callgrind,
//    replaying the server's transfer statement (ledger/transfer.ts: transferBatchStatement with
//    transferValues, its text and parameters exactly) as PREPARE + EXECUTE, one transfer a call,
//    once 50 and once 350 times on fresh copies of the database. (350 − 50 runs) / 300 is the
//    instructions per transfer, start-up and first-plan costs cancelled out.
// With `--batch N` each EXECUTE books N transfers (group commit, decision 014), one transaction
// each, the same random pairs; the figure is still per transfer, so the two runs tell what sharing
// a transaction saves.
// Single-user mode reads each EXECUTE as text, so a long parameter costs its characters' parsing
// too (about 100 instructions a byte), which the server's binary protocol does not pay.
//
// Needs Debian's postgresql and valgrind packages. Exit code 0, or 2 on an error.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { startCluster, stopCluster } from '../scripts/pg-cluster.mjs';

const USERS = 1000;
/** Opening bookings per user, so the tables hold enough rows to be planned as the benchmark's are. */
const OPENINGS = 10;
const batchArg = process.argv.indexOf('--batch');
/** Transfers per transaction: 0 replays the lone statement, N the batch statement with N at a time. */
const BATCH = batchArg >= 0 ? Number(process.argv[batchArg + 1]) : 0;
if (!Number.isInteger(BATCH) || BATCH < 0 || BATCH > 64) {
  console.error('--batch takes a number of transfers per transaction, 1 to 64');
  process.exit(2);
}
/** Transfers per call of the statement: a lone transfer is a batch of one. */
const PER_CALL = Math.max(1, BATCH);
// Whole batches, about as many transfers as the lone replay's 50 and 350.
const RUNS = [Math.ceil(50 / PER_CALL) * PER_CALL, Math.ceil(350 / PER_CALL) * PER_CALL];

const isRoot = () => process.getuid?.() === 0;
const asPostgres = (cmd, args, opts = {}) =>
  isRoot() ? spawnSync('runuser', ['-u', 'postgres', '--', cmd, ...args], opts) : spawnSync(cmd, args, opts);

function need(cmd, hint) {
  if (spawnSync('sh', ['-c', `command -v ${cmd}`]).status !== 0) {
    console.error(`${cmd} not found: ${hint}`);
    process.exit(2);
  }
}

/**
 * A SQL literal of any parameter value, on one line (single-user mode ends a command at a newline):
 * text with a line break or a backslash as an escape string.
 */
const literal = (v) => {
  if (v === null || v === undefined) return 'NULL';
  const s = (v instanceof Date ? v.toISOString() : String(v)).replaceAll("'", "''");
  return /[\n\\]/.test(s) ? `E'${s.replaceAll('\\', '\\\\').replaceAll('\n', '\\n')}'` : `'${s}'`;
};

async function seed(url) {
  const { openPostgres } = await import('../apps/server/src/db/client.ts');
  const database = openPostgres(url, 2);
  await database.migrate();
  await database.close();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(
      `INSERT INTO users (id, name, email, referral_id, is_active)
         SELECT 'u' || n, 'Bench User ' || n, 'u' || n || '@bench.invalid', 'bench-' || n, true
         FROM generate_series(1, $1) AS n`,
      [USERS],
    );
    await client.query(
      `SELECT ledger_open_accounts(u.id, ARRAY['balance']) FROM users u WHERE u.email LIKE '%@bench.invalid'`,
    );
    // Each opening claims a key, so idempotency_keys holds 10,000 rows when the statistics are taken, as
    // a live table does (empty, it gets plans that scan it, which no real database would). Booked by
    // ledger_book with the arguments the app's own book.ts sends (bookingColumns), one call per round of
    // openings, so each balance is updated ten times and its table is the size ten bookings leave it
    // (one call of all of them would update each once: a table so small the planner scans it).
    const { bookingColumns } = await import('../apps/server/src/ledger/book.ts');
    for (let g = 1; g <= OPENINGS; g++) {
      const openings = [];
      for (let n = 1; n <= USERS; n++) {
        const userId = `u${n}`;
        openings.push({
          kind: 'adjustment',
          userId,
          idempotency: { userId, key: `opening-${g}`, requestHash: 'opening' },
          postings: [
            { account: { userId, kind: 'balance' }, amountCents: 100_000 },
            { account: { system: 'external' }, amountCents: -100_000 },
          ],
          history: [
            {
              userId,
              type: 'credit',
              mode: 'adjustment',
              method: 'adjustment',
              description: 'Opening balance',
              amountCents: 100_000,
              status: 'success',
              wallet: 'balance',
            },
          ],
        });
      }
      const columns = bookingColumns(openings);
      await client.query(
        `SELECT 1 FROM ledger_book(${columns.map((_, i) => `$${i + 1}`).join(', ')}, NULL, NULL)`,
        columns,
      );
    }
    // INSTRUCTIONS_SEED_SQL: run after the seed, e.g. an ALTER FUNCTION to try before its migration.
    if (process.env.INSTRUCTIONS_SEED_SQL) await client.query(process.env.INSTRUCTIONS_SEED_SQL);
    await client.query('VACUUM ANALYZE');
  } finally {
    await client.end();
  }
}

/** A parameter as SQL text: an array as an ARRAY[...] of literals (numbers bare), anything else a literal. */
const element = (v) => (typeof v === 'number' ? String(v) : literal(v));
const parameter = (v) => (Array.isArray(v) ? `ARRAY[${v.map(element).join(', ')}]` : literal(v));

/**
 * The commands of one replay: the server's statement prepared, then `n` transfers between random
 * pairs, BATCH at a time (a lone transfer is a batch of one).
 */
async function script(n) {
  const { MAX_TRANSFER_BATCH, transferBatchStatement, transferValues } = await import(
    '../apps/server/src/ledger/transfer.ts'
  );
  const { TRANSFER_FEE_BPS, transferFeeCents } = await import('../packages/shared/src/index.ts');
  // The server's own message to each recipient, queued by the same statement (as the app sends it).
  const { recipientNotice } = await import('../apps/server/src/modules/transfers/transfers.notice.ts');
  const notice = recipientNotice('http://127.0.0.1:3000');
  if (PER_CALL > MAX_TRANSFER_BATCH) throw new Error(`--batch ${PER_CALL} > ${MAX_TRANSFER_BATCH}`);
  let seedValue = 7;
  const random = (max) => {
    seedValue = (seedValue * 1103515245 + 12345) % 2147483648;
    return 1 + (seedValue % max);
  };
  const transfers = [];
  for (let i = 0; i < n; i++) {
    const s = random(USERS);
    const r = ((s - 1 + random(USERS - 1)) % USERS) + 1;
    const amountCents = random(1000);
    transfers.push({
      sender: { id: `u${s}`, name: `Bench User ${s}` },
      idempotencyKey: `key-${i}`,
      requestHash: 'h'.repeat(43),
      recipientEmail: `u${r}@bench.invalid`,
      amountCents,
      feeCents: transferFeeCents(amountCents, TRANSFER_FEE_BPS),
    });
  }
  const lines = [`PREPARE batch AS ${transferBatchStatement.text.replace(/\s+/g, ' ')}`];
  for (let i = 0; i < transfers.length; i += PER_CALL) {
    const some = transfers.slice(i, i + PER_CALL);
    const at = new Date();
    const values = transferValues(some, { at, notice: notice(at) });
    lines.push(`EXECUTE batch(${values.map(parameter).join(', ')})`);
  }
  return `${lines.join('\n')}\n`;
}

function singleUser(cluster, database, input, { callgrindOut } = {}) {
  const postgres = path.join(cluster.bin, 'postgres');
  // INSTRUCTIONS_SETTINGS='a=b c=d': settings for the replay (e.g. plan_cache_mode), to compare a change
  // before writing its migration.
  const settings = (process.env.INSTRUCTIONS_SETTINGS ?? '').split(' ').filter(Boolean);
  const args = ['--single', '-D', cluster.dataDir, '-c', 'fsync=off', ...settings.flatMap((s) => ['-c', s]), database];
  const run = callgrindOut
    ? asPostgres('valgrind', ['--tool=callgrind', `--callgrind-out-file=${callgrindOut}`, postgres, ...args], {
        input,
        encoding: 'utf8',
        maxBuffer: 512 * 1024 * 1024,
      })
    : asPostgres(postgres, args, { input, encoding: 'utf8', maxBuffer: 512 * 1024 * 1024 });
  if (run.status !== 0) throw new Error(`postgres --single failed: ${run.stderr?.slice(-2000)}`);
  const errors = run.stdout.split('\n').filter((l) => /ERROR/.test(l));
  if (errors.length > 0) throw new Error(`the replay raised: ${errors.slice(0, 3).join('\n')}`);
  return run;
}

async function main() {
  need('valgrind', 'apt-get install -y valgrind');
  const cluster = await startCluster();
  try {
    await seed(cluster.url);
    execFileSync(isRoot() ? 'runuser' : path.join(cluster.bin, 'pg_ctl'), [
      ...(isRoot() ? ['-u', 'postgres', '--', path.join(cluster.bin, 'pg_ctl')] : []),
      '-D',
      cluster.dataDir,
      '-m',
      'fast',
      '-w',
      'stop',
    ]);
    const counts = [];
    for (const n of RUNS) {
      singleUser(
        cluster,
        'postgres',
        'DROP DATABASE IF EXISTS replay\nCREATE DATABASE replay TEMPLATE meridian_test\n',
      );
      const out = path.join(cluster.dir, `callgrind.${n}`);
      const run = singleUser(cluster, 'replay', await script(n), { callgrindOut: out });
      if (process.env.KEEP_CALLGRIND) writeFileSync(`${process.env.KEEP_CALLGRIND}.${n}`, readFileSync(out));
      const booked = (run.stdout.match(/\bbooked\b/g) ?? []).length;
      if (booked !== n) {
        const errors = run.stderr.split('\n').filter((l) => /ERROR/.test(l));
        throw new Error(
          `${booked} of ${n} transfers booked${errors.length ? `:\n${errors.slice(0, 3).join('\n')}` : ''}`,
        );
      }
      const total = /summary: (\d+)/.exec(readFileSync(out, 'utf8'))?.[1];
      counts.push(Number(total));
    }
    const perTransfer = Math.round((counts[1] - counts[0]) / (RUNS[1] - RUNS[0]));
    const how = BATCH > 0 ? `, ${BATCH} per transaction` : ', each its own transaction';
    console.log(`PostgreSQL instructions per transfer: ${perTransfer.toLocaleString('en-US')}`);
    console.log(
      `  (callgrind, single-user mode: ${RUNS.join(' and ')} transfers${how}, ${counts.join(' and ')} in all)`,
    );
    const results = path.join(path.dirname(new URL(import.meta.url).pathname), 'results');
    mkdirSync(results, { recursive: true });
    writeFileSync(
      path.join(results, `instructions-${Date.now()}.json`),
      JSON.stringify({ perTransfer, batch: BATCH, runs: RUNS, totals: counts }, null, 2),
    );
  } finally {
    stopCluster(cluster);
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(2);
});
