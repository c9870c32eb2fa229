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
 * and each string of its JSON body, a lone UTF-16 surrogate in each string of its body, and a
 * 5000-deep JSON body, from an active user and from an operator, with an Idempotency-Key. Each must
 * answer a 4xx in the error envelope.
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
  // A route whose schema checks nothing (no text()) and hands the client's text to the database.
  ctx.app.post('/api/test-only/store-text', { schema: { body: z.object({ text: z.string() }) } }, async (req) => {
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

/** The app's own routes, not this file's deliberately unguarded one (the database backstop's). */
const servedByApp = (r: RouteOptions) => !r.url.startsWith('/api/test-only/');

/** The route table with sign-out last: a walk that signed its clients out early would test nothing after. */
function walkOrder(): RouteOptions[] {
  const signOut = (r: RouteOptions) => (r.url === '/api/auth/sign-out' ? 1 : 0);
  return [...routes].sort((a, b) => signOut(a) - signOut(b));
}

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

/** `value` with `bad` put into the string at `path` (after its fourth character). */
function withInserted(value: unknown, path: (string | number)[], bad: string): unknown {
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  const last = path[path.length - 1] as string | number;
  const before = String(node[last]);
  node[last] = `${before.slice(0, 4)}${bad}${before.slice(4)}`;
  return copy;
}

const LONE_SURROGATE = '\ud800';
const DEPTH = 5000;
/** A JSON text nested DEPTH deep: JSON.parse takes it, a recursive walk (JSON.stringify) overflows. */
const deepArray = `${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}`;
const deepObject = `${'{"a":'.repeat(DEPTH)}1${'}'.repeat(DEPTH)}`;

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
          body: withInserted(bodyBase, path, '\u0000'),
          what: `body field ${path.join('.')}`,
        });
      }
    }
  }
  return probes;
}

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function methodsOf(route: RouteOptions): string[] {
  return (Array.isArray(route.method) ? route.method : [route.method]).filter((m) => m !== 'HEAD');
}

/** The route's URL with every path parameter filled and its query sampled. */
function plainUrl(route: RouteOptions): string {
  const query = jsonSchema((route.schema as { querystring?: unknown } | undefined)?.querystring);
  const q = query ? new URLSearchParams(sample(query) as Record<string, string>).toString() : '';
  return `${route.url.replace(/:(\w+)|\*/g, 'abcd')}${q ? `?${q}` : ''}`;
}

function sampledBody(route: RouteOptions): unknown {
  const body = jsonSchema((route.schema as { body?: unknown } | undefined)?.body);
  return body ? sample(body) : undefined;
}

/**
 * A lone surrogate in each string of each JSON body. A URL cannot carry one (percent-encoding
 * writes UTF-8, which has no surrogates; URLSearchParams turns one into U+FFFD), so bodies are
 * where a client can send it, and where it reached jsonb columns as a 500.
 */
function surrogateProbes(route: RouteOptions): Probe[] {
  const base = sampledBody(route);
  if (base === undefined) return [];
  return methodsOf(route)
    .filter((m) => BODY_METHODS.has(m))
    .flatMap((method) =>
      stringPaths(base).map((path) => ({
        method,
        url: plainUrl(route),
        body: withInserted(base, path, LONE_SURROGATE),
        what: `body field ${path.join('.')}`,
      })),
    );
}

/** A DEPTH-deep body, whole and in each field of the route's body, on every method that takes one. */
function deepProbes(route: RouteOptions): Probe[] {
  const base = sampledBody(route);
  const fields = base && typeof base === 'object' && !Array.isArray(base) ? Object.keys(base) : [];
  return methodsOf(route)
    .filter((m) => BODY_METHODS.has(m))
    .flatMap((method) => [
      { method, url: plainUrl(route), body: deepArray, what: 'a deep array as the body' },
      { method, url: plainUrl(route), body: deepObject, what: 'a deep object as the body' },
      ...fields.map((field) => ({
        method,
        url: plainUrl(route),
        // The sampled body with one field's value replaced by the deep array, as JSON text.
        body: JSON.stringify({ ...(base as object), [field]: '__DEEP__' }).replace('"__DEEP__"', deepArray),
        what: `a deep array in body field ${field}`,
      })),
    ]);
}

/** Sends every probe from each client; answers the ones that were not a 4xx in the error envelope. */
async function unrefused(probes: Probe[]): Promise<{ sent: number; failures: string[] }> {
  const failures: string[] = [];
  let sent = 0;
  for (const probe of probes) {
    for (const { who, client } of clients) {
      const headers: Record<string, string> = { 'idempotency-key': newKey() };
      if (typeof probe.body === 'string') headers['content-type'] = 'application/json';
      const res = await client.request(probe.method as 'GET', probe.url, probe.body, headers);
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
  return { sent, failures };
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
    const { sent, failures } = await unrefused(walkOrder().flatMap(probesOf));
    expect(sent).toBeGreaterThan(50);
    expect(failures).toEqual([]);
    // Every probe was refused, sign-out included, so the whole walk ran signed in.
    for (const { client } of clients) expect((await client.request('GET', '/api/me')).statusCode).toBe(200);
  });
});

