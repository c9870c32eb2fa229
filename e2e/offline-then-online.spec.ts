// Journey: a moment offline. Every piece of the app fetched on demand — the toasts, the menus and
// dialogs, the pages of the member app and of the console — is fetched again once the network is back
// (a failed fetch used to stay failed until a reload); while offline, a toast that cannot appear is
// shown by the page's own notice, and the shell says "Can't reach Meridian — retrying".
import { expect, type Page, test } from '@playwright/test';
import { signInAsAdmin } from './support/admin';
import { createFundedUser } from './support/money';
import { connectionBanner, expectSameDocument, expectToast, fallbackToast, markDocument } from './support/ui';
import { createActiveUser } from './support/users';

test.describe.configure({ timeout: 120_000 });

/** The browser goes offline (navigator.onLine false, every request fails), and the shell says so. */
async function goOffline(page: Page): Promise<void> {
  await page.context().setOffline(true);
  await expect(connectionBanner(page)).toHaveText("Can't reach Meridian — retrying");
}

/** The network is back: Meridian answers the shell's probe, and the notice goes. */
async function goOnline(page: Page): Promise<void> {
  await page.context().setOffline(false);
  await expect(connectionBanner(page)).toHaveCount(0);
}

test('/plans: Invest Now offline says "Failed to invest" in place of the toast; back online, toasts work and the investment goes through', async ({
  page,
}) => {
  await createFundedUser(page, 100_000);
  await page.goto('/plans');
  await expect(page.getByTestId('plans-balance')).toHaveText('$1,000.00');
  await page.getByRole('radio', { name: 'Starter', exact: true }).check();
  await page.getByRole('button', { name: '$500.00', exact: true }).click();
  const investNow = page.getByRole('button', { name: 'Invest Now', exact: true });

  await goOffline(page);
  await investNow.click();
  // The toast library was never fetched on this page: the page's own notice says it.
  await expect(fallbackToast(page, 'Failed to invest')).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Failed to invest' })).toBeVisible();
  await expect(page).toHaveURL(/\/plans$/);

  await goOnline(page);
  // Still no money moved while offline (no request was held and sent later).
  await expect(page.getByTestId('plans-balance')).toHaveText('$1,000.00');
  await investNow.click();
  await expectToast(page, 'Investment successful');
  await expect(page).toHaveURL(/\/investments$/);
  // And the next toast too (the library stays).
  await page.goto('/plans');
  await page.getByRole('button', { name: 'Invest Now', exact: true }).click();
  await expectToast(page, 'Please select a plan');
});

test('a toast raised offline after one was shown online is a real toast (the library, once here, stays)', async ({
  page,
}) => {
  await createActiveUser(page);
  await page.goto('/plans');
  const investNow = page.getByRole('button', { name: 'Invest Now', exact: true });
  await investNow.click();
  await expectToast(page, 'Please select a plan');
  await goOffline(page);
  await page.getByRole('radio', { name: 'Starter', exact: true }).check();
  await page.getByRole('button', { name: '$100.00', exact: true }).click();
  await investNow.click();
  await expectToast(page, 'Failed to invest');
  await expect(page.locator('[data-fallback-toast]')).toHaveCount(0);
});

test('the side menu, the account menu and the country modal pressed offline open at the next press once back online', async ({
  page,
}) => {
  await createActiveUser(page);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  await goOffline(page);
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('menu')).toHaveCount(0);
  await goOnline(page);
  // Not opened by surprise when the network came back.
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('menu')).toHaveCount(0);

  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Deposit' })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'Logout' })).toBeVisible();
  await page.keyboard.press('Escape');

  // A visitor's country modal (with its list of countries), on /register.
  await page.context().clearCookies();
  await page.goto('/register');
  const country = page.getByLabel('Country', { exact: true });
  await expect(country).toBeVisible();
  await goOffline(page);
  await country.click();
  await expect(page.getByRole('dialog', { name: 'Select your country' })).toHaveCount(0);
  await goOnline(page);
  await country.click();
  const dialog = page.getByRole('dialog', { name: 'Select your country' });
  await expect(dialog.getByRole('option')).toHaveCount(5);
});

test('a member page reached offline opens by itself once back online', async ({ page }) => {
  await createActiveUser(page);
  await page.goto('/dashboard');
  // The side menu's code is here; the Transactions page's is not.
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu.getByRole('link', { name: 'Transactions' })).toBeVisible();

  await markDocument(page);
  await goOffline(page);
  await menu.getByRole('link', { name: 'Transactions' }).click();
  await expect(page.getByText('Something went wrong')).toHaveCount(0);
  await goOnline(page);
  await expect(page).toHaveURL(/\/transactions$/);
  await expect(page.getByRole('heading', { name: 'Transactions', level: 1 })).toBeVisible();
  await expect(page.getByText('No transactions found')).toBeVisible();
  // In place: not by reloading the page (into the browser's offline page first).
  await expectSameDocument(page);
});

test('a console section reached offline says it could not be loaded, and opens by itself once back online', async ({
  page,
}) => {
  await signInAsAdmin(page);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Console sections' });

  await goOffline(page);
  await nav.getByRole('link', { name: 'Audit log' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'This page could not be loaded.' })).toBeVisible();
  await goOnline(page);
  await expect(page.getByRole('heading', { name: 'Audit log', level: 1 })).toBeVisible();
  await expect(page.getByText('This page could not be loaded.')).toHaveCount(0);
});
