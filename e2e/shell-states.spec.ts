// Journeys: what the app shell shows when things go wrong or change behind the user's back — a
// wallet that fails to load, a session that ends elsewhere, activation and deactivation by the
// operator — and what the dashboard's Active Investments card counts.
import { deactivatedNotice, inactiveNotice } from '@meridian/shared';
import { expect, type Page, type PlaywrightWorkerArgs, test } from '@playwright/test';
import { countOpenedSockets, createFundedUser, investViaApi, summaryFigure, waitForRealtime } from './support/money';
import { expectToast, logIn, toasts } from './support/ui';
import { appOrigin, createActiveUser, makeUser, registerViaApi, runAdmin } from './support/users';

test.describe.configure({ timeout: 120_000 });

/** Another device signs this session out: the browser keeps its cookie, the server no longer knows it. */
async function signOutElsewhere(page: Page, playwright: PlaywrightWorkerArgs['playwright']): Promise<void> {
  const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
  const elsewhere = await playwright.request.newContext({
    baseURL: appOrigin(),
    extraHTTPHeaders: { cookie, origin: appOrigin() },
  });
  try {
    const res = await elsewhere.post('/api/auth/sign-out', { data: {} });
    expect(res.ok(), await res.text()).toBe(true);
  } finally {
    await elsewhere.dispose();
  }
}

/** Follows a side-menu link, as a user would (no reload: the app keeps its cache). */
async function viaMenu(page: Page, link: string): Promise<void> {
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await menu.getByRole('link', { name: link, exact: true }).click();
  await expect(menu).toBeHidden();
}

test('a wallet that fails to load shows an error with Retry and no $0.00 anywhere', async ({ page }) => {
  await createFundedUser(page, 12_345);
  let failing = true;
  await page.route('**/api/wallet', (route) =>
    failing
      ? route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ error: { code: 'INTERNAL', message: 'An unknown error occurred' } }),
        })
      : route.continue(),
  );

  await page.goto('/dashboard');
  const summary = page.getByRole('region', { name: 'Account Summary' });
  // The query retries a 5xx three times (with backoff) before it gives up.
  await expect(summary.getByRole('alert')).toContainText('Failed to fetch user data', { timeout: 40_000 });
  await expect(summary.getByText('Unavailable', { exact: true })).toHaveCount(6);
  await expect(summary).not.toContainText('$0.00');

  // The side menu shows no balance at all.
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu.getByTestId('menu-balance-unavailable')).toHaveText('Unavailable');
  await expect(menu.getByTestId('menu-balance')).toHaveCount(0);
  await expect(menu).not.toContainText('$0.00');
  await menu.getByRole('button', { name: 'Close menu' }).click();

  // Every other page that reads the wallet says the same, never zero.
  await viaMenu(page, 'Investment Plans');
  await expect(page.getByText('Account balance', { exact: true })).toBeVisible();
  await expect(page.getByTestId('plans-balance')).toHaveText('Unavailable');
  await viaMenu(page, 'Transfer Funds');
  await expect(page.getByTestId('transfer-balance')).toHaveText('Unavailable');
  await viaMenu(page, 'My Investments');
  await expect(page.locator('dt:text-is("Profit to claim") + dd')).toHaveText('Unavailable');

  // Once the wallet answers again, Retry brings the figures back.
  await viaMenu(page, 'Dashboard');
  await expect(summary.getByRole('alert')).toBeVisible();
  // Coming back refetches on its own (spinner on Retry) until that attempt too has given up.
  const retry = summary.getByRole('button', { name: 'Retry', exact: true });
  await expect(retry).toBeEnabled({ timeout: 40_000 });
  await expect(summary.getByText('Unavailable', { exact: true })).toHaveCount(6);
  failing = false;
  await retry.click();
  await expect(summaryFigure(page, 'Total Balance')).toHaveText('$123.45');
  await expect(summary.getByRole('alert')).toHaveCount(0);
  await expect(summary.getByText('Unavailable', { exact: true })).toHaveCount(0);
});

test('a session ended elsewhere sends the user to /login with "Session expired"', async ({ page, playwright }) => {
  // The live channel is stubbed (never closed by the server), so only the next request can tell.
  await page.routeWebSocket('**/api/realtime', () => {});
  await createActiveUser(page);
  await page.goto('/dashboard');
  await expect(summaryFigure(page, 'Total Balance')).toHaveText('$0.00');

  await signOutElsewhere(page, playwright);

  // The next request the app makes answers 401.
  await viaMenu(page, 'Transactions');
  await expect(page).toHaveURL(/\/login$/);
  await expectToast(page, 'Session expired');
});

test('a session ended elsewhere while the user only watches the dashboard ends on /login with "Session expired"', async ({
  page,
  playwright,
}) => {
  await createActiveUser(page);
  await countOpenedSockets(page);
  await page.goto('/dashboard');
  await expect(summaryFigure(page, 'Total Balance')).toHaveText('$0.00');
  await waitForRealtime(page);

  await signOutElsewhere(page, playwright);

  // No click: the live channel is closed by the server within a heartbeat (20 s), the app asks
  // for the user again, and the answer (no session) sends them to /login with a word.
  await expect(page).toHaveURL(/\/login$/, { timeout: 45_000 });
  await expectToast(page, 'Session expired');
});

