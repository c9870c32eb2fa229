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
/** Group commit's wrapper (decision 014): it calls ledger_book and holds no booking rule of its own. */
const batchSource = readFileSync(path.join(here, 'transfer-batch.sql'), 'utf8');

/** The newest migration that installs `fn`: it must carry `file` whole, between its markers. */
function newestMigrationOf(fn: string, file: string): { name: string; body: string } {
  const names = readdirSync(migrations)
    .filter((n) => n.endsWith('.sql'))
    .sort();
  const defining = names.filter((n) => readFileSync(path.join(migrations, n), 'utf8').includes(`FUNCTION ${fn}(`));
  const name = defining.at(-1);
  if (!name) throw new Error(`no migration installs ${fn}`);
  const text = readFileSync(path.join(migrations, name), 'utf8');
  const start = text.indexOf(`-- >>> ledger/${file}\n`);
  const end = text.indexOf(`-- <<< ledger/${file}`);
  if (start < 0 || end < 0) throw new Error(`${name}: the ledger/${file} markers are missing`);
  return { name, body: text.slice(start + `-- >>> ledger/${file}\n`.length, end) };
}

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
}, 60_000);
afterAll(() => ctx.close());

describe('the booking rule has one source', () => {
  it('the newest migration installing ledger_book carries ledger/book.sql verbatim', () => {
    const { name, body } = newestMigrationOf('ledger_book', 'book.sql');
    expect(body, `${name} differs from ledger/book.sql: copy the file into a new migration`).toBe(source);
  });

  it('the newest migration installing ledger_transfer_batch carries ledger/transfer-batch.sql verbatim', () => {
    const { name, body } = newestMigrationOf('ledger_transfer_batch', 'transfer-batch.sql');
    expect(body, `${name} differs from ledger/transfer-batch.sql: copy the file into a new migration`).toBe(
      batchSource,
    );
  });

  it('the database runs the functions of ledger/book.sql (and its batch wrapper), and no other booking procedure', async () => {
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
      'ledger_transfer_batch',
    ]);
    for (const f of found) expect(source + batchSource).toContain(f.prosrc);
  });
});
