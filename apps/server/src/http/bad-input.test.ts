import { messages, moneyMessages } from '@meridian/shared';
import { sql } from 'drizzle-orm';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { setAccountActive } from '../core/users/activation.service.js';
import { newKey, TestClient } from '../test/client.js';
import { booksInvariants, fundedUser, HEALTHY_BOOKS } from '../test/money.js';
import { createTestApp, type TestContext } from '../test/test-app.js';

/**
 * Never a 500 for what a client sends: every route of the route table (collected as the app adds
 * them, so a new route cannot skip this) gets a NUL byte in each path parameter, each query value
 * and each string of its JSON body, from an active user and from an operator, with an
 * Idempotency-Key. Each must answer a 4xx in the error envelope.
 */

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minimum?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
};

const routes: RouteOptions[] = [];
let ctx: TestContext;
let clients: { who: string; client: TestClient }[];

beforeAll(async () => {
  ctx = await createTestApp({}, undefined, { onRoute: (route) => routes.push(route) });
  // A route without a schema that hands the client's text straight to the database.
  ctx.app.post('/api/test-only/store-text', async (req) => {
    await ctx.db.execute(sql`SELECT ${(req.body as { text: string }).text}::text AS t`);
    return {};
  });
  const user = new TestClient(ctx.app);
  const body = await user.register();
  await setAccountActive(ctx.db, body.email, true, 'test');
  const admin = new TestClient(ctx.app);
  expect((await admin.login('admin@meridian.test', 'operator password')).statusCode).toBe(200);
  clients = [
    { who: 'an active user', client: user },
    { who: 'an operator', client: admin },
  ];
});
afterAll(() => ctx.close());

function jsonSchema(schema: unknown): JsonSchema | null {
  if (!(schema instanceof z.ZodType)) return null;
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

/** The first branch of a union, the merge of an intersection. */
function resolve(s: JsonSchema): JsonSchema {
  const branch = s.anyOf?.[0] ?? s.oneOf?.[0];
  if (branch) return resolve(branch);
  if (s.allOf) return resolve(Object.assign({}, ...s.allOf));
  return s;
}

/** A plausible value of a schema, so that a NUL in one field is the only thing wrong. */
function sample(raw: JsonSchema, name = ''): unknown {
  const s = resolve(raw);
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return s.enum[0];
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  if (type === 'object' || s.properties) {
    return Object.fromEntries(Object.entries(s.properties ?? {}).map(([k, v]) => [k, sample(v, k)]));
  }
  if (type === 'array') return [sample(s.items ?? { type: 'string' }, name)];
  if (type === 'integer' || type === 'number') return Math.max(s.minimum ?? 0, 10_000);
  if (type === 'boolean') return false;
  if (s.format === 'email' || /email/i.test(name)) return 'someone@example.com';
  if (/password/i.test(name)) return 'a long and unusual passphrase 42';
  if (/phone/i.test(name)) return '+15550100200';
  return 'Sample 1234567890';
}

/** Paths (as key lists) of every string in a sampled value. */
function stringPaths(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (typeof value === 'string') return [path];
  if (Array.isArray(value)) return value.flatMap((v, i) => stringPaths(v, [...path, i]));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => stringPaths(v, [...path, k]));
  }
  return [];
}

function withNul(value: unknown, path: (string | number)[]): unknown {
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  const last = path[path.length - 1] as string | number;
  const before = String(node[last]);
  node[last] = `${before.slice(0, 4)}\u0000${before.slice(4)}`;
  return copy;
}

interface Probe {
  method: string;
  url: string;
  body?: unknown;
  what: string;
}

/** Every request with a NUL that one route gets. */
function probesOf(route: RouteOptions): Probe[] {
  const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter((m) => m !== 'HEAD');
  const schema = (route.schema ?? {}) as { body?: unknown; querystring?: unknown; params?: unknown };
  const params = [...route.url.matchAll(/:(\w+)|\*/g)].map((m) => m[1] ?? '*');
  const fillPath = (nulIn: string | null) =>
    route.url.replace(/:(\w+)|\*/g, (_m, name: string | undefined) => ((name ?? '*') === nulIn ? 'ab%00cd' : 'abcd'));
  const query = jsonSchema(schema.querystring);
  const queryBase = query ? (sample(query) as Record<string, unknown>) : {};
  const body = jsonSchema(schema.body);
  const bodyBase = body ? sample(body) : undefined;
  const probes: Probe[] = [];
  for (const method of methods) {
    const hasBody = method !== 'GET' && method !== 'DELETE';
    const baseBody = hasBody ? (bodyBase ?? {}) : undefined;
    for (const p of params) probes.push({ method, url: fillPath(p), body: baseBody, what: `path parameter ${p}` });
    const qs = (q: Record<string, unknown>) => new URLSearchParams(q as Record<string, string>).toString();
    probes.push({ method, url: `${fillPath(null)}?probe=%00`, body: baseBody, what: 'an unknown query value' });
    for (const key of Object.keys(queryBase)) {
      const q = { ...queryBase, [key]: `ab\u0000cd` };
      probes.push({ method, url: `${fillPath(null)}?${qs(q)}`, body: baseBody, what: `query value ${key}` });
    }
    if (hasBody && bodyBase !== undefined) {
      for (const path of stringPaths(bodyBase)) {
        const suffix = Object.keys(queryBase).length ? `?${qs(queryBase)}` : '';
        probes.push({
          method,
          url: `${fillPath(null)}${suffix}`,
          body: withNul(bodyBase, path),
          what: `body field ${path.join('.')}`,
        });
      }
    }
  }
  return probes;
}

