// Journey: a member who forgot their password gets a link by e-mail (read from the journeys' real
// SMTP mailbox), chooses a new password, lands on /login with a toast, and logs in with it.
import { expect, test } from '@playwright/test';
import { mailCount, waitForMail } from './support/mailbox';
import { expectToast, logIn } from './support/ui';
import { createActiveUser } from './support/users';

test.describe.configure({ timeout: 120_000 });

test('forgot password: the e-mailed link sets a new password once, then log in with it', async ({ browser }) => {
  const setup = await browser.newContext();
  const user = await createActiveUser(await setup.newPage());
  await setup.close();

  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/forgot-password');
  const before = await mailCount(user.email, 'Reset your Meridian password');
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByRole('status')).toBeVisible();

  const mail = await waitForMail(user.email, 'Reset your Meridian password', before);
  expect(mail.text).toContain('expires in 30 minutes');
  const link = /(https?:\/\/\S+\/reset-password\/\S+)/.exec(mail.text)?.[1] ?? '';
  expect(link).not.toBe('');

  await page.goto(link);
  await expect(page).toHaveURL(/\/reset-password\?token=/);
  await page.getByLabel('New Password', { exact: true }).fill('a fresh orchard passphrase');
  await page.getByLabel('Confirm New Password', { exact: true }).fill('a fresh orchard passphrase');
  await page.getByRole('button', { name: /reset password/i }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expectToast(page, 'Password changed successfully');

  await logIn(page, user.email, 'a fresh orchard passphrase');
  await expect(page).toHaveURL(/\/dashboard$/);

  // The same link again is spent.
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Reset link not valid' })).toBeVisible();
  await context.close();
});
