import { adminMessages, messages, twoFactorMessages } from '@meridian/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../lib/sql.js';
import { TestClient } from '../../test/client.js';
import { listening, postOnOwnConnection } from '../../test/own-connection.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { enrolTotp, forgetUsedStep, secretOf, totpCode } from '../../test/two-factor.js';

/*
 * The authenticator app (Better Auth's two-factor plugin behind Meridian's routes, decision 023), with
 * real codes computed from the secret. On PostgreSQL (TEST_DATABASE_URL) the burst really runs at once.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
}, 60_000);
afterAll(() => ctx.close());

const VERIFY = '/api/auth/two-factor/verify-totp';
const RECOVER = '/api/auth/two-factor/verify-backup-code';

/** A member with a confirmed authenticator app, signed in. */
async function enrolledMember() {
  const client = new TestClient(ctx.app);
  const body = await client.register();
  const enrolment = await enrolTotp(client, body.password);
  return { client, body, ...enrolment };
}

/** A new browser that has given the password and waits for the second step. */
async function pendingSignIn(email: string, password: string): Promise<TestClient> {
  const client = new TestClient(ctx.app);
  const res = await client.login(email, password);
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({ twoFactorRedirect: true, twoFactorMethods: ['totp'] });
  return client;
}

const signedIn = async (client: TestClient) => (await client.request('GET', '/api/me')).statusCode === 200;

/** `count` distinct six-digit codes none of which is a code of `secret` now or a step either side. */
async function wrongCodes(secret: Uint8Array, count: number): Promise<string[]> {
  const near = new Set([await totpCode(secret, -1), await totpCode(secret), await totpCode(secret, 1)]);
  const out: string[] = [];
  for (let n = 1; out.length < count; n++) {
    const candidate = String(n * 7919)
      .padStart(6, '0')
      .slice(-6);
    if (!near.has(candidate) && !out.includes(candidate)) out.push(candidate);
  }
  return out;
}

const triesOf = async (userId: string) =>
  (await rows<{ tries: number }>(ctx.db, sql`SELECT tries FROM two_factor_tries WHERE user_id = ${userId}`))[0]
    ?.tries ?? 0;
const idOf = async (email: string) =>
  (await rows<{ id: string }>(ctx.db, sql`SELECT id FROM users WHERE email = ${email}`))[0]?.id ?? '';
/** Ends the current minute of tries, as waiting it out would. */
const endTheMinute = (userId: string) =>
  ctx.db.execute(
    sql`UPDATE two_factor_tries SET window_ends_at = now() - interval '1 second' WHERE user_id = ${userId}`,
  );

describe('setting up the authenticator app', () => {
  it('answers the QR address and 10 recovery codes, turns on only with a right first code, and stores no code in clear', async () => {
    const client = new TestClient(ctx.app);
    const body = await client.register();
    const wrongPassword = await client.request('POST', '/api/auth/two-factor/enable', { password: 'not my password' });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().error).toMatchObject({
      code: 'INVALID_PASSWORD',
      message: messages.currentPasswordWrong,
    });

    const res = await client.request('POST', '/api/auth/two-factor/enable', { password: body.password });
    expect(res.statusCode).toBe(200);
    const { totpURI, backupCodes } = res.json() as { totpURI: string; backupCodes: string[] };
    expect(totpURI).toMatch(/^otpauth:\/\/totp\/Meridian:/);
    expect(new URL(totpURI).searchParams.get('issuer')).toBe('Meridian');
    expect(backupCodes).toHaveLength(10);
    expect(new Set(backupCodes).size).toBe(10);
    // Not on until confirmed: the password alone still signs in.
    expect((await client.request('GET', '/api/me')).json().twoFactorEnabled).toBe(false);
    const secret = secretOf(totpURI);
    const [wrong] = await wrongCodes(secret, 1);
    const refused = await client.request('POST', VERIFY, { code: wrong });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toEqual(
      expect.objectContaining({ code: 'INVALID_OTP', message: twoFactorMessages.invalidCode }),
    );
    expect((await client.request('GET', '/api/me')).json().twoFactorEnabled).toBe(false);

    expect((await client.request('POST', VERIFY, { code: await totpCode(secret) })).statusCode).toBe(200);
    expect((await client.request('GET', '/api/me')).json().twoFactorEnabled).toBe(true);
    const [stored] = await rows<{ secret: string; backup_codes: string }>(
      ctx.db,
      sql`SELECT secret, backup_codes FROM two_factors WHERE user_id = ${await idOf(body.email)}`,
    );
    for (const code of backupCodes) expect(stored?.backup_codes).not.toContain(code);
    expect(JSON.parse(stored?.backup_codes ?? '[]')).toHaveLength(10);
    expect(stored?.secret).not.toContain(new URL(totpURI).searchParams.get('secret'));
    // Set up once: a second enable is refused until it is turned off.
    const again = await client.request('POST', '/api/auth/two-factor/enable', { password: body.password });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(twoFactorMessages.alreadyOn);
  });

  it('refuses a malformed code with the form’s message, before anything is counted', async () => {
    const m = await enrolledMember();
    for (const code of ['', '12345', 'abcdef', '1234567']) {
      const res = await m.client.request('POST', '/api/auth/two-factor/disable', { password: m.body.password, code });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    }
    expect(await triesOf(await idOf(m.body.email))).toBe(0);
  });
});

