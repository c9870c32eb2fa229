import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiErrorSchema } from '@meridian/shared';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newKey, TestClient } from '../test/client.js';
import { fundedUser } from '../test/money.js';
import { signedInAdmin } from '../test/operator.js';
import { createTestApp, type TestContext } from '../test/test-app.js';
import { API_TAGS } from './openapi-tags.js';

/*
 * The API document (/api/docs/json) as outside clients read it: Redocly's recommended rules pass,
 * every route of the route table is in it, and what it says about access and errors is what the
 * server does — checked by calling every operation, so a new route cannot slip past.
 */

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const REDOCLY = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@redocly/cli/package.json')),
  'bin/cli.js',
);

/** Routes the document leaves out on purpose. */
const UNDOCUMENTED: Record<string, string> = {
  'POST /api/internal/admin': 'the operator command line’s loopback hand-off (decision 002), not an API',
  'GET /api/auth/reset-password/:token':
    'the reset e-mail’s link: Better Auth checks the token and redirects a browser',
  'GET /api/realtime': 'a WebSocket, which OpenAPI 3.0 cannot describe (the document’s description names it)',
};

type Security = Record<string, string[]>[];
interface Operation {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: Security;
  responses: Record<string, unknown>;
}
interface ApiDocument {
  security?: Security;
  tags?: { name: string; description?: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, { type: string; in: string; name: string }> };
}
interface Problem {
  ruleId: string;
  severity: string;
  message: string;
  location: { pointer?: string }[];
}

/** Lints `document` with the repository's redocly.yaml through the CLI people run, as JSON. */
async function redoclyLint(
  document: unknown,
): Promise<{ totals: { errors: number; warnings: number }; problems: Problem[] }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'meridian-openapi-'));
  try {
    const file = path.join(dir, 'openapi.json');
    writeFileSync(file, JSON.stringify(document));
    const args = [
      REDOCLY,
      'lint',
      file,
      '--config',
      path.join(REPO, 'redocly.yaml'),
      '--format=json',
      '--max-problems=1000',
    ];
    const stdout = await new Promise<string>((resolve, reject) => {
      const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };
      // The CLI exits with 1 when it finds errors; its report is on stdout either way.
      execFile(process.execPath, args, { env, maxBuffer: 16 * 1024 * 1024 }, (err, out, errOut) =>
        out ? resolve(out) : reject(err ?? new Error(`redocly printed nothing: ${errOut}`)),
      );
    });
    return JSON.parse(stdout);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const routes: RouteOptions[] = [];
let ctx: TestContext;
let doc: ApiDocument;
beforeAll(async () => {
  ctx = await createTestApp({}, undefined, { onRoute: (r) => routes.push(r) });
  const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  doc = res.json();
});
afterAll(() => ctx.close());

/** Every operation of the document as [`METHOD /path/:param`, operation]. */
function operations(): [string, Operation][] {
  return Object.entries(doc.paths).flatMap(([url, item]) =>
    Object.entries(item).map(([method, op]): [string, Operation] => [
      `${method.toUpperCase()} ${url.replace(/\{(\w+)\}/g, ':$1')}`,
      op,
    ]),
  );
}

/** Anyone may call it: no requirement at all, or an empty one among the alternatives. */
function isPublic(op: Operation): boolean {
  const required = op.security ?? doc.security ?? [];
  return required.length === 0 || required.some((alternative) => Object.keys(alternative).length === 0);
}

