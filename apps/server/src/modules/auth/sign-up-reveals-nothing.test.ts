import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../lib/sql.js';
import { newUser, TestClient } from '../../test/client.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

/** What a sign-up's answer shows a client: status, body, cookies and the names of its headers. */
async function signUp(body: Record<string, unknown>) {
  const started = performance.now();
  const res = await new TestClient(ctx.app).request('POST', '/api/auth/sign-up/email', body);
  const ms = performance.now() - started;
  // The date and the request's own id differ from any answer to the next, whoever asks.
  const headers = Object.keys(res.headers)
    .filter((h) => h !== 'date' && h !== 'x-request-id')
    .sort();
  const shown = {
    status: res.statusCode,
    body: res.body,
    cookies: res.cookies,
    headers,
    type: res.headers['content-type'],
  };
  return { shown, ms };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

describe('signing up with an address that already has an account', () => {
  it('answers exactly as a new sign-up does, and tells the owner instead of making a second account', async () => {
    const owner = await new TestClient(ctx.app).register({ name: 'Olivia Owner' });
    const users = async () => (await rows<{ n: number }>(ctx.db, sql`SELECT count(*)::int AS n FROM users`))[0]?.n;
    const before = await users();

    const fresh = await signUp(newUser());
    const taken = await signUp(newUser({ email: owner.email.toUpperCase(), name: 'Someone Else' }));
    expect(taken.shown).toEqual(fresh.shown);
    expect(fresh.shown).toMatchObject({ status: 200, body: '{"status":true}', cookies: [] });
    expect(await users()).toBe((before ?? 0) + 1);

    const toOwner = await rows<{ template: string; subject: string; text: string }>(
      ctx.db,
      sql`SELECT template, subject, text FROM email_outbox WHERE to_address = ${owner.email} ORDER BY id`,
    );
    expect(toOwner.map((m) => m.template)).toEqual(['welcome', 'sign-up-attempt']);
    expect(toOwner[1]?.subject).toBe('Someone tried to create an account with your e-mail');
    expect(toOwner[1]?.text).not.toContain('Someone Else');
  });

  it('takes about as long as a new sign-up (the password is hashed either way)', async () => {
    const owner = await new TestClient(ctx.app).register();
    const fresh: number[] = [];
    const taken: number[] = [];
    for (let i = 0; i < 5; i++) {
      fresh.push((await signUp(newUser())).ms);
      taken.push((await signUp(newUser({ email: owner.email }))).ms);
    }
    // Loose bounds on a shared machine: what matters is that no path skips the hash (a tenth of the time).
    const ratio = median(taken) / median(fresh);
    expect(ratio).toBeGreaterThan(0.4);
    expect(ratio).toBeLessThan(2.5);
  });
});
