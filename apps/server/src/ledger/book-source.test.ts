import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../lib/sql.js';
import { createTestApp, type TestContext } from '../test/test-app.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const migrations = path.join(here, '../db/migrations');
/**
 * Each source file of the ledger's SQL, and the function whose newest migration must carry it whole.
 * book.sql holds the booking rule, ledger_book, the one function that writes journals, entries and
 * history rows; transfer-batch.sql gathers transfers' rows and books them through it (decision 021).
 */
const SOURCES = [
  { file: 'book.sql', defines: 'ledger_book' },
  { file: 'transfer-batch.sql', defines: 'ledger_transfer_batch' },
].map((s) => ({ ...s, text: readFileSync(path.join(here, s.file), 'utf8') }));

/** The newest migration that installs `fn`: it must carry ledger/`file` whole, between its markers. */
function newestMigrationOf(fn: string, file: string): { name: string; body: string } {
  const names = readdirSync(migrations)
    .filter((n) => n.endsWith('.sql'))
    .sort();
  const defining = names.filter((n) => readFileSync(path.join(migrations, n), 'utf8').includes(`FUNCTION ${fn}(`));
  const name = defining.at(-1);
  if (!name) throw new Error(`no migration installs ${fn}`);
  const text = readFileSync(path.join(migrations, name), 'utf8');
  const open = `-- >>> ledger/${file}\n`;
  const start = text.indexOf(open);
  const end = text.indexOf(`-- <<< ledger/${file}`);
  if (start < 0 || end < 0) throw new Error(`${name}: the ledger/${file} markers are missing`);
  return { name, body: text.slice(start + open.length, end) };
}

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
}, 60_000);
afterAll(() => ctx.close());

describe('the booking rule has one source', () => {
  it.each(SOURCES)(
    'the newest migration installing $defines carries ledger/$file verbatim',
    ({ file, defines, text }) => {
      const { name, body } = newestMigrationOf(defines, file);
      expect(body, `${name} differs from ledger/${file}: copy the file into a new migration`).toBe(text);
    },
  );

  it("the database runs the functions of the ledger's SQL files, and no other booking procedure", async () => {
    const found = await rows<{ proname: string; prosrc: string }>(
      ctx.db,
      sql`SELECT proname, prosrc FROM pg_proc WHERE proname LIKE 'ledger\\_%' ORDER BY proname`,
    );
    expect(found.map((f) => f.proname)).toEqual([
      'ledger_book',
      'ledger_claim',
      'ledger_entries_checked',
      'ledger_guard',
      'ledger_history_row',
      'ledger_open_accounts',
      'ledger_transfer_batch',
    ]);
    for (const f of found)
      expect(
        SOURCES.some((s) => s.text.includes(f.prosrc)),
        f.proname,
      ).toBe(true);
  });

  it('one function writes the books: only ledger_book inserts into entries, journals and history rows', async () => {
    const writers = await rows<{ proname: string; writes: string }>(
      ctx.db,
      sql`SELECT p.proname, w.writes FROM pg_proc p
            CROSS JOIN LATERAL (VALUES ('entries'), ('journals'), ('transactions')) AS w(writes)
           WHERE p.prosrc ~* (${'insert\\s+into\\s+'} || w.writes || ${'\\M'}) ORDER BY w.writes, p.proname`,
    );
    expect(writers).toEqual([
      { proname: 'ledger_book', writes: 'entries' },
      { proname: 'ledger_book', writes: 'journals' },
      { proname: 'ledger_book', writes: 'transactions' },
    ]);
    const inSources = SOURCES.flatMap(({ file, text }) =>
      [...text.matchAll(/CREATE OR REPLACE FUNCTION (\w+)\(([\s\S]*?)\n\$\$;/g)]
        .filter((m) => /INSERT\s+INTO\s+entries\b/i.test(m[2] ?? ''))
        .map((m) => `${file}: ${m[1]}`),
    );
    expect(inSources).toEqual(['book.sql: ledger_book']);
  });
});
