import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { messages } from '@meridian/shared';
import { sql } from 'drizzle-orm';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../lib/sql.js';
import { newKey, TestClient } from '../test/client.js';
import { fundedUser } from '../test/money.js';
import { createTestApp, TEST_ORIGIN, type TestContext } from '../test/test-app.js';

const THEME_SCRIPT = "document.documentElement.classList.toggle('dark', false);";
const dist = mkdtempSync(path.join(tmpdir(), 'meridian-security-dist-'));
mkdirSync(path.join(dist, 'assets'));
writeFileSync(
  path.join(dist, 'index.html'),
  `<!doctype html><html><head><title>Meridian</title><script>${THEME_SCRIPT}</script></head><body><script type="module" src="/assets/entry-abc123.js"></script></body></html>`,
);
writeFileSync(path.join(dist, 'assets', 'entry-abc123.js'), 'console.log(1)');

const routes: RouteOptions[] = [];
let ctx: TestContext;
let https: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({}, undefined, { webDist: dist, onRoute: (r) => routes.push(r) });
  https = await createTestApp({ PUBLIC_URL: 'https://meridian.example' }, undefined, { webDist: dist });
});
afterAll(async () => {
  await ctx.close();
  await https.close();
  rmSync(dist, { recursive: true, force: true });
});

function csp(header: string | string[] | number | undefined): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const part of String(header).split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) out.set(name, values);
  }
  return out;
}

describe('security headers', () => {
  it.each([
    ['a page', '/login'],
    ['a hashed asset', '/assets/entry-abc123.js'],
    ['an API answer', '/api/health'],
    ['an API error', '/api/me'],
  ])('are on %s', async (_, url) => {
    const res = await ctx.app.inject({ method: 'GET', url });
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['permissions-policy']).toContain('camera=()');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    // Served over plain http (PUBLIC_URL), HSTS would lock a laptop install out: it is not sent.
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('allow scripts from this origin, the inline theme script by its hash and the market widgets only', async () => {
    const policy = csp((await ctx.app.inject({ method: 'GET', url: '/dashboard' })).headers['content-security-policy']);
    const hash = `'sha256-${createHash('sha256').update(THEME_SCRIPT).digest('base64')}'`;
    expect(policy.get('script-src')).toEqual(["'self'", hash, 'https://s3.tradingview.com']);
    expect(policy.get('script-src')).not.toContain("'unsafe-inline'");
    expect(policy.get('script-src')).not.toContain("'unsafe-eval'");
    expect(policy.get('frame-src')).toEqual(['https://s.tradingview.com', 'https://www.tradingview-widget.com']);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('default-src')).toEqual(["'self'"]);
  });

  it('over https: HSTS, upgrade-insecure-requests, and __Host- session cookies that are Secure', async () => {
    const page = await https.app.inject({ method: 'GET', url: '/login' });
    expect(page.headers['strict-transport-security']).toMatch(/max-age=\d+; includeSubDomains/);
    expect(csp(page.headers['content-security-policy']).has('upgrade-insecure-requests')).toBe(true);
    const signUp = await https.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: 'https://meridian.example' },
      payload: {
        name: 'Secure Sam',
        email: 'secure-sam@example.com',
        phone: '+15550101010',
        country: 'Chile',
        password: 'a long password',
      },
    });
    expect(signUp.statusCode).toBe(200);
    // A sign-up does not sign in; the password does, and sets the cookie.
    const signIn = await https.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: 'https://meridian.example' },
      payload: { email: 'secure-sam@example.com', password: 'a long password' },
    });
    expect(signIn.statusCode).toBe(200);
    const session = signIn.cookies.find((c) => c.name.endsWith('.session_token'));
    expect(session).toMatchObject({ name: '__Host-meridian.session_token', secure: true, path: '/', httpOnly: true });
    expect(session?.domain).toBeUndefined();
    // The session works with that cookie.
    const me = await https.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { cookie: `${session?.name}=${session?.value}` },
    });
    expect(me.json()).toMatchObject({ email: 'secure-sam@example.com' });
  });
});

