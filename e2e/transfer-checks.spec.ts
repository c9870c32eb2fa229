// Journey: /transfer checks the amount plus the fee against the balance before any dialog, says
// 'Insufficient balance' on the form, lets Escape close the confirmation without wiping the form
// (Cancel still starts over), and the fee it shows is the shared helper's (at least 1 cent).
import { expect, test } from '@playwright/test';
import { createFundedUser, transferForm } from './support/money';
import { toasts } from './support/ui';
import { createActiveUserElsewhere } from './support/users';

test.describe.configure({ timeout: 120_000 });

test('amount + fee above the balance: Insufficient balance inline, no dialog, no request', async ({
  page,
  browser,
}) => {
  const recipientEmail = (await createActiveUserElsewhere(browser)).email;
  await createFundedUser(page, 10_000);
  await page.goto('/transfer');
  await expect(page.getByTestId('transfer-balance')).toHaveText('$100.00');
  const { email, amount, send, dialog } = transferForm(page);
  const lookups: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/transfers')) lookups.push(request.url());
  });

  // $98.05 + $1.96 fee = $100.01: one cent over the $100.00 balance.
  await email.fill(recipientEmail);
  await amount.fill('98.05');
  await expect(page.getByText('Your balance is lower than this total.')).toBeVisible();
  await send.click();
  const insufficient = page.getByText('Insufficient balance', { exact: true });
  await expect(insufficient).toHaveCount(1);
  await expect(insufficient).toBeVisible();
  await expect(amount).toHaveAttribute('aria-invalid', 'true');
  await expect(amount).toBeFocused();
  await expect(dialog).toHaveCount(0);
  await expect(toasts(page, 'Insufficient balance')).toHaveCount(0);
  expect(lookups).toEqual([]);

  // $98.04 + $1.96 = $100.00 exactly: the dialog opens with those figures.
  await amount.fill('98.04');
  await expect(insufficient).toHaveCount(0);
  await expect(page.getByText('Your balance is lower than this total.')).toHaveCount(0);
  await send.click();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('definition')).toHaveText(['$98.04', '$1.96', '$100.00']);
});

test('Escape closes the confirmation and keeps the form; Cancel resets it', async ({ page, browser }) => {
  const recipientEmail = (await createActiveUserElsewhere(browser)).email;
  await createFundedUser(page, 10_000);
  await page.goto('/transfer');
  const { email, amount, send, dialog } = transferForm(page);

  await email.fill(recipientEmail);
  await amount.fill('0.10');
  // The fee is the shared helper's: 2% of 10 cents rounds to 0, and the fee is at least 1 cent.
  await expect(page.getByRole('definition')).toHaveText(['$0.10', '$0.01', '$0.11']);
  await send.click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(email).toHaveValue(recipientEmail);
  await expect(amount).toHaveValue('0.10');

  // The close button keeps the form too.
  await send.click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(amount).toHaveValue('0.10');

  // Cancel starts over (spec section 4).
  await send.click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(email).toHaveValue('');
  await expect(amount).toHaveValue('');
});

test('after a transfer the history shows the total debited, amount plus fee', async ({ page, browser }) => {
  const recipientEmail = (await createActiveUserElsewhere(browser)).email;
  await createFundedUser(page, 10_000);
  await page.goto('/transfer');
  const { email, amount, send, dialog } = transferForm(page);
  await email.fill(recipientEmail);
  await amount.fill('25');
  await send.click();
  await dialog.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(page).toHaveURL(/\/transactions$/);
  const row = page.getByRole('article').filter({ hasText: 'Transfer' }).first();
  await expect(row).toHaveAttribute('data-type', 'debit');
  await expect(row).toContainText('-$25.50');
  await expect(row).toContainText('$25.00 + fee $0.50');
});

test('the confirmation names the recipient by their e-mail as stored, not as typed', async ({ page, browser }) => {
  const recipient = await createActiveUserElsewhere(browser);
  await createFundedUser(page, 10_000);
  await page.goto('/transfer');
  const { email, amount, send, dialog } = transferForm(page);
  const typed = recipient.email.toUpperCase();
  await email.fill(typed);
  await amount.fill('1');
  await send.click();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('recipient-name')).toHaveText(recipient.name);
  await expect(dialog.getByTestId('recipient-email')).toHaveText(recipient.email);
  await expect(dialog.getByText(typed, { exact: true })).toHaveCount(0);
  // And the money goes to that account.
  await dialog.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(page).toHaveURL(/\/transactions$/);
  await expect(
    page
      .getByRole('article')
      .filter({ hasText: `Transfer to ${recipient.name}` })
      .first(),
  ).toBeVisible();
});
