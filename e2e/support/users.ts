import { execFile } from 'node:child_process';
import path from 'node:path';
import { type Browser, type Page, test } from '@playwright/test';
import { e2eDataDir } from './env';

export interface TestUser {
  name: string;
  email: string;
  phone: string;
  country: string;
  password: string;
}

const root = path.resolve(import.meta.dirname, '..', '..');
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
 * Runs the operator CLI (`npm run admin -- <args>`) against the e2e server's data folder; while the
 * server runs, the CLI hands the command to it. Returns stdout; throws with stderr on failure.
 */
export function runAdmin(args: string[], timeoutMs = 60_000): Promise<string> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: e2eDataDir() };
  delete env.DATABASE_URL;
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'apps/server/src/cli/admin.ts', ...args],
      { cwd: root, env, timeout: timeoutMs, encoding: 'utf8' },
      (error, stdout, stderr) => {
        if (error) {
          reject(
            new Error(`npm run admin -- ${args.join(' ')} failed (${error.code ?? error.signal}):\n${stderr}${stdout}`),
          );
        } else {
          resolve(stdout);
        }
      },
    );
  });
}

/** The app's origin, which the server requires on every state-changing request from a browser. */
export function appOrigin(): string {
  const baseURL = test.info().project.use.baseURL;
  if (!baseURL) throw new Error('baseURL is not configured');
  return new URL(baseURL).origin;
}

/**
 * Registers `user` through the API from the page's browser context, so the session cookie lands in
 * that context (the page is then signed in as the user).
 */
export async function registerViaApi(page: Page, user: TestUser): Promise<void> {
  const res = await page.request.post('/api/auth/sign-up/email', {
    data: { name: user.name, email: user.email, phone: user.phone, country: user.country, password: user.password },
    headers: { origin: appOrigin() },
  });
  if (!res.ok()) throw new Error(`registering ${user.email} failed: ${res.status()} ${await res.text()}`);
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