describe('HEAD', () => {
  it.each(['/', '/login', '/dashboard', '/admin/users/abc', '/assets/entry-abc123.js', '/api/health'])(
    'answers %s as GET does, without the body',
    async (url) => {
      const get = await ctx.app.inject({ method: 'GET', url });
      const head = await ctx.app.inject({ method: 'HEAD', url });
      expect(head.statusCode).toBe(get.statusCode);
      expect(head.statusCode).toBe(200);
      expect(head.headers['content-type']).toBe(get.headers['content-type']);
      expect(head.headers['cache-control']).toBe(get.headers['cache-control']);
      expect(head.body).toBe('');
    },
  );

  it('answers a missing page asset with 404 as GET does', async () => {
    expect((await ctx.app.inject({ method: 'HEAD', url: '/assets/missing-000.js' })).statusCode).toBe(404);
  });
});

describe('a state-changing request from another site', () => {
  /** Every /api route that changes something, from the server's own route table. */
  const stateChanging = () =>
    routes
      .flatMap((r) => (Array.isArray(r.method) ? r.method : [r.method]).map((method) => ({ method, url: r.url })))
      .filter(({ method, url }) => !['GET', 'HEAD', 'OPTIONS'].includes(method) && url.startsWith('/api/'))
      .filter(({ url }) => !url.startsWith('/api/internal/'));

  async function counts() {
    const [c] = await rows<Record<string, number>>(
      ctx.db,
      sql`SELECT (SELECT count(*)::int FROM journals) AS journals, (SELECT count(*)::int FROM transactions) AS transactions,
                 (SELECT count(*)::int FROM users) AS users, (SELECT count(*)::int FROM sessions) AS sessions,
                 (SELECT count(*)::int FROM audit_log) AS audit, (SELECT count(*)::int FROM email_outbox) AS mail,
                 (SELECT count(*)::int FROM deposits) AS deposits, (SELECT count(*)::int FROM investments) AS investments,
                 (SELECT count(*)::int FROM idempotency_keys) AS keys, (SELECT count(*)::int FROM verifications) AS verifications`,
    );
    return c;
  }

  it('is refused with 403 on every state-changing route, signed in as an admin, and changes nothing', async () => {
    const admin = new TestClient(ctx.app);
    expect((await admin.login(ctx.config.adminEmail ?? '', 'operator password')).statusCode).toBe(200);
    const alice = await fundedUser(ctx, 50_000);
    const list = stateChanging();
    expect(list.length).toBeGreaterThan(20);
    const before = await counts();
    for (const who of [admin, alice.client]) {
      for (const { method, url } of list) {
        const concrete = url.replace(/:(\w+)/g, 'some-id');
        for (const headers of [
          { origin: 'https://evil.example' },
          { origin: undefined, 'sec-fetch-site': 'cross-site' },
        ]) {
          const res = await who.request(
            method as 'POST',
            concrete,
            { amountCents: 100 },
            {
              ...headers,
              'idempotency-key': newKey(),
            },
          );
          expect({ route: `${method} ${url}`, status: res.statusCode, code: res.json().error?.code }).toEqual({
            route: `${method} ${url}`,
            status: 403,
            code: 'FOREIGN_ORIGIN',
          });
          expect(res.json().error.message).toBe(messages.foreignOrigin);
        }
      }
    }
    expect(await counts()).toEqual(before);
    expect((await alice.wallet()).balanceCents).toBe(50_000);
  });

  it('from this site is let through to its route (same Origin, or Sec-Fetch-Site same-origin)', async () => {
    const alice = await fundedUser(ctx, 50_000);
    const bob = await fundedUser(ctx, 0);
    const body = { recipientEmail: bob.body.email, amountCents: 1_000 };
    const viaOrigin = await alice.client.request('POST', '/api/transfers', body, {
      origin: TEST_ORIGIN,
      'idempotency-key': newKey(),
    });
    expect(viaOrigin.statusCode).toBe(201);
    const viaFetchSite = await alice.client.request('POST', '/api/transfers', body, {
      origin: undefined,
      'sec-fetch-site': 'same-origin',
      'idempotency-key': newKey(),
    });
    expect(viaFetchSite.statusCode).toBe(201);
  });
});
