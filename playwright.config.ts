import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { E2E_ADMIN } from './e2e/support/env';

/**
 * End-to-end journeys against the real platform (`node scripts/start.mjs`) driven by Debian's
 * Chromium. Set E2E_BASE_URL to test a server that is already running instead (then also set
 * E2E_DATA_DIR to its DATA_DIR, so journeys can run `npm run admin` against it).
 */
const root = import.meta.dirname;
const external = Boolean(process.env.E2E_BASE_URL);
// By name, not 127.0.0.1: passkeys (WebAuthn) need a domain for their relying party, and browsers refuse
// an IP address; localhost is a secure context over plain http. The server still listens on 127.0.0.1.
const baseURL = process.env.E2E_BASE_URL ?? `http://localhost:${process.env.E2E_PORT ?? '3210'}`;

// The journeys' mailbox (e2e/support/mail-catcher.mjs): SMTP and its HTTP view beside the app's port.
const appPort = Number(new URL(baseURL).port || '3210');
process.env.E2E_SMTP_PORT ??= String(appPort + 1);
process.env.E2E_MAILBOX_URL ??= `http://127.0.0.1:${appPort + 2}`;

/**
 * Journeys that change what every other journey sees run on their own, after all the others (a
 * teardown project runs whether or not those passed): the server's test clock and its accrual move
 * every member's investments, and the transfer fee is every member's fee.
 */
const ALONE = [
  '**/invest-and-claim.spec.ts',
  '**/admin-transfer-fee.spec.ts',
  '**/console-idle.spec.ts',
  '**/step-up.spec.ts',
];

const chromium = {
  ...devices['Desktop Chrome'],
  launchOptions: {
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  },
};

// One fresh data folder per run. Set here, before the web server starts, so the server and the test
// workers (which inherit this process's environment and re-read this file) agree on it.
process.env.E2E_DATA_DIR ??= path.join(root, '.tmp', `e2e-${Date.now()}`);

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  // A file's journeys run in order; two files at a time, CI included: the two cores keep up with two
  // browsers and the server (E2E_WORKERS=1 runs one at a time).
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 60_000,
  expect: { timeout: 10_000 },
  outputDir: '.tmp/playwright-artifacts',
  reporter: [['list'], ['json', { outputFile: process.env.E2E_JSON_REPORT ?? '.tmp/playwright-results.json' }]],
  use: {
    baseURL,
    headless: true,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'chromium', testIgnore: ALONE, use: chromium, teardown: 'alone' },
    { name: 'alone', testMatch: ALONE, use: chromium, workers: 1 },
  ],
  webServer: external
    ? undefined
    : [
        {
          // exec: the mailbox is the runner's own child, so it notices when the runner goes away.
          command: `exec node e2e/support/mail-catcher.mjs ${process.env.E2E_SMTP_PORT} ${new URL(process.env.E2E_MAILBOX_URL).port}`,
          cwd: root,
          url: `${process.env.E2E_MAILBOX_URL}/health`,
          timeout: 30_000,
          reuseExistingServer: false,
        },
        {
          command: 'node scripts/start.mjs',
          cwd: root,
          url: `http://127.0.0.1:${new URL(baseURL).port || '3210'}/api/health`,
          timeout: 180_000,
          reuseExistingServer: false,
          stdout: 'pipe',
          stderr: 'pipe',
          // SIGTERM lets the server finish requests and close PGlite cleanly.
          gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
          env: {
            ...stringEnv(process.env),
            PORT: new URL(baseURL).port || '3210',
            HOST: '127.0.0.1',
            PUBLIC_URL: baseURL,
            DATA_DIR: process.env.E2E_DATA_DIR,
            ADMIN_EMAIL: E2E_ADMIN.email,
            ADMIN_PASSWORD: E2E_ADMIN.password,
            SESSION_SECRET: 'e2e-session-secret-not-for-production-0123456789',
            LOG_LEVEL: 'warn',
            // Every journey logs in from 127.0.0.1; the production limits would throttle the suite.
            LOGIN_LIMIT_PER_IP: '10000',
            LOGIN_LIMIT_PER_EMAIL: '1000',
            SIGNUP_LIMIT_PER_IP: '10000',
            RESET_LIMIT_PER_IP: '10000',
            RESET_LIMIT_PER_EMAIL: '1000',
            // Journeys move time with `npm run admin -- clock advance <days>` and then run `accrue`.
            TEST_CLOCK: 'true',
            ACCRUAL_INTERVAL_MS: '0',
            // E-mail goes to the journeys' mailbox, and quickly.
            SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}`,
            EMAIL_DISPATCH_INTERVAL_MS: '200',
          },
        },
      ],
});

function stringEnv(env: NodeJS.ProcessEnv): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(env)) if (v !== undefined) out[k] = v;
  // The platform under test uses its embedded database in its own fresh data folder.
  delete out.DATABASE_URL;
  return out;
}
