import { sql } from 'drizzle-orm';
import type { App } from '../app.js';
import { TEST_ORIGIN } from './test-app.js';

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

let counter = 0;
/** A unique, valid registration body. */
export function newUser(overrides: Record<string, unknown> = {}) {
  counter += 1;
  const tag = `${Date.now().toString(36)}${counter}`;
  return {
    name: `Test User ${tag}`,
    email: `user-${tag}@example.com`,
    phone: '+15550100200',
    country: 'United States',
    password: 'a long password',
    ...overrides,
  };
}

/** A browser-like client: keeps the session cookie and sends the trusted Origin. */
export class TestClient {
  private cookies = new Map<string, string>();

  constructor(private readonly app: App) {}

  /** `headers` override the defaults; a header given as undefined is not sent at all. */
  async request(method: Method, url: string, body?: unknown, headers: Record<string, string | undefined> = {}) {
    const all: Record<string, string | undefined> = {
      origin: TEST_ORIGIN,
      ...(this.cookies.size ? { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {}),
      ...headers,
    };
    const res = await this.app.inject({
      method,
      url,
      headers: Object.fromEntries(Object.entries(all).filter((e): e is [string, string] => e[1] !== undefined)),
      ...(body === undefined ? {} : { payload: body as object }),
    });
    for (const c of res.cookies) {
      if (c.value === '' || (c.maxAge !== undefined && c.maxAge <= 0)) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    return res;
  }

  /** The Cookie header this client sends (for a WebSocket opened beside it). */
  cookieHeader(): string | undefined {
    return this.cookies.size ? [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') : undefined;
  }

  /**
   * Signs a new member up, verifies the address and signs in: a sign-up no longer signs in, and an
   * unverified account can be neither activated nor mailed. The address is marked verified directly,
   * as setup; the link itself is tested in modules/auth/email-verification.test.ts.
   */
  async register(overrides: Record<string, unknown> = {}) {
    const body = await this.signUpOnly(overrides);
    await markEmailVerified(this.app, body.email);
    const signIn = await this.login(body.email.trim().toLowerCase(), body.password);
    if (signIn.statusCode !== 200) throw new Error(`sign-in after sign-up failed: ${signIn.statusCode} ${signIn.body}`);
    return body;
  }

  /** The sign-up alone: the account exists, unverified, and this client is not signed in. */
  async signUpOnly(overrides: Record<string, unknown> = {}) {
    const body = newUser(overrides);
    const res = await this.request('POST', '/api/auth/sign-up/email', body);
    if (res.statusCode !== 200) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
    return body;
  }

  login(email: string, password: string) {
    return this.request('POST', '/api/auth/sign-in/email', { email, password });
  }
}

/** Marks an address verified, as opening its link would (setup for tests that are not about the link). */
export async function markEmailVerified(app: App, email: string): Promise<void> {
  await app.deps.db.execute(
    sql`UPDATE users SET email_verified = true WHERE lower(email) = ${email.trim().toLowerCase()}`,
  );
}

/** A fresh Idempotency-Key, as the web app makes one per submission. */
export function newKey(): string {
  return `test-${crypto.randomUUID()}`;
}
