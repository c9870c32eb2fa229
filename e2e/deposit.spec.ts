// Journey: a member deposits by PayPal with a receipt; the deposit waits as pending until the
// operator approves it from the command line, and the member's open dashboard rises without reload.
import { expect, test } from '@playwright/test';
import { countOpenedSockets, holdRequests, summaryFigure, TINY_PNG, waitForRealtime } from './support/money';
import { expectToast } from './support/ui';
import { createActiveUser, runAdmin } from './support/users';

test.describe.configure({ timeout: 180_000 });

test('deposit with a receipt, pending until approved; the dashboard rises without reload', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await countOpenedSockets(page);
  await createActiveUser(page);

  // The form's checks, as the specification words them.
  await page.goto('/deposit');
  await expect(page.getByTestId('total-deposit')).toContainText('$0.00');
  const proceed = page.getByRole('button', { name: 'Proceed', exact: true });
  await proceed.click();
  await expectToast(page, 'Please fill all fields');
  await page.getByRole('radio', { name: 'PayPal' }).check();
  await expectToast(page, 'PayPal selected');
  await page.getByLabel('Amount', { exact: true }).fill('99.99');
  await proceed.click();
  await expectToast(page, 'Amount must be greater than 100');
  await page.getByLabel('Amount', { exact: true }).fill('250');
  await proceed.click();
  await expect(page).toHaveURL(/\/deposit\/checkout\?amount=250&method=paypal$/);

  // The payment details, copied; the receipt is required, at most 5MB, then previewed.
  await page.getByRole('button', { name: 'Copy email' }).click();
  await expectToast(page, 'Email copied to clipboard');
  await expect(page.getByRole('button', { name: 'Copy email' })).toHaveText('Copied');
  const pay = page.getByRole('button', { name: 'I have made payment' });
  await pay.click();
  await expectToast(page, 'Please upload your payment receipt');
  const input = page.getByTestId('receipt-input');
  await input.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(5 * 1024 * 1024 + 1) });
  await expectToast(page, 'File size should be less than 5MB');
  await input.setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: TINY_PNG });
  await expectToast(page, 'Receipt uploaded successfully');
  await expect(page.getByRole('img', { name: 'Receipt preview' })).toBeVisible();

  // A second press while the first runs is told to wait; the deposit is filed once.
  const held = await holdRequests(page, '**/api/deposits');
  const filed = page.waitForResponse((r) => r.url().endsWith('/api/deposits') && r.request().method() === 'POST');
  await pay.click();
  await expect(page.getByRole('button', { name: 'Processing...' })).toBeVisible();
  await page.getByRole('button', { name: 'Processing...' }).click();
  await expectToast(page, 'Please wait while we process your deposit');
  held.release();
  const response = await filed;
  expect(response.status()).toBe(201);
  const { deposit } = (await response.json()) as { deposit: { id: string } };
  await expectToast(page, 'Deposit successful');
  await expect(page).toHaveURL(/\/transactions$/);
  const row = page.getByRole('article').filter({ hasText: 'Deposit via PayPal' });
  await expect(row).toHaveCount(1);
  await expect(row).toHaveAttribute('data-status', 'pending');

  // The checkout without its query goes back to the form.
  await page.goto('/deposit/checkout');
  await expect(page).toHaveURL(/\/deposit$/);

  // The operator approves; the open dashboard rises in place.
  await page.goto('/dashboard');
  await expect(summaryFigure(page, 'Total Balance')).toHaveText('$0.00');
  await waitForRealtime(page);
  await page.evaluate(() => {
    (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
  });
  expect(await runAdmin(['deposits'])).toContain(deposit.id);
  expect((await runAdmin(['approve-deposit', deposit.id])).trim()).toBe(`deposit ${deposit.id} approved`);
  await expect(summaryFigure(page, 'Total Balance')).toHaveText('$250.00');
  await expect(summaryFigure(page, 'Total Deposit')).toHaveText('$250.00');
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
});