describe('the API document', () => {
  it("passes Redocly's recommended rules with no error and no warning", async () => {
    const report = await redoclyLint(doc);
    const found = report.problems.map((p) => `${p.severity} ${p.ruleId} at ${p.location[0]?.pointer}: ${p.message}`);
    expect(found).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  });

  it('documents every /api route of the route table, but for the few left out on purpose', () => {
    const table = [...new Set(routes.flatMap((r) => [r.method].flat().map((m) => `${m} ${r.url}`)))].filter(
      (k) => k.includes(' /api') && !k.startsWith('HEAD ') && !k.includes(' /api/docs'),
    );
    const documented = operations().map(([key]) => key);
    expect(table.filter((k) => !documented.includes(k) && !(k in UNDOCUMENTED))).toEqual([]);
    expect(documented.filter((k) => !table.includes(k))).toEqual([]);
    expect(Object.keys(UNDOCUMENTED).filter((k) => documented.includes(k) || !table.includes(k))).toEqual([]);
  });

  it('gives every operation a unique camelCase operationId, a summary and one declared tag', () => {
    const declared = new Set<string>(API_TAGS.map((t) => t.name));
    const wrong = operations().flatMap(([key, op]) => [
      ...(/^[a-z][a-zA-Z0-9]*$/.test(op.operationId ?? '') ? [] : [`${key}: operationId ${op.operationId}`]),
      ...(op.summary?.trim() ? [] : [`${key}: no summary`]),
      ...(op.tags?.length === 1 && declared.has(op.tags[0] ?? '') ? [] : [`${key}: tags ${op.tags}`]),
    ]);
    expect(wrong).toEqual([]);
    const ids = operations().map(([, op]) => op.operationId);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });

  it('declares every tag once, with a description, and each is used', () => {
    const used = new Set(operations().flatMap(([, op]) => op.tags ?? []));
    expect(doc.tags?.map((t) => t.name)).toEqual(API_TAGS.map((t) => t.name));
    expect(doc.tags?.filter((t) => !t.description || !used.has(t.name))).toEqual([]);
  });

  it('requires the session cookie by default, named as Better Auth sets it', async () => {
    const schemes = Object.entries(doc.components.securitySchemes);
    expect(schemes).toHaveLength(1);
    const [name, scheme] = schemes[0] ?? ['', { type: '', in: '', name: '' }];
    expect(doc.security).toEqual([{ [name]: [] }]);
    expect(scheme).toMatchObject({ type: 'apiKey', in: 'cookie' });
    const client = new TestClient(ctx.app);
    const signUp = await client.request('POST', '/api/auth/sign-up/email', {
      name: 'Cookie Check',
      email: 'cookie-check@example.com',
      phone: '+15550100200',
      country: 'United States',
      password: 'a long password',
    });
    expect(signUp.statusCode).toBe(200);
    const signIn = await client.login('cookie-check@example.com', 'a long password');
    expect(signIn.cookies.map((c) => c.name)).toContain(scheme.name);
  });

  it('documents 401 on every operation that needs a session, and a visitor gets 401 from exactly those', async () => {
    const wrong: string[] = [];
    const visitor = new TestClient(ctx.app);
    for (const [key, op] of operations()) {
      const res = await call(visitor, key);
      if (!isPublic(op) && !op.responses['401']) wrong.push(`${key}: needs a session, documents no 401`);
      if (isPublic(op) === (res.statusCode === 401))
        wrong.push(`${key}: public ${isPublic(op)}, a visitor gets ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  it('documents every 4xx that a visitor, a member (active or not), an admin or another site gets, in the envelope', async () => {
    const inactive = new TestClient(ctx.app);
    await inactive.register();
    const callers: Record<string, TestClient> = {
      visitor: new TestClient(ctx.app),
      inactive,
      member: (await fundedUser(ctx, 10_000)).client,
      admin: (await signedInAdmin(ctx)).client,
    };
    // Signing out runs last, so each caller keeps their session to the end.
    const endsSession = (key: string) => Number(/revoke-others|sign-out/.test(key));
    const ordered = operations().sort(([a], [b]) => endsSession(a) - endsSession(b));
    const wrong: string[] = [];
    const check = (who: string, key: string, op: Operation, res: { statusCode: number; json: () => unknown }) => {
      if (res.statusCode < 400 || res.statusCode >= 500) return;
      if (!op.responses[String(res.statusCode)]) wrong.push(`${who} ${key}: ${res.statusCode} is not documented`);
      if (!apiErrorSchema.safeParse(res.json()).success)
        wrong.push(`${who} ${key}: ${res.statusCode} not in the envelope`);
    };
    for (const [who, client] of Object.entries(callers)) {
      for (const [key, op] of ordered) check(who, key, op, await call(client, key));
    }
    for (const [key, op] of operations().filter(([k]) => !k.startsWith('GET '))) {
      const res = await call(new TestClient(ctx.app), key, { origin: 'https://evil.example' });
      if (res.statusCode !== 403) wrong.push(`another site ${key}: ${res.statusCode}, not 403`);
      check('another site', key, op, res);
    }
    expect(wrong).toEqual([]);
  });
});

/** Calls an operation with an unknown id in its path and, if it takes one, an empty body. */
function call(client: TestClient, key: string, headers: Record<string, string> = {}) {
  const [method, url] = key.split(' ') as ['GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', string];
  const body = method === 'GET' || method === 'DELETE' ? undefined : {};
  return client.request(method, url.replace(/:\w+/g, 'no-such-id'), body, { 'idempotency-key': newKey(), ...headers });
}