test('a save refused for an ended session ends on /login with "Session expired"', async ({ page, playwright }) => {
  // The live channel is stubbed (never closed by the server), so only the refused save can tell.
  await page.routeWebSocket('**/api/realtime', () => {});
  await createActiveUser(page);
  await page.goto('/profile');
  const name = page.getByLabel('Full Name', { exact: true });
  await expect(name).not.toHaveValue('');
  await signOutElsewhere(page, playwright);

  await name.fill('Renamed After Expiry');
  await page.getByRole('button', { name: 'Save Changes', exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expectToast(page, 'Session expired');
});

test('a logged-out visit and a Logout never say "Session expired"', async ({ page }) => {
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  await expect(toasts(page, 'Session expired')).toHaveCount(0);

  await createActiveUser(page);
  await page.goto('/dashboard');
  await expect(summaryFigure(page, 'Total Balance')).toHaveText('$0.00');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expectToast(page, 'Logout successful');
  await expect(page).toHaveURL(/\/login$/);
  await expect(toasts(page, 'Session expired')).toHaveCount(0);
});

test('activation and deactivation reach the waiting user without a reload', async ({ page }) => {
  const user = makeUser();
  await registerViaApi(page, user);
  await countOpenedSockets(page);
  await page.goto('/dashboard');
  const notice = page.getByRole('heading', { name: 'Account is not active' });
  await expect(notice).toBeVisible();
  // A reload would wipe this marker: it proves each change arrives in place.
  await page.evaluate(() => {
    (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
  });

  await runAdmin(['activate', user.email]);
  await expect(page.getByRole('heading', { name: `Welcome, ${user.name}` })).toBeVisible({ timeout: 10_000 });
  await expect(notice).toHaveCount(0);

  // The operator deactivates the account while the dashboard is open: every session ends, so the
  // open page goes to /login in place; signing in again shows the account as not active.
  await waitForRealtime(page);
  await runAdmin(['deactivate', user.email]);
  await expect(page).toHaveURL(/\/login$/, { timeout: 10_000 });
  await expectToast(page, 'Session expired');
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  await logIn(page, user.email, user.password);
  await expect(page.getByRole('heading', { name: deactivatedNotice.title })).toBeVisible();
});

test('a deactivated member is told an operator deactivated the account and how to reach support, not that new accounts wait 24 hours', async ({
  page,
}) => {
  const user = makeUser();
  await registerViaApi(page, user);
  // A new account: the specification's notice.
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: inactiveNotice.title })).toBeVisible();
  await expect(page.getByText(inactiveNotice.body)).toBeVisible();

  await runAdmin(['activate', user.email]);
  await runAdmin(['deactivate', user.email]);
  // Deactivation ended the session: the member signs in again.
  await logIn(page, user.email, user.password);
  const notice = page.getByRole('alert').filter({ has: page.getByRole('heading', { name: deactivatedNotice.title }) });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText(deactivatedNotice.body);
  await expect(page.getByText(/24 hours/)).toHaveCount(0);
  await expect(page.getByRole('heading', { name: inactiveNotice.title })).toHaveCount(0);
  await expect(page).toHaveTitle(new RegExp(deactivatedNotice.title));
  // Both ways to support, from the operator's settings (the public config).
  const config = (await (await page.request.get('/api/public-config')).json()) as {
    supportEmail: string;
    supportChatUrl: string;
  };
  await expect(notice.getByRole('link', { name: deactivatedNotice.email })).toHaveAttribute(
    'href',
    `mailto:${config.supportEmail}`,
  );
  await expect(notice.getByRole('link', { name: deactivatedNotice.chat })).toHaveAttribute(
    'href',
    config.supportChatUrl,
  );
});

/** Ends the investment in `planName` through the API from `page`'s signed-in context. */
async function endViaApi(page: Page, planName: string): Promise<void> {
  const list = (await (await page.request.get('/api/investments')).json()) as {
    id: string;
    planName: string;
    status: string;
  }[];
  const investment = list.find((item) => item.planName === planName && item.status === 'active');
  if (!investment) throw new Error(`no active investment in ${planName}`);
  const res = await page.request.post(`/api/investments/${investment.id}/end`, {
    headers: { origin: appOrigin(), 'idempotency-key': `e2e-end-${investment.id}` },
  });
  if (!res.ok()) throw new Error(`ending failed: ${res.status()} ${await res.text()}`);
}

test('Active Investments on the dashboard lists and counts only active plans', async ({ page }) => {
  // Each plan's minimum: Starter $100, Silver $1,000, Gold $5,000, Platinum $10,000.
  await createFundedUser(page, 1_610_000);
  for (const [plan, cents] of [
    ['Starter', 10_000],
    ['Silver', 100_000],
    ['Gold', 500_000],
    ['Platinum', 1_000_000],
  ] as const) {
    await investViaApi(page, plan, cents);
  }
  const card = page.getByRole('list', { name: 'Active investments' });

  await page.goto('/dashboard');
  await expect(card.getByRole('listitem')).toHaveCount(3);
  await expect(page.getByRole('link', { name: 'View all (4)' })).toBeVisible();

  // One ended: three remain, all shown, so there is nothing more to view.
  await endViaApi(page, 'Platinum');
  await page.reload();
  await expect(card.getByRole('listitem')).toHaveCount(3);
  await expect(card).not.toContainText('Platinum');
  await expect(card).not.toContainText('Ended');
  await expect(page.getByRole('link', { name: /View all/ })).toHaveCount(0);

  // All ended: the card invites a new subscription instead of listing ended plans.
  for (const plan of ['Starter', 'Silver', 'Gold']) await endViaApi(page, plan);
  await page.reload();
  await expect(page.getByRole('link', { name: 'Subscribe Now' })).toBeVisible();
  await expect(card).toHaveCount(0);
});
