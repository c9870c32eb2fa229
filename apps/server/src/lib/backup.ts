import { spawn } from 'node:child_process';
import {
  closeSync,
  existsSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/**
 * Backups of the whole database, as an operator takes them with `npm run admin -- backup <file>`:
 *   - PGlite: a gzipped tarball of its data folder, dumped by the running PGlite itself between two
 *     queries after a CHECKPOINT (PGlite's dumpDataDir), so it is a consistent image that opens as is;
 *   - PostgreSQL: `pg_dump --format=custom`, a consistent snapshot taken in one transaction.
 * Restores refuse to run over a server that is using the database.
 */

export class BackupError extends Error {}

export type BackupKind = 'pglite' | 'postgres';

/** What kind of backup a file holds, from its first bytes (gzip: PGlite's tarball; PGDMP: pg_dump). */
export function backupKindOf(file: string): BackupKind {
  if (!existsSync(file)) throw new BackupError(`No such backup file: ${file}`);
  const head = Buffer.alloc(5);
  const fd = openSync(file, 'r');
  try {
    readSync(fd, head, 0, 5, 0);
  } finally {
    closeSync(fd);
  }
  if (head[0] === 0x1f && head[1] === 0x8b) return 'pglite';
  if (head.toString('latin1') === 'PGDMP') return 'postgres';
  throw new BackupError(`${file} is not a Meridian backup (neither a PGlite data folder nor a pg_dump archive)`);
}

/** Writes `bytes` to `file` (0600, whole or not at all: a temporary file renamed into place). */
function writeWhole(file: string, bytes: Uint8Array): void {
  const temporary = `${file}.partial-${process.pid}`;
  writeFileSync(temporary, bytes, { mode: 0o600 });
  renameSync(temporary, file);
}

/** Backs up an open PGlite; resolves to the bytes written. */
export async function backupPglite(client: PGlite, file: string): Promise<number> {
  await client.exec('CHECKPOINT');
  const dump = await client.dumpDataDir('gzip');
  const bytes = new Uint8Array(await dump.arrayBuffer());
  writeWhole(file, bytes);
  return bytes.length;
}

/**
 * Replaces the PGlite data folder `<dataDir>/pgdata` with the backup's. The caller holds the data
 * folder's lock (no server runs). The old folder is kept beside it until the restored one has opened.
 */
export async function restorePglite(dataDir: string, file: string, extensions: PGliteExtensions): Promise<void> {
  const target = path.join(dataDir, 'pgdata');
  const previous = `${target}.before-restore-${Date.now()}`;
  if (existsSync(target)) renameSync(target, previous);
  try {
    const archive = new Blob([readFileSync(file)]);
    const client = await PGlite.create(target, { loadDataDir: archive, extensions });
    await client.query('SELECT 1');
    await client.close();
  } catch (err) {
    rmSync(target, { recursive: true, force: true });
    if (existsSync(previous)) renameSync(previous, target);
    throw new BackupError(`The backup could not be restored: ${err instanceof Error ? err.message : String(err)}`);
  }
  rmSync(previous, { recursive: true, force: true });
}

type PGliteExtensions = NonNullable<Parameters<typeof PGlite.create>[1]>['extensions'];

/** Where PostgreSQL's client programs are: the newest Debian install, else the PATH. */
export function pgTool(name: 'pg_dump' | 'pg_restore'): string {
  const root = '/usr/lib/postgresql';
  if (existsSync(root)) {
    const versions = readdirSync(root)
      .filter((v) => /^\d+$/.test(v))
      .sort((a, b) => Number(b) - Number(a));
    for (const v of versions) {
      const candidate = path.join(root, v, 'bin', name);
      if (existsSync(candidate)) return candidate;
    }
  }
  return name;
}

function runTool(tool: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', (err) => reject(new BackupError(`${path.basename(tool)} could not run: ${err.message}`)));
    child.on('exit', (code) =>
      code === 0
        ? resolve()
        : reject(new BackupError(`${path.basename(tool)} failed (exit ${code}): ${stderr.trim().split('\n').pop()}`)),
    );
  });
}

/** pg_dump of the database at `url` into `file` (custom format); resolves to the bytes written. */
export async function backupPostgres(url: string, file: string): Promise<number> {
  const temporary = `${file}.partial-${process.pid}`;
  try {
    await runTool(pgTool('pg_dump'), ['--format=custom', '--no-owner', '--no-privileges', `--file=${temporary}`, url]);
    renameSync(temporary, file);
  } finally {
    rmSync(temporary, { force: true });
  }
  return statSync(file).size;
}

/** The application name every app node's connections carry, so a restore can see a running server. */
export const APP_CONNECTION_NAME = 'meridian';

/**
 * Restores a pg_dump archive over the database at `url`, in one transaction (all or nothing), after
 * checking that no Meridian server is connected to it.
 */
export async function restorePostgres(url: string, file: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, application_name: 'meridian-restore' });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1`,
      [APP_CONNECTION_NAME],
    );
    if ((rows[0]?.n ?? 0) > 0) {
      throw new BackupError('A Meridian server is connected to this database: stop every server before restoring');
    }
  } finally {
    await client.end();
  }
  await runTool(pgTool('pg_restore'), [
    '--clean',
    '--if-exists',
    '--no-owner',
    '--no-privileges',
    '--single-transaction',
    '--exit-on-error',
    `--dbname=${url}`,
    file,
  ]);
}
