// Journey: a signed-in member who opens a public page (landing, terms, privacy, an unknown address)
// gets a way back to the dashboard instead of 'Log in / Register'; a visitor gets the entry points,
// and the check for a session costs the visitor no failed request.
import { expect, type Page, test } from '@playwright/test';
import { createActiveUser } from './support/users';

const PUBLIC_PATHS = ['/', '/terms', '/privacy', '/no-such-page'] as const;

/** Records every answer of our own server with a 4xx/5xx status, from now on. */
function failedResponses(page: Page): string[] {
  const baseURL = test.info().project.use.baseURL;
  if (!baseURL) throw new Error('baseURL is not configured');
  const ours = new URL(baseURL).origin;
  const failed: string[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.origin === ours && response.status() >= 400) {
      failed.push(`${response.status()} ${url.pathname}`);
    }
  });
  return failed;
}

test('a signed-in member sees "Go to Dashboard" on every public page', async ({ page }) => {
  await createActiveUser(page);
  for (const path of PUBLIC_PATHS) {
    await page.goto(path);
    const back = page.getByRole('link', { name: 'Go to Dashboard' }).first();
    await expect(back, path).toBeVisible();
    await expect(page.getByRole('link', { name: 'Log in', exact: true }), path).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Register', exact: true }), path).toHaveCount(0);
  }
  await page.getByRole('link', { name: 'Go to Dashboard' }).first().click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: /^Welcome, / })).toBeVisible();
});

test('a visitor sees Log in and Register, and the session check fails no request', async ({ page }) => {
  const failed = failedResponses(page);
  for (const path of ['/', '/terms', '/privacy'] as const) {
    await page.goto(path);
    await expect(page.getByRole('link', { name: 'Log in', exact: true }), path).toBeVisible();
    await expect(page.getByRole('link', { name: 'Register', exact: true }), path).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to Dashboard' }), path).toHaveCount(0);
  }
  for (const path of ['/login', '/register', '/forgot-password'] as const) {
    await page.goto(path);
    await expect(page.getByRole('main'), path).toBeVisible();
  }
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go home' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to Dashboard' })).toHaveCount(0);
  expect(failed).toEqual([]);
});
