import { can, type OperatorRole, type Permission, type Role } from '@meridian/shared';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { newKey, TestClient } from '../test/client.js';
import { fundedUser } from '../test/money.js';
import { depositParts, postDeposit } from '../test/multipart.js';
import { anotherAdmin, signedInAdmin } from '../test/operator.js';
import { createTestApp, TEST_ORIGIN, type TestContext } from '../test/test-app.js';

/*
 * Who may call what, for every /api route of the server's own route table: anonymous, a signed-in
 * member whose account is not yet active, an active member, another member reaching for someone
 * else's resource, and an operator of each role. A console route names the permission it needs here,
 * and each role is allowed it or refused with 403 as the permission table (packages/shared roles.ts)
 * says. A route missing from ACCESS fails the test, so a new route cannot slip in without someone
 * deciding who may call it.
 */

type Access =
  /** Anyone: health, the public settings, the API document, signing up and in. */
  | 'public'
  /** Any signed-in person, active or not (they must see the not-active notice and manage their account). */
  | 'signed-in'
  /** An activated member (and an admin): every route that shows or moves money. */
  | 'active'
  /** The operator's console: an active operator whose role has this permission. */
  | Permission
  /** Nobody over HTTP without the token the server keeps in DATA_DIR (loopback only). */
  | 'internal'
  /** The WebSocket, checked separately below with real sockets. */
  | 'socket';

const ACCESS: Record<string, Access> = {
  'GET /api/docs/': 'public',
  'GET /api/docs/static/index.html': 'public',
  'GET /api/docs/static/swagger-initializer.js': 'public',
  'GET /api/docs/json': 'public',
  'GET /api/docs/yaml': 'public',
  'GET /api/docs/static/*': 'public',
  'POST /api/auth/sign-up/email': 'public',
  'POST /api/auth/sign-in/email': 'public',
  'POST /api/auth/request-password-reset': 'public',
  'POST /api/auth/reset-password': 'public',
  'GET /api/auth/reset-password/:token': 'public',
  'GET /api/auth/get-session': 'public',
  'POST /api/auth/sign-out': 'public',
  'POST /api/auth/change-password': 'signed-in',
  'GET /api/auth/passkey/generate-register-options': 'signed-in',
  'POST /api/auth/passkey/verify-registration': 'signed-in',
  'GET /api/auth/passkey/generate-authenticate-options': 'public',
  'POST /api/auth/passkey/verify-authentication': 'public',
  'GET /api/auth/passkey/list-user-passkeys': 'signed-in',
  'POST /api/auth/passkey/update-passkey': 'signed-in',
  'POST /api/auth/passkey/delete-passkey': 'signed-in',
  'GET /api/auth/verify-email': 'public',
  'POST /api/auth/send-verification-email': 'signed-in',
  'POST /api/auth/two-factor/enable': 'signed-in',
  'POST /api/auth/two-factor/verify-totp': 'public',
  'POST /api/auth/two-factor/verify-backup-code': 'public',
  'POST /api/auth/two-factor/generate-backup-codes': 'signed-in',
  'POST /api/auth/two-factor/disable': 'signed-in',
  'POST /api/auth/step-up': 'signed-in',
  'POST /api/auth/secure-account': 'public',
  'GET /api/sign-ins': 'signed-in',
  'GET /api/health': 'public',
  'GET /api/public-config': 'public',
  'GET /api/me': 'signed-in',
  'PATCH /api/profile': 'active',
  'GET /api/plans': 'active',
  'GET /api/deposit-methods': 'active',
  'POST /api/internal/admin': 'internal',
  'GET /api/wallet': 'active',
  'POST /api/deposits': 'active',
  'POST /api/deposits/:id/cancel': 'active',
  'GET /api/receipts/:id': 'signed-in',
  'POST /api/withdrawals/otp': 'active',
  'POST /api/withdrawals/otp/verify': 'active',
  'POST /api/withdrawals': 'active',
  'POST /api/withdrawals/:id/cancel': 'active',
  'GET /api/payout-details': 'signed-in',
  'PUT /api/payout-details': 'signed-in',
  'GET /api/investments': 'active',
  'GET /api/investments/completed': 'active',
  'POST /api/investments': 'active',
  'POST /api/investments/claim': 'active',
  'POST /api/investments/:id/end': 'active',
  'GET /api/transfers/recipient': 'active',
  'POST /api/transfers': 'active',
  'GET /api/transactions': 'active',
  'GET /api/referrals': 'active',
  'POST /api/referrals/redeem': 'active',
  'GET /api/sessions': 'signed-in',
  'DELETE /api/sessions/:id': 'signed-in',
  'POST /api/sessions/revoke-others': 'signed-in',
  'GET /api/realtime': 'socket',
  'GET /api/admin/overview': 'overview.read',
  'GET /api/admin/audit': 'audit.read',
  'GET /api/admin/users': 'users.read',
  'GET /api/admin/users/:id': 'users.read',
  'GET /api/admin/users/:id/transactions': 'users.read',
  'POST /api/admin/users/:id/activate': 'users.activate',
  'POST /api/admin/users/:id/deactivate': 'users.activate',
  'POST /api/admin/users/:id/sign-out': 'users.sessions',
  'POST /api/admin/users/:id/role': 'users.role',
  'POST /api/admin/users/:id/adjust': 'balances.adjust',
  'GET /api/admin/adjustments': 'transactions.read',
  'POST /api/admin/adjustments/:id/approve': 'balances.adjust',
  'POST /api/admin/adjustments/:id/reject': 'balances.adjust',
  'GET /api/admin/transactions': 'transactions.read',
  'GET /api/admin/exports/users.csv': 'exports.download',
  'GET /api/admin/exports/transactions.csv': 'exports.download',
  'GET /api/admin/deposits': 'deposits.read',
  'POST /api/admin/deposits/:id/approve': 'deposits.settle',
  'POST /api/admin/deposits/:id/reject': 'deposits.settle',
  'GET /api/admin/withdrawals': 'withdrawals.read',
  'POST /api/admin/withdrawals/:id/approve': 'withdrawals.settle',
  'POST /api/admin/withdrawals/:id/reject': 'withdrawals.settle',
  'GET /api/admin/plans': 'catalogue.read',
  'POST /api/admin/plans': 'catalogue.manage',
  'PUT /api/admin/plans/:id': 'catalogue.manage',
  'POST /api/admin/plans/:id/activate': 'catalogue.manage',
  'POST /api/admin/plans/:id/deactivate': 'catalogue.manage',
  'DELETE /api/admin/plans/:id': 'catalogue.manage',
  'GET /api/admin/deposit-methods': 'catalogue.read',
  'POST /api/admin/deposit-methods': 'catalogue.manage',
  'PUT /api/admin/deposit-methods/order': 'catalogue.manage',
  'PUT /api/admin/deposit-methods/:id': 'catalogue.manage',
  'POST /api/admin/deposit-methods/:id/activate': 'catalogue.manage',
  'POST /api/admin/deposit-methods/:id/deactivate': 'catalogue.manage',
  'GET /api/admin/settings': 'settings.read',
  'PUT /api/admin/settings': 'settings.manage',
  'GET /api/admin/mailbox': 'mailbox.read',
  'GET /api/admin/mailbox/:id': 'mailbox.read',
  'POST /api/admin/mailbox/:id/resend': 'mailbox.resend',
};

