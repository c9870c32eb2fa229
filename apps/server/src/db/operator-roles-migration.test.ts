import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { PGLITE_EXTENSIONS } from './client.js';

// Migration 0028 on a database whose operators are still 'admin' (wallet-backfill.test.ts does the same
// for 0005): the migrations folder with the journal cut before 0028, then the whole of it.
const migrations = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
const before0028 = mkdtempSync(path.join(tmpdir(), 'meridian-migrations-'));
afterAll(() => rmSync(before0028, { recursive: true, force: true }));

function migrationsBefore0028(): string {
  cpSync(migrations, before0028, { recursive: true });
  const journal = JSON.parse(readFileSync(path.join(migrations, 'meta', '_journal.json'), 'utf8'));
  journal.entries = journal.entries.filter((e: { tag: string }) => e.tag < '0028');
  writeFileSync(path.join(before0028, 'meta', '_journal.json'), JSON.stringify(journal));
  return before0028;
}

describe('migration 0028', () => {
  it('makes every admin an owner, leaves members members, and lists operators from the partial index', async () => {
    const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
    try {
      const db = drizzle(client);
      await migrate(db, { migrationsFolder: migrationsBefore0028() });
      await client.exec(`
        INSERT INTO users (id, name, email, referral_id, role, is_active) VALUES
          ('a1', 'Ops One', 'ops1@example.com', 'ops-1', 'admin', true),
          ('a2', 'Ops Two', 'ops2@example.com', 'ops-2', 'admin', false),
          ('m1', 'Member', 'm1@example.com', 'm-1', 'user', true);
      `);
      await migrate(db, { migrationsFolder: migrations });
      const { rows } = await client.query<{ id: string; role: string; is_active: boolean }>(
        'SELECT id, role, is_active FROM users ORDER BY id',
      );
      expect(rows).toEqual([
        { id: 'a1', role: 'owner', is_active: true },
        { id: 'a2', role: 'owner', is_active: false },
        { id: 'm1', role: 'user', is_active: true },
      ]);
      const { rows: index } = await client.query<{ indexdef: string }>(
        `SELECT indexdef FROM pg_indexes WHERE indexname = 'users_admin_created_idx'`,
      );
      expect(index[0]?.indexdef).toContain(`WHERE (role <> 'user'::text)`);
    } finally {
      await client.close();
    }
  });
});
