import { adminMessages, messages } from '@meridian/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueEmail } from '../../core/email/outbox.js';
import { setAccountActive } from '../../core/users/activation.service.js';
import { withAutoActivation } from '../../core/users/auto-activation.js';
import { findUserByEmail } from '../../core/users/users.queries.js';
import { rows } from '../../lib/sql.js';
import { newUser, TestClient } from '../../test/client.js';
import { movableClock } from '../../test/clock.js';
import { signedInAdmin } from '../../test/operator.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

// Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL (the burst on one link is a race there).
let ctx: TestContext;
const clock = movableClock();
beforeAll(async () => {
  ctx = await createTestApp({ VERIFY_RESEND_LIMIT_PER_USER: '2' }, clock);
});
afterAll(() => ctx.close());

const mails = (to: string) =>
  rows<{ template: string; subject: string; text: string; html: string }>(
    ctx.db,
    sql`SELECT template, subject, text, html FROM email_outbox WHERE to_address = ${to} ORDER BY id`,
  );

/** The token of the newest verification link e-mailed to `to`. */
async function linkToken(to: string): Promise<string> {
  const sent = (await mails(to)).filter((m) => m.template === 'welcome' || m.template === 'verify-email');
  const found = /\/verify-email\?token=([^\s"&<]+)/.exec(sent.at(-1)?.text ?? '');
  if (!found?.[1]) throw new Error(`no verification link for ${to}`);
  return decodeURIComponent(found[1]);
}

const open = (client: TestClient, token: string) =>
  client.request('GET', `/api/auth/verify-email?token=${encodeURIComponent(token)}`);

const verified = async (email: string) => (await findUserByEmail(ctx.db, email))?.emailVerified;

describe('the verification link', () => {
  it('comes with the welcome, is stored only as a hash, verifies the address and signs its owner in', async () => {
    const client = new TestClient(ctx.app);
    const body = await client.signUpOnly();
    expect((await client.request('GET', '/api/me')).statusCode).toBe(401);
    const token = await linkToken(body.email);
    // The token is a 24-hour JWT; the table keeps only its hash.
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString());
    expect(payload.exp - payload.iat).toBe(24 * 3600);
    const stored = await rows<{ identifier: string; value: string }>(
      ctx.db,
      sql`SELECT identifier, value FROM verifications WHERE value LIKE 'verify-email:%'`,
    );
    expect(stored.length).toBeGreaterThan(0);
    expect(JSON.stringify(stored)).not.toContain(token);

    const res = await open(client, token);
    expect(res.statusCode).toBe(200);
    expect(res.cookies.some((c) => c.name.endsWith('session_token'))).toBe(true);
    expect((await client.request('GET', '/api/me')).json()).toMatchObject({ email: body.email, emailVerified: true });
  });

  it('works once: opened again it answers 400 and signs no one in', async () => {
    const owner = new TestClient(ctx.app);
    const body = await owner.signUpOnly();
    const token = await linkToken(body.email);
    expect((await open(owner, token)).statusCode).toBe(200);
    const again = new TestClient(ctx.app);
    const reused = await open(again, token);
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error).toMatchObject({
      code: 'VERIFICATION_LINK_INVALID',
      message: messages.verificationLinkInvalid,
    });
    expect(reused.cookies).toEqual([]);
    expect((await again.request('GET', '/api/me')).statusCode).toBe(401);
  });

  it('works once even when a burst of requests opens it at the same moment', async () => {
    const body = await new TestClient(ctx.app).signUpOnly();
    const token = await linkToken(body.email);
    const answers = await Promise.all(Array.from({ length: 6 }, () => open(new TestClient(ctx.app), token)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400, 400, 400, 400, 400]);
    const sessions = await rows<{ n: number }>(
      ctx.db,
      sql`SELECT count(*)::int AS n FROM sessions s JOIN users u ON u.id = s.user_id WHERE u.email = ${body.email}`,
    );
    expect(sessions[0]?.n).toBe(1);
  });

  it('expires after 24 hours: refused, and the address stays unverified', async () => {
    const client = new TestClient(ctx.app);
    const body = await client.signUpOnly();
    const token = await linkToken(body.email);
    clock.advanceDays(1 + 1 / 1440);
    const res = await open(client, token);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(messages.verificationLinkInvalid);
    expect(await verified(body.email)).toBe(false);
  });

  it('for another account: refused to whoever is signed in, and still works for its owner', async () => {
    const other = new TestClient(ctx.app);
    await other.register();
    const body = await new TestClient(ctx.app).signUpOnly();
    const token = await linkToken(body.email);
    const refused = await open(other, token);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({
      code: 'VERIFICATION_LINK_INVALID',
      message: messages.verificationLinkOtherAccount,
    });
    expect(await verified(body.email)).toBe(false);
    expect((await open(new TestClient(ctx.app), token)).statusCode).toBe(200);
    expect(await verified(body.email)).toBe(true);
  });

  it('is refused when another site opens it in a browser (403), and then still works from the web page', async () => {
    const body = await new TestClient(ctx.app).signUpOnly();
    const token = await linkToken(body.email);
    const url = `/api/auth/verify-email?token=${encodeURIComponent(token)}`;
    const foreign = await new TestClient(ctx.app).request('GET', url, undefined, { 'sec-fetch-site': 'cross-site' });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.cookies).toEqual([]);
    expect(await verified(body.email)).toBe(false);
    const own = await new TestClient(ctx.app).request('GET', url, undefined, { 'sec-fetch-site': 'same-origin' });
    expect(own.statusCode).toBe(200);
  });

  it('refuses a forged or empty token with 400', async () => {
    const client = new TestClient(ctx.app);
    expect((await open(client, 'not-a-token')).statusCode).toBe(400);
    expect((await client.request('GET', '/api/auth/verify-email?token=')).statusCode).toBe(400);
  });
});

