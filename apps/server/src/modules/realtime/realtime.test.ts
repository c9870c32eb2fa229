import type { IncomingMessage } from 'node:http';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { REALTIME, REALTIME_TOPICS, type RealtimeEvent, realtimeEventSchema } from '@meridian/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { type App, buildApp } from '../../app.js';
import { publishChanged, publishToAdmins } from '../../core/realtime/publish.js';
import { setAccountActive } from '../../core/users/activation.service.js';
import { TestClient } from '../../test/client.js';
import { fundedUser } from '../../test/money.js';
import { signedInAdmin } from '../../test/operator.js';
import { createTestApp, TEST_ORIGIN, type TestContext } from '../../test/test-app.js';

const WAIT_MS = 5_000;

let ctx: TestContext;
let url: string;
const sockets: WebSocket[] = [];

beforeAll(async () => {
  ctx = await createTestApp();
  url = `${await ctx.app.listen({ port: 0, host: '127.0.0.1' })}/api/realtime`.replace(/^http/, 'ws');
});
afterAll(async () => {
  for (const s of sockets) s.terminate();
  await ctx.close();
});

/** A signed-in, active user and the cookie header a browser would send. */
async function signedInUser(active = true) {
  const client = new TestClient(ctx.app);
  const body = await client.register();
  if (active) await setAccountActive(ctx.db, body.email, true, 'test');
  const login = await client.login(body.email, body.password);
  const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  const id = ((await client.request('GET', '/api/me')).json() as { id: string }).id;
  return { id, cookie, body };
}

/**
 * Publishes (and commits) a marker change for these users and returns the event it becomes. NOTIFY
 * delivers in commit order, so whatever a socket was going to hear from earlier commits arrives
 * before the marker: "the next event is the marker" proves that nothing else came, without sleeping.
 */
async function publishMarker(userIds: string[], topic: RealtimeEvent['topics'][number]): Promise<RealtimeEvent> {
  await publishChanged(ctx.db, userIds, [topic]);
  return { type: 'changed', topics: [topic] };
}

/** A socket that records what it hears; `next()` resolves with the next event or rejects after a wait. */
function connect(cookie: string | undefined, at = url, origin = TEST_ORIGIN) {
  const ws = new WebSocket(at, { headers: cookie ? { cookie } : {}, origin });
  sockets.push(ws);
  const queue: string[] = [];
  const waiters: ((text: string) => void)[] = [];
  ws.on('message', (data) => {
    const text = String(data);
    const waiter = waiters.shift();
    if (waiter) waiter(text);
    else queue.push(text);
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => resolve({ code, reason: String(reason) })),
  );
  const opened = new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const nextText = (ms = WAIT_MS) =>
    new Promise<string>((resolve, reject) => {
      const queued = queue.shift();
      if (queued !== undefined) return resolve(queued);
      const timer = setTimeout(() => {
        waiters.splice(waiters.indexOf(onText), 1);
        reject(new Error(`no message within ${ms} ms`));
      }, ms);
      const onText = (text: string) => {
        clearTimeout(timer);
        resolve(text);
      };
      waiters.push(onText);
    });
  const next = async (ms = WAIT_MS): Promise<RealtimeEvent> =>
    realtimeEventSchema.parse(JSON.parse(await nextText(ms)));
  return { ws, opened, closed, next, nextText };
}

