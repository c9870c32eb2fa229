// Facts the Playwright config and the journeys share. No DOM or Playwright imports here: the root
// tsconfig (which checks playwright.config.ts) pulls this file in too.

/** The operator account the e2e server seeds at start. */
export const E2E_ADMIN = { email: 'admin@meridian.test', password: 'e2e Operator pass 2024!' } as const;

/** The e2e server's DATA_DIR, set by playwright.config.ts before the server starts. */
export function e2eDataDir(): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir)
    throw new Error('E2E_DATA_DIR is not set: run the journeys through `playwright test` (playwright.config.ts)');
  return dir;
}
