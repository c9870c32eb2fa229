import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../lib/sql.js';
import { createTestApp, type TestContext } from '../test/test-app.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const migrations = path.join(here, '../db/migrations');
const source = readFileSync(path.join(here, 'book.sql'), 'utf8');

/** The newest migration that installs ledger_book: it must carry book.sql whole, between its markers. */
function newestBookingMigration(): { name: string; body: string } {
  const names = readdirSync(migrations)
    .filter((n) => n.endsWith('.sql'))
    .sort();
  const defining = names.filter((n) =>
    readFileSync(path.join(migrations, n), 'utf8').includes('FUNCTION ledger_book('),
  );
  const name = defining.at(-1);
  if (!name) throw new Error('no migration installs ledger_book');
  const text = readFileSync(path.join(migrations, name), 'utf8');
  const start = text.indexOf('-- >>> ledger/book.sql\n');
  const end = text.indexOf('-- <<< ledger/book.sql');
  if (start < 0 || end < 0) throw new Error(`${name}: the ledger/book.sql markers are missing`);
  return { name, body: text.slice(start + '-- >>> ledger/book.sql\n'.length, end) };
}

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
}, 60_000);
afterAll(() => ctx.close());

describe('the booking rule has one source', () => {
  it('the newest migration installing ledger_book carries ledger/book.sql verbatim', () => {
    const { name, body } = newestBookingMigration();
    expect(body, `${name} differs from ledger/book.sql: copy the file into a new migration`).toBe(source);
  });

  it('the database runs the functions of ledger/book.sql, and no other booking procedure', async () => {
    const found = await rows<{ proname: string; prosrc: string }>(
      ctx.db,
      sql`SELECT proname, prosrc FROM pg_proc WHERE proname LIKE 'ledger\\_%' ORDER BY proname`,
    );
    expect(found.map((f) => f.proname)).toEqual([
      'ledger_book',
      'ledger_claim',
      'ledger_entries_checked',
      'ledger_guard',
      'ledger_open_accounts',
    ]);
    for (const f of found) expect(source).toContain(f.prosrc);
  });
});
