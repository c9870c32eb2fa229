// Journey: a member changes their mind. A pending withdrawal is cancelled from the history and its
// amount is back on the balance; a pending deposit is cancelled too, after its receipt was opened
// from the history; a deposit the operator refused reads as refused, with the operator's reason.
import { expect, type Page, test } from '@playwright/test';
import { createFundedUser, depositViaApi, dollars, withdrawViaApi } from './support/money';
import { expectToast } from './support/ui';
import { runAdmin } from './support/users';

test.describe.configure({ timeout: 180_000 });

const item = (page: Page, text: string) => page.getByRole('article').filter({ hasText: text });

async function cancelFromHistory(page: Page, text: string, explanation: RegExp): Promise<void> {
  const card = item(page, text);
  await expect(card).toHaveAttribute('data-status', 'pending');
  // Keeping it changes nothing.
  await card.getByRole('button', { name: 'Cancel request' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel this request?' });
  await expect(dialog).toContainText(explanation);
  await dialog.getByRole('button', { name: 'Keep request' }).click();
  await expect(dialog).toBeHidden();
  await expect(card).toHaveAttribute('data-status', 'pending');

  await card.getByRole('button', { name: 'Cancel request' }).click();
  await dialog.getByRole('button', { name: 'Cancel request' }).click();
  await expectToast(page, 'Request cancelled');
  await expect(card).toHaveAttribute('data-status', 'cancelled');
  await expect(card.getByRole('button', { name: 'Cancel request' })).toHaveCount(0);
}

test('cancel a pending withdrawal: the held amount is back on the balance', async ({ page }) => {
  const user = await createFundedUser(page, 100_000);
  await withdrawViaApi(page, user.email, 25_000);
  await page.goto('/withdraw');
  await expect(page.getByTestId('withdraw-balance')).toContainText('$750.00');

  await page.goto('/transactions');
  await cancelFromHistory(page, 'Withdrawal via', /\$250\.00 goes back to your balance/);
  const amount = item(page, 'Withdrawal via').getByTestId('transaction-amount');
  await expect(amount).toHaveText(dollars(25_000));
  await expect(amount).not.toHaveClass(/rose|emerald/);

  await page.goto('/withdraw');
  await expect(page.getByTestId('withdraw-balance')).toContainText('$1,000.00');
});

test('open the receipt of a pending deposit from the history, then cancel the deposit', async ({ page }) => {
  await createFundedUser(page, 0);
  const id = await depositViaApi(page, 15_000);
  await page.goto('/transactions');
  const card = item(page, 'Deposit via PayPal');
  const receipt = card.getByRole('link', { name: 'View receipt' });
  await expect(receipt).toHaveAttribute('href', /^\/api\/receipts\/[\w-]+$/);
  await expect(receipt).toHaveAttribute('target', '_blank');
  const served = page.context().waitForEvent('response', (r) => r.url().includes('/api/receipts/'));
  const [opened] = await Promise.all([page.waitForEvent('popup'), receipt.click()]);
  const shown = await served;
  expect(shown.status()).toBe(200);
  expect(shown.headers()['content-type']).toBe('image/png');
  await opened.close();

  await cancelFromHistory(page, 'Deposit via PayPal', /deposit request of \$150\.00 will be withdrawn/);
  // Cancelled, its receipt is still the member's to open.
  await expect(card.getByRole('link', { name: 'View receipt' })).toBeVisible();
  expect(await runAdmin(['deposits'])).not.toContain(id);
});

test('a deposit the operator refused reads as refused, with the reason, and no money received', async ({ page }) => {
  await createFundedUser(page, 0);
  const id = await depositViaApi(page, 10_000);
  await runAdmin(['reject-deposit', id, 'No payment received']);
  await page.goto('/transactions');
  const card = item(page, 'Deposit via PayPal');
  await expect(card).toHaveAttribute('data-status', 'failed');
  const amount = card.getByTestId('transaction-amount');
  await expect(amount).toHaveText('$100.00');
  await expect(amount).not.toHaveClass(/emerald/);
  await expect(card.getByText('Reason: No payment received')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Cancel request' })).toHaveCount(0);
});
