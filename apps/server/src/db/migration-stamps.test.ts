import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { type Db, PGLITE_EXTENSIONS } from './client.js';
import { restampAppliedMigrations } from './migration-stamps.js';

// Upgrades as a deployed database meets them. PGlite stands in for any PostgreSQL: the point is
// what Drizzle's migrator decides from the journal and the recorded stamps.
const migrations = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
const scratch = mkdtempSync(path.join(tmpdir(), 'meridian-stamps-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}
const journal = (): { entries: JournalEntry[] } =>
  JSON.parse(readFileSync(path.join(migrations, 'meta', '_journal.json'), 'utf8'));

/** The migrations folder with the journal edited: the same SQL files, as an older release shipped them. */
function folderWith(name: string, edit: (entries: JournalEntry[]) => JournalEntry[]): string {
  const folder = path.join(scratch, name);
  cpSync(migrations, folder, { recursive: true });
  const j = journal();
  j.entries = edit(j.entries);
  writeFileSync(path.join(folder, 'meta', '_journal.json'), JSON.stringify(j));
  return folder;
}

/** 0014 and 0015 as they were released: stamped before 0013, the journal ending at 0015. */
const OLD_STAMPS: Record<string, number> = {
  '0014_admin-console': 1795546620740,
  '0015_console-hardening': 1795549528591,
};
const releasedWithOldStamps = (name: string): string =>
  folderWith(name, (e) => e.filter((x) => x.tag <= '0015').map((x) => ({ ...x, when: OLD_STAMPS[x.tag] ?? x.when })));

async function appliedCount(client: PGlite): Promise<number> {
  const { rows } = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations');
  return rows[0]?.n ?? 0;
}

describe('migration stamps', () => {
  it('every migration is stamped later than the one before it, or an upgrade would skip it', () => {
    const entries = journal().entries;
    for (let i = 1; i < entries.length; i++) {
      const [before, after] = [entries[i - 1], entries[i]];
      expect(after?.when, `${after?.tag} must be stamped after ${before?.tag}`).toBeGreaterThan(before?.when ?? 0);
    }
  });

  it('a database migrated to 0013 gets 0014 and everything after on upgrade', async () => {
    const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
    try {
      const db = drizzle(client);
      await migrate(db, { migrationsFolder: folderWith('to-0013', (e) => e.filter((x) => x.tag < '0014')) });
      await restampAppliedMigrations(db as unknown as Db, migrations);
      await migrate(db, { migrationsFolder: migrations });
      expect(await appliedCount(client)).toBe(journal().entries.length);
      const { rows } = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM settings');
      expect(rows[0]?.n).toBe(1);
    } finally {
      await client.close();
    }
  });

  it('a database that applied 0014 and 0015 under their old, earlier stamps does not run them again', async () => {
    const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
    try {
      const db = drizzle(client);
      await migrate(db, { migrationsFolder: releasedWithOldStamps('old-stamps') });
      const before = await appliedCount(client);

      // Without the re-stamp, Drizzle sees 0014 as newer than the newest record (0013) and fails on
      // its CREATE TABLE: the case this guards.
      await restampAppliedMigrations(db as unknown as Db, migrations);
      await migrate(db, { migrationsFolder: migrations });
      expect(await appliedCount(client)).toBe(before + journal().entries.filter((x) => x.tag > '0015').length);
      const { rows } = await client.query<{ created_at: string }>(
        'SELECT created_at FROM drizzle.__drizzle_migrations ORDER BY created_at DESC LIMIT 1',
      );
      expect(Number(rows[0]?.created_at)).toBe(journal().entries.at(-1)?.when);
    } finally {
      await client.close();
    }
  });

  it('without the re-stamp, the old stamps would run 0014 again and fail', async () => {
    const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
    try {
      const db = drizzle(client);
      await migrate(db, { migrationsFolder: releasedWithOldStamps('old-stamps-unrepaired') });
      await expect(migrate(db, { migrationsFolder: migrations })).rejects.toThrow();
    } finally {
      await client.close();
    }
  });
});
