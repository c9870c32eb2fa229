import { createHash } from 'node:crypto';
import { messages } from '@meridian/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatchDueEmails } from '../../jobs/email-dispatch.js';
import type { MailMessage } from '../../lib/mail-transport.js';
import { rows } from '../../lib/sql.js';
import { seed } from '../../seed.js';
import { newUser, TestClient } from '../../test/client.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ LOGIN_LIMIT_PER_EMAIL: '4', LOGIN_LIMIT_PER_IP: '1000' });
});
afterAll(() => ctx.close());

const count = async (table: 'users' | 'email_outbox' | 'sessions') =>
  Number((await rows<{ n: number }>(ctx.db, sql.raw(`select count(*)::int as n from ${table}`)))[0]?.n);

describe('registration', () => {
  it('creates an inactive user with a derived referral id, a session and a welcome e-mail', async () => {
    const client = new TestClient(ctx.app);
    const outboxBefore = await count('email_outbox');
    const body = await client.register({ name: 'Grace  Hopper', email: 'Grace.Hopper@Example.com' });
    const me = await client.request('GET', '/api/me');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      name: 'Grace  Hopper',
      email: 'grace.hopper@example.com',
      phone: body.phone,
      country: body.country,
      address: '',
      role: 'user',
      isActive: false,
      referralId: 'grace-hopper',
      referrerId: null,
    });
    expect(await count('email_outbox')).toBe(outboxBefore + 1);
    const [mail] = await rows<{ to_address: string; template: string }>(
      ctx.db,
      sql`select to_address, template from email_outbox order by id desc limit 1`,
    );
    expect(mail).toEqual({ to_address: 'grace.hopper@example.com', template: 'welcome' });
  });

  it('welcomes a member who signs up, but not the operator account created at first start', async () => {
    const toOperator = await rows<{ template: string }>(
      ctx.db,
      sql`select template from email_outbox where to_address = ${ctx.config.adminEmail ?? ''}`,
    );
    expect(toOperator).toEqual([]);
    const body = await new TestClient(ctx.app).register();
    const toMember = await rows<{ template: string; text: string }>(
      ctx.db,
      sql`select template, text from email_outbox where to_address = ${body.email}`,
    );
    expect(toMember.map((m) => m.template)).toEqual(['welcome']);
    // The address was not verified when the welcome left: it carries the link, never the name typed.
    expect(toMember[0]?.text).toContain(`${ctx.config.publicUrl}/verify-email?token=`);
    expect(toMember[0]?.text).not.toContain(body.name);
  });

  it('makes a taken referral id unique and stores the referral code it was given', async () => {
    const first = new TestClient(ctx.app);
    await first.register({ name: 'Alan Turing' });
    const second = new TestClient(ctx.app);
    await second.register({ name: 'alan turing', referrerId: ' Alan-Turing ' });

    expect((await second.request('GET', '/api/me')).json()).toMatchObject({
      referralId: 'alan-turing-2',
      referrerId: 'alan-turing',
    });
  });

  it.each([
    [{ name: '' }, messages.registerFillAll],
    [{ email: '' }, messages.registerFillAll],
    [{ phone: '' }, messages.registerFillAll],
    [{ password: '' }, messages.registerFillAll],
    [{ country: '' }, messages.selectCountry],
    [{ password: 'short' }, messages.passwordTooShort],
    [{ phone: '12345' }, messages.phoneTooShort],
    [{ email: 'not an email' }, messages.invalidEmail],
    [{ name: 'x'.repeat(10_000) }, messages.fieldTooLong],
    [{ name: 42 }, messages.registerFillAll],
    [{ password: ['a', 'b'] }, messages.registerFillAll],
    [{ isActive: true }, messages.unknownField],
    [{ role: 'admin' }, messages.unknownField],
  ])('refuses %j with "%s" and writes nothing', async (override, message) => {
    const before = await count('users');
    const res = await new TestClient(ctx.app).request('POST', '/api/auth/sign-up/email', newUser(override));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'VALIDATION_FAILED', message });
    expect(await count('users')).toBe(before);
  });

  it('makes no second account for an e-mail already taken, in any letter case, and tells its owner', async () => {
    const body = await new TestClient(ctx.app).register();
    const before = await count('users');
    const res = await new TestClient(ctx.app).request(
      'POST',
      '/api/auth/sign-up/email',
      newUser({ email: body.email.toUpperCase() }),
    );
    // Answered as a new sign-up is (modules/auth/sign-up-reveals-nothing.test.ts compares the two).
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: true });
    expect(await count('users')).toBe(before);
    const mails = await rows<{ template: string }>(
      ctx.db,
      sql`select template from email_outbox where to_address = ${body.email} order by id`,
    );
    expect(mails.map((m) => m.template)).toEqual(['welcome', 'sign-up-attempt']);
  });

  it('stores SQL fragments as plain text', async () => {
    const client = new TestClient(ctx.app);
    const evil = "Robert'); DROP TABLE users;--";
    // A referral code is looked up as plain text too: this one names no one, so it is refused.
    const injected = newUser({ referrerId: "x' OR '1'='1" });
    const refused = await client.request('POST', '/api/auth/sign-up/email', injected);
    expect(refused.json().error.fields).toEqual({ referrerId: messages.referralIdNotFound });
    await client.register({ name: evil, country: "' OR 1=1 --" });
    const me = (await client.request('GET', '/api/me')).json();
    expect(me).toMatchObject({ name: evil, country: "' OR 1=1 --", referrerId: null });
    expect(await count('users')).toBeGreaterThan(1);
  });

  it('answers malformed JSON and a non-object body with a 400', async () => {
    const client = new TestClient(ctx.app);
    const res = await client.request('POST', '/api/auth/sign-up/email', '{"name":', {
      'content-type': 'application/json',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
    const arr = await client.request('POST', '/api/auth/sign-up/email', [1, 2]);
    expect(arr.statusCode).toBe(400);
  });

  it('never stores the password as given', async () => {
    const body = await new TestClient(ctx.app).register({ password: 'plain text secret' });
    const found = await rows<{ password: string }>(
      ctx.db,
      sql`select a.password from auth_accounts a join users u on u.id = a.user_id where u.email = ${body.email}`,
    );
    expect(found[0]?.password).toBeTruthy();
    expect(found[0]?.password).not.toContain('plain text secret');
  });
});