type Who = 'anonymous' | 'inactive' | 'member' | OperatorRole;

/** What `who` must get from a route of `access`: a status, or 'allowed' (anything but 401, 403, 5xx). */
function expected(access: Access, who: Who): 401 | 403 | 'allowed' {
  if (access === 'internal') return 403;
  if (access === 'public') return 'allowed';
  if (who === 'anonymous') return 401;
  if (access === 'signed-in') return 'allowed';
  if (access === 'active') return who === 'inactive' ? 403 : 'allowed';
  if (access === 'socket') throw new Error('the socket is checked with real sockets');
  const role: Role = who === 'inactive' || who === 'member' ? 'user' : who;
  return can(role, access) ? 'allowed' : 403;
}

/** Routes that end the caller's sessions run last, in this order, so each identity keeps its session to the end. */
const SIGNS_OUT = ['POST /api/sessions/revoke-others', 'POST /api/auth/sign-out'];

const routes: RouteOptions[] = [];
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({}, undefined, { onRoute: (r) => routes.push(r) });
});
afterAll(() => ctx.close());

/** Every /api route of the route table as "METHOD /url" (HEAD is GET's twin, answered alike). */
function routeTable(): string[] {
  const keys = routes.flatMap((r) => [r.method].flat().map((method) => `${method} ${r.url}`));
  return [...new Set(keys)].filter((k) => k.includes(' /api') && !k.startsWith('HEAD '));
}

async function identities(): Promise<Record<Who, TestClient>> {
  const inactive = new TestClient(ctx.app);
  await inactive.register();
  const member = await fundedUser(ctx, 10_000);
  const owner = await signedInAdmin(ctx);
  const finance = await anotherAdmin(ctx, 'finance');
  const support = await anotherAdmin(ctx, 'support');
  const auditor = await anotherAdmin(ctx, 'auditor');
  return {
    anonymous: new TestClient(ctx.app),
    inactive,
    member: member.client,
    owner: owner.client,
    finance: finance.client,
    support: support.client,
    auditor: auditor.client,
  };
}

