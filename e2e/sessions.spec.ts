// Journey: one person signed in on several devices (browser contexts; the other devices sign in
// through the API, the /login form has journeys of its own). Password & Security lists
// the sessions; signing one out, signing out everywhere else, and changing the password each end
// the other devices' sessions, and only theirs.
import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { countOpenedSockets, fund, waitForRealtime } from './support/money';
import { dismissToast, expectToast } from './support/ui';
import { createActiveUser, signInViaApi } from './support/users';

test.describe.configure({ timeout: 180_000 });

async function newDevice(browser: Browser, contexts: BrowserContext[]): Promise<Page> {
  const context = await browser.newContext();
  contexts.push(context);
  return context.newPage();
}

const sessionList = (page: Page) => page.getByRole('list', { name: 'Active sessions' });
const sessionRows = (page: Page) => sessionList(page).getByRole('listitem');

/** The device's next navigation finds its session gone and lands on the login page. */
async function expectSignedOut(page: Page): Promise<void> {
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
}

test('sessions are listed, and ended by Sign out, Sign out everywhere else and a password change', async ({
  browser,
}) => {
  const contexts: BrowserContext[] = [];
  try {
    const laptop = await newDevice(browser, contexts);
    await countOpenedSockets(laptop);
    const frames: string[] = [];
    laptop.on('websocket', (socket) => {
      socket.on('framereceived', (frame) => {
        if (typeof frame.payload === 'string') frames.push(frame.payload);
      });
    });
    const user = await createActiveUser(laptop);
    const phone = await newDevice(browser, contexts);
    await signInViaApi(phone, user.email, user.password);

    // The laptop lists both sessions: itself marked, the phone with a Sign out button.
    await laptop.goto('/profile?tab=security');
    await expect(sessionRows(laptop)).toHaveCount(2);
    const current = sessionRows(laptop).filter({ hasText: 'This device' });
    await expect(current).toHaveCount(1);
    await expect(current).toContainText('IP 127.0.0.1');
    await expect(current.getByRole('button', { name: 'Sign out' })).toHaveCount(0);
    const other = sessionRows(laptop).filter({ hasNotText: 'This device' });
    await expect(other).toContainText('Last seen');

    // Sign out the phone, through the confirmation.
    await other.getByRole('button', { name: 'Sign out', exact: true }).click();
    const dialog = laptop.getByRole('dialog', { name: 'Sign out this session?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Sign out', exact: true }).click();
    await expectToast(laptop, 'Session signed out');
    await expect(dialog).toBeHidden();
    await expect(sessionRows(laptop)).toHaveCount(1);
    await expect(laptop.getByText('No other devices are signed in.')).toBeVisible();
    await expectSignedOut(phone);

    // A tablet signs in; changing the password on the laptop signs it out.
    const tablet = await newDevice(browser, contexts);
    await signInViaApi(tablet, user.email, user.password);
    await laptop.reload();
    await expect(sessionRows(laptop)).toHaveCount(2);
    await waitForRealtime(laptop);
    const newPassword = `${user.password}-changed`;
    await laptop.getByLabel('Current Password', { exact: true }).fill(user.password);
    await laptop.getByLabel('New Password', { exact: true }).fill(newPassword);
    await laptop.getByLabel('Confirm New Password', { exact: true }).fill(newPassword);
    await laptop.getByRole('button', { name: 'Update Password', exact: true }).click();
    await expectToast(laptop, 'Password changed successfully');
    await expect(sessionRows(laptop)).toHaveCount(1);
    await expectSignedOut(tablet);
    await dismissToast(laptop, 'Password changed successfully');

    // The laptop's live-update socket belonged to the ended session: it reconnects with the new
    // cookie (within a heartbeat) and hears the next change to the account.
    await laptop.waitForFunction(() => (window.__realtimeOpened ?? 0) >= 2, undefined, { timeout: 60_000 });
    frames.length = 0;
    await fund(user.email, 100);
    await expect.poll(() => frames.some((f) => f.includes('"changed"')), { timeout: 20_000 }).toBe(true);

    // The laptop itself stays signed in; 'Sign out everywhere else' ends a desktop's new session.
    const desktop = await newDevice(browser, contexts);
    await signInViaApi(desktop, user.email, newPassword);
    await laptop.reload();
    await expect(laptop).toHaveURL(/\/profile\?tab=security$/);
    await expect(sessionRows(laptop)).toHaveCount(2);
    await laptop.getByRole('button', { name: 'Sign out everywhere else', exact: true }).click();
    const all = laptop.getByRole('dialog', { name: 'Sign out everywhere else?' });
    await all.getByRole('button', { name: 'Sign out everywhere else', exact: true }).click();
    await expectToast(laptop, 'Signed out of all other sessions');
    await expect(sessionRows(laptop)).toHaveCount(1);
    await expectSignedOut(desktop);
  } finally {
    for (const context of contexts) await context.close();
  }
});