describe('a lone UTF-16 surrogate in any string of a body', () => {
  it('gets a 4xx in the error envelope on every route, never a 500 nor a silent U+FFFD', async () => {
    const { sent, failures } = await unrefused(walkOrder().filter(servedByApp).flatMap(surrogateProbes));
    expect(sent).toBeGreaterThan(50);
    expect(failures).toEqual([]);
    for (const { client } of clients) expect((await client.request('GET', '/api/me')).statusCode).toBe(200);
  });

  it('is refused by the schema of every route, field by field (text(), whatever else the answer waits on)', () => {
    const unguarded: string[] = [];
    const served = routes.filter((r) => methodsOf(r).length > 0 && servedByApp(r));
    for (const route of served) {
      const schemas = (route.schema ?? {}) as Record<string, unknown>;
      for (const part of ['body', 'querystring', 'params'] as const) {
        const schema = schemas[part];
        const json = jsonSchema(schema);
        if (!json || !(schema instanceof z.ZodType)) continue;
        const base = sample(json);
        for (const path of stringPaths(base)) {
          const result = schema.safeParse(withInserted(base, path, LONE_SURROGATE));
          const refusedThere = !result.success && result.error.issues.some((i) => i.path.join('.') === path.join('.'));
          if (!refusedThere) unguarded.push(`${methodsOf(route).join(',')} ${route.url} ${part}.${path.join('.')}`);
        }
      }
    }
    expect(unguarded).toEqual([]);
  });

  it("says why: 'This field contains a broken character'", async () => {
    const { client } = clients[0] ?? {};
    if (!client) throw new Error('no client');
    const bank = {
      bankName: `Bank ${LONE_SURROGATE}`,
      accountNumber: '',
      accountName: '',
      routingNumber: '',
      swiftCode: '',
    };
    const crypto = { bitcoin: '', ethereum: '', litecoin: '' };
    const res = await client.request('PUT', '/api/payout-details', { bank, crypto });
    expectEnvelope(res, 400);
    expect(res.json().error.message).toBe(messages.brokenCharacter);
  });
});

describe('a deeply nested JSON body', () => {
  it('gets a 4xx in the error envelope on every route that takes a body, never a 500', async () => {
    const { sent, failures } = await unrefused(walkOrder().flatMap(deepProbes));
    expect(sent).toBeGreaterThan(50);
    expect(failures).toEqual([]);
    for (const { client } of clients) expect((await client.request('GET', '/api/me')).statusCode).toBe(200);
  });

  it('is refused before any route runs, with its own message', async () => {
    const { client } = clients[0] ?? {};
    if (!client) throw new Error('no client');
    for (const url of ['/api/investments/claim', '/api/referrals/redeem', '/api/investments/abcd/end']) {
      const res = await client.request('POST', url, deepArray, {
        'idempotency-key': newKey(),
        'content-type': 'application/json',
      });
      expectEnvelope(res, 400);
      expect(res.json().error.message).toBe(messages.tooDeeplyNested);
    }
  });
});

describe('a route that takes no body', () => {
  it('declares one anyway, so that what a client sends is checked: every method that can carry a body', () => {
    const undeclared = routes
      .filter((r) => methodsOf(r).some((m) => BODY_METHODS.has(m)))
      .filter((r) => {
        const schema = (r.schema ?? {}) as { body?: unknown; consumes?: string[] };
        return schema.body === undefined && !schema.consumes?.includes('multipart/form-data');
      })
      .map((r) => `${methodsOf(r).join(',')} ${r.url}`);
    expect(undeclared).toEqual([]);
  });

  it.each(['/api/investments/claim', '/api/referrals/redeem', '/api/sessions/revoke-others'])(
    "%s refuses a body with fields as 'Unknown field', and takes none or {}",
    async (url) => {
      const { client } = clients[0] ?? {};
      if (!client) throw new Error('no client');
      const res = await client.request('POST', url, { amountCents: 100 }, { 'idempotency-key': newKey() });
      expectEnvelope(res, 400);
      expect(res.json().error.message).toBe(messages.unknownField);
      for (const body of [undefined, {}]) {
        const ok = await client.request('POST', url, body, { 'idempotency-key': newKey() });
        // Nothing to claim or move is this member's answer; what matters is that the body passed.
        expect(ok.json().error?.code).not.toBe('VALIDATION_FAILED');
      }
    },
  );
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