describe('login and logout', () => {
  it('logs in, reads the session, logs out', async () => {
    const body = await new TestClient(ctx.app).register();
    const client = new TestClient(ctx.app);
    expect((await client.request('GET', '/api/me')).statusCode).toBe(401);
    const login = await client.login(body.email.toUpperCase(), body.password);
    expect(login.statusCode).toBe(200);
    expect((await client.request('GET', '/api/me')).json().email).toBe(body.email);
    expect((await client.request('POST', '/api/auth/sign-out', {})).statusCode).toBe(200);
    const after = await client.request('GET', '/api/me');
    expect(after.statusCode).toBe(401);
    expect(after.json().error).toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('never hands the session token to page scripts: sign-up, sign-in and get-session bodies omit it', async () => {
    const client = new TestClient(ctx.app);
    const body = await client.register();
    const signUp = await new TestClient(ctx.app).request('POST', '/api/auth/sign-up/email', {
      ...body,
      email: `other.${body.email}`,
    });
    const login = await client.login(body.email, body.password);
    const session = await client.request('GET', '/api/auth/get-session');
    const [token] = await rows<{ token: string }>(
      ctx.db,
      sql`select s.token from sessions s join users u on u.id = s.user_id
          where u.email = ${body.email} order by s.created_at desc limit 1`,
    );
    expect(token?.token).toBeTruthy();
    for (const res of [signUp, login, session]) {
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain(token?.token);
      expect(res.body).not.toMatch(/"token"/);
    }
    expect(login.json().user.email).toBe(body.email);
    expect(session.json().user.email).toBe(body.email);
  });

  it.each([
    [{ email: '', password: '' }, messages.loginFillAll],
    [{ email: 'a@b.co', password: '' }, messages.loginFillAll],
    [{ email: 'a@b.co', password: 'short' }, messages.passwordTooShort],
    [{ email: 'a@b.co', password: 'long enough', admin: true }, messages.unknownField],
  ])('refuses %j with "%s"', async (body, message) => {
    const res = await new TestClient(ctx.app).request('POST', '/api/auth/sign-in/email', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(message);
  });

  it('gives the same clear 401 for a wrong password and an unknown user', async () => {
    const body = await new TestClient(ctx.app).register();
    const wrong = await new TestClient(ctx.app).login(body.email, 'not the password');
    const unknown = await new TestClient(ctx.app).login('nobody@example.com', 'whatever123');
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toMatchObject({ code: 'INVALID_CREDENTIALS', message: messages.invalidCredentials });
    }
  });

  it('rate-limits failed login attempts per e-mail with a 429 and Retry-After', async () => {
    const body = await new TestClient(ctx.app).register();
    const client = new TestClient(ctx.app);
    for (let i = 0; i < 4; i++) expect((await client.login(body.email, 'wrong password')).statusCode).toBe(401);
    const limited = await client.login(body.email, 'wrong password');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toMatchObject({ code: 'RATE_LIMITED', message: messages.tooManyAttempts });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  });
});

describe('limits per IP', () => {
  it('rate-limits login attempts from one address across e-mails', async () => {
    const limited = await createTestApp({ LOGIN_LIMIT_PER_IP: '3' });
    try {
      const client = new TestClient(limited.app);
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) codes.push((await client.login(`someone${i}@example.com`, 'password123')).statusCode);
      expect(codes).toEqual([401, 401, 401, 429]);
      const limitedAgain = await client.login('someone-else@example.com', 'password123');
      expect(Number(limitedAgain.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(Number(limitedAgain.headers['retry-after'])).toBeLessThanOrEqual(60);
    } finally {
      await limited.close();
    }
  }, 120_000);
});

describe('change password', () => {
  it('changes the password; the old one stops working', async () => {
    const client = new TestClient(ctx.app);
    const body = await client.register();
    const res = await client.request('POST', '/api/auth/change-password', {
      currentPassword: body.password,
      newPassword: 'a brand new password',
    });
    expect(res.statusCode).toBe(200);
    expect((await new TestClient(ctx.app).login(body.email, body.password)).statusCode).toBe(401);
    expect((await new TestClient(ctx.app).login(body.email, 'a brand new password')).statusCode).toBe(200);
  });

  it('refuses a wrong current password, a short new one, and a visitor', async () => {
    const client = new TestClient(ctx.app);
    const body = await client.register();
    const wrong = await client.request('POST', '/api/auth/change-password', {
      currentPassword: 'not it at all',
      newPassword: 'another password',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toMatchObject({ code: 'INVALID_PASSWORD', message: messages.currentPasswordWrong });
    const short = await client.request('POST', '/api/auth/change-password', {
      currentPassword: body.password,
      newPassword: 'short',
    });
    expect(short.json().error.message).toBe(messages.passwordTooShort);
    const visitor = await new TestClient(ctx.app).request('POST', '/api/auth/change-password', {
      currentPassword: body.password,
      newPassword: 'another password',
    });
    expect(visitor.statusCode).toBe(401);
    expect((await new TestClient(ctx.app).login(body.email, body.password)).statusCode).toBe(200);
  });
});

describe('the library surface Meridian does not use', () => {
  it.each(['/api/auth/update-user', '/api/auth/delete-user', '/api/auth/change-email'])(
    '%s is not reachable',
    async (url) => {
      const client = new TestClient(ctx.app);
      await client.register();
      const res = await client.request('POST', url, { referrerId: 'someone', role: 'admin' });
      expect(res.statusCode).toBe(404);
      expect((await client.request('GET', '/api/me')).json()).toMatchObject({ role: 'user', referrerId: null });
    },
  );
});

describe('password reset', () => {
  it('queues a reset e-mail for a known address and answers the same for an unknown one', async () => {
    const body = await new TestClient(ctx.app).register();
    const before = await count('email_outbox');
    const known = await new TestClient(ctx.app).request('POST', '/api/auth/request-password-reset', {
      email: body.email,
    });
    const unknown = await new TestClient(ctx.app).request('POST', '/api/auth/request-password-reset', {
      email: 'nobody-here@example.com',
    });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(await count('email_outbox')).toBe(before + 1);
  });
});

describe('the reset link', () => {
  async function linkFor(email: string): Promise<string> {
    expect(
      (await new TestClient(ctx.app).request('POST', '/api/auth/request-password-reset', { email })).statusCode,
    ).toBe(200);
    const [mail] = await rows<{ html: string; text: string }>(
      ctx.db,
      sql`select html, text from email_outbox where to_address = ${email} and template = 'password-reset'
          order by id desc limit 1`,
    );
    expect(mail?.text).toContain('expires in 30 minutes');
    const token = /reset-password\/([A-Za-z0-9_-]+)/.exec(mail?.html ?? '')?.[1];
    if (!token) throw new Error('no reset token in the e-mail');
    return token;
  }
  /** The row's identifier as Better Auth stores it (verification.storeIdentifier 'hashed'): SHA-256, base64url. */
  const storedIdentifier = (token: string) =>
    createHash('sha256').update(`reset-password:${token}`).digest('base64url');
  const reset = (token: string, newPassword: string) =>
    new TestClient(ctx.app).request('POST', '/api/auth/reset-password', { token, newPassword });

  it('works once, signs every other session out, and lets the new password in', async () => {
    const here = new TestClient(ctx.app);
    const body = await here.register();
    const elsewhere = new TestClient(ctx.app);
    expect((await elsewhere.login(body.email, body.password)).statusCode).toBe(200);
    const token = await linkFor(body.email);

    expect((await reset(token, 'a brand new passphrase')).statusCode).toBe(200);
    expect((await here.request('GET', '/api/me')).statusCode).toBe(401);
    expect((await elsewhere.request('GET', '/api/me')).statusCode).toBe(401);
    expect((await new TestClient(ctx.app).login(body.email, 'a brand new passphrase')).statusCode).toBe(200);
    expect((await reset(token, 'another new passphrase')).statusCode).toBe(400);
  });

  it('is stored only as a hash: no value read from the database resets the password, the e-mailed link does', async () => {
    const body = await new TestClient(ctx.app).register();
    await new TestClient(ctx.app).request('POST', '/api/auth/request-password-reset', { email: body.email });
    // The e-mail leaves (and the outbox forgets its link), as the dispatcher does on every node.
    const sent: MailMessage[] = [];
    await dispatchDueEmails(ctx.db, { send: async (m) => void sent.push(m), close: () => {} }, new Date(), {
      batch: 10_000,
    });
    const mail = sent.find((m) => m.to === body.email && m.subject.includes('password'));
    const token = /reset-password\/([A-Za-z0-9_-]+)/.exec(mail?.html ?? '')?.[1];
    if (!token) throw new Error('no reset token in the e-mail');

    // The token appears nowhere in the database, in any text column of any table.
    const columns = await rows<{ table_name: string; column_name: string }>(
      ctx.db,
      sql`SELECT table_name, column_name FROM information_schema.columns
           WHERE table_schema = 'public' AND data_type IN ('text', 'character varying', 'jsonb', 'json', 'ARRAY')`,
    );
    expect(columns.length).toBeGreaterThan(20);
    const holding: string[] = [];
    for (const c of columns) {
      const [hit] = await rows<{ n: number }>(
        ctx.db,
        sql`SELECT count(*)::int AS n FROM ${sql.identifier(c.table_name)}
             WHERE strpos(${sql.identifier(c.column_name)}::text, ${token}) > 0`,
      );
      if ((hit?.n ?? 0) > 0) holding.push(`${c.table_name}.${c.column_name}`);
    }
    expect(holding).toEqual([]);

    // Whatever the verification table holds, tried as the token, is refused and changes nothing.
    const stored = await rows<{ identifier: string; value: string }>(
      ctx.db,
      sql`SELECT identifier, value FROM verifications`,
    );
    expect(stored.length).toBeGreaterThan(0);
    const candidates = stored.flatMap((r) => [r.identifier, r.value, r.identifier.replace(/^reset-password:/, '')]);
    for (const candidate of new Set(candidates)) {
      const res = await reset(candidate, 'a stolen passphrase');
      expect(res.statusCode, candidate).toBe(400);
    }
    expect((await new TestClient(ctx.app).login(body.email, 'a stolen passphrase')).statusCode).toBe(401);

    expect((await reset(token, 'a brand new passphrase')).statusCode).toBe(200);
    expect((await new TestClient(ctx.app).login(body.email, 'a brand new passphrase')).statusCode).toBe(200);
  });

  it('a token stored in clear by an older version is hashed at start, and its link still works', async () => {
    const body = await new TestClient(ctx.app).register();
    const [user] = await rows<{ id: string }>(ctx.db, sql`SELECT id FROM users WHERE email = ${body.email}`);
    const token = 'an-older-versions-clear-token';
    await ctx.db.execute(
      sql`INSERT INTO verifications (id, identifier, value, expires_at, created_at, updated_at)
          VALUES ('older-row', ${`reset-password:${token}`}, ${user?.id}, now() + interval '30 minutes', now(), now())`,
    );
    await seed(ctx.db, ctx.app.deps.auth, ctx.config);
    const [row] = await rows<{ identifier: string }>(
      ctx.db,
      sql`SELECT identifier FROM verifications WHERE id = 'older-row'`,
    );
    expect(row?.identifier).toBe(storedIdentifier(token));
    expect((await reset(token, 'a brand new passphrase')).statusCode).toBe(200);
    expect((await new TestClient(ctx.app).login(body.email, 'a brand new passphrase')).statusCode).toBe(200);
  });

  it('is refused once its 30 minutes are over', async () => {
    const body = await new TestClient(ctx.app).register();
    const token = await linkFor(body.email);
    const [row] = await rows<{ expires_at: Date | string; created_at: Date | string }>(
      ctx.db,
      sql`select expires_at, created_at from verifications where identifier = ${storedIdentifier(token)}`,
    );
    const validMs = new Date(row?.expires_at ?? 0).getTime() - new Date(row?.created_at ?? 0).getTime();
    expect(Math.round(validMs / 60_000)).toBe(30);
    await ctx.db.execute(
      sql`update verifications set expires_at = now() - interval '1 second' where identifier = ${storedIdentifier(token)}`,
    );
    expect((await reset(token, 'a brand new passphrase')).statusCode).toBe(400);
    expect((await new TestClient(ctx.app).login(body.email, body.password)).statusCode).toBe(200);
  });
});
