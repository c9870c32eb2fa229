import { defineConfig } from 'vitest/config';

/**
 * Unit and API tests: packages/* and apps/server, in Node. The web app and the Playwright journeys
 * (e2e/) have their own runners. TEST_DATABASE_URL, when set, is inherited by the workers and makes
 * the server's tests use PostgreSQL instead of an in-memory PGlite per file (apps/server/src/test).
 */
export default defineConfig({
  test: {
    include: ['packages/**/*.test.ts', 'apps/server/**/*.test.ts'],
    exclude: ['**/node_modules/**', '**/dist/**', 'apps/web/**', 'e2e/**'],
    environment: 'node',
    globalSetup: ['./scripts/vitest-global-setup.ts'],
    setupFiles: ['./scripts/vitest-setup.ts'],
    // Two cores: one fork per core. Forks (not threads) so PGlite's WebAssembly memory and any
    // native pg sockets are fully released when a file's worker exits.
    pool: 'forks',
    maxWorkers: 2,
    // A PGlite instance plus migrations takes a few seconds to boot on a slow machine.
    testTimeout: 90_000,
    hookTimeout: 240_000,
    // `.only` left in a committed test must not silently shrink CI.
    allowOnly: !process.env.CI,
  },
});
