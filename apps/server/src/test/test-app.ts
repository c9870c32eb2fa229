import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { type App, type BuildAppOptions, buildApp } from '../app.js';
import { type Config, loadConfig } from '../config.js';
import { type Database, openPostgres } from '../db/client.js';
import type { Clock } from '../lib/clock.js';
import { diskStore } from '../lib/object-store.js';
import { seed } from '../seed.js';
import { openPgliteFromTemplate } from './pglite-template.js';

export const TEST_ORIGIN = 'http://localhost:3000';

/**
 * A fresh database per test file: in-memory PGlite by default, copied from the run's migrated
 * template, or a throwaway database on the PostgreSQL server named by TEST_DATABASE_URL (the
 * second pass of `npm test`).
 */
export async function openTestDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const database = await openPgliteFromTemplate(inject('pgliteTemplate'));
    return { database, drop: async () => {} };
  }
  const name = `meridian_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = openPostgres(url.toString(), 10);
  return {
    database,
    drop: async () => {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export interface TestContext {
  app: App;
  db: Database['db'];
  config: Config;
  /** The database's LISTEN, for a second app node on the same database. */
  listen: Database['listen'];
  /** Where this app keeps receipts, unless the test gave it a store. */
  receiptsDir: string;
  close(): Promise<void>;
}

export async function createTestApp(
  env: Record<string, string> = {},
  clock?: Clock,
  /** A logger (for instance one writing to a test's stream; none by default) and a route listener. */
  options: Pick<BuildAppOptions, 'logger' | 'onRoute' | 'objects' | 'webDist'> = {},
): Promise<TestContext> {
  const { database, drop } = await openTestDatabase();
  // Receipts go to a private temporary folder of this app unless the test brings its own store.
  const receiptsDir = mkdtempSync(path.join(os.tmpdir(), 'meridian-test-receipts-'));
  await database.migrate();
  const config = loadConfig({
    PORT: '3000',
    DATA_DIR: '/nonexistent-meridian-test',
    SESSION_SECRET: 'test-secret-test-secret-test-secret-0123',
    ADMIN_EMAIL: 'admin@meridian.test',
    ADMIN_PASSWORD: 'operator password',
    // Every suite signs many users up from one address, and signs each in (register()); tests of the
    // limits pass their own values.
    SIGNUP_LIMIT_PER_IP: '100000',
    LOGIN_LIMIT_PER_IP: '100000',
    RESET_LIMIT_PER_IP: '100000',
    RESET_LIMIT_PER_EMAIL: '100000',
    ...env,
  });
  const app = await buildApp({
    config,
    db: database.db,
    webDist: null,
    internalToken: 'test-internal-token',
    listen: database.listen,
    ...(clock ? { clock } : {}),
    objects: diskStore(receiptsDir),
    ...options,
  });
  await seed(database.db, app.deps.auth, config);
  return {
    app,
    db: database.db,
    config,
    listen: database.listen,
    receiptsDir,
    async close() {
      await app.close();
      await database.close();
      await drop();
      rmSync(receiptsDir, { recursive: true, force: true });
    },
  };
}