describe('a NUL byte anywhere a client can put one', () => {
  it('knows the route table', () => {
    const urls = routes.map((r) => r.url);
    // The walk is only as good as the table: these must be in it.
    for (const url of ['/api/transfers', '/api/investments/:id/end', '/api/transactions', '/api/profile']) {
      expect(urls).toContain(url);
    }
  });

  it('gets a 4xx in the error envelope, never a 500, on every route', async () => {
    const failures: string[] = [];
    let sent = 0;
    for (const route of routes) {
      for (const probe of probesOf(route)) {
        for (const { who, client } of clients) {
          const res = await client.request(probe.method as 'GET', probe.url, probe.body, {
            'idempotency-key': newKey(),
          });
          sent += 1;
          const error = (() => {
            try {
              return (res.json() as { error?: { code?: unknown; message?: unknown; requestId?: unknown } }).error;
            } catch {
              return undefined;
            }
          })();
          const enveloped =
            typeof error?.code === 'string' && typeof error.message === 'string' && typeof error.requestId === 'string';
          if (res.statusCode < 400 || res.statusCode >= 500 || !enveloped) {
            failures.push(
              `${probe.method} ${probe.url} (${probe.what}, ${who}) -> ${res.statusCode} ${res.body.slice(0, 160)}`,
            );
          }
        }
      }
    }
    expect(sent).toBeGreaterThan(50);
    expect(failures).toEqual([]);
    // Every probe was refused, sign-out included, so the whole walk ran signed in.
    for (const { client } of clients) expect((await client.request('GET', '/api/me')).statusCode).toBe(200);
  });
});

function expectEnvelope(res: { statusCode: number; json: () => unknown }, status: number) {
  expect(res.statusCode).toBe(status);
  expect((res.json() as { error: unknown }).error).toMatchObject({
    code: expect.any(String),
    message: expect.any(String),
    requestId: expect.any(String),
  });
}

describe('the database refusing text it cannot store', () => {
  it('is a 400 in the envelope, not a 500 (the backstop behind the schemas)', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/test-only/store-text',
      payload: { text: 'a\u0000b' },
    });
    expectEnvelope(res, 400);
    expect(res.json().error).toMatchObject({ code: 'VALIDATION_FAILED', message: messages.invalidCharacter });
  });
});

describe('a history cursor', () => {
  it.each([
    ['a NUL in its id', '2026-01-01T00:00:00.000Z|ab\u0000cd'],
    ['a date PostgreSQL cannot hold', '-271821-04-20T00:00:00.000Z|abcd'],
  ])('with %s (base64url, so no %%00 in the URL) is a 400', async (_what, decoded) => {
    const { client } = clients[0] ?? {};
    if (!client) throw new Error('no client');
    const cursor = Buffer.from(decoded).toString('base64url');
    expectEnvelope(await client.request('GET', `/api/transactions?cursor=${cursor}`), 400);
  });
});

describe('errors the router raises before any route runs', () => {
  it('answers a malformed percent-encoding in the envelope', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/%E0%A4%A' });
    expectEnvelope(res, 400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
  });

  it('lets a 101-character id reach its schema (a 400), and answers an absurd one with a 414 in the envelope', async () => {
    const { client } = clients[0] ?? {};
    if (!client) throw new Error('no client');
    const long = await client.request(
      'POST',
      `/api/investments/${'x'.repeat(101)}/end`,
      {},
      { 'idempotency-key': newKey() },
    );
    expectEnvelope(long, 400);
    const absurd = await client.request(
      'POST',
      `/api/investments/${'x'.repeat(600)}/end`,
      {},
      { 'idempotency-key': newKey() },
    );
    expectEnvelope(absurd, 414);
  });
});

describe('what an amount says is wrong with it', () => {
  it("reads 'Amount is too large' for 1e309, which JSON.parse turns into Infinity, and moves nothing", async () => {
    const alice = await fundedUser(ctx, 50_000);
    const bob = await fundedUser(ctx, 0);
    const res = await alice.client.request(
      'POST',
      '/api/transfers',
      `{"recipientEmail":"${bob.body.email}","amountCents":1e309}`,
      { 'idempotency-key': newKey(), 'content-type': 'application/json' },
    );
    expectEnvelope(res, 400);
    expect(res.json().error.message).toBe(moneyMessages.amountTooLarge);
    expect((await alice.wallet()).balanceCents).toBe(50_000);
  });
});

describe('a replayed transfer', () => {
  it('naming the same recipient in other letter case is the same request: replayed, not a 409, booked once', async () => {
    const alice = await fundedUser(ctx, 50_000);
    const bob = await fundedUser(ctx, 0);
    const key = newKey();
    const first = await alice.money(
      'POST',
      '/api/transfers',
      { recipientEmail: bob.body.email, amountCents: 1_000 },
      key,
    );
    expect(first.statusCode).toBe(201);
    const again = await alice.money(
      'POST',
      '/api/transfers',
      { recipientEmail: ` ${bob.body.email.toUpperCase()} `, amountCents: 1_000 },
      key,
    );
    expect(again.statusCode).toBe(201);
    expect(again.json().id).toBe(first.json().id);
    expect((await bob.wallet()).balanceCents).toBe(1_000);
    expect(await booksInvariants(ctx.db)).toEqual(HEALTHY_BOOKS);
  });
});
