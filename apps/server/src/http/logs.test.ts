import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setAccountActive } from '../core/users/activation.service.js';
import { rows } from '../lib/sql.js';
import { TestClient } from '../test/client.js';
import { createTestApp, type TestContext } from '../test/test-app.js';

/** Every line the app logs, as written (JSON), kept in memory. */
const lines: string[] = [];
const stream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    done();
  },
});

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({}, undefined, { logger: { level: 'debug', stream } });
  // A route that fails in the database with a personal value among its parameters.
  ctx.app.get('/api/test-only/db-error', async (req) => {
    const email = (req.query as { email: string }).email;
    await ctx.db.execute(sql`SELECT ${email}::int AS n`);
    return {};
  });
});
afterAll(() => ctx.close());

function expectNoLineContains(...secrets: string[]) {
  expect(lines.length).toBeGreaterThan(0);
  for (const line of lines) {
    expect(() => JSON.parse(line)).not.toThrow();
    for (const secret of secrets) expect(line.toLowerCase()).not.toContain(secret.toLowerCase());
  }
}

describe('log lines', () => {
  it('never carry the verification token, on sign-up, on the link, or on a refused reuse', async () => {
    const client = new TestClient(ctx.app);
    const user = await client.signUpOnly();
    const [mail] = await rows<{ text: string }>(
      ctx.db,
      sql`SELECT text FROM email_outbox WHERE to_address = ${user.email} AND template = 'welcome'`,
    );
    const token = /verify-email\?token=(\S+)/.exec(mail?.text ?? '')?.[1];
    if (!token) throw new Error('no verification link in the welcome');
    const url = `/api/auth/verify-email?token=${token}`;
    expect((await client.request('GET', url)).statusCode).toBe(200);
    expect((await new TestClient(ctx.app).request('GET', url)).statusCode).toBe(400);
    expect(lines.some((l) => l.includes('/api/auth/verify-email'))).toBe(true);
    expectNoLineContains(decodeURIComponent(token), token, user.email);
  });

  it('never carry the reset token or the e-mail of a password reset', async () => {
    const user = await new TestClient(ctx.app).register();
    const request = await new TestClient(ctx.app).request('POST', '/api/auth/request-password-reset', {
      email: user.email,
    });
    expect(request.statusCode).toBe(200);
    const [mail] = await rows<{ html: string }>(
      ctx.db,
      sql`SELECT html FROM email_outbox WHERE to_address = ${user.email} AND template = 'password-reset'`,
    );
    const token = /reset-password\/([A-Za-z0-9_-]+)/.exec(mail?.html ?? '')?.[1];
    if (!token) throw new Error('no reset link in the e-mail');

    // Following the link from the e-mail: Better Auth checks the token and redirects to the web page.
    const follow = await new TestClient(ctx.app).request(
      'GET',
      `/api/auth/reset-password/${token}?callbackURL=%2Freset-password`,
    );
    expect(follow.statusCode).toBe(302);
    expect(follow.headers.location).toContain(token);
    expect(lines.some((l) => l.includes('/api/auth/reset-password/'))).toBe(true);
    expectNoLineContains(token, user.email);
  });

  it('never carry the e-mail of a recipient lookup', async () => {
    const sender = new TestClient(ctx.app);
    const me = await sender.register();
    await setAccountActive(ctx.db, me.email, true, 'test');
    const recipient = await new TestClient(ctx.app).register();
    const res = await sender.request('GET', `/api/transfers/recipient?email=${encodeURIComponent(recipient.email)}`);
    expect(res.statusCode).toBeLessThan(500);
    expect(lines.some((l) => l.includes('/api/transfers/recipient?email='))).toBe(true);
    expectNoLineContains(recipient.email, me.email);
  });

  it("keep a database error's SQLSTATE but not the personal value among its parameters", async () => {
    const email = 'private.person@example.com';
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/test-only/db-error?email=${encodeURIComponent(email)}`,
    });
    expect(res.statusCode).toBe(500);
    const logged = lines.map((l) => JSON.parse(l)).find((l) => l.err?.cause?.code === '22P02');
    expect(logged?.err.message).toBe('Failed query');
    expectNoLineContains(email);
  });

  it("route Better Auth's own error log through pino as JSON, redacted", async () => {
    // What Better Auth calls when it logs an error (for instance a failed database write).
    const log = ctx.app.deps.auth.options.logger?.log;
    if (!log) throw new Error('Better Auth has no logger configured');
    const dbError = Object.assign(new Error('Failed query: insert into users\nparams: ada@example.com,Ada Lovelace'), {
      cause: Object.assign(new Error('duplicate key value violates unique constraint "users_email_key"'), {
        code: '23505',
        detail: 'Key (email)=(ada@example.com) already exists.',
      }),
    });
    log('error', 'Failed to create user ada@example.com', dbError);
    const fromAuth = lines.map((l) => JSON.parse(l)).filter((l) => l.source === 'better-auth');
    expect(fromAuth.length).toBeGreaterThan(0);
    expect(fromAuth.at(-1)).toMatchObject({ level: 50, err: { message: 'Failed query', cause: { code: '23505' } } });
    expectNoLineContains('ada@example.com', 'Ada Lovelace');
  });
});
