// Journey: Meridian's API goes away and comes back. A signed-in member is never taken for signed out
// (only a 401 signs out): the app says "Can't reach Meridian — retrying", keeps the member where they
// are, and carries on by itself, without a reload, once the API answers again.
import { expect, type Page, test } from '@playwright/test';
import { summaryFigure } from './support/money';
import { connectionBanner, expectSameDocument, markDocument, toasts } from './support/ui';
import { createActiveUser } from './support/users';

test.describe.configure({ timeout: 120_000 });

/** Every /api request fails as if the server were gone; the page's own files still load. Returns the way back. */
async function apiDown(page: Page): Promise<{ probes: () => number; up: () => Promise<void> }> {
  let probes = 0;
  const handler = (route: Parameters<Parameters<Page['route']>[1]>[0]) => {
    if (new URL(route.request().url()).pathname === '/api/health') probes += 1;
    return route.abort('connectionrefused');
  };
  await page.route('**/api/**', handler);
  return { probes: () => probes, up: () => page.unroute('**/api/**', handler) };
}

test('a member who opens the dashboard while the API is down waits on "Can\'t reach Meridian — retrying", not on /login, and gets the dashboard when it is back', async ({
  page,
}) => {
  const member = await createActiveUser(page);
  const api = await apiDown(page);
  await page.goto('/dashboard');
  await expect(connectionBanner(page)).toHaveText("Can't reach Meridian — retrying");
  await markDocument(page);
  // Asked again and again (1 s, 2 s, 4 s ...): by the third probe the old app had long given up on
  // the session (three retries, 7 s) and sent the member to /login.
  await expect.poll(api.probes, { timeout: 30_000 }).toBeGreaterThanOrEqual(3);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toHaveCount(0);

  await api.up();
  await expect(page.getByRole('heading', { name: `Welcome, ${member.name}` })).toBeVisible({ timeout: 20_000 });
  await expect(summaryFigure(page, 'Total Balance')).toHaveText('$0.00');
  await expect(connectionBanner(page)).toHaveCount(0);
  await expectSameDocument(page);
  await expect(toasts(page, 'Session expired')).toHaveCount(0);
});

test('the API going away under an open page keeps the member there, says so, and the next page loads by itself when it is back', async ({
  page,
}) => {
  await createActiveUser(page);
  await page.goto('/dashboard');
  await expect(summaryFigure(page, 'Total Balance')).toHaveText('$0.00');
  await markDocument(page);

  const api = await apiDown(page);
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Transactions', exact: true }).click();
  await expect(page).toHaveURL(/\/transactions$/);
  await expect(connectionBanner(page)).toHaveText("Can't reach Meridian — retrying");
  await expect.poll(api.probes, { timeout: 30_000 }).toBeGreaterThanOrEqual(3);
  await expect(page).toHaveURL(/\/transactions$/);

  await api.up();
  await expect(page.getByText('No transactions found')).toBeVisible({ timeout: 20_000 });
  await expect(connectionBanner(page)).toHaveCount(0);
  await expectSameDocument(page);
  await expect(toasts(page, 'Session expired')).toHaveCount(0);
});

test('a visitor who reached /login while the API was down is led on to the dashboard once it is back, if signed in', async ({
  page,
}) => {
  await createActiveUser(page);
  const api = await apiDown(page);
  await page.goto('/login');
  await expect(connectionBanner(page)).toHaveText("Can't reach Meridian — retrying");
  await api.up();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
});
