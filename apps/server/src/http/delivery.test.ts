import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../test/client.js';
import { fundedUser } from '../test/money.js';
import { depositParts, PNG_SIGNATURE, postDeposit } from '../test/multipart.js';
import { parseCsv, seedUsers, signedInAdmin } from '../test/operator.js';
import { createTestApp, type TestContext } from '../test/test-app.js';
import { COMPRESSION_THRESHOLD_BYTES } from './compression.js';
import { IMMUTABLE } from './web-app.js';

// A build as `npm run build` leaves it: each text file with its .br and .gz beside it. The compressed
// copies carry a marker of their own, so a test sees the build's file was sent, not one made per request.
const INDEX = '<!doctype html><html><head><title>Meridian</title></head><body><div id="root"></div></body></html>';
const SCRIPT = 'console.log("identity");';
const dist = mkdtempSync(path.join(tmpdir(), 'meridian-delivery-dist-'));
mkdirSync(path.join(dist, 'assets'));
mkdirSync(path.join(dist, 'flags'));
writeFileSync(path.join(dist, 'index.html'), INDEX);
writeFileSync(path.join(dist, 'index.html.br'), brotliCompressSync(INDEX.replace('Meridian', 'Meridian br')));
writeFileSync(path.join(dist, 'index.html.gz'), gzipSync(INDEX.replace('Meridian', 'Meridian gzip')));
writeFileSync(path.join(dist, 'assets', 'x-abc123.js'), SCRIPT);
writeFileSync(path.join(dist, 'assets', 'x-abc123.js.br'), brotliCompressSync('console.log("br");'));
writeFileSync(path.join(dist, 'assets', 'x-abc123.js.gz'), gzipSync('console.log("gzip");'));
writeFileSync(path.join(dist, 'flags', 'chl.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
writeFileSync(path.join(dist, 'flags', 'chl.svg.br'), brotliCompressSync('<svg br/>'));

let ctx: TestContext;
let admin: TestClient;
beforeAll(async () => {
  ctx = await createTestApp({}, undefined, { webDist: dist });
  admin = (await signedInAdmin(ctx)).client;
});
afterAll(async () => {
  await ctx.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string, method: 'GET' | 'HEAD' = 'GET') =>
  ctx.app.inject({ method, url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

/** The body as the browser reads it, decoded per its Content-Encoding. */
function decoded(res: { headers: Record<string, unknown>; rawPayload: Buffer }): string {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(res.rawPayload).toString();
  if (encoding === 'gzip') return gunzipSync(res.rawPayload).toString();
  expect(encoding).toBeUndefined();
  return res.rawPayload.toString();
}

describe('the web app is served compressed at build time', () => {
  it.each([
    ['br, gzip, deflate (a browser)', 'br', 'console.log("br");'],
    ['gzip, deflate', 'gzip', 'console.log("gzip");'],
    ['gzip;q=1, br;q=0.5 (gzip preferred)', 'gzip', 'console.log("gzip");'],
    ['deflate (neither)', undefined, SCRIPT],
    ['identity', undefined, SCRIPT],
  ])('answers Accept-Encoding %s with the matching file of the build', async (header, encoding, body) => {
    const res = await get('/assets/x-abc123.js', header.split(' (')[0]);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers['content-type']).toMatch(/^(?:text|application)\/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(decoded(res)).toBe(body);
  });

  it('answers a request without Accept-Encoding with the plain file, still marked as varying on it', async () => {
    const res = await get('/assets/x-abc123.js');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.body).toBe(SCRIPT);
  });

  it('falls back to the plain file when the build has no copy in an encoding the browser takes', async () => {
    // The flag has a .br only: a gzip-only browser gets the plain file, compressed as it is sent.
    const gzipOnly = await get('/flags/chl.svg', 'gzip');
    expect(decoded(gzipOnly)).toBe('<svg xmlns="http://www.w3.org/2000/svg"/>');
    expect(decoded(await get('/flags/chl.svg', 'br, gzip'))).toBe('<svg br/>');
    expect((await get('/flags/chl.svg', 'br')).headers['content-type']).toMatch(/^image\/svg\+xml/);
  });

  it('caches hashed assets for a year and revalidates everything else', async () => {
    expect((await get('/assets/x-abc123.js', 'br')).headers['cache-control']).toBe(IMMUTABLE);
    expect((await get('/assets/x-abc123.js')).headers['cache-control']).toBe(IMMUTABLE);
    expect((await get('/flags/chl.svg', 'br')).headers['cache-control']).toBe('no-cache');
  });

  it.each(['/', '/login', '/dashboard', '/admin/users/abc?tab=receipts'])(
    'answers the client route %s with index.html compressed, uncached, with the security headers',
    async (url) => {
      const br = await get(url, 'br, gzip');
      expect(br.statusCode).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['content-type']).toMatch(/^text\/html/);
      expect(br.headers['cache-control']).toBe('no-cache');
      expect(br.headers.vary).toMatch(/accept-encoding/i);
      expect(br.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(decoded(br)).toContain('<title>Meridian br</title>');
      expect(decoded(await get(url, 'gzip'))).toContain('<title>Meridian gzip</title>');
      const plain = await get(url);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(INDEX);
    },
  );

  it.each(['/login', '/assets/x-abc123.js'])('answers HEAD %s with the headers of GET and no body', async (url) => {
    const head = await get(url, 'br', 'HEAD');
    const full = await get(url, 'br');
    expect(head.statusCode).toBe(200);
    expect(head.rawPayload.length).toBe(0);
    for (const name of ['content-encoding', 'content-type', 'cache-control', 'vary', 'content-length']) {
      expect(head.headers[name], name).toBe(full.headers[name]);
    }
  });

  it('answers a missing asset with a 404 whatever the encoding, never with index.html', async () => {
    for (const header of ['br', 'gzip', undefined]) {
      const res = await get('/assets/gone-000.js', header);
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-encoding']).toBeUndefined();
    }
  });
});

describe('API answers are compressed above the threshold', () => {
  it('compresses a JSON answer above the threshold with brotli or gzip, as asked', async () => {
    const plain = await get('/api/docs/json');
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const encoding of ['br', 'gzip']) {
      const res = await get('/api/docs/json', `${encoding}, deflate`);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
      expect(JSON.parse(decoded(res))).toEqual(plain.json());
    }
  });

  it('leaves a JSON answer below the threshold as it is', async () => {
    const res = await get('/api/health', 'br, gzip');
    expect(res.rawPayload.length).toBeLessThan(COMPRESSION_THRESHOLD_BYTES);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toMatchObject({ status: 'ok' });
  });

  it('keeps the security headers and the status of a compressed error answer', async () => {
    const res = await admin.request('GET', `/api/admin/users?q=${'x'.repeat(2000)}`, undefined, {
      'accept-encoding': 'br',
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(JSON.parse(decoded(res)).error.code).toBe('VALIDATION_FAILED');
  });

  it('answers HEAD on a JSON route without a body', async () => {
    // Fastify's HEAD drops the body before the compressor sees it: HEAD describes the plain answer.
    const head = await get('/api/docs/json', 'br', 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(head.rawPayload.length).toBe(0);
    expect(head.headers['content-type']).toMatch(/^application\/json/);
    expect(Number(head.headers['content-length'])).toBe((await get('/api/docs/json')).rawPayload.length);
  });

  it('streams a CSV export, compressed as it goes, without buffering it for a Content-Length', async () => {
    await seedUsers(ctx.db, 'zip', 1_200);
    const plain = await admin.request('GET', '/api/admin/exports/users.csv?q=zip', undefined, {
      'accept-encoding': undefined,
    });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-length']).toBeUndefined();
    expect(parseCsv(plain.body)).toHaveLength(1 + 1_200);
    const br = await admin.request('GET', '/api/admin/exports/users.csv?q=zip', undefined, { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-length']).toBeUndefined();
    expect(br.headers['content-disposition']).toMatch(/^attachment; filename=/);
    expect(decoded(br)).toBe(plain.body);
  });

  it('sends a receipt as its stored bytes with their length, never re-encoded', async () => {
    const member = await fundedUser(ctx, 0);
    const filed = await postDeposit(member.client, depositParts(25_000));
    expect(filed.statusCode).toBe(201);
    const receiptId = filed.json().deposit.receiptId as string;
    const res = await member.client.request('GET', `/api/receipts/${receiptId}`, undefined, {
      'accept-encoding': 'br, gzip',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['content-length']).toBe('2000');
    expect(res.rawPayload.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
  });
});