describe('until the address is verified', () => {
  it('a member may sign in, and is shown as not verified', async () => {
    const client = new TestClient(ctx.app);
    const body = await client.signUpOnly();
    expect((await client.login(body.email, body.password)).statusCode).toBe(200);
    expect((await client.request('GET', '/api/me')).json()).toMatchObject({ isActive: false, emailVerified: false });
  });

  it('the account cannot be activated: the console answers 409 EMAIL_NOT_VERIFIED, the command refuses', async () => {
    const body = await new TestClient(ctx.app).signUpOnly();
    const user = await findUserByEmail(ctx.db, body.email);
    const admin = await signedInAdmin(ctx);
    const res = await admin.client.request('POST', `/api/admin/users/${user?.id}/activate`, {});
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'EMAIL_NOT_VERIFIED', message: adminMessages.emailNotVerified });
    await expect(setAccountActive(ctx.db, body.email, true, 'cli')).rejects.toThrow(adminMessages.emailNotVerified);
    expect((await findUserByEmail(ctx.db, body.email))?.isActive).toBe(false);
    const audited = await rows<{ n: number }>(
      ctx.db,
      sql`SELECT count(*)::int AS n FROM audit_log WHERE action = 'user.activate' AND target_user_id = ${user?.id}`,
    );
    expect(audited[0]?.n).toBe(0);

    // Verified, the same activation goes through.
    await open(new TestClient(ctx.app), await linkToken(body.email));
    expect((await admin.client.request('POST', `/api/admin/users/${user?.id}/activate`, {})).statusCode).toBe(200);
  });

  it('auto-activation waits for it, and activates once it is verified', async () => {
    const client = new TestClient(ctx.app);
    const body = await client.signUpOnly();
    const user = await findUserByEmail(ctx.db, body.email);
    if (!user) throw new Error('no user');
    const read = withAutoActivation(
      async () => ({ user: (await findUserByEmail(ctx.db, body.email)) ?? user, token: 't' }),
      ctx.db,
      () => 0,
      clock,
    );
    expect((await read({}))?.user.isActive).toBe(false);
    await open(new TestClient(ctx.app), await linkToken(body.email));
    expect((await read({}))?.user.isActive).toBe(true);
  });

  it('the address gets only verification links and security notices, none with the name typed', async () => {
    const body = await new TestClient(ctx.app).signUpOnly({ name: 'Mallory Typed-Name' });
    await enqueueEmail(ctx.db, body.email, { kind: 'account-activated', name: body.name, dashboardUrl: 'x' });
    await enqueueEmail(ctx.db, body.email, {
      kind: 'withdrawal-paid',
      name: body.name,
      amountCents: 100,
      methodLabel: 'Bank',
      dashboardUrl: 'x',
    });
    const forgot = await new TestClient(ctx.app).request('POST', '/api/auth/request-password-reset', {
      email: body.email,
    });
    expect(forgot.statusCode).toBe(200);
    await new TestClient(ctx.app).request('POST', '/api/auth/sign-up/email', newUser({ email: body.email }));
    const sent = await mails(body.email);
    expect(sent.map((m) => m.template)).toEqual(['welcome', 'password-reset', 'sign-up-attempt']);
    for (const m of sent) expect(`${m.subject} ${m.text} ${m.html}`).not.toContain('Mallory');

    // Verified, the address is sent everything, by name.
    await open(new TestClient(ctx.app), await linkToken(body.email));
    await enqueueEmail(ctx.db, body.email, { kind: 'account-activated', name: body.name, dashboardUrl: 'x' });
    expect((await mails(body.email)).at(-1)).toMatchObject({ template: 'account-activated' });
    expect((await mails(body.email)).at(-1)?.text).toContain('Mallory');
  });
});

describe('a fresh link (the not-active page’s resend button)', () => {
  it('is sent to the signed-in member; once the address is verified every link sent is spent', async () => {
    const client = new TestClient(ctx.app);
    const body = await client.signUpOnly();
    const first = await linkToken(body.email);
    await client.login(body.email, body.password);
    const res = await client.request('POST', '/api/auth/send-verification-email', {});
    expect(res.statusCode).toBe(200);
    const sent = await mails(body.email);
    expect(sent.map((m) => m.template)).toEqual(['welcome', 'verify-email']);
    expect(sent[1]?.subject).toBe('Verify your Meridian e-mail');
    // (Better Auth's JWT is the same for one account within one second: then both links are one.)
    const second = await linkToken(body.email);
    expect((await open(client, second)).statusCode).toBe(200);
    // Verified: the other links are spent, and no more are sent.
    expect((await open(new TestClient(ctx.app), first)).statusCode).toBe(400);
    const refused = await client.request('POST', '/api/auth/send-verification-email', {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(messages.emailAlreadyVerified);
  });

  it('is rate-limited per account: past the limit a 429 with Retry-After, and no e-mail', async () => {
    const client = new TestClient(ctx.app);
    const body = await client.signUpOnly();
    await client.login(body.email, body.password);
    for (let i = 0; i < 2; i++) {
      expect((await client.request('POST', '/api/auth/send-verification-email', {})).statusCode).toBe(200);
    }
    const limited = await client.request('POST', '/api/auth/send-verification-email', {});
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await mails(body.email)).length).toBe(3);
  });

  it('needs a session', async () => {
    const res = await new TestClient(ctx.app).request('POST', '/api/auth/send-verification-email', {});
    expect(res.statusCode).toBe(401);
  });
});
