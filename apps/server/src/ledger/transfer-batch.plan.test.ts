import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/test-app.js';
import { bookingOf, booksOnly, type Person, setBalances, twinSides } from '../test/transfer-twins.js';
import { transferBatchStatement, transferValues } from './transfer.js';

/*
 * ledger_transfer_batch runs on generic plans (decision 014), ledger_book's under it too, which a
 * session keeps until a table they read is analysed again. The keys table is the one a new database
 * starts with empty, and a plan made then must not go on reading all of it once it has grown: its
 * lookup is planned on each call. And the lookup runs only when the batch refused or could not cover a
 * transfer (migrations 0021, 0022, 0026).
 */

/** One connection for the whole test: plans are cached per session. */
interface Session {
  query<T>(text: string, params?: unknown[]): Promise<T[]>;
  release(): Promise<void>;
}

async function oneSession(ctx: TestContext): Promise<Session> {
  const client = (ctx.db as unknown as { $client: unknown }).$client;
  if (client instanceof PGlite) {
    return {
      query: async <T>(text: string, params?: unknown[]) => (await client.query<T>(text, params)).rows,
      release: async () => {},
    };
  }
  if (!(client instanceof pg.Pool)) throw new Error('neither PGlite nor a node-postgres pool');
  const conn = await client.connect();
  return {
    query: async <T>(text: string, params?: unknown[]) => (await conn.query(text, params as unknown[])).rows as T[],
    release: async () => conn.release(),
  };
}

let ctx: TestContext;
let people: Person[];
beforeAll(async () => {
  ctx = await createTestApp();
  [people] = await twinSides(ctx, 4, 'plan');
  await setBalances(ctx, people, [100_000, 100_000, 100_000, 100_000]);
}, 120_000);
afterAll(() => ctx.close());

let keys = 0;
/**
 * A batch of four transfers around the ring of people, in the batch statement's own call; with
 * `refused`, the last one's recipient is unknown.
 */
function batchCall(refused: boolean): { text: string; params: unknown[] } {
  const bookings = [0, 1, 2, 3].map((from) =>
    bookingOf(
      people,
      { from, to: refused && from === 3 ? null : (from + 1) % 4, amountCents: 100, key: `k${++keys}` },
      'plan',
    ),
  );
  return {
    text: transferBatchStatement.text,
    params: transferValues(bookings, booksOnly()),
  };
}

describe('the batch reads the taken keys', () => {
  it('only for what it refused, by their index, even when its plans were made while the keys table was empty', async () => {
    const session = await oneSession(ctx);
    try {
      // A new database: the keys table analysed while empty, and the session's plans made then.
      const [{ n } = { n: -1 }] = await session.query<{ n: number }>('SELECT count(*)::int AS n FROM idempotency_keys');
      expect(n).toBe(0);
      await session.query('ANALYZE idempotency_keys');
      for (const refused of [false, true]) {
        const first = batchCall(refused);
        await session.query(first.text, first.params);
      }
      // Then the table grows, faster than autovacuum analyses it again.
      await session.query(
        `INSERT INTO idempotency_keys (user_id, key, request_hash, response)
           SELECT 'someone-else', 'filler-' || g, 'hash', '{}'::jsonb FROM generate_series(1, 20000) AS g`,
      );
      // The view counts this backend's scans not yet reported, earlier transactions' too: a batch's
      // own are the difference across its call.
      const scansNow = async () => {
        const [r] = await session.query<{ seq: string; idx: string; fetched: string }>(
          `SELECT seq_scan AS seq, idx_scan AS idx, idx_tup_fetch AS fetched
             FROM pg_stat_xact_user_tables WHERE relname = 'idempotency_keys'`,
        );
        return { seq: Number(r?.seq ?? 0), idx: Number(r?.idx ?? 0), fetched: Number(r?.fetched ?? 0) };
      };
      const scansOf = async (refused: boolean) => {
        await session.query('BEGIN');
        const before = await scansNow();
        const call = batchCall(refused);
        const [row] = await session.query<{ outcomes: string[] }>(call.text, call.params);
        const after = await scansNow();
        await session.query('COMMIT');
        return {
          outcomes: row?.outcomes,
          seq: after.seq - before.seq,
          idx: after.idx - before.idx,
          fetched: after.fetched - before.fetched,
        };
      };
      const allBooked = await scansOf(false);
      const oneRefused = await scansOf(true);
      expect(allBooked.outcomes).toEqual(['booked', 'booked', 'booked', 'booked']);
      expect(oneRefused.outcomes).toEqual(['booked', 'booked', 'booked', 'recipient_not_found']);
      // Never a scan of the table, and never of the whole index either (the 20,000 new rows are not
      // yet all-visible: each read would count).
      for (const batch of [allBooked, oneRefused]) {
        expect(batch.seq).toBe(0);
        expect(batch.fetched).toBeLessThanOrEqual(4);
      }
      // One probe of the primary key per key claimed (ON CONFLICT's check), and one per refused
      // transfer's key: a batch that books all of its transfers does not look their keys up first.
      expect(allBooked.idx).toBe(4);
      expect(oneRefused.idx).toBe(3 + 1);
    } finally {
      await session.release();
    }
  });
});