describe('GET /api/realtime', () => {
  it('delivers a change to the user only when the transaction commits', async () => {
    const alice = await signedInUser();
    const socket = connect(alice.cookie);
    await socket.opened;

    await ctx.db.transaction(async (tx) => {
      await publishChanged(tx, [alice.id], ['wallet', 'transactions']);
      // Not yet: the server answers a ping sent after the publish, and the answer is the first thing
      // heard (an event handed to the socket at publish time would have come first on this connection).
      socket.ws.send('ping');
      expect(await socket.nextText()).toBe('pong');
      // PostgreSQL lets another session commit meanwhile (PGlite has one session, held by this
      // transaction): its marker, committed after the publish but before this commit, comes first.
      if (process.env.TEST_DATABASE_URL) {
        const marker = await publishMarker([alice.id], 'user');
        expect(await socket.next()).toEqual(marker);
      }
    });
    expect(await socket.next()).toEqual({ type: 'changed', topics: ['wallet', 'transactions'] });
  });

  it('delivers nothing when the transaction rolls back', async () => {
    const alice = await signedInUser();
    const socket = connect(alice.cookie);
    await socket.opened;

    await expect(
      ctx.db.transaction(async (tx) => {
        await publishChanged(tx, [alice.id], ['investments']);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    // Notifications arrive in commit order: the first thing heard is this later, committed one.
    await publishChanged(ctx.db, [alice.id], ['referrals']);
    expect(await socket.next()).toEqual({ type: 'changed', topics: ['referrals'] });
    // Nor later: a marker committed after both is the very next thing heard.
    const marker = await publishMarker([alice.id], 'user');
    expect(await socket.next()).toEqual(marker);
  });

  it("never tells one user about another user's change; every socket of the user hears it", async () => {
    const alice = await signedInUser();
    const bob = await signedInUser();
    const aliceTab1 = connect(alice.cookie);
    const aliceTab2 = connect(alice.cookie);
    const bobTab = connect(bob.cookie);
    await Promise.all([aliceTab1.opened, aliceTab2.opened, bobTab.opened]);

    await ctx.db.transaction((tx) => publishChanged(tx, [alice.id], ['wallet']));
    await ctx.db.transaction((tx) => publishChanged(tx, [bob.id], ['user']));
    expect(await aliceTab1.next()).toEqual({ type: 'changed', topics: ['wallet'] });
    expect(await aliceTab2.next()).toEqual({ type: 'changed', topics: ['wallet'] });
    expect(await bobTab.next()).toEqual({ type: 'changed', topics: ['user'] });
    // Neither heard the other's change: a marker committed after both is each one's very next event.
    const marker = await publishMarker([alice.id, bob.id], 'transactions');
    expect(await aliceTab1.next()).toEqual(marker);
    expect(await bobTab.next()).toEqual(marker);
  });

  it('tells both sides of a transfer made through the API', async () => {
    const alice = await fundedUser(ctx, 10_000);
    const bob = await fundedUser(ctx, 0);
    const cookieOf = async (u: typeof alice) =>
      (await u.client.login(u.body.email, u.body.password)).cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const aliceSocket = connect(await cookieOf(alice));
    const bobSocket = connect(await cookieOf(bob));
    await Promise.all([aliceSocket.opened, bobSocket.opened]);

    const res = await alice.money('POST', '/api/transfers', { recipientEmail: bob.body.email, amountCents: 1_000 });
    expect(res.statusCode).toBe(201);
    expect((await aliceSocket.next()).topics).toEqual(expect.arrayContaining(['wallet', 'transactions']));
    expect((await bobSocket.next()).topics).toEqual(expect.arrayContaining(['wallet', 'transactions']));
  });

  it('reaches sockets held by another app node on the same database', async () => {
    const nodeB: App = await buildApp({ config: ctx.config, db: ctx.db, webDist: null, listen: ctx.listen });
    try {
      const atB = `${await nodeB.listen({ port: 0, host: '127.0.0.1' })}/api/realtime`.replace(/^http/, 'ws');
      const alice = await signedInUser();
      const onA = connect(alice.cookie);
      const onB = connect(alice.cookie, atB);
      await Promise.all([onA.opened, onB.opened]);

      await ctx.db.transaction((tx) => publishChanged(tx, [alice.id], ['investments']));
      expect(await onA.next()).toEqual({ type: 'changed', topics: ['investments'] });
      expect(await onB.next()).toEqual({ type: 'changed', topics: ['investments'] });

      // Closing a node says goodbye with 1001 (the client reconnects elsewhere) and stops listening.
      await nodeB.close();
      expect((await onB.closed).code).toBe(1001);
      await ctx.db.transaction((tx) => publishChanged(tx, [alice.id], ['wallet']));
      expect(await onA.next()).toEqual({ type: 'changed', topics: ['wallet'] });
    } finally {
      await nodeB.close();
    }
  });

  // PGlite has no separate LISTEN connection to lose: this case exists only on PostgreSQL.
  if (process.env.TEST_DATABASE_URL) {
    it('on PostgreSQL, re-opens a dropped LISTEN connection and tells every socket to refetch', async () => {
      const alice = await signedInUser();
      const socket = connect(alice.cookie);
      await socket.opened;
      const killed = await ctx.db.execute(
        sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
              WHERE datname = current_database() AND query LIKE 'LISTEN %' AND pid <> pg_backend_pid()`,
      );
      expect((killed as unknown as { rows: unknown[] }).rows.length).toBeGreaterThan(0);
      // Changes made while it was down are lost to NOTIFY, so the reconnect says "everything changed".
      expect((await socket.next()).topics).toEqual([...REALTIME_TOPICS]);
      await ctx.db.transaction((tx) => publishChanged(tx, [alice.id], ['wallet']));
      expect(await socket.next()).toEqual({ type: 'changed', topics: ['wallet'] });
    });
  }

  it('splits a notification for many users under the NOTIFY payload limit and still reaches them', async () => {
    const alice = await signedInUser();
    const socket = connect(alice.cookie);
    await socket.opened;
    const others = Array.from({ length: 600 }, (_, i) => `someone-else-${i}-${'x'.repeat(20)}`);
    await ctx.db.transaction((tx) => publishChanged(tx, [...others, alice.id], ['wallet']));
    expect(await socket.next()).toEqual({ type: 'changed', topics: ['wallet'] });
  });

  it('keeps nothing of the HTTP request it was opened with, and still serves the socket', async () => {
    // A full collection on demand: what it leaves behind is what something still holds.
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const alice = await signedInUser();
    let upgrade: WeakRef<IncomingMessage> | undefined;
    ctx.app.server.once('upgrade', (request: IncomingMessage) => {
      upgrade = new WeakRef(request);
    });
    const socket = connect(alice.cookie);
    await socket.opened;
    expect(upgrade).toBeDefined();
    for (let i = 0; i < 20 && upgrade?.deref() !== undefined; i++) {
      await new Promise((resolve) => setImmediate(resolve));
      gc();
    }
    expect(upgrade?.deref()).toBeUndefined();
    socket.ws.send('ping');
    expect(await socket.nextText()).toBe('pong');
    await publishChanged(ctx.db, [alice.id], ['wallet']);
    expect(await socket.next()).toEqual({ type: 'changed', topics: ['wallet'] });
  });

  it('drops a socket that sends a frame over the size limit, and only that one', async () => {
    const alice = await signedInUser();
    const [bad, good] = [connect(alice.cookie), connect(alice.cookie)];
    await Promise.all([bad.opened, good.opened]);
    bad.ws.send('x'.repeat(5_000));
    expect((await bad.closed).code).toBe(1009); // message too big
    good.ws.send('ping');
    expect(await good.nextText()).toBe('pong');
  });

  it('answers "ping" with "pong"', async () => {
    const alice = await signedInUser();
    const socket = connect(alice.cookie);
    await socket.opened;
    socket.ws.send('ping');
    expect(await socket.nextText()).toBe('pong');
  });

  it('closes with 1008 without a session, with a bad cookie, for an inactive account, or from a foreign origin', async () => {
    const inactive = await signedInUser(false);
    const active = await signedInUser();
    const cases = [
      connect(undefined),
      connect('better-auth.session_token=not-a-session'),
      connect(inactive.cookie),
      connect(active.cookie, url, 'https://evil.example'),
    ];
    for (const c of cases) {
      expect((await c.closed).code).toBe(REALTIME.policyViolationCode);
    }
  });
});

describe('sockets of a user whose access changed', () => {
  it("are closed with 1008 as soon as an operator's deactivation commits, on every node, not at the next heartbeat", async () => {
    const nodeB: App = await buildApp({ config: ctx.config, db: ctx.db, webDist: null, listen: ctx.listen });
    try {
      const atB = `${await nodeB.listen({ port: 0, host: '127.0.0.1' })}/api/realtime`.replace(/^http/, 'ws');
      const alice = await signedInUser();
      const bob = await signedInUser();
      const onA = connect(alice.cookie);
      const onB = connect(alice.cookie, atB);
      const bobs = connect(bob.cookie);
      await Promise.all([onA.opened, onB.opened, bobs.opened]);

      const admin = await signedInAdmin(ctx);
      const res = await admin.client.request('POST', `/api/admin/users/${alice.id}/deactivate`, {});
      expect(res.statusCode).toBe(200);
      // WAIT_MS is a quarter of the heartbeat, and the heartbeat's own check would say 'Session ended'.
      expect(WAIT_MS).toBeLessThan(REALTIME.heartbeatMs);
      for (const socket of [onA, onB]) {
        const closed = await Promise.race([
          socket.closed,
          new Promise<null>((resolve) => setTimeout(() => resolve(null), WAIT_MS)),
        ]);
        expect(closed).toEqual({ code: REALTIME.policyViolationCode, reason: 'Account deactivated' });
      }
      // Bob's socket stays, and hears the next change.
      const marker = await publishMarker([bob.id], 'wallet');
      expect(await bobs.next()).toEqual(marker);
      // Signed out by the deactivation: a new socket is refused too.
      expect((await connect(alice.cookie).closed).code).toBe(REALTIME.policyViolationCode);
    } finally {
      await nodeB.close();
    }
  });

  it('are closed when their role changes, and the next socket carries the new role', async () => {
    const carol = await signedInUser();
    const before = connect(carol.cookie);
    await before.opened;
    const admin = await signedInAdmin(ctx);
    const res = await admin.client.request('POST', `/api/admin/users/${carol.id}/role`, { role: 'owner' });
    expect(res.statusCode).toBe(200);
    // The 'user' view hears of it first, then the socket closes so the client asks who it is again.
    expect(await before.next()).toEqual({ type: 'changed', topics: ['user'] });
    expect(await before.closed).toEqual({ code: REALTIME.policyViolationCode, reason: 'Role changed' });

    const after = connect(carol.cookie);
    await after.opened;
    await publishToAdmins(ctx.db);
    expect(await after.next()).toEqual({ type: 'changed', topics: ['admin'] });
  });
});
