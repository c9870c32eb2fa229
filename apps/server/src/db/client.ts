import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { APP_CONNECTION_NAME, backupPglite, backupPostgres } from '../lib/backup.js';
import { restampAppliedMigrations } from './migration-stamps.js';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
/** The one database type the code sees, whether PGlite or node-postgres is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** Writes a consistent backup of the whole database to `file` (lib/backup.ts); resolves to its size. */
  backup(file: string): Promise<number>;
  /** LISTENs on `channel` (PostgreSQL: one dedicated connection, re-opened if it drops, then
   * `onReconnect` runs because notifications may have been missed); resolves to the unlisten. */
  listen: Listen;
}

export type Listen = (
  channel: string,
  onPayload: (payload: string) => void,
  onReconnect?: () => void,
) => Promise<() => Promise<void>>;

/** The extensions the migrations create (PostgreSQL ships them; PGlite loads them at start). */
export const PGLITE_EXTENSIONS = { pg_trgm };

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * Opens PGlite in `<dataDir>/pgdata`, or in memory when `dataDir` is null (tests). An in-memory
 * database may start from `template`, a tarball of a data folder (`dumpDataDir`), instead of initdb.
 */
export async function openPglite(
  dataDir: string | null,
  template?: Blob,
): Promise<Database & { dumpDataDir(): Promise<Blob> }> {
  let client: PGlite;
  if (dataDir) {
    const folder = path.join(dataDir, 'pgdata');
    mkdirSync(folder, { recursive: true });
    client = await PGlite.create(folder, { extensions: PGLITE_EXTENSIONS });
  } else {
    client = await PGlite.create({ extensions: PGLITE_EXTENSIONS, ...(template ? { loadDataDir: template } : {}) });
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    dumpDataDir: () => client.dumpDataDir('none'),
    async migrate() {
      await restampAppliedMigrations(db, migrationsFolder);
      await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
    },
    close: () => client.close(),
    backup: (file) => backupPglite(client, file),
    async listen(channel, onPayload) {
      const unlisten = await client.listen(channel, onPayload);
      return () => (client.closed ? Promise.resolve() : unlisten());
    },
  };
}

export function openPostgres(url: string, poolSize = 20): Database {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, application_name: APP_CONNECTION_NAME });
  // An idle client that loses its server must not crash the process.
  pool.on('error', () => {});
  const nodeDb = drizzlePg(pool, { schema });
  return {
    db: nodeDb as unknown as Db,
    kind: 'postgres',
    async migrate() {
      // Several app nodes may start at once; one migrates while the others wait.
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock(727274)');
        const locked = drizzlePg(client, { schema });
        await restampAppliedMigrations(locked as unknown as Db, migrationsFolder);
        await migratePg(locked, { migrationsFolder });
      } finally {
        await client.query('SELECT pg_advisory_unlock(727274)').catch(() => {});
        client.release();
      }
    },
    close: () => pool.end(),
    backup: (file) => backupPostgres(url, file),
    listen: (channel, onPayload, onReconnect) => listenPostgres(url, channel, onPayload, onReconnect),
  };
}

/** A LISTEN connection outside the pool, re-opened every second while it is down. */
async function listenPostgres(
  url: string,
  channel: string,
  onPayload: (payload: string) => void,
  onReconnect?: () => void,
): Promise<() => Promise<void>> {
  let current: pg.Client | null = null;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const open = async () => {
    const client = new pg.Client({ connectionString: url, keepAlive: true, application_name: APP_CONNECTION_NAME });
    client.on('notification', (n) => n.channel === channel && n.payload !== undefined && onPayload(n.payload));
    const lost = () => {
      if (current !== client) return;
      current = null;
      client.end().catch(() => {});
      if (!stopped) timer = setTimeout(reopen, 1000);
    };
    client.on('error', lost);
    client.on('end', lost);
    try {
      await client.connect();
      await client.query(`LISTEN "${channel.replaceAll('"', '""')}"`);
    } catch (err) {
      client.end().catch(() => {});
      throw err;
    }
    if (stopped) await client.end().catch(() => {});
    else current = client;
  };
  const reopen = () =>
    open().then(
      () => onReconnect?.(),
      () => {
        if (!stopped) timer = setTimeout(reopen, 1000);
      },
    );
  await open();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    const client = current;
    current = null;
    await client?.end().catch(() => {});
  };
}

export async function openDatabase(opts: { databaseUrl: string | undefined; dataDir: string }): Promise<Database> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl) : openPglite(opts.dataDir);
}

export async function ping(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
