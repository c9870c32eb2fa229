import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const execFileAsync = promisify(execFile);

const serverDir = path.resolve(import.meta.dirname, '..', '..');

/**
 * The real server as a process (src/main.ts), on PGlite in its own data folder, or on a fresh
 * database of the PostgreSQL server named by TEST_DATABASE_URL: for tests that kill it, restart it
 * and talk to it over HTTP as clients do.
 */
export class ServerProcess {
  readonly dataDir = mkdtempSync(path.join(tmpdir(), 'meridian-process-'));
  readonly port = 20_000 + Math.floor(Math.random() * 20_000);
  readonly base = `http://127.0.0.1:${this.port}`;
  readonly origin = `http://localhost:${this.port}`;
  private child: ChildProcess | null = null;
  private databaseUrl = '';
  private dropDatabase: (() => Promise<void>) | null = null;

  constructor(private readonly extraEnv: Record<string, string> = {}) {}

  /** Creates the PostgreSQL database when the tests run on PostgreSQL. */
  async prepare(): Promise<this> {
    const serverUrl = process.env.TEST_DATABASE_URL;
    if (!serverUrl) return this;
    const name = `meridian_process_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    this.databaseUrl = url.toString();
    this.dropDatabase = async () => {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
    return this;
  }

  get onPostgres(): boolean {
    return this.databaseUrl !== '';
  }

  /** The database this server uses, for a test that inspects it while the server is down (PGlite) or up. */
  get databaseUrlOrNull(): string | null {
    return this.databaseUrl || null;
  }

  /** The environment the server (and the operator's CLI beside it) runs with. */
  get env(): NodeJS.ProcessEnv {
    return {
      ...process.env,
      DATA_DIR: this.dataDir,
      PORT: String(this.port),
      HOST: '127.0.0.1',
      PUBLIC_URL: this.origin,
      ADMIN_EMAIL: 'ops@meridian.test',
      ADMIN_PASSWORD: 'operator password',
      SESSION_SECRET: 'process-test-secret-process-test-secret-0123',
      LOG_LEVEL: 'warn',
      DATABASE_URL: this.databaseUrl,
      ACCRUAL_INTERVAL_MS: '0',
      // E-mails are printed (no SMTP_URL) soon after they are queued: members verify through the printed link.
      EMAIL_DISPATCH_INTERVAL_MS: '100',
      SIGNUP_LIMIT_PER_IP: '100000',
      LOGIN_LIMIT_PER_IP: '100000',
      ...this.extraEnv,
    };
  }

  /** What the server printed: its e-mails among them. */
  printed = '';

  /** The token of the verification link the server printed for `email` (its welcome e-mail). */
  async verificationToken(email: string): Promise<string> {
    const link = new RegExp(
      `To: ${email.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[\\s\\S]*?/verify-email\\?token=(\\S+)`,
    );
    for (let i = 0; i < 1_200; i++) {
      const found = link.exec(this.printed);
      if (found?.[1]) return decodeURIComponent(found[1]);
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`no verification link printed for ${email}`);
  }

  async start(): Promise<void> {
    this.child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverDir,
      env: this.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // Without SMTP_URL the server prints its e-mails (lib/mail-transport.ts): the members' mailbox.
    this.child.stdout?.on('data', (chunk: Buffer) => {
      this.printed += chunk.toString();
    });
    // The last of what the server wrote to stderr, so a start that fails says why.
    let stderr = '';
    this.child.stderr?.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-4_000);
    });
    for (let i = 0; i < 1_800; i++) {
      try {
        if ((await fetch(`${this.base}/api/health`)).ok) return;
      } catch {}
      if (this.child.exitCode !== null) throw new Error(`the server exited with ${this.child.exitCode}: ${stderr}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('the server did not become healthy');
  }

  /** Ends the process the way a crash or the OOM killer would: no shutdown code runs. */
  async kill(signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill(signal);
    await exited;
  }

  /** A graceful stop (SIGTERM): in-flight requests finish, the database closes cleanly. */
  stop(): Promise<void> {
    return this.kill('SIGTERM');
  }

  /** An operator command through the running server's loopback endpoint (what `npm run admin` does). */
  async admin(...args: string[]): Promise<string> {
    const { token } = JSON.parse(readFileSync(path.join(this.dataDir, 'server.json'), 'utf8')) as { token: string };
    const res = await fetch(`${this.base}/api/internal/admin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-admin-token': token },
      body: JSON.stringify({ args }),
    });
    const body = (await res.json()) as { output?: string; error?: { message: string } };
    if (!res.ok) throw new Error(body.error?.message ?? `admin ${args.join(' ')}: ${res.status}`);
    return body.output ?? '';
  }

  /** `npm run admin -- <args>` as an operator types it beside this server; rejects with its exit code. */
  async cli(...args: string[]): Promise<string> {
    const { stdout } = await execFileAsync(process.execPath, ['--import', 'tsx', 'src/cli/admin.ts', ...args], {
      cwd: serverDir,
      env: this.env,
    });
    return stdout.trim();
  }

  async dispose(): Promise<void> {
    await this.kill();
    await this.dropDatabase?.();
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}

/** A signed-in member of a ServerProcess, talking HTTP with a cookie jar of one session. */
export class Member {
  private cookie = '';
  constructor(
    private readonly server: ServerProcess,
    readonly email: string,
  ) {}

  static async register(server: ServerProcess, name: string): Promise<Member> {
    const email = `${name.toLowerCase().replace(/\W+/g, '-')}-${randomBytes(3).toString('hex')}@example.com`;
    const member = new Member(server, email);
    const res = await member.request('POST', '/api/auth/sign-up/email', {
      name,
      email,
      phone: '+15550101010',
      country: 'Chile',
      password: 'a long password',
    });
    if (res.status !== 200) throw new Error(`sign-up failed: ${res.status}`);
    // A sign-up signs no one in; the welcome's link verifies the address and signs the member in.
    const token = await server.verificationToken(email);
    const verified = await member.request('GET', `/api/auth/verify-email?token=${encodeURIComponent(token)}`);
    if (verified.status !== 200) throw new Error(`verification failed: ${verified.status}`);
    return member;
  }

  async login(): Promise<void> {
    const res = await this.request('POST', '/api/auth/sign-in/email', {
      email: this.email,
      password: 'a long password',
    });
    if (res.status !== 200) throw new Error(`login failed: ${res.status}`);
  }

  async request(method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
    const res = await fetch(`${this.server.base}${url}`, {
      method,
      headers: {
        origin: this.server.origin,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...headers,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const set = res.headers.getSetCookie();
    if (set.length > 0) this.cookie = set.map((c) => c.split(';')[0]).join('; ');
    return res;
  }
}
