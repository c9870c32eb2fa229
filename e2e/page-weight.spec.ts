// Journey: what a first visit costs. The JavaScript a fresh browser pulls over the wire (compressed
// bodies and their headers, as the server sends them) for /login, /register and a signed-in
// /dashboard stays within issue 11's ceilings (100 KB, 100 KB, 150 KB), so a change that drags a
// library into every page fails here. Decision 016 says how the visitor's pages got under 100 KB.
import { expect, type Page, test } from '@playwright/test';
import { createActiveUser } from './support/users';

const KB = 1024;
const CEILING = { '/login': 100 * KB, '/register': 100 * KB, '/dashboard': 150 * KB } as const;

/** Records the script responses of our own origin from now on; `bytes()` sums what came over the wire. */
function scriptsOnTheWire(page: Page) {
  const ours = new URL(test.info().project.use.baseURL ?? 'http://invalid').origin;
  const sizes: Promise<{ url: string; bytes: number }>[] = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'script' || new URL(request.url()).origin !== ours) return;
    sizes.push(
      request.sizes().then((s) => ({ url: request.url(), bytes: s.responseBodySize + s.responseHeadersSize })),
    );
  });
  return async () => {
    const all = await Promise.all(sizes);
    return { bytes: all.reduce((sum, s) => sum + s.bytes, 0), files: all.map((s) => new URL(s.url).pathname) };
  };
}

async function firstVisit(page: Page, path: keyof typeof CEILING, ready: () => Promise<void>) {
  const measure = scriptsOnTheWire(page);
  await page.goto(path);
  await ready();
  await page.waitForLoadState('networkidle');
  const { bytes, files } = await measure();
  expect(files.length, `${path} pulled no script: the measure is broken`).toBeGreaterThan(0);
  expect(
    bytes,
    `${path} pulled ${(bytes / KB).toFixed(1)} KB of JavaScript, over its ${CEILING[path] / KB} KB:\n${files.join('\n')}`,
  ).toBeLessThanOrEqual(CEILING[path]);
}

test('a first visit to /login pulls at most its ceiling of JavaScript', async ({ page }) => {
  await firstVisit(page, '/login', () =>
    expect(page.getByRole('button', { name: 'Log in', exact: true })).toBeVisible(),
  );
});

test('a first visit to /register pulls at most its ceiling of JavaScript', async ({ page }) => {
  await firstVisit(page, '/register', () =>
    expect(page.getByRole('button', { name: 'Register', exact: true })).toBeVisible(),
  );
});

test('a signed-in first visit to /dashboard pulls at most 150 KB of JavaScript', async ({ page }) => {
  const user = await createActiveUser(page);
  await firstVisit(page, '/dashboard', () =>
    expect(page.getByRole('heading', { name: `Welcome, ${user.name}` })).toBeVisible(),
  );
});
