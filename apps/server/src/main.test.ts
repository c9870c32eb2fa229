import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { secretOf, totpCode } from './test/two-factor.js';

const run = promisify(execFile);
const serverDir = path.resolve(import.meta.dirname, '..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'meridian-main-'));
const port = 20_000 + Math.floor(Math.random() * 20_000);
const env = {
  ...process.env,
  DATA_DIR: dataDir,
  PORT: String(port),
  HOST: '127.0.0.1',
  ADMIN_EMAIL: 'ops@meridian.test',
  ADMIN_PASSWORD: 'operator password',
  LOG_LEVEL: 'warn',
  DATABASE_URL: '',
};
const base = `http://127.0.0.1:${port}`;

const started: ChildProcess[] = [];
/** What the servers printed: without SMTP_URL their e-mails are printed there (lib/mail-transport.ts). */
let printed = '';
function startServer(): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env,
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  child.stdout?.on('data', (chunk: Buffer) => {
    printed += chunk.toString();
  });
  started.push(child);
  return child;
}

/** The verification link's token from the welcome e-mail the server printed. */
async function printedVerificationToken(): Promise<string> {
  for (let i = 0; i < 600; i++) {
    const found = /\/verify-email\?token=(\S+)/.exec(printed);
    if (found?.[1]) return decodeURIComponent(found[1]);
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the welcome e-mail was not printed');
}

async function waitForHealth(): Promise<void> {
  for (let i = 0; i < 1_800; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not become healthy');
}

function stopped(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

const admin = (...args: string[]) =>
  run(process.execPath, ['--import', 'tsx', 'src/cli/admin.ts', ...args], { cwd: serverDir, env });

afterAll(() => {
  // A failed assertion must not leave a server behind.
  for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the server process with PGlite', () => {
  it('hands CLI commands over, shuts down cleanly on SIGINT, and keeps its data', async () => {
    let server = startServer();
    await waitForHealth();
    const signUp = await fetch(`${base}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: `http://localhost:${port}` },
      body: JSON.stringify({
        name: 'Process Person',
        email: 'process@example.com',
        phone: '+15550009999',
        country: 'Chile',
        password: 'a long password',
      }),
    });
    expect(signUp.status).toBe(200);
    // Only a verified address can be activated: the welcome's link verifies it.
    const token = await printedVerificationToken();
    expect((await fetch(`${base}/api/auth/verify-email?token=${encodeURIComponent(token)}`)).status).toBe(200);

    // The server holds the folder, so the CLI must hand the command over rather than open it.
    const { stdout } = await admin('activate', 'process@example.com');
    expect(stdout.trim()).toBe('process@example.com is now active');

    server.kill('SIGINT');
    expect(await stopped(server)).toBe(0);
    expect(existsSync(path.join(dataDir, 'db.lock'))).toBe(false);

    // With no server running, the CLI opens the folder itself.
    expect((await admin('deactivate', 'process@example.com')).stdout.trim()).toBe(
      'process@example.com is now inactive',
    );
    await expect(admin('activate', 'nobody@example.com')).rejects.toMatchObject({ code: 1 });

    server = startServer();
    await waitForHealth();
    const login = await fetch(`${base}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: `http://localhost:${port}` },
      body: JSON.stringify({ email: 'process@example.com', password: 'a long password' }),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const me = await (await fetch(`${base}/api/me`, { headers: { cookie } })).json();
    expect(me).toMatchObject({ email: 'process@example.com', isActive: false });
    server.kill('SIGTERM');
    expect(await stopped(server)).toBe(0);
  }, 600_000);

  it("prints the operator's generated password last on a first start, in a box that says where to sign in", async () => {
    const fresh = mkdtempSync(path.join(tmpdir(), 'meridian-first-start-'));
    const firstPort = 20_000 + Math.floor(Math.random() * 20_000);
    const publicUrl = `http://localhost:${firstPort}`;
    const { ADMIN_PASSWORD: _, LOG_LEVEL: __, ...withoutPassword } = env;
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverDir,
      env: { ...withoutPassword, DATA_DIR: fresh, PORT: String(firstPort), PUBLIC_URL: publicUrl },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    started.push(child);
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    try {
      await expect.poll(() => out, { timeout: 180_000, interval: 100 }).toMatch(/└─+┘\n$/);
      const lines = out.trimEnd().split('\n');
      const boxStart = lines.findIndex((l) => /┌─+┐/.test(l.trim()));
      const box = lines.slice(boxStart).map((l) => l.trim());
      // Nothing after the box; before it only the server's few start-up log lines, the last saying it serves.
      expect(box.at(-1)).toMatch(/^└─+┘$/);
      expect(boxStart).toBeGreaterThan(0);
      expect(boxStart).toBeLessThan(10);
      const before = lines.slice(0, boxStart).filter((l) => l.trim() !== '');
      expect(before.at(-1)).toContain('Meridian is serving');
      expect(box.join('\n')).toContain('ops@meridian.test');
      expect(box.join('\n')).toContain(`${publicUrl}/admin`);
      // Every line of the box is as wide as its frame.
      expect(new Set(box.map((l) => l.length)).size).toBe(1);
      const password = /password:\s+(\S+)/.exec(box.join('\n'))?.[1] ?? '';
      expect(password.length).toBeGreaterThanOrEqual(12);

      const login = await fetch(`http://127.0.0.1:${firstPort}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: publicUrl },
        body: JSON.stringify({ email: 'ops@meridian.test', password }),
      });
      expect(login.status).toBe(200);
      // The operator is not sent the members' welcome e-mail. The console needs a second factor first:
      // set up through the real endpoints, its code computed from the secret as an app would.
      const cookiesOf = (res: Response) =>
        res.headers
          .getSetCookie()
          .map((c) => c.split(';')[0])
          .join('; ');
      let cookie = cookiesOf(login);
      const post = (path: string, body: unknown) =>
        fetch(`http://127.0.0.1:${firstPort}/api/auth/two-factor/${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: publicUrl, cookie },
          body: JSON.stringify(body),
        });
      const { totpURI } = (await (await post('enable', { password })).json()) as { totpURI: string };
      const confirmed = await post('verify-totp', { code: await totpCode(secretOf(totpURI)) });
      expect(confirmed.status).toBe(200);
      // Turning the second factor on gives the session a fresh cookie.
      cookie = cookiesOf(confirmed) || cookie;
      const mailbox = (await (
        await fetch(`http://127.0.0.1:${firstPort}/api/admin/mailbox`, { headers: { cookie } })
      ).json()) as { items: unknown[] };
      expect(mailbox.items).toEqual([]);
    } finally {
      child.kill('SIGTERM');
      await stopped(child);
      rmSync(fresh, { recursive: true, force: true });
    }
  }, 600_000);

  it('refuses to start on a bad setting, naming the variable', async () => {
    await expect(
      run(process.execPath, ['--import', 'tsx', 'src/main.ts'], { cwd: serverDir, env: { ...env, PORT: 'eighty' } }),
    ).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('PORT') });
  }, 180_000);
});
