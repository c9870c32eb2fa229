import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type App, buildApp } from './app.js';
import { loadConfig } from './config.js';
import type { Database } from './db/client.js';
import { openPgliteFromTemplate } from './test/pglite-template.js';

const dist = mkdtempSync(path.join(tmpdir(), 'meridian-dist-'));
let app: App;
let database: Database;

beforeAll(async () => {
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Meridian</title>');
  writeFileSync(path.join(dist, 'assets', 'entry-abc123.js'), 'console.log(1)');
  database = await openPgliteFromTemplate(inject('pgliteTemplate'));
  await database.migrate();
  const config = loadConfig({ SESSION_SECRET: 'x'.repeat(40), DATA_DIR: dist });
  app = await buildApp({ config, db: database.db, webDist: dist });
});
afterAll(async () => {
  await app.close();
  await database.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('serving the built web app', () => {
  it('answers every client-side route with index.html, uncached', async () => {
    for (const url of ['/', '/dashboard', '/profile?tab=security', '/deposit/checkout']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<title>Meridian</title>');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves hashed assets as immutable, including ones built after start', async () => {
    const first = await app.inject({ method: 'GET', url: '/assets/entry-abc123.js' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toContain('immutable');
    writeFileSync(path.join(dist, 'assets', 'later-def456.js'), 'console.log(2)');
    expect((await app.inject({ method: 'GET', url: '/assets/later-def456.js' })).statusCode).toBe(200);
  });

  it('answers a missing asset or API path with a 404, never index.html', async () => {
    for (const url of ['/assets/gone-000.js', '/favicon-missing.png', '/api/unknown']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('<title>Meridian</title>');
    }
  });
});
