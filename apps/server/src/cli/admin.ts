import { readFileSync } from 'node:fs';
import path from 'node:path';
import { operatorOperations } from '../app.js';
import { loadConfig } from '../config.js';
import { adoptEnvironmentSettings } from '../core/settings/settings.queries.js';
import { openDatabase, PGLITE_EXTENSIONS } from '../db/client.js';
import { BackupError, backupKindOf, restorePglite, restorePostgres } from '../lib/backup.js';
import { DataDirLock, lockHolder } from '../lib/process-lock.js';
import {
  checkUsage,
  RESTORE_NEEDS_STOPPED_SERVER,
  runAdminCommand,
  UsageError,
} from '../modules/admin/admin-commands.js';

interface ServerInfo {
  pid: number;
  port: number;
  token: string;
}

function runningServer(dataDir: string): ServerInfo | null {
  try {
    const info = JSON.parse(readFileSync(path.join(dataDir, 'server.json'), 'utf8')) as ServerInfo;
    return lockHolder(dataDir) === info.pid ? info : null;
  } catch {
    return null;
  }
}

/** Hands the command to the running server, which owns the PGlite folder. */
async function viaServer(info: ServerInfo, args: string[]): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${info.port}/api/internal/admin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-admin-token': info.token },
    body: JSON.stringify({ args }),
  });
  const body = (await res.json()) as { output?: string; error?: { code?: string; message: string } };
  if (body.error?.code === 'INVALID_COMMAND') throw new UsageError(body.error.message);
  if (!res.ok) throw new Error(body.error?.message ?? `Server answered ${res.status}`);
  return body.output ?? '';
}

/** Opens the database itself: PostgreSQL always, PGlite only when no server holds the folder. */
async function direct(args: string[]): Promise<string> {
  const config = loadConfig();
  const lock = config.databaseUrl ? null : DataDirLock.acquire(config.dataDir);
  const database = await openDatabase(config);
  try {
    await database.migrate();
    await adoptEnvironmentSettings(database.db, config.initialSettings);
    const ops = { ...operatorOperations(config), backup: (file: string) => database.backup(file) };
    return await runAdminCommand(database.db, args, undefined, ops);
  } finally {
    await database.close();
    lock?.release();
  }
}

/**
 * Replaces the whole database with a backup: PGlite's folder under its lock (so never under a running
 * server), or PostgreSQL through pg_restore once no server is connected. Migrations run afterwards, so
 * a backup from an older version comes up to date.
 */
async function restore(file: string): Promise<string> {
  const config = loadConfig();
  const kind = backupKindOf(file);
  const expected = config.databaseUrl ? 'postgres' : 'pglite';
  if (kind !== expected) {
    throw new BackupError(`${file} is a ${kind} backup, but this installation runs on ${expected}`);
  }
  if (config.databaseUrl) {
    await restorePostgres(config.databaseUrl, file);
  } else {
    if (runningServer(config.dataDir) || lockHolder(config.dataDir) !== null)
      throw new Error(RESTORE_NEEDS_STOPPED_SERVER);
    const lock = DataDirLock.acquire(config.dataDir);
    try {
      await restorePglite(config.dataDir, file, PGLITE_EXTENSIONS);
    } finally {
      lock.release();
    }
  }
  const database = await openDatabase(config);
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  return `restored ${file}`;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  // A malformed command line is answered before any database or server is touched.
  checkUsage(args);
  // The file is named from where the operator stands, whichever process writes or reads it.
  if (args[0] === 'backup' || args[0] === 'restore') args[1] = path.resolve(args[1] ?? '');
  if (args[0] === 'restore') {
    process.stdout.write(`${await restore(args[1] ?? '')}\n`);
    return;
  }
  const config = loadConfig();
  const server = config.databaseUrl ? null : runningServer(config.dataDir);
  process.stdout.write(`${server ? await viaServer(server, args) : await direct(args)}\n`);
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  // 2: the command line was wrong (the usage text was printed); 1: the command failed.
  process.exit(err instanceof UsageError ? 2 : 1);
});
