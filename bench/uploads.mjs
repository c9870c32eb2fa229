// How much the server's memory grows while 10 receipts of 5 MB upload at once (issue 9): the real
// server (PGlite, receipts on local disk) as a child process, 10 concurrent POST /api/deposits from
// this process, and the server's resident memory (VmRSS) sampled every 20 ms from /proc. An upload
// is streamed to disk, so the growth should stay far below the 50 MB being uploaded.
//   npm run bench:uploads
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from './lib/server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const UPLOADS = 10;
const SIZE = 5 * 1024 * 1024;

function freePort() {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

const rssKb = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);

const workDir = mkdtempSync(path.join(os.tmpdir(), 'meridian-uploads-'));
const server = await startServer({ root, port: await freePort(), databaseUrl: '', workDir });
try {
  const email = `uploader-${Date.now()}@example.com`;
  const origin = { origin: server.base };
  const signUp = await fetch(`${server.base}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...origin },
    body: JSON.stringify({
      name: 'Upload Bench',
      email,
      password: 'a long bench password',
      phone: '+15550100200',
      country: 'United States',
    }),
  });
  if (!signUp.ok) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
  const cookie = signUp.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  execFileSync(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/admin.ts', 'activate', email], {
    cwd: root,
    env: { ...process.env, DATA_DIR: path.join(workDir, 'server-data'), DATABASE_URL: '' },
  });

  const png = Buffer.alloc(SIZE, 7);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(png);
  // Warm the route once (its code paths, the first plan), then measure from a settled baseline.
  const upload = async () => {
    const form = new FormData();
    form.append('amountCents', '10000');
    form.append('methodId', 'paypal');
    form.append('receipt', new Blob([png], { type: 'image/png' }), 'receipt.png');
    const res = await fetch(`${server.base}/api/deposits`, {
      method: 'POST',
      headers: { cookie, ...origin, 'idempotency-key': `bench-${crypto.randomUUID()}` },
      body: form,
    });
    if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
  };
  await new Promise((r) => setTimeout(r, 1000));
  const cold = rssKb(server.pid);
  await upload();
  await new Promise((r) => setTimeout(r, 1000));
  const baseline = rssKb(server.pid);
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssKb(server.pid));
  }, 20);
  const started = Date.now();
  await Promise.all(Array.from({ length: UPLOADS }, upload));
  const ms = Date.now() - started;
  clearInterval(sampler);
  peak = Math.max(peak, rssKb(server.pid));
  const mb = (kb) => (kb / 1024).toFixed(1);
  process.stdout.write(
    `${UPLOADS} concurrent uploads of ${SIZE / 1024 / 1024} MB (${mb((UPLOADS * SIZE) / 1024)} MB in all) in ${ms} ms\n` +
      `server resident memory: ${mb(cold)} MB idle, ${mb(baseline)} MB after one warm-up upload (${baseline >= cold ? '+' : ''}${mb(baseline - cold)} MB), ` +
      `${mb(peak)} MB at the peak of the ${UPLOADS}: grew ${mb(peak - baseline)} MB\n`,
  );
} finally {
  await server.stop();
  rmSync(workDir, { recursive: true, force: true });
}
