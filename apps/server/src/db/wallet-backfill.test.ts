import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { PGLITE_EXTENSIONS } from './client.js';

// Migration 0005 on a database that already holds history: PGlite stands in for any PostgreSQL
// here, since the point is the SQL of the migration, applied to rows written before it.
const migrations = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
const before0005 = mkdtempSync(path.join(tmpdir(), 'meridian-migrations-'));
afterAll(() => rmSync(before0005, { recursive: true, force: true }));

/** The migrations folder as it was before 0005: the same files, the journal cut after 0004. */
function migrationsBefore0005(): string {
  cpSync(migrations, before0005, { recursive: true });
  const journal = JSON.parse(readFileSync(path.join(migrations, 'meta', '_journal.json'), 'utf8'));
  journal.entries = journal.entries.filter((e: { tag: string }) => e.tag < '0005');
  writeFileSync(path.join(before0005, 'meta', '_journal.json'), JSON.stringify(journal));
  return before0005;
}

describe('migration 0005', () => {
  it('backfills the wallet of existing history rows from their mode', async () => {
    const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
    try {
      const db = drizzle(client);
      await migrate(db, { migrationsFolder: migrationsBefore0005() });
      await client.exec(`
        INSERT INTO users (id, name, email, referral_id) VALUES ('u1', 'Old Timer', 'old@example.com', 'old-timer');
        INSERT INTO transactions (id, user_id, type, mode, description, amount_cents, status) VALUES
          ('t-referral', 'u1', 'credit', 'referral', 'Referral bonus', 5000, 'success'),
          ('t-deposit', 'u1', 'credit', 'deposit', 'Deposit', 10000, 'pending'),
          ('t-transfer', 'u1', 'debit', 'transfer', 'Transfer to Bob', 100, 'success'),
          ('t-invest', 'u1', 'debit', 'investment', 'Investment', 10000, 'success'),
          ('t-profit', 'u1', 'credit', 'profit', 'Profits claimed', 42, 'success');
      `);
      await migrate(db, { migrationsFolder: migrations });
      const { rows } = await client.query<{ id: string; wallet: string | null }>(
        'SELECT id, wallet FROM transactions ORDER BY id',
      );
      expect(rows).toEqual([
        { id: 't-deposit', wallet: 'balance' },
        { id: 't-invest', wallet: 'balance' },
        { id: 't-profit', wallet: 'balance' },
        { id: 't-referral', wallet: 'referral_bonus' },
        { id: 't-transfer', wallet: 'balance' },
      ]);
    } finally {
      await client.close();
    }
  });
});
