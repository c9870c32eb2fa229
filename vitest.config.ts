import { defineConfig } from 'vitest/config';

/**
 * Unit and API tests, in Node, as two projects (the Playwright journeys in e2e/ have their own runner):
 *
 *   server  packages/* and apps/server. TEST_DATABASE_URL, when set, is inherited by the workers and
 *           makes the server's tests use PostgreSQL instead of an in-memory PGlite per file
 *           (apps/server/src/test).
 *   web     the web app's pure logic (apps/web/vitest.config.ts): no database, no browser.
 *
 * `npm test` runs both on PGlite and the server project again on PostgreSQL (scripts/test-all.mjs).
 */
export default defineConfig({
  test: {
    // Two cores: one worker per core.
    maxWorkers: 2,
    // `.only` left in a committed test must not silently shrink CI.
    allowOnly: !process.env.CI,
    projects: [
      {
        test: {
          name: 'server',
          include: ['packages/**/*.test.ts', 'apps/server/**/*.test.ts'],
          exclude: ['**/node_modules/**', '**/dist/**'],
          environment: 'node',
          globalSetup: ['./scripts/vitest-global-setup.ts'],
          setupFiles: ['./scripts/vitest-setup.ts'],
          // Forks (not threads) so PGlite's WebAssembly memory and any native pg sockets are fully
          // released when a file's worker exits.
          pool: 'forks',
          // A PGlite instance plus migrations takes a few seconds to boot on a slow machine.
          testTimeout: 90_000,
          hookTimeout: 240_000,
        },
      },
      './apps/web/vitest.config.ts',
    ],
  },
});