describe('the authorization matrix', () => {
  it('names every route of the route table, and only those', () => {
    const table = routeTable();
    expect(table.filter((k) => !(k in ACCESS))).toEqual([]);
    expect(Object.keys(ACCESS).filter((k) => !table.includes(k))).toEqual([]);
  });

  it('answers every route as its access says, for anonymous, inactive, member and each operator role, never a 5xx', async () => {
    const who = await identities();
    const order = routeTable()
      .filter((k) => ACCESS[k] !== 'socket')
      .sort((a, b) => SIGNS_OUT.indexOf(a) - SIGNS_OUT.indexOf(b));
    const wrong: string[] = [];
    for (const name of Object.keys(who) as Who[]) {
      for (const key of order) {
        const [method, url] = key.split(' ') as [string, string];
        const concrete = url.replace(/:\w+/g, 'no-such-id').replace('*', 'index.css');
        const body = method === 'GET' || method === 'DELETE' ? undefined : {};
        const res = await who[name].request(method as 'GET', concrete, body, { 'idempotency-key': newKey() });
        const want = expected(ACCESS[key] as Access, name);
        const ok =
          res.statusCode < 500 &&
          (want === 'allowed' ? res.statusCode !== 401 && res.statusCode !== 403 : res.statusCode === want);
        if (!ok) wrong.push(`${name} ${key}: ${res.statusCode} (expected ${want}) ${res.body.slice(0, 120)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("refuses another member's resources as if they did not exist, and leaves them as they were", async () => {
    const alice = await fundedUser(ctx, 200_000);
    const bob = await fundedUser(ctx, 10_000);
    const filed = await postDeposit(alice.client, depositParts(20_000));
    expect(filed.statusCode).toBe(201);
    const receiptId = filed.json().deposit.receiptId as string;
    const invested = await alice.money('POST', '/api/investments', { planId: 'starter', amountCents: 10_000 });
    expect(invested.statusCode).toBe(201);
    const investmentId = invested.json().id as string;
    const { sessions } = (await alice.client.request('GET', '/api/sessions')).json() as { sessions: { id: string }[] };
    const aliceSession = sessions[0]?.id ?? '';

    const attempts = [
      await bob.client.request('GET', `/api/receipts/${receiptId}`),
      await bob.money('POST', `/api/investments/${investmentId}/end`),
      await bob.client.request('DELETE', `/api/sessions/${aliceSession}`),
      await bob.money('POST', `/api/deposits/${filed.json().deposit.id}/cancel`),
    ];
    expect(attempts.map((r) => r.statusCode)).toEqual([404, 404, 404, 404]);

    // Alice's own requests still find each of them.
    expect((await alice.client.request('GET', `/api/receipts/${receiptId}`)).statusCode).toBe(200);
    const mine = (await alice.client.request('GET', '/api/investments')).json() as { id: string; status: string }[];
    expect(mine.find((i) => i.id === investmentId)?.status).toBe('active');
    expect((await alice.client.request('GET', '/api/me')).statusCode).toBe(200);
    // An admin reads any receipt (the deposits queue shows it).
    const admin = await signedInAdmin(ctx);
    expect((await admin.client.request('GET', `/api/receipts/${receiptId}`)).statusCode).toBe(200);
  });

  it('opens the live socket for active members and operators only', async () => {
    const who = await identities();
    const base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `${base}/api/realtime`.replace(/^http/, 'ws');
    const outcome = async (client: TestClient) => {
      const cookie = client.cookieHeader();
      const socket = new WebSocket(url, { headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) } });
      // A refused socket is opened and then closed with 1008; an accepted one answers "ping" with "pong".
      return new Promise<string>((resolve) => {
        socket.once('open', () => socket.send('ping'));
        socket.on('message', (data) => {
          if (data.toString() !== 'pong') return;
          socket.close();
          resolve('open');
        });
        socket.once('close', (code) => resolve(`closed ${code}`));
        socket.once('error', () => resolve('error'));
      });
    };
    expect({
      anonymous: await outcome(who.anonymous),
      inactive: await outcome(who.inactive),
      member: await outcome(who.member),
      owner: await outcome(who.owner),
      auditor: await outcome(who.auditor),
    }).toEqual({ anonymous: 'closed 1008', inactive: 'closed 1008', member: 'open', owner: 'open', auditor: 'open' });
  });
});
