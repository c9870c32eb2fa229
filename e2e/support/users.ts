import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, type Browser, type Page, test } from '@playwright/test';
import { e2eDataDir } from './env';
import { verificationToken, WELCOME_SUBJECT, waitForMail } from './mailbox';

export interface TestUser {
  name: string;
  email: string;
  phone: string;
  country: string;
  password: string;
}

let counter = 0;

/** A new, valid registration with an e-mail no other call (in any worker or run) returns. */
export function makeUser(overrides: Partial<TestUser> = {}): TestUser {
  counter += 1;
  const tag = `${Date.now().toString(36)}${process.pid.toString(36)}${counter}${Math.random().toString(36).slice(2, 6)}`;
  return {
    name: `E2E User ${tag}`,
    email: `e2e-${tag}@meridian.test`,
    phone: '+15550100200',
    country: 'Canada',
    password: `pw-${tag}-Secure!`,
    ...overrides,
  };
}

/**
 * Runs an operator command (`npm run admin -- <args>`) on the e2e server, as the CLI does while a
 * server holds the data folder: a POST to its loopback-only internal endpoint with the token the
 * server wrote into DATA_DIR/server.json. Spawning the CLI (a tsx process loading the whole server)
 * cost ~3 s per call; the CLI's own hand-over is tested in apps/server (main.test.ts, admin.test.ts).
 * Returns the command's output as the CLI prints it; throws with the server's message on failure.
 */
export async function runAdmin(args: string[], timeoutMs = 60_000): Promise<string> {
  const { port, token } = JSON.parse(readFileSync(path.join(e2eDataDir(), 'server.json'), 'utf8')) as {
    port: number;
    token: string;
  };
  const res = await fetch(`http://127.0.0.1:${port}/api/internal/admin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-admin-token': token },
    body: JSON.stringify({ args }),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const body = (await res.json()) as { output?: string; error?: { message: string } };
  if (!res.ok) throw new Error(`npm run admin -- ${args.join(' ')} failed (${res.status}): ${body.error?.message}`);
  return `${body.output ?? ''}\n`;
}

/** The app's origin, which the server requires on every state-changing request from a browser. */
export function appOrigin(): string {
  const baseURL = test.info().project.use.baseURL;
  if (!baseURL) throw new Error('baseURL is not configured');
  return new URL(baseURL).origin;
}

/**
 * Registers `user` through the API from the page's browser context and opens the verification link
 * of the welcome e-mail there, as the member would: the address is verified and the session cookie
 * lands in that context (the page is then signed in as the user). A sign-up alone signs no one in.
 */
export async function registerViaApi(page: Page, user: TestUser): Promise<void> {
  await signUpViaApi(page.request, user);
  await openVerificationLink(page.request, user.email);
}

/** The sign-up alone: the account exists, unverified, and the context is not signed in. */
export async function signUpViaApi(request: APIRequestContext, user: TestUser & { referrerId?: string }) {
  const { name, email, phone, country, password, referrerId } = user;
  const res = await request.post(`${appOrigin()}/api/auth/sign-up/email`, {
    data: { name, email, phone, country, password, ...(referrerId ? { referrerId } : {}) },
    headers: { origin: appOrigin() },
  });
  if (!res.ok()) throw new Error(`registering ${user.email} failed: ${res.status()} ${await res.text()}`);
}

/** Opens the newest verification link e-mailed to `email` through the API: verified and signed in. */
export async function openVerificationLink(request: APIRequestContext, email: string): Promise<void> {
  const token = verificationToken(await waitForMail(email, WELCOME_SUBJECT));
  const res = await request.get(`${appOrigin()}/api/auth/verify-email?token=${encodeURIComponent(token)}`);
  if (!res.ok()) throw new Error(`verifying ${email} failed: ${res.status()} ${await res.text()}`);
}

/**
 * Signs `page`'s context in through the API (the session cookie lands in the context): for journeys
 * about what a signed-in device sees, not about the /login form (logIn in ui.ts).
 */
export async function signInViaApi(page: Page, email: string, password: string): Promise<void> {
  const res = await page.request.post('/api/auth/sign-in/email', {
    data: { email, password },
    headers: { origin: appOrigin() },
  });
  if (!res.ok()) throw new Error(`signing in as ${email} failed: ${res.status()} ${await res.text()}`);
}

/** A new user, registered and signed in within `page`'s context, and activated by the operator. */
export async function createActiveUser(page: Page, overrides: Partial<TestUser> = {}): Promise<TestUser> {
  const user = makeUser(overrides);
  await registerViaApi(page, user);
  await runAdmin(['activate', user.email]);
  return user;
}

/**
 * An active user registered in a browser context of their own (closed again), so `page`'s session
 * stays as it was: the other party of a transfer, say.
 */
export async function createActiveUserElsewhere(
  browser: Browser,
  overrides: Partial<TestUser> = {},
): Promise<TestUser> {
  const context = await browser.newContext();
  try {
    return await createActiveUser(await context.newPage(), overrides);
  } finally {
    await context.close();
  }
}