describe('signing in with the second factor', () => {
  it('asks for the code after the password, with no session until it is right, and never answers the session token', async () => {
    const m = await enrolledMember();
    const client = await pendingSignIn(m.body.email, m.body.password);
    expect(await signedIn(client)).toBe(false);
    const [wrong] = await wrongCodes(m.secret, 1);
    const refused = await client.request('POST', VERIFY, { code: wrong });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe('INVALID_OTP');
    expect(await signedIn(client)).toBe(false);

    await forgetUsedStep(ctx.db, m.body.email);
    const ok = await client.request('POST', VERIFY, { code: await totpCode(m.secret) });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user.email).toBe(m.body.email);
    expect(ok.body).not.toContain('"token"');
    expect(await signedIn(client)).toBe(true);
  });

  it('refuses a code without a pending sign-in', async () => {
    const res = await new TestClient(ctx.app).request('POST', VERIFY, { code: '123456' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toMatchObject({ code: 'UNAUTHENTICATED', message: twoFactorMessages.signInAgain });
  });

  it('refuses a code used once already (also the one that confirmed the set-up) and an expired one', async () => {
    const m = await enrolledMember();
    // The code that confirmed the enrolment a moment ago is spent.
    const confirming = await totpCode(m.secret);
    const reused = await (await pendingSignIn(m.body.email, m.body.password)).request('POST', VERIFY, {
      code: confirming,
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error.code).toBe('INVALID_OTP');

    await forgetUsedStep(ctx.db, m.body.email);
    const first = await pendingSignIn(m.body.email, m.body.password);
    const code = await totpCode(m.secret);
    expect((await first.request('POST', VERIFY, { code })).statusCode).toBe(200);
    const second = await pendingSignIn(m.body.email, m.body.password);
    const again = await second.request('POST', VERIFY, { code });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toMatchObject({ code: 'INVALID_OTP', message: twoFactorMessages.invalidCode });
    expect(await signedIn(second)).toBe(false);

    // Three steps (90 s) old: past the one step either side an app's clock may be off by.
    await forgetUsedStep(ctx.db, m.body.email);
    const expired = await second.request('POST', VERIFY, { code: await totpCode(m.secret, -3) });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error.code).toBe('INVALID_OTP');
    expect(await signedIn(second)).toBe(false);
  });

  it('locks the second factor for a minute after 5 wrong codes, the right code included, and opens again after it', async () => {
    const m = await enrolledMember();
    const id = await idOf(m.body.email);
    const client = await pendingSignIn(m.body.email, m.body.password);
    for (const code of await wrongCodes(m.secret, 5)) {
      expect((await client.request('POST', VERIFY, { code })).statusCode).toBe(400);
    }
    await forgetUsedStep(ctx.db, m.body.email);
    const locked = await client.request('POST', VERIFY, { code: await totpCode(m.secret) });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error).toMatchObject({ code: 'RATE_LIMITED', message: twoFactorMessages.locked });
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(50);
    expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(60);
    // A recovery code is the same second factor: locked too.
    expect((await client.request('POST', RECOVER, { code: m.backupCodes[0] })).statusCode).toBe(429);
    expect(await signedIn(client)).toBe(false);

    await endTheMinute(id);
    expect((await client.request('POST', VERIFY, { code: await totpCode(m.secret) })).statusCode).toBe(200);
    expect(await signedIn(client)).toBe(true);
    expect(await triesOf(id)).toBe(0);
  });

  it('compares at most 5 wrong codes of a burst at once, the right one among them', async () => {
    const m = await enrolledMember();
    const id = await idOf(m.body.email);
    await forgetUsedStep(ctx.db, m.body.email);
    const client = await pendingSignIn(m.body.email, m.body.password);
    const base = await listening(ctx.app);
    const wrong = await wrongCodes(m.secret, 15);
    const right = await totpCode(m.secret);
    const codes = [...wrong.slice(0, 7), right, ...wrong.slice(7)];
    const answers = await Promise.all(codes.map((code) => postOnOwnConnection(base, client, VERIFY, { code })));
    const ofWrong = answers.filter((_, i) => codes[i] !== right);
    const compared = ofWrong.filter((a) => a.status === 400);
    for (const a of compared) expect(a.body?.error?.code).toBe('INVALID_OTP');
    for (const a of ofWrong.filter((a) => a.status !== 400)) {
      expect(a.status).toBe(429);
      expect(a.body?.error?.code).toBe('RATE_LIMITED');
    }
    expect(compared.length).toBe(5);
    expect(await triesOf(id)).toBe(5);
    // The right code passed only if it got one of the tries; either way the account is locked after 5 wrong.
    expect([200, 429]).toContain(answers[codes.indexOf(right)]?.status);
    await forgetUsedStep(ctx.db, m.body.email);
    const after = await pendingSignIn(m.body.email, m.body.password);
    expect((await after.request('POST', VERIFY, { code: await totpCode(m.secret) })).statusCode).toBe(429);
  });

  it('signs in once with each recovery code, and a wrong one counts as a wrong code', async () => {
    const m = await enrolledMember();
    const id = await idOf(m.body.email);
    const code = m.backupCodes[3] ?? '';
    const first = await pendingSignIn(m.body.email, m.body.password);
    const wrong = await first.request('POST', RECOVER, { code: 'aaaaa-bbbbb' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toMatchObject({ code: 'INVALID_OTP', message: twoFactorMessages.invalidRecoveryCode });
    expect(await triesOf(id)).toBe(1);
    expect((await first.request('POST', RECOVER, { code })).statusCode).toBe(200);
    expect(await signedIn(first)).toBe(true);
    expect(await triesOf(id)).toBe(1);

    const second = await pendingSignIn(m.body.email, m.body.password);
    const again = await second.request('POST', RECOVER, { code });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('INVALID_OTP');
    expect(await signedIn(second)).toBe(false);
    // The others still work, each once.
    expect((await second.request('POST', RECOVER, { code: m.backupCodes[4] })).statusCode).toBe(200);
  });

  it('replaces the recovery codes: the old ones stop working, the new ones work', async () => {
    const m = await enrolledMember();
    const wrongPassword = await m.client.request('POST', '/api/auth/two-factor/generate-backup-codes', {
      password: 'not my password',
    });
    expect(wrongPassword.statusCode).toBe(400);
    const res = await m.client.request('POST', '/api/auth/two-factor/generate-backup-codes', {
      password: m.body.password,
    });
    expect(res.statusCode).toBe(200);
    const fresh = res.json().backupCodes as string[];
    expect(fresh).toHaveLength(10);
    const client = await pendingSignIn(m.body.email, m.body.password);
    expect((await client.request('POST', RECOVER, { code: m.backupCodes[0] })).statusCode).toBe(400);
    expect((await client.request('POST', RECOVER, { code: fresh[0] })).statusCode).toBe(200);
  });

  it('trusts this device for 30 days when asked: the next sign-in there needs no code', async () => {
    const m = await enrolledMember();
    await forgetUsedStep(ctx.db, m.body.email);
    const client = await pendingSignIn(m.body.email, m.body.password);
    expect(
      (await client.request('POST', VERIFY, { code: await totpCode(m.secret), trustDevice: true })).statusCode,
    ).toBe(200);
    expect((await client.request('POST', '/api/auth/sign-out')).statusCode).toBe(200);
    const again = await client.login(m.body.email, m.body.password);
    expect(again.statusCode).toBe(200);
    expect(again.json().user.email).toBe(m.body.email);
    expect(await signedIn(client)).toBe(true);
    // Another browser still needs the code.
    await pendingSignIn(m.body.email, m.body.password);
  });
});

describe('turning the authenticator app off', () => {
  it('needs a current code and the password', async () => {
    const m = await enrolledMember();
    const noCode = await m.client.request('POST', '/api/auth/two-factor/disable', { password: m.body.password });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json().error).toMatchObject({ code: 'VALIDATION_FAILED', message: twoFactorMessages.codeRequired });
    const [wrong] = await wrongCodes(m.secret, 1);
    const wrongCode = await m.client.request('POST', '/api/auth/two-factor/disable', {
      password: m.body.password,
      code: wrong,
    });
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json().error.code).toBe('INVALID_OTP');
    expect((await m.client.request('GET', '/api/me')).json().twoFactorEnabled).toBe(true);

    await forgetUsedStep(ctx.db, m.body.email);
    const ok = await m.client.request('POST', '/api/auth/two-factor/disable', {
      password: m.body.password,
      code: await totpCode(m.secret),
    });
    expect(ok.statusCode).toBe(200);
    expect((await m.client.request('GET', '/api/me')).json().twoFactorEnabled).toBe(false);
    const login = await new TestClient(ctx.app).login(m.body.email, m.body.password);
    expect(login.json().user.email).toBe(m.body.email);
  });
});

describe('the console requires a second factor', () => {
  it('answers an operator without one 403 TWO_FACTOR_REQUIRED on every console route, and opens once it is set up', async () => {
    const client = new TestClient(ctx.app);
    const body = await client.register();
    const id = await idOf(body.email);
    await ctx.db.execute(sql`UPDATE users SET role = 'owner', is_active = true WHERE id = ${id}`);
    for (const url of ['/api/admin/overview', '/api/admin/users', `/api/admin/users/${id}`, '/api/admin/settings']) {
      const res = await client.request('GET', url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().error, url).toMatchObject({
        code: 'TWO_FACTOR_REQUIRED',
        message: adminMessages.twoFactorRequired,
      });
    }
    // A member is refused as before: the rule says nothing to someone who is not an operator.
    const member = new TestClient(ctx.app);
    await member.register();
    expect((await member.request('GET', '/api/admin/overview')).json().error.code).toBe('FORBIDDEN');

    await enrolTotp(client, body.password);
    expect((await client.request('GET', '/api/admin/overview')).statusCode).toBe(200);
  });
});
